"""Exam grading on the real Celery worker: queued on commit, by id, re-fetched there."""

import time

import pytest

from quizzes.models import Attempt
from quizzes.services import exams
from tests.factories import assignment

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def wait_for_status(attempt: Attempt, status: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        attempt.refresh_from_db()
        if attempt.status == status:
            return
        time.sleep(0.2)
    raise AssertionError(f"attempt {attempt.pk} is {attempt.status!r}, not {status!r}")


def test_a_submitted_attempt_is_graded_by_the_worker():
    attempt = exams.attempt_start(assignment=assignment(), language="en")

    exams.attempt_submit(
        attempt=attempt, responses={1: exams.Answer("Missed trigger, no penalty", 0)}
    )

    wait_for_status(attempt, Attempt.Status.GRADED)
    assert attempt.score is not None
    assert all(item.grade is not None for item in attempt.items.all())


def test_grading_twice_on_the_worker_changes_nothing():
    from quizzes.tasks import attempt_grade_task

    attempt = exams.attempt_start(assignment=assignment(), language="en")
    exams.attempt_submit(attempt=attempt, responses={1: exams.Answer("Missed trigger", 0)})
    wait_for_status(attempt, Attempt.Status.GRADED)
    before = (attempt.score, list(attempt.items.values_list("grade", flat=True)))

    again = attempt_grade_task.apply_async(args=(attempt.pk,), ignore_result=False)
    assert again.get(timeout=30) == Attempt.Status.GRADED

    attempt.refresh_from_db()
    assert (attempt.score, list(attempt.items.values_list("grade", flat=True))) == before
