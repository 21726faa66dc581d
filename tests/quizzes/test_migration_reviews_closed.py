"""Migration 0029 (walk 9, #9 and #10): a review still pending of an answer already withdrawn,
or whose appeal was decided after the review was queued, closes, with an audit entry saying
why; any other pending review stays in the queue. (0029 changes no column, so the rows are
built with today's models at 0028.)"""

import pytest
from django.utils import timezone

from quizzes.exams.models.exams import AttemptItem
from quizzes.review.models.appeals import Appeal
from quizzes.review.models.review import AuditEntry, Review
from tests.quizzes.mentor.conftest import HEDGED, graded_attempt, mentored_candidate
from tests.quizzes.migrating import _latest_schema_after, migrate  # noqa: F401

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("on_commit_now")]

BEFORE = [("quizzes", "0028_blueprint_candidate_instructions")]
AFTER = [("quizzes", "0029_review_closed_by_withdrawal_or_appeal")]


def test_pending_reviews_of_withdrawn_or_appealed_answers_close_and_others_stay():
    migrate(BEFORE)
    who, _cohort = mentored_candidate()
    attempt = graded_attempt(who, [HEDGED, HEDGED, HEDGED])
    withdrawn, appealed, waiting = attempt.items.order_by("position")
    AttemptItem.objects.filter(pk=withdrawn.pk).update(withdrawn=True)
    Appeal.objects.create(
        item=appealed, comment="x", status=Appeal.Status.UPHELD, resolved_at=timezone.now()
    )
    AttemptItem.objects.filter(pk=appealed.pk).update(override_score=1.0)
    assert Review.objects.filter(status=Review.Status.PENDING).count() == 3

    migrate(AFTER)

    status = dict(Review.objects.values_list("item_id", "status"))
    assert status == {
        withdrawn.pk: Review.Status.WITHDRAWN,
        appealed.pk: Review.Status.SETTLED,
        waiting.pk: Review.Status.PENDING,
    }
    assert Review.objects.get(item=appealed).score == pytest.approx(1.0)
    assert set(AuditEntry.objects.values_list("action", flat=True)) == {
        "review_withdrawn",
        "review_settled",
    }
