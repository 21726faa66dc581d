from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams
from tests.factories import assignment

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


@pytest.fixture
def embedded(settings):
    """The embedded default: no Redis, so no broker and no beat."""
    settings.REDIS_URL = ""
    return settings


def test_the_schedule_closes_an_exam_past_its_deadline_without_anyone_opening_it(embedded):
    overdue = exams.attempt_start(assignment=assignment(), language="en")
    current = exams.attempt_start(assignment=assignment(), language="en")
    Attempt.objects.filter(pk=overdue.pk).update(deadline=timezone.now() - timedelta(minutes=1))

    call_command("run_schedule", "--once", stdout=StringIO(), stderr=StringIO())

    overdue.refresh_from_db()
    current.refresh_from_db()
    assert overdue.closure == Attempt.Closure.DEADLINE
    assert overdue.status == Attempt.Status.GRADED
    assert current.status == Attempt.Status.IN_PROGRESS


def test_a_failing_task_is_reported_and_the_others_still_run(embedded, monkeypatch):
    def broken(**kwargs):
        raise RuntimeError("the mail server is down")

    monkeypatch.setattr("quizzes.common.notifications.notifications_requeue_unsent", broken)
    overdue = exams.attempt_start(assignment=assignment(), language="en")
    Attempt.objects.filter(pk=overdue.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    errors = StringIO()

    call_command("run_schedule", "--once", stdout=StringIO(), stderr=errors)

    assert "quizzes.notifications_requeue_unsent failed" in errors.getvalue()
    overdue.refresh_from_db()
    assert overdue.closure == Attempt.Closure.DEADLINE


def test_with_redis_the_schedule_is_left_to_celery_beat(settings):
    settings.REDIS_URL = "redis://127.0.0.1:6379/0"

    with pytest.raises(CommandError, match="celery -A judgetrain beat"):
        call_command("run_schedule", "--once")
