"""Celery tasks: they take ids, re-fetch, and are safe to run twice.

Nobody waits for their results, so none is stored (``ignore_result``): publishing one does
not touch the result backend, and a broker outage costs one quick failed publish.
"""

from celery import shared_task
from django.db import OperationalError, transaction

from judgetrain.queueing import enqueue
from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams, variants

# How many attempts one grading task grades at most (bench/profile_exam.py).
GRADE_BATCH = 10


@shared_task(name="quizzes.attempt_close_due", acks_late=True, ignore_result=True)
def attempt_close_due(attempt_id: int) -> str:
    """Close an attempt at its deadline; a no-op when it was submitted before.

    No longer queued (the sweep closes attempts); kept for messages already in a broker."""
    with transaction.atomic():
        attempt = Attempt.objects.select_for_update().filter(pk=attempt_id).first()
        if attempt is None:
            return "missing"
        exams.attempt_close(attempt=attempt)
        return attempt.status


@shared_task(
    name="quizzes.attempt_grade",
    acks_late=True,
    ignore_result=True,
    autoretry_for=(Exception,),
    max_retries=3,
    # Short: a retry waits in the worker unacknowledged, and must come back well within the
    # broker's visibility timeout (CELERY_BROKER_VISIBILITY_TIMEOUT).
    default_retry_delay=10,
)
def attempt_grade_task(attempt_id: int) -> str:
    """Grade the attempt, and along with it up to GRADE_BATCH - 1 others waiting for their
    grading (a queue of submits on exam day): one commit for the lot. An attempt graded
    already (taken along by another task) costs one query."""
    status = Attempt.objects.filter(pk=attempt_id).values_list("status", flat=True).first()
    if status is None:
        return "missing"
    if status == Attempt.Status.GRADED:
        return status
    return exams.attempt_grade(attempt_id=attempt_id, batch=GRADE_BATCH).status


@shared_task(name="quizzes.attempts_close_overdue", ignore_result=True)
def attempts_close_overdue() -> int:
    """The beat sweep (every ATTEMPT_SWEEP_SECONDS): closes attempts past their deadline,
    still in progress, and queues their grading; then queues grading again for attempts
    closed a while ago and still ungraded, because their grading was never queued (the
    broker was down when they closed) or was lost with a dead worker."""
    closed = exams.attempts_close_overdue()
    exams.attempts_regrade_stuck(exclude=closed)
    return len(closed)


@shared_task(name="quizzes.notification_send", acks_late=True, autoretry_for=(Exception,),
             max_retries=5, retry_backoff=True, retry_backoff_max=60)  # fmt: skip
def notification_send_task(notification_id: int) -> bool:
    """Send one recorded e-mail; a duplicate delivery sends nothing twice."""
    from quizzes.common.notifications import notification_send

    return notification_send(notification_id=notification_id)


@shared_task(name="quizzes.notifications_send", acks_late=True, autoretry_for=(Exception,),
             max_retries=5, retry_backoff=True, retry_backoff_max=60)  # fmt: skip
def notifications_send_task(notification_ids: list[int]) -> int:
    """Send several recorded e-mails (a grading batch's results), each committed as it is
    sent: a retry or a duplicate delivery sends none twice. Returns how many it sent."""
    from quizzes.common.notifications import notification_send

    return sum(notification_send(notification_id=pk) for pk in notification_ids)


@shared_task(name="quizzes.question_correction_apply", acks_late=True)
def question_correction_apply_task(correction_id: int) -> str:
    """Withdraw or correct a question for everyone and regrade the attempts holding it."""
    from quizzes.review.services.appeals import question_correction_apply

    return question_correction_apply(correction_id=correction_id).status


@shared_task(name="quizzes.notifications_requeue_unsent", ignore_result=True)
def notifications_requeue_unsent_task() -> int:
    """The beat sweep for e-mails whose sending was never queued or was lost."""
    from quizzes.common.notifications import notifications_requeue_unsent

    return len(notifications_requeue_unsent())


@shared_task(name="quizzes.variant_job_run", acks_late=True)
def variant_job_run(job_id: int) -> int:
    """Fan a pre-generation job out: one build task per batch of assignments, so every worker
    helps and each task commits a batch at once. Returns the number of assignments."""
    batches = variants.variant_job_batches(job_id=job_id)
    for assignment_ids in batches:
        enqueue("quizzes.assignments_variants_build", assignment_ids=assignment_ids)
    return sum(len(batch) for batch in batches)


@shared_task(
    name="quizzes.assignments_variants_build",
    acks_late=True,
    autoretry_for=(OperationalError,),
    max_retries=3,
)
def assignments_variants_build(assignment_ids: list[int]) -> int:
    """Build the variants a batch of assignments still lacks (idempotent); returns how many."""
    return variants.assignments_variants_build(assignment_ids=assignment_ids)


@shared_task(
    name="quizzes.assignment_variants_build",
    acks_late=True,
    autoretry_for=(OperationalError,),
    max_retries=3,
)
def assignment_variants_build(assignment_id: int) -> int:
    """Build the variants one assignment still lacks (idempotent); returns how many. No longer
    queued (jobs queue batches); kept for messages already in a broker."""
    return variants.assignment_variants_build(assignment_id=assignment_id)


@shared_task(name="quizzes.variant_jobs_resume")
def variant_jobs_resume() -> list[int]:
    """Every few minutes (beat): queue again the pre-generation jobs whose tasks were lost."""
    stalled = variants.variant_jobs_stalled()
    for job_id in stalled:
        enqueue("quizzes.variant_job_run", job_id=job_id)
    return stalled
