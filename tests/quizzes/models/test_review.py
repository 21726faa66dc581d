"""Review: the graded answer it is of, read alike for an exam item and a practice answer."""

import pytest

from quizzes.practice.services import practice_answer_submit
from quizzes.review.models.review import Review
from tests.factories import question
from tests.quizzes.mentor.conftest import HEDGED, graded_attempt, mentored_candidate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def test_an_exam_review_reads_the_items_answer_grading_and_the_attempts_language():
    who, _ = mentored_candidate()
    attempt = graded_attempt(who, [HEDGED], language="es")
    found = Review.objects.get(item__attempt=attempt)
    item = attempt.items.get()

    assert found.answer() == item
    assert found.answer().response == HEDGED
    assert found.grading() == (item.grade, item.score)
    assert found.grading()[0]["needs_review"] is True
    assert found.answer_language() == "es"


def test_a_practice_review_reads_the_practice_answer_and_its_questions_language():
    who, _ = mentored_candidate()
    asked = question(language="pt-BR")
    practice_answer_submit(user=who, question=asked, response=HEDGED, lang="en")
    found = Review.objects.get(candidate=who)
    answer = found.practice_answer

    assert answer is not None
    assert found.answer() == answer
    assert found.grading() == (answer.grade, answer.score)
    assert found.answer_language() == "pt-BR"


def test_an_ungraded_exam_item_reads_as_an_empty_grade_and_a_zero_score():
    who, _ = mentored_candidate()
    found = Review.objects.get(item__attempt=graded_attempt(who, [HEDGED]))
    found.item.grade, found.item.score = None, None

    assert found.grading() == ({}, 0.0)


def test_a_review_of_nothing_is_an_error_that_names_it():
    with pytest.raises(ValueError, match="neither an exam item nor a practice answer"):
        Review(pk=7).answer()
