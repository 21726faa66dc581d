"""Health checks: each dependency is probed on its own and reported by name."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass

from celery import current_app
from django.conf import settings
from django.core.cache import cache, caches
from django.db import connection

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


def check_celery() -> str:
    if current_app.conf.task_always_eager:
        answer = ping.apply().get()
        mode = "eager (in-process)"
    else:
        answer = _ping_worker(settings.HEALTHZ_CELERY_TIMEOUT, settings.HEALTHZ_CELERY_QUEUE)
        mode = "worker"
    if answer != "pong":
        raise RuntimeError(f"ping task answered {answer!r}")
    return mode


def _ping_worker(timeout: int, queue: str | None) -> str:
    # No retries: an unreachable broker must fail the check now, not hang it.
    options: dict[str, object] = {"retry": False, "expires": timeout}
    if queue:
        options["queue"] = queue
    result = ping.apply_async(**options)  # type: ignore[arg-type]
    try:
        return result.get(timeout=timeout)
    finally:
        result.forget()


CHECKS: dict[str, Callable[[], str]] = {
    "database": check_database,
    "cache": check_cache,
    "celery": check_celery,
}


def run_check(name: str, check: Callable[[], str]) -> CheckResult:
    started = time.perf_counter()
    try:
        detail = check()
        ok = True
    except Exception as exc:  # a health check reports every failure, whatever its type
        detail = f"{exc.__class__.__name__}: {exc}" if str(exc) else exc.__class__.__name__
        ok = False
    return CheckResult(name, ok, detail, (time.perf_counter() - started) * 1000)


def run_checks() -> list[CheckResult]:
    return [run_check(name, check) for name, check in CHECKS.items()]
