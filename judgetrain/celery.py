"""The Celery application: configured from Django settings under the ``CELERY_`` namespace."""

from __future__ import annotations

import os
from typing import Any

from celery import Celery
from celery.signals import worker_init

from rulings import grading

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgetrain.settings")

app = Celery("judgetrain")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.autodiscover_tasks(["judgetrain"])


class VisibilityTimeoutTooShort(RuntimeError):
    pass


def check_visibility_timeout(celery: Celery) -> None:
    """Refuse to run a task whose time limit reaches the broker's visibility timeout: Redis
    would hand it to a second worker while the first is still running it."""
    if not str(celery.conf.broker_url).startswith(("redis://", "rediss://", "unix://")):
        return
    visibility = float(celery.conf.broker_transport_options.get("visibility_timeout", 3600))
    default_limit = celery.conf.task_time_limit
    too_long = sorted(
        name
        for name, task in celery.tasks.items()
        if not name.startswith("celery.")
        and (
            (task.time_limit or default_limit) is None
            or (task.time_limit or default_limit) >= visibility
        )
    )
    if too_long:
        raise VisibilityTimeoutTooShort(
            f"tasks {', '.join(too_long)} may run for CELERY_BROKER_VISIBILITY_TIMEOUT="
            f"{visibility:g} s or more: give them a time_limit below it, or raise it"
        )


@worker_init.connect
def _check_on_worker_start(sender: Any = None, **kwargs: Any) -> None:
    check_visibility_timeout(app)
    # before the pool forks: every child shares the loaded second reading
    grading.warm_up()
