"""Written-answer feedback says what the grader read, part by part, never "You said: nothing
recognised": when it read nothing for a part it says so, and that a mentor will check it when
the grading went to one (issue 29: a candidate who did write a remedy was told they said
nothing). Answers come from the mentor tests' builders (RIGHT, written for the tests)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from quizzes.models import AttemptItem, WrittenReview
from quizzes.parts import part_reading
from quizzes.views.practice import part_detail
from tests.quizzes.mentor.conftest import RIGHT, graded_attempt, mentored_candidate

NAMES = {"warning": "Warning", "no_penalty": "No penalty"}


def test_a_part_read_says_what_was_read():
    assert part_reading("penalty", "warning", NAMES, to_mentor=False) == "We read: Warning."


def test_a_part_read_as_nothing_says_it_could_not_be_read():
    text = part_reading("remedy", None, NAMES, to_mentor=False)

    assert text == "We could not read a remedy in your answer."


def test_a_part_read_as_nothing_says_a_mentor_will_check_it_when_one_will():
    text = part_reading("remedy", None, NAMES, to_mentor=True)

    assert text == "We could not read a remedy in your answer. A mentor will check it."


def test_practice_feedback_reads_what_was_read_and_what_was_due():
    graded = {"found": None, "expected": "warning", "correct": False}

    text = str(part_detail(graded, NAMES, part="penalty", to_mentor=True))

    assert text == (
        "We could not read a penalty in your answer. A mentor will check it. Expected: Warning."
    )
    assert "nothing recognised" not in text


def test_practice_feedback_of_a_right_part_says_what_was_read():
    graded = {"found": "warning", "expected": "warning", "correct": True}

    assert str(part_detail(graded, NAMES, part="penalty")) == "We read: Warning."


@pytest.mark.django_db
@pytest.mark.usefixtures("on_commit_now")
def test_the_exam_result_says_per_part_what_was_read_and_that_a_mentor_will_check(client):
    who, _cohort = mentored_candidate()
    attempt = graded_attempt(who, [RIGHT], blueprint={"written_review": WrittenReview.EVERY})
    item = AttemptItem.objects.get(attempt=attempt)
    item.grade["parts"]["remedy"]["found"] = None
    item.save(update_fields=["grade"])
    client.force_login(who)

    page = client.get(reverse("exam-result", args=[attempt.pk])).content.decode()

    assert "What we read" in page
    assert "We read: " in page
    assert "We could not read a remedy in your answer. A mentor will check it." in page
    assert "nothing recognised" not in page
