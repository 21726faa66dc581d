"""A candidate's own result follows the one rule for keys too (issue 25, point 2): a question
of a released attempt that is also in one of their attempts still sealed (in progress, say)
keeps its key, explanation and grading hidden, and offers no problem report."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import candidate, question
from tests.quizzes.sealing import GRADED, IN_PROGRESS, sitting

pytestmark = pytest.mark.django_db


def test_a_question_sealed_by_another_attempt_shows_no_key_on_the_result(client):
    person = candidate()
    shared = question(explanation="SEALED-EXPLANATION")
    other = question(explanation="OPEN-EXPLANATION")
    released = sitting(person, [shared, other], status=GRADED, feedback="FEEDBACK-TEXT")
    sitting(person, [shared], status=IN_PROGRESS)
    client.force_login(person)

    page = client.get(reverse("exam-result", args=[released.pk])).content.decode()
    api = client.get(reverse("api-attempt-result", args=[released.pk])).json()

    assert "OPEN-EXPLANATION" in page
    assert "SEALED-EXPLANATION" not in page
    assert page.count("FEEDBACK-TEXT") == 1
    assert reverse("question-report", args=[shared.pk]) not in page
    assert reverse("question-report", args=[other.pk]) in page
    by_position = {row["position"]: row for row in api["items"]}
    assert "explanation" not in by_position[1]
    assert "grade" not in by_position[1]
    assert by_position[2]["explanation"] == "OPEN-EXPLANATION"


def test_a_result_before_release_offers_no_problem_report(client):
    person = candidate()
    mine = question()
    attempt = sitting(person, [mine], status=GRADED, review_policy="never")
    client.force_login(person)

    page = client.get(reverse("exam-result", args=[attempt.pk])).content.decode()

    assert reverse("question-report", args=[mine.pk]) not in page
    assert reverse("exam-appeal", args=[attempt.pk, 1]) in page
