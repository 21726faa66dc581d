"""Waiting on state another process changes (the Celery worker, a second connection).

A test in the same process waits on the event itself (a ``threading.Event``, a Celery
result, Playwright's ``expect``). State held elsewhere, a row the worker writes, a lock
another session waits for, is only seen by asking again: `wait_for` asks until the named
condition holds and fails with that name at its deadline. It never waits a fixed time: it
returns as soon as the condition holds.
"""

from __future__ import annotations

import time
from collections.abc import Callable

# Between two checks of a condition held in another process: short, as the check is cheap (a
# query, a broker round trip), and only the deadline bounds the wait.
POLL = 0.05


def wait_for(condition: Callable[[], object], *, what: str, seconds: float = 30) -> None:
    """Return as soon as ``condition()`` is true; fail naming ``what`` if it is still false
    after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() >= deadline:
            raise AssertionError(f"{what}: not within {seconds} s")
        time.sleep(POLL)
