"""E-mails whose sending was never queued (the broker was down at commit) go out later."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from quizzes.common.notifications import notification_queue, notifications_requeue_unsent
from quizzes.review.models.review import Notification
from tests.outage import broker_down

pytestmark = pytest.mark.django_db(transaction=True)


def queued_during_an_outage() -> Notification:
    with broker_down():
        notification = notification_queue(
            kind=Notification.Kind.INVITATION,
            key="invite-1",
            email="new@example.com",
            context={"cohort": "Demo cohort", "mentor": "Mentor", "path": "/accept/x"},
        )
    assert notification is not None
    return notification


def test_an_email_recorded_while_the_broker_is_down_is_sent_by_the_sweep():
    notification = queued_during_an_outage()
    assert mail.outbox == []

    later = timezone.now() + timedelta(minutes=5)
    assert notifications_requeue_unsent(now=later) == [notification.pk]

    notification.refresh_from_db()
    assert notification.sent_at is not None
    assert len(mail.outbox) == 1


def test_the_sweep_leaves_recent_and_sent_emails_alone():
    notification = queued_during_an_outage()

    assert notifications_requeue_unsent(now=timezone.now()) == []  # not yet overdue
    notifications_requeue_unsent(now=timezone.now() + timedelta(minutes=5))
    assert notifications_requeue_unsent(now=timezone.now() + timedelta(minutes=10)) == []
    assert len(mail.outbox) == 1
    notification.refresh_from_db()
    assert notification.sent_at is not None
