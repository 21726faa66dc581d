"""Answers, appeals and override reasons are stored as typed and shown escaped everywhere:
the exam attempt and result pages, practice feedback and the admin change pages."""

from __future__ import annotations

import pytest
from django.test import Client

from judgetrain.accounts.models import User
from quizzes.exams.models.exams import AttemptItem
from quizzes.exams.services import exams
from quizzes.practice.services import practice_answer_submit
from quizzes.review.models.appeals import Appeal
from tests.factories import assignment, candidate, committee_member, question

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

PAYLOADS = (
    "<script>alert('xss')</script>",
    '"><img src=x onerror=alert(1)>',
    "' onmouseover='alert(2)",
    "</textarea><svg onload=alert(3)>",
)
TEXT = "Warning. " + " ".join(PAYLOADS)
DANGEROUS = (
    "<script>alert(",
    "<img src=x",
    "onmouseover='alert",
    "<svg onload",
    "</textarea><svg",
)


def _assert_escaped(html: str) -> None:
    for fragment in DANGEROUS:
        assert fragment not in html, fragment
    assert "&lt;script&gt;alert(" in html


@pytest.fixture
def student(client: Client) -> User:
    user = candidate()
    client.force_login(user)
    return user


@pytest.fixture
def item(student: User) -> AttemptItem:
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    exams.attempt_item_save(item=attempt.items.get(position=1), response=TEXT, base_revision=0)
    return attempt.items.get(position=1)


@pytest.fixture
def graded(item: AttemptItem) -> AttemptItem:
    exams.attempt_submit(attempt=item.attempt, responses=None)
    item.refresh_from_db()
    exams.appeal_create(item=item, comment=TEXT)
    exams.item_override(item=item, score=0.5, reason=TEXT, by=committee_member())
    Appeal.objects.filter(item=item).update(status=Appeal.Status.REJECTED, resolution=TEXT)
    item.refresh_from_db()
    return item


def test_the_attempt_page_escapes_a_saved_answer(client, item):
    html = client.get(f"/exams/attempts/{item.attempt_id}/").content.decode()

    _assert_escaped(html)
    assert "&lt;/textarea&gt;&lt;svg onload=alert(3)&gt;" in html


def test_the_result_page_escapes_the_answer_override_reason_and_appeal(client, graded):
    html = client.get(f"/exams/attempts/{graded.attempt_id}/result").content.decode()

    _assert_escaped(html)
    assert html.count("&lt;script&gt;alert(") >= 3  # answer, override reason, resolution


def test_practice_feedback_escapes_the_answer(client, student):
    result = practice_answer_submit(user=student, question=question(), response=TEXT, lang="en")

    html = client.get(f"/practice/answers/{result.answer.pk}").content.decode()

    _assert_escaped(html)


@pytest.mark.parametrize("page", ["attemptitem", "appeal", "attempt", "practiceanswer"])
def test_the_admin_change_pages_escape_candidate_text(client, graded, page):
    answer = practice_answer_submit(
        user=graded.attempt.candidate, question=question(), response=TEXT, lang="en"
    ).answer
    client.force_login(User.objects.create_superuser(email="root@example.com", password="x" * 20))
    pk = {
        "attemptitem": graded.pk,
        "appeal": graded.appeal.pk,
        "attempt": graded.attempt_id,
        "practiceanswer": answer.pk,
    }[page]

    html = client.get(f"/admin/quizzes/{page}/{pk}/change/").content.decode()

    _assert_escaped(html)


def test_the_api_returns_text_as_json_never_html(client, graded):
    response = client.get(f"/api/v1/attempts/{graded.attempt_id}/result")

    assert response["Content-Type"] == "application/json"
    assert response["X-Content-Type-Options"] == "nosniff"
