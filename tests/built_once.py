"""Rows every test of a module only reads, built once for the module (Django's
``setUpTestData``).

`built_once` builds them in a transaction rolled back after the module's last test; each test
runs in a savepoint inside it (pytest-django's own), so no test sees another's writes. The
build runs as a test's body would: Celery tasks eager and on-commit callbacks at once (the
transaction never commits). The module-scoped fixture runs before the function-scoped
``_celery_mode``, so without this a task the build queues would go to the real broker where
``REDIS_URL`` is set (CI): the worker, on another database, never sees the rows, and the
module's tests find an attempt never graded (h28k's first try at the authorization matrix).

A test that changes an instance it is given should take a ``copy.deepcopy`` of what was built.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest

T = TypeVar("T")


@contextlib.contextmanager
def _as_in_a_test() -> Iterator[None]:
    from django.db import transaction

    from judgetrain.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(transaction, "on_commit", lambda func, using=None, robust=False: func())
            yield
    finally:
        app.conf.task_always_eager = previous


@contextlib.contextmanager
def built_once(django_db_blocker: Any, build: Callable[[], T]) -> Iterator[T]:
    """What ``build()`` returns, its rows kept until the block ends (use from a module-scoped
    fixture that depends on ``django_db_setup``)."""
    from django.db import transaction

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            with _as_in_a_test():
                built = build()
        except BaseException:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
            raise
    try:
        yield built
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
