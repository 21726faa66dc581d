"""Helpers for outage tests: dead and hung servers, and a Celery app pointed at them."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from celery import Celery


def dead_port() -> int:
    """A local port nobody listens on: connecting is refused at once, as with a stopped
    Redis."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@contextmanager
def hung_server() -> Iterator[int]:
    """A local port that accepts connections and never answers, as a Redis that hangs (or
    a network that drops replies) does: only the client's socket timeout ends a request."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                accepted.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1]
    finally:
        stop.set()
        thread.join()
        for conn in accepted:
            conn.close()
        server.close()


@contextmanager
def celery_app(**conf: Any) -> Iterator[Celery]:
    """A Celery app configured like the project's, with ``conf`` on top, made current for
    the block: every task (``shared_task`` proxies) and ``/healthz`` then use it."""
    from judgetrain.celery import app as project_app

    fresh = Celery("judgetrain-outage-test")
    fresh.config_from_object("django.conf:settings", namespace="CELERY")
    fresh.conf.update(conf)
    fresh.set_current()
    fresh.set_default()
    try:
        yield fresh
    finally:
        project_app.set_current()
        project_app.set_default()
        fresh.close()


def redis_url(port: int, db: int = 0) -> str:
    return f"redis://127.0.0.1:{port}/{db}"


@contextmanager
def broker_down(port: int | None = None) -> Iterator[Celery]:
    """Celery with its broker and result backend on a dead port, not eager."""
    url = redis_url(port or dead_port())
    with celery_app(broker_url=url, result_backend=url, task_always_eager=False) as app:
        yield app


def redis_cache(port: int, **options: Any) -> dict[str, Any]:
    """A CACHES setting with the default cache on ``port``."""
    from django.conf import settings

    return {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url(port),
            "OPTIONS": {
                "socket_connect_timeout": settings.REDIS_CONNECT_TIMEOUT,
                "socket_timeout": settings.REDIS_SOCKET_TIMEOUT,
                **options,
            },
        }
    }
