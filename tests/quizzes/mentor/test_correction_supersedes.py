"""A key correction regrades the appellant's answer for real when the committee chooses the
regrade over the mentor's grade, and a withdrawal from the question-report queue is
previewed, confirmed and regraded the same way (UX walk 1, #23 and #27: the mentor's earlier
17% kept the total while the question read 33%; a withdrawal from the queue applied at once
and left attempts scored with the withdrawn question). By default a grade set by hand is
kept (walk 10, #6: tests/quizzes/mentor/test_correction_manual_grades.py)."""

import re
from dataclasses import replace

import pytest
from django.urls import reverse

from quizzes.bank.models.reports import QuestionReport
from quizzes.exams.models.exams import AttemptItem
from quizzes.exams.services import exams
from quizzes.review.models.review import QuestionCorrection
from quizzes.review.services import appeals
from quizzes.review.services.regrade import ManualChoice
from quizzes.review.services.review import item_override_set
from tests.factories import committee_member
from tests.quizzes.mentor.conftest import RIGHT, graded_attempt, mentored_candidate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

WARNING_KEY = appeals.KeyCorrection(
    action="correct",
    infraction="missed_trigger",
    penalty="warning",
    remedy="opponent_chooses_resolve_or_skip",
)


def contested_with_override():
    """A right answer (100%) a mentor re-marked to 17%, appealed, rejected and contested."""
    who, the_cohort = mentored_candidate()
    attempt = graded_attempt(who, [RIGHT, RIGHT])
    item = attempt.items.get(position=1)
    item_override_set(
        item=item, score=0.17, reason="Too vague.", by=the_cohort.mentor, role="mentor"
    )
    appeal = exams.appeal_create(item=item, comment="My answer is right.")
    appeals.appeal_decide(appeal=appeal, by=the_cohort.mentor, uphold=False, reason="No.")
    appeals.appeal_contest(appeal=appeal, comment="The key is wrong.")
    return appeal


def test_the_preview_lists_the_question_score_and_the_mentor_grade_it_supersedes():
    appeal = contested_with_override()

    preview = appeals.correction_preview(
        appeal=appeal, by=committee_member(), correction=WARNING_KEY
    )

    (row,) = preview.changes
    assert row["question_before"] == pytest.approx(0.17)
    assert row["manual_score"] == pytest.approx(0.17)
    assert row["question_after"] == pytest.approx(0.17)  # kept unless chosen (walk 10, #6)
    assert preview.manual_grades == [row]
    assert preview.overrides_superseded == []

    chosen = appeals.correction_preview(
        appeal=appeal,
        by=committee_member(),
        correction=replace(WARNING_KEY, manual=ManualChoice(regrade=frozenset({row["attempt"]}))),
    )

    (row,) = chosen.changes
    assert row["override_superseded"] == pytest.approx(0.17)
    assert row["question_after"] not in (None, pytest.approx(0.17))
    assert row in chosen.score_changed or row in chosen.outcome_changed
    assert chosen.overrides_superseded == [row]
    assert chosen.token != preview.token  # the choice is part of the outcome confirmed
    appeal.item.refresh_from_db()
    assert appeal.item.override_score == pytest.approx(0.17)  # nothing applied


def test_a_correction_chosen_over_the_mentors_grade_regrades_so_question_and_total_agree():
    appeal = contested_with_override()
    correction = replace(WARNING_KEY, manual=ManualChoice(regrade_all=True))
    preview = appeals.correction_preview(
        appeal=appeal, by=committee_member(), correction=correction
    )

    appeals.appeal_decide(
        appeal=appeal,
        by=committee_member(),
        uphold=True,
        reason="The penalty is a warning.",
        correction=correction,
        preview_token=preview.token,
    )

    item = AttemptItem.objects.get(pk=appeal.item_id)
    attempt = item.attempt
    other = attempt.items.get(position=2)
    assert item.override_score is None
    assert item.final_score == item.score == pytest.approx(preview.changes[0]["question_after"])
    assert attempt.score == pytest.approx((item.score + other.final_score) / 2)
    assert attempt.score == pytest.approx(preview.changes[0]["score_after"])


def _reported_attempt():
    who, _cohort = mentored_candidate()
    attempt = graded_attempt(who, [RIGHT, "nothing useful"])
    item = attempt.items.get(position=2)
    report = QuestionReport.objects.create(
        question=item.question, reporter=who, problem="wrong", comment="Unclear."
    )
    return attempt, report


def test_withdrawing_from_the_report_queue_shows_a_preview_first_and_changes_nothing(client):
    attempt, report = _reported_attempt()
    before = attempt.score
    client.force_login(committee_member())

    response = client.post(
        reverse("committee-report-decide", args=[report.pk]),
        {"action": "withdraw_question", "reason": "Unclear stem."},
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert "Withdraw this question?" in page
    assert "question 2:" in page
    attempt.refresh_from_db()
    report.refresh_from_db()
    assert attempt.score == before
    assert report.status == QuestionReport.Status.OPEN
    assert not QuestionCorrection.objects.exists()


def test_a_confirmed_withdrawal_from_the_queue_rescores_as_the_appeal_path_does(client):
    attempt, report = _reported_attempt()
    client.force_login(committee_member())
    url = reverse("committee-report-decide", args=[report.pk])
    data = {"action": "withdraw_question", "reason": "Unclear stem."}
    page = client.post(url, data).content.decode()
    token = re.search(r'name="confirm" value="([0-9a-f]+)"', page).group(1)

    response = client.post(url, {**data, "confirm": token})

    assert response.status_code == 302
    attempt.refresh_from_db()
    report.refresh_from_db()
    correction = QuestionCorrection.objects.get()
    assert (correction.action, correction.appeal, correction.status) == (
        "withdraw",
        None,
        "applied",
    )
    assert attempt.items.get(position=2).withdrawn
    assert attempt.score == pytest.approx(attempt.items.get(position=1).final_score)
    assert report.status == QuestionReport.Status.QUESTION_WITHDRAWN


def test_the_api_asks_for_the_withdrawals_confirmation(client):
    _attempt, report = _reported_attempt()
    client.force_login(committee_member())

    response = client.post(
        reverse("api-committee-report-decision", args=[report.pk]),
        {"action": "withdraw_question", "reason": "Unclear stem."},
        content_type="application/json",
    )

    assert response.status_code == 409
    assert response.json()["code"] == "confirmation_required"
    assert response.json()["preview"]["changes"][0]["question_after"] is None
