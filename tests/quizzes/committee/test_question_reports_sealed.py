"""Issue 25, finding 1: a committee member sitting an exam read its keys by filing problem
reports on a range of question ids, then opening the committee's report queue (stem, key and
explanation): 8 of 8 keys during an attempt in progress. Now no report can be filed on a
question sealed for the reporter (it answers as an unknown id), and the queue, its API and its
decisions leave out every report on a question sealed for the reader."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from judgetrain.accounts.roles import Role
from quizzes.bank.models.questions import Question
from quizzes.bank.models.reports import QuestionReport
from quizzes.bank.services import question_reports as reports
from tests.factories import candidate, mentor, question, user
from tests.quizzes.sealing import GRADED, answered_alike, sitting

pytestmark = pytest.mark.django_db

REPORT = {"problem": "wrong", "comment": "The penalty is a warning."}


def committee_candidate():
    """A committee member who also sits exams (for the next level, say)."""
    return user(Role.COMMITTEE, Role.CANDIDATE, is_staff=True)


def marked(n: int) -> Question:
    """A question whose explanation and key text are found by a marker in any body."""
    return question(explanation=f"SEALED-EXPLANATION-{n}", key_detail={"key_text": f"SKT-{n}"})


def markers(text: str) -> list[str]:
    return re.findall(r"SEALED-EXPLANATION-\d+|SKT-\d+", text)


def test_a_committee_member_sitting_an_exam_reads_none_of_its_keys_through_reports(client):
    judge = committee_candidate()
    exam = [marked(n) for n in range(8)]
    sitting(judge, exam)
    client.force_login(judge)
    ids = range(max(1, min(q.pk for q in exam) - 2), max(q.pk for q in exam) + 3)

    for pk in ids:
        client.post(reverse("question-report", args=[pk]), REPORT)
        client.post(reverse("api-question-report", args=[pk]), REPORT, "application/json")
    page = client.get(reverse("committee-question-reports"))
    listed = client.get(reverse("api-committee-question-reports"))

    assert page.status_code == listed.status_code == 200
    assert markers(page.content.decode()) == []
    assert listed.json()["results"] == []
    assert not QuestionReport.objects.exists()


@pytest.mark.parametrize("route", ["question-report", "api-question-report"])
def test_a_report_on_a_question_of_ones_exam_answers_as_an_unknown_id(client, route):
    judge = committee_candidate()
    mine = question()
    sitting(judge, [mine])
    client.force_login(judge)

    refused = client.post(reverse(route, args=[mine.pk]), REPORT, "application/json")
    unknown = client.post(reverse(route, args=[mine.pk + 1000]), REPORT, "application/json")

    assert refused.status_code == 404
    assert answered_alike(refused, mine.pk, unknown, mine.pk + 1000)


def test_a_candidate_cannot_report_a_graded_question_before_its_keys_are_released(client):
    person = candidate()
    mine = question()
    sitting(person, [mine], status=GRADED, review_policy="never")
    client.force_login(person)

    response = client.post(reverse("question-report", args=[mine.pk]), REPORT)

    assert response.status_code == 404
    assert not QuestionReport.objects.exists()


def test_reports_by_others_on_the_readers_exam_are_left_out_of_the_queue(client):
    judge = committee_candidate()
    mine, other = marked(1), marked(2)
    sitting(judge, [mine])
    hidden = reports.question_report_create(question=mine, reporter=mentor(), **REPORT)
    shown = reports.question_report_create(question=other, reporter=mentor(), **REPORT)
    client.force_login(judge)

    page = client.get(reverse("committee-question-reports")).content.decode()
    listed = client.get(reverse("api-committee-question-reports")).json()["results"]
    home = client.get(reverse("committee"))

    assert markers(page) == ["SKT-2", "SEALED-EXPLANATION-2"]
    assert [row["id"] for row in listed] == [shown.pk]
    assert home.context["open_reports"] == 1
    assert hidden.pk not in {row["id"] for row in listed}


@pytest.mark.parametrize(
    ("route", "body"),
    [
        ("committee-report-decide", {"action": "dismiss", "reason": "Right as is."}),
        ("api-committee-report-decision", {"action": "dismiss", "reason": "Right as is."}),
    ],
)
def test_a_report_on_the_readers_exam_cannot_be_decided_by_them(client, route, body):
    judge = committee_candidate()
    mine = question()
    sitting(judge, [mine])
    report = reports.question_report_create(question=mine, reporter=mentor(), **REPORT)
    client.force_login(judge)

    response = client.post(reverse(route, args=[report.pk]), body, "application/json")

    assert response.status_code == 404
    report.refresh_from_db()
    assert report.status == QuestionReport.Status.OPEN


def test_once_the_keys_are_released_the_member_reports_and_reads_again(client):
    judge = committee_candidate()
    mine = marked(3)
    sitting(judge, [mine], status=GRADED, review_policy="immediately")
    client.force_login(judge)

    filed = client.post(reverse("api-question-report", args=[mine.pk]), REPORT, "application/json")
    page = client.get(reverse("committee-question-reports")).content.decode()

    assert filed.status_code == 201
    assert markers(page) == ["SKT-3", "SEALED-EXPLANATION-3"]
