"""A candidate's page of their appeals and question reports (status and decision), linked
from Home; e-mails when a report is decided and when a withdrawal or key correction turns a
fail into a pass (issue 29). Answers come from the mentor tests' builders, written for them."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse
from django.utils.html import escape

from quizzes.bank.services import question_reports as reports
from quizzes.exams.services import exams
from quizzes.exams.services.exams import attempt_rescore
from quizzes.review.models.review import Notification, QuestionCorrection
from quizzes.review.services import appeals
from quizzes.review.services.appeals import withdrawal_preview
from quizzes.tasks import question_correction_apply_task
from tests.factories import candidate, committee_member, question
from tests.quizzes.mentor.conftest import (
    HEDGED,
    RIGHT,
    committee_decides,
    graded_attempt,
    mentored_candidate,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

URL = "/exams/appeals-and-reports"


def _appealed(responses=(RIGHT,), **kwargs):
    who, the_cohort = mentored_candidate()
    attempt = graded_attempt(who, list(responses), **kwargs)
    appeal = exams.appeal_create(item=attempt.items.get(position=1), comment="Same thing.")
    return appeal, the_cohort.mentor


def test_the_page_lists_the_candidates_appeals_with_status_and_decision(client):
    appeal, by = _appealed()
    appeals.appeal_decide(appeal=appeal, by=by, uphold=False, reason="The key stands.")
    other, _ = _appealed()  # someone else's: never shown
    client.force_login(appeal.item.attempt.candidate)

    html = client.get(reverse("my-appeals-and-reports")).content.decode()

    assert "My appeals and reports" in html
    assert f"{reverse('exam-result', args=[appeal.item.attempt_id])}#r1" in html
    assert "Rejected" in html
    assert "Your mentor: rejected — The key stands." in html
    assert reverse("exam-result", args=[other.item.attempt_id]) not in html


def test_the_page_lists_the_users_reports_with_the_committees_reason(client):
    person = candidate()
    open_one = reports.question_report_create(
        question=question(), reporter=person, problem="unclear", comment="Who acts first?"
    )
    decided = reports.question_report_create(
        question=question(), reporter=person, problem="wrong", comment="Warning, surely."
    )
    reports.question_report_dismiss(
        report=decided, reason="The key is right.", by=committee_member()
    )
    client.force_login(person)

    html = client.get(URL).content.decode()

    assert "Waiting for the certification committee's decision." in html
    assert "Dismissed" in html
    assert "The committee's reason: The key is right." in html
    assert escape(open_one.question.stem[:40]) in html


def test_home_links_to_the_page(client):
    who, _ = mentored_candidate()
    client.force_login(who)

    assert URL in client.get(reverse("home")).content.decode()


def test_the_page_queries_are_bounded(client, django_assert_num_queries):
    appeal, _by = _appealed()
    person = appeal.item.attempt.candidate
    for _ in range(3):
        reports.question_report_create(
            question=question(), reporter=person, problem="unclear", comment="Unclear."
        )
    client.force_login(person)

    # Session, user, permissions (the menu), the appeals with their exams and their key
    # corrections (walk 7, #21: what a correction meant for the answer), the reports with
    # their questions (whether each is sealed: a subquery).
    with django_assert_num_queries(6):
        assert client.get(URL).status_code == 200


def test_deciding_a_report_emails_the_reporter_once_without_the_reason():
    person = candidate()
    report = reports.question_report_create(
        question=question(), reporter=person, problem="wrong", comment="Warning, surely."
    )
    mail.outbox.clear()

    reports.question_withdraw(
        question=report.question,
        reason="SECRET-REASON",
        by=committee_member(),
        preview_token=withdrawal_preview(question_id=report.question.pk).token,
    )
    reports.question_withdraw(
        question=report.question,
        reason="Again",
        by=committee_member(),
        preview_token=withdrawal_preview(question_id=report.question.pk).token,
    )

    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [person.email]
    assert message.subject == "Your report on a question was decided"
    assert "the question was withdrawn" in message.body
    assert "SECRET-REASON" not in message.body  # read on the page, where sealing applies
    assert URL in message.body


def test_dismissing_a_report_emails_the_reporter_in_their_language():
    person = candidate()
    person.preferred_language = "pt-br"
    person.save(update_fields=["preferred_language"])
    report = reports.question_report_create(
        question=question(), reporter=person, problem="wrong", comment="Warning."
    )
    mail.outbox.clear()

    reports.question_report_dismiss(report=report, reason="Right.", by=committee_member())

    assert len(mail.outbox) == 1
    assert "Your report" not in mail.outbox[0].subject


def test_a_withdrawal_that_turns_a_fail_into_a_pass_emails_the_candidate_once():
    shared = question(for_exams=True)
    appeal, by = _appealed(responses=(HEDGED, RIGHT))
    appeals.appeal_decide(appeal=appeal, by=by, uphold=False, reason="The key is right.")
    appeals.appeal_contest(appeal=appeal, comment="The key is wrong.")
    item = appeal.item
    item.question = shared
    item.save(update_fields=["question"])
    still_passing_who, _ = mentored_candidate()
    still_passing = graded_attempt(still_passing_who, [RIGHT, RIGHT], pass_score=0.8)
    still_passing.items.filter(position=1).update(question=shared)
    attempt_rescore(attempt=item.attempt)
    mail.outbox.clear()

    committee_decides(
        appeal,
        committee_member(),
        reason="Two readings are defensible: withdrawn.",
        correction=appeals.KeyCorrection(action="withdraw"),
    )
    question_correction_apply_task.delay(QuestionCorrection.objects.get().pk)  # a redelivery

    passed = [m for m in mail.outbox if m.subject.startswith("You passed")]
    assert len(passed) == 1
    assert passed[0].to == [item.attempt.candidate.email]
    assert "withdrew a question" in passed[0].body
    assert "100%, passed" in passed[0].body
    assert Notification.objects.filter(kind=Notification.Kind.OUTCOME).count() == 1
    assert not [m for m in passed if still_passing_who.email in m.to]


def test_a_mentors_rejection_says_it_may_be_contested_once_and_links_there(client):
    """Walk 3, #2: nothing said a rejected appeal could be taken to the committee."""
    appeal, by = _appealed()
    appeals.appeal_decide(appeal=appeal, by=by, uphold=False, reason="The key stands.")
    client.force_login(appeal.item.attempt.candidate)

    html = client.get(URL).content.decode()

    assert "You may contest this decision to the committee, once" in html
    appeals.appeal_contest(appeal=appeal, comment="The penalty is wrong.")
    assert "You may contest this decision" not in client.get(URL).content.decode()
