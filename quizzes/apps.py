from django.apps import AppConfig


class QuizzesConfig(AppConfig):
    name = "quizzes"
    verbose_name = "Question bank, practice, exams and certification"

    def ready(self) -> None:
        from quizzes import (
            checks,  # noqa: F401  (registers the private pools' checks)
            tasks,  # noqa: F401  (services queue them by name: judgetrain.queueing)
        )
