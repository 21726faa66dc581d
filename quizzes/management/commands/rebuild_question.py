from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from quizzes.bank.models.questions import Question
from quizzes.bank.services.pools import question_rebuild
from rulings.questions import QuestionError


class Command(BaseCommand):
    help = (
        "Rebuild stored questions from their template, seed and private pools (kept in the "
        "database), and say whether each comes out the same: stem, options and key."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("ids", nargs="+", type=int, help="question ids")

    def handle(self, *args: Any, **options: Any) -> None:
        questions = Question.objects.select_related("pools", "policy_version").in_bulk(
            options["ids"]
        )
        failed = False
        for pk in options["ids"]:
            question = questions.get(pk)
            if question is None:
                self.stderr.write(f"question {pk}: no such question")
                failed = True
                continue
            try:
                rebuilt = question_rebuild(question=question)
            except QuestionError as error:
                self.stderr.write(f"question {pk}: {error}")
                failed = True
                continue
            self.stdout.write(f"question {pk}: the same ({rebuilt.key_text})")
        if failed:
            raise CommandError("some questions could not be rebuilt")
