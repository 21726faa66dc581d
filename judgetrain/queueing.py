"""Queue a Celery task by its registered name; queueing never decides a request's answer.

Services name the task (``enqueue_on_commit("quizzes.attempt_grade", attempt_id=...)``)
instead of importing it, so ``quizzes.tasks`` may import the services it runs without an
import circle. The name is looked up in the current Celery app's registry: with
``task_always_eager`` (the default without ``REDIS_URL``, and the test suite) the task runs
in-process, and a worker receives it by name. An unknown name raises ``UnknownTask`` at once,
in the caller's transaction; it is never swallowed. The apps import their task modules in
``AppConfig.ready``, so every task is registered in every process.

The broker is Redis; when it is down, the data is already committed and the beat sweep
(``quizzes.attempts_close_overdue``) finds the work again and queues it once the broker is
back. So a failed publish is logged and swallowed, and it fails fast: the broker connection
and publish timeouts in settings are short and there is at most one quick retry.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import current_app
from django.db import transaction
from kombu.exceptions import OperationalError
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


class UnknownTask(LookupError):
    """No task is registered under the name given: a typo or a task module never imported."""


def check_registered(name: str) -> None:
    """Raise UnknownTask unless a task is registered as ``name`` in the current Celery app."""
    if name not in current_app.tasks:
        raise UnknownTask(f"no Celery task is registered as {name!r}")


def enqueue(name: str, /, **kwargs: Any) -> bool:
    """Publish the task ``name`` with ``kwargs``; on a failure to publish log it and answer
    False instead of raising. An unknown name raises UnknownTask."""
    check_registered(name)
    try:
        current_app.signature(name, kwargs=kwargs).apply_async()
    except Exception as error:  # the broker, the network, serialisation: none may reach the caller
        outage = isinstance(error, (OperationalError, RedisError, OSError))
        logger.error(
            "could not queue %s(%s) (%s: %s); the beat sweep will queue it again",
            name,
            ", ".join(f"{key}={value!r}" for key, value in kwargs.items()),
            error.__class__.__name__,
            error,
            exc_info=not outage,  # a traceback only for what is not a broker outage
        )
        return False
    return True


def enqueue_on_commit(name: str, /, **kwargs: Any) -> None:
    """Queue the task once the current transaction commits (never if it rolls back). The
    name is checked now, so a wrong one fails the caller rather than the commit."""
    check_registered(name)
    transaction.on_commit(lambda: enqueue(name, **kwargs))
