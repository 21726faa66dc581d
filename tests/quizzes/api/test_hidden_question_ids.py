"""Issue 25, finding 4: a candidate told exam-variant ids from unknown ids by the error. Every
route taking a question id answers a question the caller may not see (an exam variant, or one
sealed for them: their own exam's, whatever their roles) exactly as an id with no question:
same status, same body."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse

from judgetrain.accounts.models import User
from quizzes.bank.models.questions import Question
from quizzes.bank.models.reports import QuestionReport
from quizzes.practice.models import PracticeAnswer
from tests.factories import candidate, mentor, question
from tests.quizzes.mentor.conftest import RIGHT
from tests.quizzes.sealing import answered_alike, sitting

pytestmark = pytest.mark.django_db

Call = Callable[[Any, int], Any]

ROUTES: dict[str, Call] = {
    "api-question-detail": lambda c, pk: c.get(f"/api/v1/questions/{pk}"),
    "api-grading-grade": lambda c, pk: c.post(
        "/api/v1/grading/grade", {"question": pk, "answer": RIGHT}, "application/json"
    ),
    "practice-question": lambda c, pk: c.get(reverse("practice-question", args=[pk])),
    "practice-answer": lambda c, pk: c.post(
        reverse("practice-answer", args=[pk]), {"response": RIGHT}
    ),
    "api-practice-answers": lambda c, pk: c.post(
        "/api/v1/practice/answers", {"question": pk, "response": RIGHT}, "application/json"
    ),
    "question-report": lambda c, pk: c.post(
        reverse("question-report", args=[pk]), {"problem": "wrong", "comment": "Why?"}
    ),
    "api-question-report": lambda c, pk: c.post(
        reverse("api-question-report", args=[pk]),
        {"problem": "wrong", "comment": "Why?"},
        "application/json",
    ),
}


def candidate_and_exam_variant() -> tuple[User, Question]:
    return candidate(), question(for_exams=True)


def mentor_and_own_exam_question() -> tuple[User, Question]:
    judge = mentor()
    mine = question()  # even a question of the practice bank, once in their exam
    sitting(judge, [mine])
    return judge, mine


@pytest.mark.parametrize("route", sorted(ROUTES))
@pytest.mark.parametrize("hidden", [candidate_and_exam_variant, mentor_and_own_exam_question])
def test_a_hidden_question_answers_exactly_as_an_unknown_id(client, route, hidden):
    caller, target = hidden()
    unknown = target.pk + 1000
    client.force_login(caller)

    refused = ROUTES[route](client, target.pk)
    missing = ROUTES[route](client, unknown)

    assert refused.status_code in (400, 403, 404)
    assert answered_alike(refused, target.pk, missing, unknown)
    assert not PracticeAnswer.objects.exists()
    assert not QuestionReport.objects.exists()
