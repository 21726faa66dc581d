"""`manage.py run_schedule`: the embedded default's stand-in for `celery beat`."""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from judgetrain.celery import app


class Command(BaseCommand):
    help = (
        "Run the periodic tasks of CELERY_BEAT_SCHEDULE in this process, each at its interval "
        "(closing exams at their deadline, re-sending unsent e-mail, resuming pre-generation). "
        "For the embedded default, where Celery runs in-process and there is no beat; "
        "`make run` starts it beside the web server. With REDIS_URL set, run `celery beat`."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--once", action="store_true", help="run every periodic task once, then exit"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if settings.REDIS_URL:
            raise CommandError(
                "REDIS_URL is set: run exactly one `celery -A judgetrain beat` instead"
            )
        app.loader.import_default_modules()  # the apps' tasks modules, as a worker does
        entries: dict[str, dict[str, Any]] = settings.CELERY_BEAT_SCHEDULE
        schedule = {str(entry["task"]): float(entry["schedule"]) for entry in entries.values()}
        unknown = sorted(name for name in schedule if name not in app.tasks)
        if unknown:
            raise CommandError(f"no such task in CELERY_BEAT_SCHEDULE: {', '.join(unknown)}")
        due = dict.fromkeys(schedule, 0.0)
        while True:
            now = time.monotonic()
            for name, every in schedule.items():
                if due[name] <= now:
                    self._run(name)
                    due[name] = now + every
            if options["once"]:
                return
            time.sleep(max(0.5, min(due.values()) - time.monotonic()))

    def _run(self, name: str) -> None:
        # A failing task is reported and runs again at its next turn, as under beat.
        try:
            result = app.tasks[name].apply()
            failure = result.result if result.failed() else None
        except Exception as error:  # eager tasks may propagate (CELERY_TASK_EAGER_PROPAGATES)
            failure = error
        if failure is not None:
            self.stderr.write(f"{name} failed: {failure!r}")
