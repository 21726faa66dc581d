""" "After the exam closes for everyone" (session 15): keys are released only when the whole
sitting is over. A sitting is the assignments made together (one ``variant_job``; an assignment
without one is its own sitting): every one of them closed and no attempt of it still running
with its deadline ahead. The SQL form (``sealing.released``) and the one-attempt form
(``access.details_visible``) are the same rule."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from quizzes import access
from quizzes.exams.models.exams import Attempt, ExamAssignment, VariantJob
from quizzes.exams.models.sealing import released
from tests.factories import assignment, candidate, question
from tests.quizzes.sealing import GRADED, sitting

pytestmark = pytest.mark.django_db

HOUR = timedelta(hours=1)


def _graded_after_close():
    """A candidate's graded attempt of an "after close" exam that closed an hour ago, in a
    sitting (variant job) of its own so far."""
    judge = candidate()
    mine = question()
    attempt = sitting(judge, [mine], status=GRADED, review_policy="after_close", closes_in=-HOUR)
    exam = attempt.assignment
    exam.variant_job = VariantJob.objects.create(blueprint=exam.blueprint, wanted=2)
    exam.save(update_fields=["variant_job"])
    return judge, mine, attempt


def _other(attempt: Attempt, *, closes_in: timedelta, job: bool = True) -> ExamAssignment:
    """Another candidate's assignment of the same exam, in the same sitting (``job``) or not."""
    now = timezone.now()
    exam = attempt.assignment
    return assignment(
        blueprint=exam.blueprint,
        candidate=candidate(),
        opens_at=now - 3 * HOUR,
        closes_at=now + closes_in,
        variant_job=exam.variant_job if job else None,
    )


def _running(exam: ExamAssignment, *, deadline_in: timedelta) -> Attempt:
    now = timezone.now()
    return Attempt.objects.create(
        assignment=exam, candidate=exam.candidate, number=1, language="en", seed=7,
        started_at=now - HOUR, deadline=now + deadline_in,
    )  # fmt: skip


def _sealed(judge, mine) -> bool:
    return mine.pk in set(access.sealed_question_ids(judge))


def _visible(attempt: Attempt) -> bool:
    return access.details_visible(Attempt.objects.with_blueprint().get(pk=attempt.pk))


def test_keys_are_released_once_the_whole_sitting_has_closed():
    judge, mine, attempt = _graded_after_close()
    _other(attempt, closes_in=-HOUR)

    assert not _sealed(judge, mine)
    assert _visible(attempt)


def test_an_assignment_of_the_sitting_extended_past_the_close_keeps_the_keys_sealed():
    judge, mine, attempt = _graded_after_close()
    _other(attempt, closes_in=2 * HOUR)

    assert _sealed(judge, mine)
    assert not _visible(attempt)


def test_a_running_attempt_that_outlasts_its_close_keeps_the_keys_sealed_until_it_ends():
    judge, mine, attempt = _graded_after_close()
    protected = _running(_other(attempt, closes_in=-HOUR / 2), deadline_in=HOUR / 4)

    assert _sealed(judge, mine)
    assert not _visible(attempt)

    protected.status = Attempt.Status.SUBMITTED
    protected.save(update_fields=["status"])
    assert not _sealed(judge, mine)
    assert _visible(attempt)


def test_a_running_attempt_past_its_deadline_no_longer_holds_the_keys():
    judge, mine, attempt = _graded_after_close()
    _running(_other(attempt, closes_in=-HOUR / 2), deadline_in=-HOUR / 4)

    assert not _sealed(judge, mine)


def test_an_assignment_of_another_sitting_holds_nothing():
    judge, mine, attempt = _graded_after_close()
    _running(_other(attempt, closes_in=2 * HOUR, job=False), deadline_in=HOUR)

    assert not _sealed(judge, mine)
    assert _visible(attempt)


def test_an_assignment_without_a_job_is_its_own_sitting():
    judge = candidate()
    mine = question()
    attempt = sitting(judge, [mine], status=GRADED, review_policy="after_close", closes_in=-HOUR)
    _other(attempt, closes_in=2 * HOUR, job=False)  # both without a job: not one sitting

    assert attempt.assignment.variant_job_id is None
    assert not _sealed(judge, mine)
    assert _visible(attempt)


def test_a_cancelled_assignment_of_the_sitting_counts_as_closed():
    judge, mine, attempt = _graded_after_close()
    other = _other(attempt, closes_in=2 * HOUR)
    other.cancelled_at = timezone.now()
    other.save(update_fields=["cancelled_at"])

    assert not _sealed(judge, mine)


@pytest.mark.parametrize(
    ("other_closes_in", "running_deadline_in", "own_closes_in"),
    [
        (-HOUR, None, -HOUR),
        (2 * HOUR, None, -HOUR),
        (-HOUR / 2, HOUR / 4, -HOUR),
        (-HOUR / 2, -HOUR / 4, -HOUR),
        (2 * HOUR, HOUR, 2 * HOUR),
        (-HOUR, None, 2 * HOUR),
    ],
)
def test_the_sql_rule_and_the_one_attempt_rule_agree(
    other_closes_in, running_deadline_in, own_closes_in
):
    judge, mine, attempt = _graded_after_close()
    own = attempt.assignment
    own.closes_at = timezone.now() + own_closes_in
    own.opens_at = own.closes_at - 5 * HOUR
    own.save(update_fields=["closes_at", "opens_at"])
    other = _other(attempt, closes_in=other_closes_in)
    if running_deadline_in is not None:
        _running(other, deadline_in=running_deadline_in)
    now = timezone.now()

    in_sql = Attempt.objects.filter(pk=attempt.pk).filter(released(now)).exists()
    one = access.details_visible(Attempt.objects.with_blueprint().get(pk=attempt.pk), now=now)

    assert in_sql is one
    assert _sealed(judge, mine) is not one


def test_the_one_attempt_rule_asks_at_most_one_query(django_assert_num_queries):
    _judge, _mine, attempt = _graded_after_close()
    loaded = Attempt.objects.with_blueprint().get(pk=attempt.pk)

    with django_assert_num_queries(1):
        assert access.details_visible(loaded)
    loaded.assignment.closes_at = timezone.now() + HOUR
    with django_assert_num_queries(0):
        assert not access.details_visible(loaded)
