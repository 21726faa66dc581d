import random
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from quizzes.bank.pool_directory import PoolDirectoryError, directory_check, random_exam_pool
from rulings.questions import Pools, pools_check


class Command(BaseCommand):
    help = (
        "Write an exam pool of invented names (players and every public card), drawn at "
        "random, to DIRECTORY/exams/FILE unless it is there already; then check every pool of "
        "DIRECTORY. Point JUDGETRAIN_PRIVATE_POOLS at DIRECTORY (docs/operations.md)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory", type=Path)
        parser.add_argument("--file", default="generated.toml", help="the exam pool's name")

    def handle(self, *args: Any, **options: Any) -> None:
        directory: Path = options["directory"].expanduser().absolute()
        target = directory / "exams" / options["file"]
        if target.suffix != ".toml" or target.parent != directory / "exams":
            raise CommandError("--file is a file name ending in .toml")
        if target.exists():
            self.stdout.write(f"{target} exists; kept as it is.")
        else:
            text = random_exam_pool(random.SystemRandom())
            errors = pools_check(Pools.from_toml(text)).errors
            if errors:  # a template that cannot be built with invented card names
                raise CommandError("the generated pool breaks templates: " + "; ".join(errors))
            target.parent.mkdir(parents=True, exist_ok=True)
            target.touch(mode=0o600)
            target.write_text(text, encoding="utf-8")
            self.stdout.write(self.style.SUCCESS(f"Wrote a random exam pool to {target}."))
        try:
            directory_check(directory)
        except PoolDirectoryError as error:
            raise CommandError(str(error)) from error
