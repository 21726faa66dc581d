"""Celery tasks: they take ids, re-fetch, and are safe to run twice."""

from celery import shared_task
from django.db import transaction

from quizzes.models import Attempt
from quizzes.services import exams


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


@shared_task(name="quizzes.notification_send", acks_late=True, autoretry_for=(Exception,),
             max_retries=5, retry_backoff=True)  # fmt: skip
def notification_send_task(notification_id: int) -> bool:
    """Send one recorded e-mail; a duplicate delivery sends nothing twice."""
    from quizzes.services.notifications import notification_send

    return notification_send(notification_id=notification_id)


@shared_task(name="quizzes.question_correction_apply", acks_late=True)
def question_correction_apply_task(correction_id: int) -> str:
    """Withdraw or correct a question for everyone and regrade the attempts holding it."""
    from quizzes.services.appeals import question_correction_apply

    return question_correction_apply(correction_id=correction_id).status
