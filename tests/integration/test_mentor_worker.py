"""Mentor work on the real Celery worker: e-mails and the regrade after a key is withdrawn are
queued on commit, by id, and done there once."""

import pytest

from quizzes.exams.services import exams
from quizzes.review.models.review import Notification, QuestionCorrection
from quizzes.review.services import appeals
from tests.factories import committee_member
from tests.quizzes.mentor.conftest import (
    RIGHT,
    committee_decides,
    graded_attempt,
    mentored_candidate,
)
from tests.waiting import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_worker_sends_the_emails_and_regrades_after_a_withdrawal():
    who, the_cohort = mentored_candidate()
    attempt = graded_attempt(who, [RIGHT, RIGHT])
    appeal = exams.appeal_create(item=attempt.items.get(position=1), comment="Look again.")
    appeals.appeal_decide(appeal=appeal, by=the_cohort.mentor, uphold=False, reason="No.")
    appeals.appeal_contest(appeal=appeal, comment="Please.")

    committee_decides(
        appeal,
        committee_member(),
        reason="Ambiguous stem.",
        correction=appeals.KeyCorrection(action="withdraw"),
    )

    correction = QuestionCorrection.objects.get()
    wait_for(
        lambda: QuestionCorrection.objects.get().status == "applied",
        what="the worker applying the key correction",
    )
    correction.refresh_from_db()
    assert [row["attempt"] for row in correction.changes] == [attempt.pk]
    assert attempt.items.get(position=1).withdrawn
    wait_for(
        lambda: not Notification.objects.filter(sent_at__isnull=True).exists(),
        what="the worker sending every notification",
    )
    kinds = sorted(Notification.objects.values_list("key", flat=True))
    assert kinds == [
        f"appeal:{appeal.pk}:committee",
        f"appeal:{appeal.pk}:mentor",
        f"results:{attempt.pk}",
    ]
