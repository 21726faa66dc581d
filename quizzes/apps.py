from django.apps import AppConfig


class QuizzesConfig(AppConfig):
    name = "quizzes"
    verbose_name = "Question bank, practice, exams and certification"
