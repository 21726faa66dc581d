"""The administration site follows the one rule for keys (issue 25, point 2): rows about a
question sealed for the user (their own exam's, before its keys are released to them) are left
out of the question, answer, practice answer, review, appeal, problem report, key correction and
audit pages (and the attempts and pre-generated variants holding one, whose seeds would rebuild
it), and their change pages answer as for a row that does not exist, whatever the
user's roles (here a superuser whose exam closed without releasing its keys: not "sitting" it
any more, so only the sealing rule hides them)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model

from quizzes import access
from quizzes.bank.models.reports import QuestionReport
from quizzes.bank.services import question_reports as reports
from quizzes.exams.services import exams
from quizzes.practice.models import PracticeAnswer
from quizzes.review.models.review import AuditEntry, QuestionCorrection, Review
from quizzes.review.services import appeals
from tests.factories import candidate, committee_member, mentor, question
from tests.quizzes.sealing import GRADED, graded_item, sitting

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

MARKERS = re.compile(r"SEALED-(EXPLANATION|FEEDBACK)")


@pytest.fixture
def world():
    root = get_user_model().objects.create_superuser(email="root@example.com", password="x" * 20)
    mine, other = question(explanation="SEALED-EXPLANATION"), question()
    attempt = sitting(
        root,
        [mine],
        status=GRADED,
        review_policy="never",
        closes_in=-timedelta(days=1),
        feedback="SEALED-FEEDBACK",
        flagged=True,
    )
    item = attempt.items.get()
    appeal = exams.appeal_create(item=item, comment="Look again.")
    report = reports.question_report_create(
        question=mine, reporter=mentor(), problem="wrong", comment="Hmm."
    )
    correction = appeals.question_correction_create(
        question_id=mine.pk,
        appeal=None,
        by=committee_member(),
        reason="Wrong key.",
        correction=appeals.KeyCorrection(action=QuestionCorrection.Action.WITHDRAW),
    )
    practised = PracticeAnswer.objects.create(
        user=candidate(),
        question=mine,
        response="r",
        score=1.0,
        grade=graded_item(mine, feedback="SEALED-FEEDBACK"),
    )
    assert not access.exam_variants_hidden(root)
    return {
        "user": root,
        "other": other,
        "rows": {
            "question": mine.pk,
            "attemptitem": item.pk,
            "appeal": appeal.pk,
            "questionreport": report.pk,
            "questioncorrection": correction.pk,
            "practiceanswer": practised.pk,
            "review": Review.objects.get(item=item).pk,
            "auditentry": AuditEntry.objects.get(question=mine).pk,
            "attempt": attempt.pk,  # its seed would rebuild its questions
        },
    }


def test_no_admin_list_shows_a_row_about_a_sealed_question(client, world):
    client.force_login(world["user"])

    for model, pk in world["rows"].items():
        page = client.get(f"/admin/quizzes/{model}/")
        body = page.content.decode()

        assert page.status_code == 200, model
        assert f"/admin/quizzes/{model}/{pk}/change/" not in body, model
        assert not MARKERS.search(body), model


def test_a_sealed_rows_change_page_answers_as_a_missing_row(client, world):
    client.force_login(world["user"])

    for model, pk in world["rows"].items():
        page = client.get(f"/admin/quizzes/{model}/{pk}/change/")
        missing = client.get(f"/admin/quizzes/{model}/{pk + 1000}/change/")

        assert (page.status_code, page["Location"]) == (302, missing["Location"]), model


def test_other_rows_are_still_listed(client, world):
    client.force_login(world["user"])

    body = client.get("/admin/quizzes/question/").content.decode()

    assert f"/admin/quizzes/question/{world['other'].pk}/change/" in body
    assert QuestionReport.objects.count() == 1
