import sys
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from quizzes.bank.models.questions import QuestionKind
from quizzes.bank.services.bank import bank_build
from rulings.models import Game, Language
from rulings.questions import QuestionError


class Command(BaseCommand):
    help = (
        "Generate questions from every template (keys from the rulings engine) and store the "
        "new ones in the bank, with the active private bank pools. Seeds come from the "
        "database's secret master seed, so re-running adds nothing and nobody can regenerate "
        "the bank from a guessable seed."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--per-template", type=int, default=2, help="questions per template")
        parser.add_argument(
            "--seed",
            type=int,
            default=None,
            help="a fixed master seed instead of the secret one (tests and demos only: anyone "
            "who knows it can regenerate these questions and their keys)",
        )
        parser.add_argument("--game", action="append", choices=Game.values)
        parser.add_argument("--lang", action="append", choices=Language.values)
        parser.add_argument("--kind", action="append", choices=QuestionKind.values)
        parser.add_argument("--no-progress", action="store_true")

    def _progress(self, done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        bar = "#" * filled + "-" * (width - filled)
        sys.stderr.write(f"\r[{bar}] {done}/{total} batches")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    def handle(self, *args: Any, **options: Any) -> None:
        if options["per_template"] < 1:
            raise CommandError("--per-template must be at least 1")
        started = time.perf_counter()
        try:
            generated, added = bank_build(
                games=options["game"] or Game.values,
                languages=options["lang"] or Language.values,
                kinds=options["kind"] or QuestionKind.values,
                per_template=options["per_template"],
                seed=options["seed"],
                progress=None if options["no_progress"] else self._progress,
            )
        except QuestionError as error:
            raise CommandError(str(error)) from error
        seconds = time.perf_counter() - started
        self.stdout.write(
            self.style.SUCCESS(
                f"{generated} questions generated, {added} new in the bank ({seconds:.1f} s)."
            )
        )
