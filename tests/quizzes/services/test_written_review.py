"""A blueprint's ``written_review``: which written answers a mentor reviews before a result is
final (flagged answers only, every one when the score is borderline, or every one).

The answers are written for these tests: RIGHT and HEDGED come from the mentor tests' builders;
WRONG states another ruling plainly, so the grader reads it confidently as wrong."""

from __future__ import annotations

import pytest

from quizzes.certification.models import CertificationLevel, LevelRequirement
from quizzes.certification.services import certification
from quizzes.exams.models.exams import Attempt, WrittenReview
from quizzes.exams.services import exams
from quizzes.review.models.review import Review
from tests.factories import BlueprintFactory, candidate
from tests.quizzes.mentor.conftest import HEDGED, RIGHT, graded_attempt

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

WRONG = "Forgetting to score a point, warning, correct the score."


def _graded(responses: list[str], written_review: str, margin: float = 0.1) -> Attempt:
    blueprint = {"written_review": written_review, "review_margin": margin}
    return graded_attempt(candidate(), responses, pass_score=0.8, blueprint=blueprint)


def _causes(attempt: Attempt) -> dict[int, str]:
    reviews = Review.objects.filter(item__attempt=attempt).values_list("item__position", "cause")
    return dict(reviews)


def test_a_borderline_score_sends_every_written_answer_to_a_mentor():
    attempt = _graded([RIGHT, RIGHT, RIGHT, RIGHT, WRONG], WrittenReview.BORDERLINE)

    assert attempt.score == pytest.approx(0.8)
    assert _causes(attempt) == dict.fromkeys(range(1, 6), Review.Cause.BORDERLINE)


def test_a_score_beyond_the_margin_sends_only_flagged_answers():
    attempt = _graded([RIGHT, RIGHT, RIGHT, RIGHT, RIGHT], WrittenReview.BORDERLINE)

    assert attempt.score == pytest.approx(1.0)
    assert _causes(attempt) == {}


def test_the_margin_counts_on_both_sides_of_the_pass_mark():
    below = _graded([RIGHT, RIGHT, RIGHT, WRONG, WRONG], WrittenReview.BORDERLINE, margin=0.2)
    outside = _graded([RIGHT, RIGHT, RIGHT, WRONG, WRONG], WrittenReview.BORDERLINE, margin=0.1)

    assert below.score == pytest.approx(0.6)
    assert set(_causes(below).values()) == {Review.Cause.BORDERLINE}
    assert _causes(outside) == {}


def test_a_flagged_answer_keeps_the_graders_reason_in_a_borderline_attempt():
    attempt = _graded([HEDGED, RIGHT, RIGHT, RIGHT, RIGHT], WrittenReview.BORDERLINE, margin=0.5)

    causes = _causes(attempt)
    assert causes[1] == Review.Cause.FLAGGED
    assert set(causes.values()) == {Review.Cause.FLAGGED, Review.Cause.BORDERLINE}


def test_flagged_only_leaves_a_borderline_attempt_to_the_grader():
    attempt = _graded([RIGHT, RIGHT, RIGHT, RIGHT, WRONG], WrittenReview.FLAGGED)

    assert _causes(attempt) == {}
    assert exams.attempt_grade(attempt_id=attempt.pk).status == Attempt.Status.GRADED


def test_every_written_answer_is_reviewed_whatever_the_score_but_blank_ones():
    attempt = _graded([RIGHT, "", RIGHT], WrittenReview.EVERY)

    assert _causes(attempt) == {1: Review.Cause.EVERY, 3: Review.Cause.EVERY}


def test_grading_again_queues_nothing_twice():
    attempt = _graded([RIGHT, RIGHT, RIGHT, RIGHT, WRONG], WrittenReview.BORDERLINE)

    exams.attempt_grade(attempt_id=attempt.pk)

    assert Review.objects.filter(item__attempt=attempt).count() == 5


def test_the_result_waits_for_the_reviews_and_is_no_certification_evidence_until_then():
    attempt = _graded([RIGHT, RIGHT, RIGHT, RIGHT, RIGHT], WrittenReview.EVERY)
    waiting = Attempt.objects.with_review_waiting().get(pk=attempt.pk)

    assert waiting.review_waiting
    assert attempt.passed  # the grader's score, provisional until the reviews are decided
    with pytest.raises(certification.CertificationError):
        certification.evidence_choose(
            candidate=attempt.candidate,
            level=_level_requiring(attempt),
            attempt_ids=[attempt.pk],
        )

    Review.objects.filter(item__attempt=attempt).update(status=Review.Status.ACCEPTED)

    assert not Attempt.objects.with_review_waiting().get(pk=attempt.pk).review_waiting
    chosen = certification.evidence_choose(
        candidate=attempt.candidate, level=_level_requiring(attempt), attempt_ids=[attempt.pk]
    )
    assert [chosen_attempt.pk for chosen_attempt in chosen] == [attempt.pk]


def test_new_blueprints_review_borderline_attempts_by_default():
    assert BlueprintFactory().written_review == WrittenReview.BORDERLINE


def _level_requiring(attempt: Attempt) -> CertificationLevel:
    level, _created = CertificationLevel.objects.get_or_create(name="Level", game="riftbound")
    LevelRequirement.objects.get_or_create(
        level=level, blueprint=attempt.assignment.blueprint, defaults={"min_score": 0.8}
    )
    return level
