"""Queueing a Celery task must never decide a request's answer.

The broker is Redis; when it is down, the data is already committed and the beat sweep
(``quizzes.attempts_close_overdue``) finds the work again and queues it once the broker is
back. So a failed publish is logged and swallowed, and it fails fast: the broker connection
and publish timeouts in settings are short and there is at most one quick retry.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import Task
from django.db import transaction
from kombu.exceptions import OperationalError
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


def enqueue(task: Task[Any, Any], *args: Any, **options: Any) -> bool:
    """Publish ``task(*args)``; on any failure log it and answer False instead of raising."""
    try:
        task.apply_async(args=args, **options)
    except Exception as error:  # the broker, the network, serialisation: none may reach the caller
        outage = isinstance(error, (OperationalError, RedisError, OSError))
        logger.error(
            "could not queue %s%r (%s: %s); the beat sweep will queue it again",
            task.name,
            args,
            error.__class__.__name__,
            error,
            exc_info=not outage,  # a traceback only for what is not a broker outage
        )
        return False
    return True


def enqueue_on_commit(task: Task[Any, Any], *args: Any, **options: Any) -> None:
    """Queue the task once the current transaction commits (never if it rolls back)."""
    transaction.on_commit(lambda: enqueue(task, *args, **options))
