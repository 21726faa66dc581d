import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from quizzes.exams.services.demo import DemoExamError, demo_exams_load

DEFAULT_FILE = Path(settings.BASE_DIR) / "fixtures" / "demo_exams.json"


class Command(BaseCommand):
    help = "Create the demo certification levels, exam blueprints and assignments (idempotent)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--file", type=Path, default=DEFAULT_FILE)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            data = json.loads(options["file"].read_text(encoding="utf-8"))
            demo_exams_load(data=data)
        except (OSError, json.JSONDecodeError, KeyError, DemoExamError) as exc:
            raise CommandError(f"{options['file']}: {exc}") from exc
        self.stdout.write(self.style.SUCCESS("Demo exams are assigned to the demo candidate."))
