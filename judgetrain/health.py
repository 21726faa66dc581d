"""Health checks: each dependency is probed on its own and reported by name.

The checks run side by side and the whole report is bounded by ``HEALTHZ_CELERY_TIMEOUT``:
a dependency that does not answer in time is reported as failed, and its probe is left to
finish in the background (a later call waits on the same probe rather than starting another,
so a hung dependency never piles up threads). The Celery check asks a live worker to answer
a broadcast ping (``control.ping``), which queues no task, and its answer is reused for
``HEALTHZ_CELERY_CACHE_SECONDS``.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass

from celery import current_app
from django.conf import settings
from django.core.cache import cache, caches
from django.db import connection, connections

from judgetrain.tasks import ping


@dataclass(frozen=True)
class CheckResult:
    name: str
    ok: bool
    detail: str
    milliseconds: float

    def as_dict(self) -> dict[str, object]:
        return {"ok": self.ok, "detail": self.detail, "ms": round(self.milliseconds, 1)}


def check_database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return connection.vendor


def check_cache() -> str:
    key = f"healthz:{uuid.uuid4().hex}"
    cache.set(key, "ok", timeout=10)
    if cache.get(key) != "ok":
        raise RuntimeError("a value written to the cache could not be read back")
    cache.delete(key)
    return caches["default"].__class__.__name__


_celery_memo: tuple[float, Exception | None, str] | None = None  # (when, failure, detail)
_celery_memo_lock = threading.Lock()


def check_celery() -> str:
    if current_app.conf.task_always_eager:
        if ping.apply().get() != "pong":
            raise RuntimeError("the in-process ping task did not answer")
        return "eager (in-process)"
    global _celery_memo
    with _celery_memo_lock:
        memo = _celery_memo
    if memo is None or time.monotonic() - memo[0] >= settings.HEALTHZ_CELERY_CACHE_SECONDS:
        failure, detail = _ping_worker(_probe_timeout())
        memo = (time.monotonic(), failure, detail)
        with _celery_memo_lock:
            _celery_memo = memo
    if memo[1] is not None:
        raise memo[1]
    return memo[2]


def forget_celery_answer() -> None:
    """Drop the remembered worker answer (tests; a deployment never needs it)."""
    global _celery_memo
    with _celery_memo_lock:
        _celery_memo = None


def _probe_timeout() -> float:
    # Leave a little of the budget for answering.
    budget = float(settings.HEALTHZ_CELERY_TIMEOUT)
    return max(budget - 0.25, budget * 0.8)


def _ping_worker(timeout: float) -> tuple[Exception | None, str]:
    """(failure, detail) of a broadcast ping answered by the first live worker."""
    try:
        replies = current_app.control.ping(timeout=timeout, limit=1)
    except Exception as exc:  # an unreachable broker, whatever its client raises
        return exc, ""
    if not replies:
        return TimeoutError(f"no worker answered a ping within {timeout:g} s"), ""
    return None, "worker"


CHECKS: dict[str, Callable[[], str]] = {
    "database": check_database,
    "cache": check_cache,
    "celery": check_celery,
}

_executor = ThreadPoolExecutor(max_workers=2 * len(CHECKS), thread_name_prefix="healthz")
_running: dict[str, Future[str]] = {}
_running_lock = threading.Lock()


def _in_thread(check: Callable[[], str]) -> str:
    try:
        return check()
    finally:
        connections.close_all()  # this thread's own connections, never reused


def _probe(name: str, check: Callable[[], str]) -> Future[str]:
    """The running probe of this check, or a new one: at most one per check at a time."""
    with _running_lock:
        future = _running.get(name)
        if future is None or future.done():
            future = _executor.submit(_in_thread, check)
            _running[name] = future
        return future


def _describe(exc: BaseException) -> str:
    return f"{exc.__class__.__name__}: {exc}" if str(exc) else exc.__class__.__name__


def run_check(
    name: str,
    check: Callable[[], str],
    deadline: float | None = None,
    started: float | None = None,
) -> CheckResult:
    """One check's result, waiting for it until ``deadline`` (``time.monotonic()``)."""
    started = time.perf_counter() if started is None else started
    future = _probe(name, check)
    remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
    try:
        detail = future.result(timeout=remaining)
        ok = True
    except FutureTimeout as exc:  # the builtin TimeoutError: the probe's own, or ours
        detail = (
            _describe(exc)
            if future.done()
            else f"TimeoutError: no answer within {settings.HEALTHZ_CELERY_TIMEOUT} s"
        )
        ok = False
    except Exception as exc:  # a health check reports every failure, whatever its type
        detail = _describe(exc)
        ok = False
    return CheckResult(name, ok, detail, (time.perf_counter() - started) * 1000)


def run_checks() -> list[CheckResult]:
    """Every check, side by side, all answered within HEALTHZ_CELERY_TIMEOUT seconds."""
    started = time.perf_counter()
    deadline = time.monotonic() + settings.HEALTHZ_CELERY_TIMEOUT
    for name, check in CHECKS.items():
        _probe(name, check)
    return [run_check(name, check, deadline, started) for name, check in CHECKS.items()]
