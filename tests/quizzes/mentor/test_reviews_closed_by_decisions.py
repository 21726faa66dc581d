"""Reviews another decision closes (walk 9): a withdrawn question's pending reviews leave the
queue and the result stops waiting for them (#9); an appeal decided on an answer still in the
queue settles its review, so accepting the grader's reading can never put back the score the
appeal replaced (#10). Both keep the review in the history, with the reason."""

from __future__ import annotations

import pytest
from django.core import mail

from quizzes.bank.services import question_reports as reports
from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams
from quizzes.review.models.review import AuditEntry, Notification, Review
from quizzes.review.selectors import review_queue, with_review_waiting
from quizzes.review.services import appeals, review
from quizzes.review.services.appeals import withdrawal_preview
from tests.factories import committee_member
from tests.quizzes.mentor.conftest import HEDGED, RIGHT, graded_attempt, mentored_candidate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def _flagged_exam(responses):
    who, the_cohort = mentored_candidate()
    attempt = graded_attempt(who, list(responses))
    return attempt, the_cohort.mentor


def _withdraw(item, by):
    reports.question_withdraw(
        question=item.question,
        reason="Two rulings fit this story.",
        by=by,
        preview_token=withdrawal_preview(question_id=item.question_id).token,
    )


def test_withdrawing_a_question_closes_its_pending_reviews_and_keeps_them_in_history():
    attempt, by = _flagged_exam([HEDGED, RIGHT])
    flagged = attempt.items.get(position=1)
    assert Review.objects.get(item=flagged).status == Review.Status.PENDING

    _withdraw(flagged, committee_member())

    closed = Review.objects.get(item=flagged)
    assert closed.status == Review.Status.WITHDRAWN
    assert closed.decided_at is not None
    assert list(review_queue(user=by)) == []
    entry = AuditEntry.objects.get(review=closed, action="review_withdrawn")
    assert "Two rulings fit this story." in entry.reason


def test_a_result_waiting_only_for_a_withdrawn_answer_is_final_and_emailed():
    attempt, _by = _flagged_exam([HEDGED, RIGHT])
    assert Attempt.objects.with_review_waiting().get(pk=attempt.pk).review_waiting
    mail.outbox.clear()

    _withdraw(attempt.items.get(position=1), committee_member())

    assert not Attempt.objects.with_review_waiting().get(pk=attempt.pk).review_waiting
    assert not any(item.review_waiting for item in with_review_waiting(attempt.items.all()))
    assert Notification.objects.filter(
        kind=Notification.Kind.RESULTS, key=f"results:{attempt.pk}", email=attempt.candidate.email
    ).exists()
    assert attempt.candidate.email in {to for message in mail.outbox for to in message.to}


def test_a_result_still_waits_for_a_counted_answer_after_a_withdrawal():
    attempt, _by = _flagged_exam([HEDGED, HEDGED])
    withdrawn, counted = attempt.items.order_by("position")

    _withdraw(withdrawn, committee_member())

    waiting = {item.position: item.review_waiting for item in with_review_waiting(attempt.items)}
    assert waiting == {1: False, 2: True}
    assert Attempt.objects.with_review_waiting().get(pk=attempt.pk).review_waiting
    assert Review.objects.get(item=counted).status == Review.Status.PENDING


def test_a_withdrawn_review_cannot_be_decided_afterwards():
    attempt, by = _flagged_exam([HEDGED])
    _withdraw(attempt.items.get(position=1), committee_member())
    closed = Review.objects.get(item__attempt=attempt)

    accept = {name: review.PartDecision(override=False) for name in review.review_parts(closed)}
    with pytest.raises(review.ReviewError, match="closed"):
        review.review_decide(review=closed, by=by, decisions=accept)


def test_an_upheld_appeal_settles_the_pending_review_and_its_score_stands():
    attempt, by = _flagged_exam([HEDGED])
    item = attempt.items.get(position=1)
    appeal = exams.appeal_create(item=item, comment="I named the remedy.")

    appeals.appeal_decide(appeal=appeal, by=by, uphold=True, reason="Full credit.", percent=100)

    settled = Review.objects.get(item=item)
    assert settled.status == Review.Status.SETTLED
    assert settled.score == pytest.approx(1.0)
    assert settled.decided_by == by
    assert list(review_queue(user=by)) == []
    with pytest.raises(review.ReviewError):
        review.reviews_accept_bulk(reviews=[settled], by=by)
    item.refresh_from_db()
    assert item.final_score == pytest.approx(1.0)
    assert AuditEntry.objects.filter(review=settled, action="review_settled").exists()


def test_a_rejected_appeal_settles_the_pending_review_at_the_score_it_keeps():
    attempt, by = _flagged_exam([HEDGED])
    item = attempt.items.get(position=1)
    appeal = exams.appeal_create(item=item, comment="I named the remedy.")

    appeals.appeal_decide(appeal=appeal, by=by, uphold=False, reason="The key is right.")

    settled = Review.objects.get(item=item)
    assert settled.status == Review.Status.SETTLED
    assert settled.score == pytest.approx(item.score)
    assert not Attempt.objects.with_review_waiting().get(pk=attempt.pk).review_waiting


def test_the_review_page_of_a_settled_review_offers_no_decision(client):
    attempt, by = _flagged_exam([HEDGED])
    item = attempt.items.get(position=1)
    appeal = exams.appeal_create(item=item, comment="I named the remedy.")
    appeals.appeal_decide(appeal=appeal, by=by, uphold=True, reason="Full credit.", percent=100)
    client.force_login(by)

    html = client.get(f"/mentor/reviews/{Review.objects.get(item=item).pk}/").content.decode()

    assert 'id="review-closed"' in html
    assert "Settled by the appeal decision" in html
    assert "its score is now 100%" in html
    assert "Save the decision" not in html
