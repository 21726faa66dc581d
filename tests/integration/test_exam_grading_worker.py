"""Exam grading on the real Celery worker: queued on commit, by id, re-fetched there."""

import pytest

from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams
from tests.factories import assignment
from tests.waiting import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def wait_for_status(attempt: Attempt, status: str, seconds: float = 30) -> None:
    def reached() -> bool:
        attempt.refresh_from_db()
        return attempt.status == status

    wait_for(reached, what=f"attempt {attempt.pk} {status!r} on the worker", seconds=seconds)


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


def test_a_variant_built_by_the_worker_is_prepared_started_and_graded_there():
    from datetime import timedelta

    from django.utils import timezone

    from quizzes.exams.models.exams import AttemptItem, ExamVariant, VariantJob
    from quizzes.exams.services import variants
    from quizzes.grading import grade_response
    from tests.factories import BlueprintFactory, candidate

    now = timezone.now()
    job = variants.assignments_create(
        blueprint=BlueprintFactory(),
        candidates=[candidate()],
        opens_at=now - timedelta(minutes=1),
        closes_at=now + timedelta(days=1),
        language="en",
    )
    wait_for(
        lambda: VariantJob.objects.get(pk=job.pk).state == "done",
        what=f"variant job {job.pk} done on the worker",
        seconds=60,
    )
    variant = ExamVariant.objects.select_related("attempt").get(assignment__variant_job=job)
    assert variant.attempt.status == Attempt.Status.READY  # prepared by the worker
    prepared = AttemptItem.objects.filter(attempt_id=variant.attempt_id).order_by("position")
    wanted = list(prepared.values_list("question_id", flat=True))
    assert all(item.question.for_exams for item in prepared.select_related("question"))

    attempt = exams.attempt_start(assignment=job.assignments.get(), language="en")
    assert attempt.pk == variant.attempt_id
    assert list(attempt.items.order_by("position").values_list("question_id", flat=True)) == wanted
    first = attempt.items.select_related("question").get(position=1)
    text = first.question.key_detail["key_text"]
    exams.attempt_submit(attempt=attempt, responses={1: exams.Answer(text, 0)})

    wait_for_status(attempt, Attempt.Status.GRADED)
    first.refresh_from_db()
    assert first.grade == grade_response(first.question, text, lang="en")
    assert attempt.items.filter(grade__isnull=True).count() == 0
