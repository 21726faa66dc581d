"""Written-answer feedback says what the grader read, part by part, never "You said: nothing
recognised": when it read nothing for a part it says so, and that a mentor will check it when
the grading went to one (issue 29: a candidate who did write a remedy was told they said
nothing). Answers come from the mentor tests' builders (RIGHT, written for the tests)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from quizzes.exams.models.exams import AttemptItem, WrittenReview
from quizzes.parts import part_reading
from quizzes.practice.views.practice import part_detail
from quizzes.review.models.review import Review
from quizzes.review.services.review import PartDecision, review_decide
from tests.quizzes.mentor.conftest import RIGHT, graded_attempt, mentored_candidate

HEDGED = "Missed trigger, maybe a warning or perhaps no penalty, resolve it now"

NAMES = {"warning": "Warning", "no_penalty": "No penalty"}


def test_a_part_read_says_what_was_read():
    assert part_reading("penalty", "warning", NAMES, to_mentor=False) == "We read: Warning."


def test_a_part_read_as_nothing_says_it_could_not_be_read():
    text = part_reading("remedy", None, NAMES, to_mentor=False)

    assert text == "We could not read a remedy in your answer."


def test_a_part_read_as_nothing_says_a_mentor_will_check_it_when_one_will():
    text = part_reading("remedy", None, NAMES, to_mentor=True)

    assert text == "We could not read a remedy in your answer. A mentor will check it."


@pytest.mark.parametrize(
    ("language", "said"),
    [("pt-br", "Um mentor vai revisá-la."), ("es", "Un mentor la revisará.")],
)
def test_a_part_a_mentor_will_check_says_so_in_the_pages_language(language, said):
    with translation.override(language):
        text = part_reading("remedy", None, NAMES, to_mentor=True)

    assert text.endswith(f" {said}")
    assert "A mentor will check it." not in text


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
    # The column is headed "What we read": its cells do not repeat "We read:" (UX walk 1, #9).
    assert "We read: " not in page
    assert "Missed Trigger" in page
    assert "We could not read a remedy in your answer. A mentor will check it." in page
    assert "nothing recognised" not in page


def test_a_hedged_part_says_it_hedged_not_that_nothing_was_read():
    """UX walk 1, finding 3: "maybe a warning or perhaps no penalty" read "We could not read a
    penalty in your answer" above a paragraph saying it left two options standing."""
    graded = {
        "found": None,
        "expected": "warning",
        "correct": False,
        "rule": "options_left_open",
        "hedged": True,
        "candidates": ["warning", "no_penalty"],
    }

    text = str(part_detail(graded, NAMES, part="penalty"))

    assert text.startswith(
        "Your answer hedged: it leaves more than one option standing (Warning or No penalty)"
    )
    assert "could not read" not in text


def test_a_hedged_part_stored_before_the_flags_were_kept_still_says_it_hedged():
    graded = {"found": None, "expected": "warning", "correct": False, "rule": "options_left_open"}

    assert str(part_detail(graded, NAMES, part="penalty")).startswith(
        "Your answer hedged: it commits to no single option."
    )


def test_a_hedged_claim_is_read_as_said_with_a_hedge():
    graded = {"found": "warning", "expected": "warning", "correct": True, "rule": "hedged_claim"}

    assert str(part_detail(graded, NAMES, part="penalty")) == (
        "We read: Warning, said with a hedge."
    )


@pytest.mark.django_db
@pytest.mark.usefixtures("on_commit_now")
def test_after_a_mentor_review_the_result_shows_the_mentors_part_grades(client):
    """UX walk 1, finding 13: the table kept the grader's parts and "A mentor will review"."""
    who, cohort = mentored_candidate()
    attempt = graded_attempt(who, [HEDGED], blueprint={"written_review": WrittenReview.EVERY})
    review = Review.objects.get(item__attempt=attempt)
    item = AttemptItem.objects.get(attempt=attempt)
    assert "A mentor will review this grading." in item.grade["feedback"]
    decisions = {
        name: PartDecision(override=name == "remedy", percent=50, reason="Half the remedy.")
        for name in item.grade["parts"]
    }
    review_decide(review=review, by=cohort.mentor, decisions=decisions)
    client.force_login(who)

    page = client.get(reverse("exam-result", args=[attempt.pk])).content.decode()

    assert '<th scope="col">Mentor\'s grade</th>' in page
    assert "<strong>50%</strong> (changed)" in page
    assert "(grader's grade kept)" in page
    assert "Your answer hedged: it leaves more than one option standing" in page
    assert "A mentor will review this grading." not in page
    assert "A mentor will check it." not in page
