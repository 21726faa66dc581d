"""Celery tasks: they take ids, re-fetch, and are safe to run twice."""

from celery import shared_task
from django.db import OperationalError, transaction

from quizzes.models import Attempt
from quizzes.services import exams, variants


@shared_task(name="quizzes.attempt_close_due", acks_late=True)
def attempt_close_due(attempt_id: int) -> str:
    """Close an attempt at its deadline; a no-op when it was submitted before."""
    with transaction.atomic():
        attempt = Attempt.objects.select_for_update().filter(pk=attempt_id).first()
        if attempt is None:
            return "missing"
        exams.attempt_close(attempt=attempt)
        return attempt.status


@shared_task(
    name="quizzes.attempt_grade", acks_late=True, autoretry_for=(Exception,), max_retries=3
)
def attempt_grade_task(attempt_id: int) -> str:
    if not Attempt.objects.filter(pk=attempt_id).exists():
        return "missing"
    return exams.attempt_grade(attempt_id=attempt_id).status


@shared_task(name="quizzes.attempts_close_overdue")
def attempts_close_overdue() -> int:
    """Every minute (beat): closes attempts whose deadline task was lost with a dead worker,
    and queues grading again for closed attempts whose grading never finished."""
    closed = exams.attempts_close_overdue()
    exams.attempts_regrade_stuck()
    return closed


@shared_task(name="quizzes.variant_job_run", acks_late=True)
def variant_job_run(job_id: int) -> int:
    """Fan a pre-generation job out: one build task per assignment, so every worker helps."""
    assignment_ids = variants.variant_job_assignments(job_id=job_id)
    for assignment_id in assignment_ids:
        assignment_variants_build.delay(assignment_id)
    return len(assignment_ids)


@shared_task(
    name="quizzes.assignment_variants_build",
    acks_late=True,
    autoretry_for=(OperationalError,),
    max_retries=3,
)
def assignment_variants_build(assignment_id: int) -> int:
    """Build the variants one assignment still lacks (idempotent); returns how many."""
    return variants.assignment_variants_build(assignment_id=assignment_id)


@shared_task(name="quizzes.variant_jobs_resume")
def variant_jobs_resume() -> list[int]:
    """Every few minutes (beat): queue again the pre-generation jobs whose tasks were lost."""
    stalled = variants.variant_jobs_stalled()
    for job_id in stalled:
        variant_job_run.delay(job_id)
    return stalled
