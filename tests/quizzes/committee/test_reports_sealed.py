"""Reports and exports follow the one rule for keys (issue 25, point 2): answers to a question
sealed for the reader (their own exam's, before its keys are released to them) are left out of
the item analysis, the grader agreement, the corrected-gradings export (which carries the key)
and the exam report's facilities, whatever the reader's roles."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from judgetrain.accounts.roles import Role
from quizzes import selectors
from quizzes.exams.models.exams import AttemptItem
from quizzes.reports import selectors as sr
from tests.factories import candidate, question, user
from tests.quizzes.sealing import GRADED, sitting

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    """Two candidates' graded answers to two questions, each answer overridden to full marks
    (a corrected grading); a committee member sitting an exam holding the first question."""
    mine = question(template_id="t-sealed", stem="SEALED-STEM: a trigger was missed.")
    other = question(template_id="t-open", stem="OPEN-STEM: a trigger was missed.")
    for person in (candidate(), candidate()):
        sitting(person, [mine, other], status=GRADED)
    AttemptItem.objects.update(override_score=1.0)
    judge = user(Role.COMMITTEE, Role.CANDIDATE, is_staff=True)
    sitting(judge, [mine])
    return {"judge": judge, "mine": mine, "other": other}


def test_item_analysis_leaves_out_the_readers_sealed_question(world):
    templates, questions = sr.item_analysis(sr.report_scope(world["judge"]))

    assert [row.key for row in templates] == ["t-open"]
    # one row per exam the question was in (each sitting here is its own exam)
    assert {row.key for row in questions} == {str(world["other"].pk)}


def test_the_corrected_gradings_export_carries_no_key_of_a_sealed_question(client, world):
    client.force_login(world["judge"])

    lines = client.get(reverse("report-devset")).content.decode().splitlines()
    csv = client.get(reverse("report-csv", args=["items-by-question"])).content.decode()

    exported = {json.loads(line)["topic"] for line in lines}
    assert exported == {"t-open"}
    assert "OPEN-STEM" in csv
    assert "SEALED-STEM" not in csv


def test_grader_agreement_counts_no_answer_to_a_sealed_question(world):
    everyone = sr.grader_agreement(sr.Scope(mentor=None))[1]
    reader = sr.grader_agreement(sr.report_scope(world["judge"]))[1]

    assert [row.total for row in everyone] == [4]
    assert [row.total for row in reader] == [2]


def test_the_exam_report_leaves_the_sealed_question_out_of_the_facilities(client, world):
    client.force_login(world["judge"])

    body = client.get("/api/v1/reports/exams").json()

    assert [row["template_id"] for row in body["templates"]] == ["t-open"]
    assert selectors.committee_report()["templates"][0]["template_id"] == "t-open"
    assert len(selectors.committee_report()["templates"]) == 2
