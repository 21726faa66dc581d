import pytest
from django.urls import reverse

from quizzes.bank.models.reports import QuestionReport
from quizzes.bank.services import question_reports as reports
from quizzes.exams.services import exams
from quizzes.practice.models import PracticeAnswer
from quizzes.practice.services import (
    PracticeFilters,
    QuestionNotPractisable,
    practice_answer_submit,
    practice_question_next,
)
from quizzes.review.services.appeals import withdrawal_preview
from quizzes.selectors import servable
from tests.factories import assignment, candidate, committee_member, mentor, question

pytestmark = pytest.mark.django_db


def test_a_withdrawn_question_is_never_served_in_practice(monkeypatch):
    kept, withdrawn = question(), question()
    reports.question_withdraw(
        question=withdrawn,
        reason="Key wrong",
        by=committee_member(),
        preview_token=withdrawal_preview(question_id=withdrawn.pk).token,
    )
    monkeypatch.setattr("quizzes.practice.services._generate_fresh", lambda **kw: None)

    served = {
        practice_question_next(user=candidate(), filters=PracticeFilters()).pk for _ in range(20)
    }

    assert served == {kept.pk}


def test_a_question_of_a_withdrawn_template_cannot_be_answered_in_practice():
    q = question(template_id="rb-bad")
    reports.template_withdraw(template_id="rb-bad", reason="Ambiguous", by=committee_member())

    with pytest.raises(QuestionNotPractisable):
        practice_answer_submit(user=candidate(), question=q, response="x", lang="en")


def test_a_withdrawn_template_is_never_drawn_for_a_new_exam_variant():
    first = exams.attempt_start(assignment=assignment(), language="en")
    template = first.items.first().question.template_id
    reports.template_withdraw(template_id=template, reason="Wrong key", by=committee_member())

    for _ in range(3):
        attempt = exams.attempt_start(assignment=assignment(), language="en")
        assert template not in {item.question.template_id for item in attempt.items.all()}


def test_withdrawing_closes_the_open_reports_of_the_question():
    q = question()
    report = reports.question_report_create(
        question=q, reporter=candidate(), problem="wrong", comment="The penalty is a warning."
    )

    closed = reports.question_withdraw(
        question=q,
        reason="Agreed",
        by=committee_member(),
        preview_token=withdrawal_preview(question_id=q.pk).token,
    )

    report.refresh_from_db()
    assert closed == 1
    assert report.status == QuestionReport.Status.QUESTION_WITHDRAWN


@pytest.mark.parametrize("comment", ["", "   ", "x" * 2001, "a\x00b"])
def test_a_bad_report_is_refused_with_a_reason(comment):
    with pytest.raises(reports.ReportError):
        reports.question_report_create(
            question=question(), reporter=candidate(), problem="wrong", comment=comment
        )


def test_a_candidate_reports_a_practised_question_from_the_feedback_page(client):
    person = candidate()
    q = question()
    PracticeAnswer.objects.create(user=person, question=q, response="r", grade={}, score=0)
    client.force_login(person)

    response = client.post(
        reverse("question-report", args=[q.pk]),
        {"problem": "unclear", "comment": "Who controls the trigger?", "next": "/practice/"},
    )

    assert response.status_code == 302
    assert response["Location"] == "/practice/"
    assert QuestionReport.objects.get().reporter == person


def test_a_report_needs_a_chosen_problem_none_is_preselected(client):
    """UX walk 1, finding 35: the list preselected "The key is wrong", so a comment alone
    filed a wrong-key report."""
    person = candidate()
    q = question()
    answer = practice_answer_submit(user=person, question=q, response="Cheating.").answer
    client.force_login(person)

    page = client.get(reverse("practice-feedback", args=[answer.pk])).content.decode()
    client.post(
        reverse("question-report", args=[q.pk]),
        {"problem": "", "comment": "The same situation came twice.", "next": "/practice/"},
    )

    assert '<option value="" selected disabled>Choose the problem</option>' in page
    assert 'name="problem" id="report-problem-' in page
    assert not QuestionReport.objects.exists()


def test_a_candidate_cannot_report_a_question_they_never_saw(client):
    client.force_login(candidate())

    response = client.post(
        reverse("question-report", args=[question().pk]), {"problem": "wrong", "comment": "x"}
    )

    assert response.status_code == 404
    assert not QuestionReport.objects.exists()


def test_an_offsite_next_is_ignored(client):
    client.force_login(mentor())

    response = client.post(
        reverse("question-report", args=[question().pk]),
        {"problem": "wrong", "comment": "x", "next": "https://evil.example/"},
    )

    assert response["Location"] == reverse("home")


def test_the_committee_withdraws_a_template_from_the_queue(client):
    q = question(template_id="rb-x")
    report = reports.question_report_create(
        question=q, reporter=mentor(), problem="wrong", comment="Key is wrong"
    )
    client.force_login(committee_member())

    page = client.get(reverse("committee-question-reports"))
    response = client.post(
        reverse("committee-report-decide", args=[report.pk]),
        {"action": "withdraw_template", "reason": "Confirmed"},
    )

    assert "Key is wrong" in page.content.decode()
    assert response.status_code == 302
    assert not servable(type(q).objects.filter(pk=q.pk)).exists()


def test_a_decision_without_a_reason_changes_nothing(client):
    report = reports.question_report_create(
        question=question(), reporter=mentor(), problem="wrong", comment="Key is wrong"
    )
    client.force_login(committee_member())

    client.post(reverse("committee-report-decide", args=[report.pk]), {"action": "dismiss"})

    report.refresh_from_db()
    assert report.status == QuestionReport.Status.OPEN


def test_the_report_decision_has_no_default_and_each_form_its_own_ids(client):
    # Issue 29: "the question-report decision defaults to 'Withdraw this question'".
    for _ in range(2):
        reports.question_report_create(
            question=question(), reporter=mentor(), problem="wrong", comment="Key is wrong"
        )
    client.force_login(committee_member())

    page = client.get(reverse("committee-question-reports"))

    html = page.content.decode()
    forms = [report.form for report in page.context["queue"]]
    assert [f["action"].value() for f in forms] == [None, None]
    assert next(iter(forms[0].fields["action"].choices))[0] == ""
    assert 'value="withdraw_question" selected' not in html
    assert forms[0]["action"].id_for_label != forms[1]["action"].id_for_label


def test_a_decision_without_a_chosen_action_changes_nothing(client):
    report = reports.question_report_create(
        question=question(), reporter=mentor(), problem="wrong", comment="Key is wrong"
    )
    client.force_login(committee_member())

    client.post(
        reverse("committee-report-decide", args=[report.pk]), {"action": "", "reason": "Why"}
    )

    report.refresh_from_db()
    assert report.status == QuestionReport.Status.OPEN
