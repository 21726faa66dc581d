"""The admin override of one answer: a percentage 0-100 and a required reason; form errors,
never a 500, and nothing typed is lost."""

from __future__ import annotations

import pytest
from django.test import Client

from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.exams.services import exams
from tests.factories import assignment, committee_member

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


@pytest.fixture
def item() -> AttemptItem:
    job = assignment()
    attempt = exams.attempt_start(assignment=job, language="en")
    exams.attempt_submit(attempt=attempt, responses={1: exams.Answer("Warning, resolve it.", 0)})
    return AttemptItem.objects.get(attempt=attempt, position=1)


@pytest.fixture
def committee(client: Client) -> Client:
    client.force_login(committee_member())
    return client


def _change(client: Client, item: AttemptItem, **data: str):
    url = f"/admin/quizzes/attemptitem/{item.pk}/change/"
    return client.post(url, {"override_percent": "", "override_reason": "", **data})


def test_67_is_read_as_67_percent(committee, item):
    response = _change(committee, item, override_percent="67", override_reason="Partly right")

    assert response.status_code == 302
    item.refresh_from_db()
    assert item.override_score == pytest.approx(0.67)
    assert item.override_reason == "Partly right"
    assert Attempt.objects.get(pk=item.attempt_id).status == Attempt.Status.GRADED


def test_an_override_without_a_reason_is_a_form_error_that_keeps_the_score(committee, item):
    response = _change(committee, item, override_percent="67")

    assert response.status_code == 200
    assert "Give the reason for the new grade" in response.content.decode()
    assert 'value="67"' in response.content.decode()
    item.refresh_from_db()
    assert item.override_score is None


@pytest.mark.parametrize("percent", ["101", "-1", "abc", "1e400"])
def test_a_score_outside_0_to_100_is_a_form_error(committee, item, percent):
    response = _change(committee, item, override_percent=percent, override_reason="Why")

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["override_percent"]
    item.refresh_from_db()
    assert item.override_score is None


def test_a_nul_byte_in_the_reason_is_refused_and_saves_nothing(committee, item):
    response = _change(committee, item, override_percent="50", override_reason="a\x00b")

    assert response.status_code == 400
    item.refresh_from_db()
    assert item.override_score is None


def test_the_page_shows_the_current_override_as_a_percentage(committee, item):
    _change(committee, item, override_percent="67.5", override_reason="Half a part")

    page = committee.get(f"/admin/quizzes/attemptitem/{item.pk}/change/").content.decode()

    assert 'value="67.5"' in page


def test_emptying_the_score_removes_the_override(committee, item):
    _change(committee, item, override_percent="67", override_reason="Partly right")

    response = _change(committee, item)

    assert response.status_code == 302
    item.refresh_from_db()
    assert (item.override_score, item.override_reason) == (None, "")


def test_the_attempt_page_shows_overrides_read_only(committee, item):
    page = committee.get(f"/admin/quizzes/attempt/{item.attempt_id}/change/").content.decode()

    assert 'name="items-0-override_score"' not in page
