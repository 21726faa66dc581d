"""Walk 7, #6: a contested appeal does not vanish from the mentor's Appeals page. It is listed
under Decided with the mentor's decision, marked "contested, with the committee", and then
with the committee's ruling; a committee member's view of the page shows what waits for it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from quizzes.review.services import appeals
from tests.factories import committee_member
from tests.quizzes.mentor.test_mentor_views import contested_appeal

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def section(html: str, heading_id: str) -> str:
    start = html.index(f'aria-labelledby="{heading_id}"')
    return html[start : html.index("</section>", start)]


def test_a_contested_appeal_stays_under_decided_marked_with_the_committee(client):
    appeal = contested_appeal()
    client.force_login(appeal.item.attempt.candidate.cohorts.get().mentor)

    html = client.get(reverse("mentor-appeals")).content.decode()

    decided = section(html, "decided-heading")
    assert str(appeal.item.attempt.candidate) in decided
    assert "Mentor: Rejected" in decided
    assert "contested, with the committee" in decided
    assert "No appeal is waiting." in section(html, "waiting-heading")


def test_the_committees_ruling_on_a_contested_appeal_comes_back_to_the_mentor(client):
    appeal = contested_appeal()
    judge = committee_member(first_name="Claire", last_name="Dubois")
    appeals.appeal_decide(appeal=appeal, by=judge, uphold=True, reason="Fair.", percent=100)
    client.force_login(appeal.item.attempt.candidate.cohorts.get().mentor)

    decided = section(client.get(reverse("mentor-appeals")).content.decode(), "decided-heading")

    assert "Mentor: Rejected" in decided
    assert "Committee: <strong>Upheld</strong> (Claire Dubois)" in decided
    assert "contested, with the committee" not in decided


def test_the_committee_sees_on_the_appeals_page_what_waits_for_it(client):
    appeal = contested_appeal()
    client.force_login(committee_member())

    html = client.get(reverse("mentor-appeals")).content.decode()

    waiting = section(html, "waiting-heading")
    assert "Waiting for the committee's decision" in waiting
    assert str(appeal.item.attempt.candidate) in waiting
    assert "contested, with the committee" in waiting
    committee_page = client.get(reverse("committee-appeals")).content.decode()
    assert str(appeal.item.attempt.candidate) in section(committee_page, "waiting-heading")
