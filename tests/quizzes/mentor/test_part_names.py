"""The mentor's decision names each part in the reader's language, on the review page, its
history and the candidate's result, never by its id ("infraction: 0% (aceita)", "Motivo:
penalty: …": UX walk 1, #12)."""

import pytest
from django.urls import reverse

from tests.quizzes.mentor.conftest import flagged_review

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

DECISION = {
    "infraction-decision": "accept",
    "penalty-decision": "override",
    "penalty-percent": "0",
    "penalty-reason": "Hedged between two penalties.",
    "remedy-decision": "override",
    "remedy-percent": "50",
    "remedy-reason": "Half right.",
}


@pytest.fixture
def decided(client):
    found = flagged_review()
    guide = found.candidate.cohorts.get().mentor
    client.force_login(guide)
    client.post(reverse("mentor-review", args=[found.pk]), DECISION)
    return found, guide


def test_the_review_page_and_its_history_name_parts_in_portuguese(client, decided):
    found, _guide = decided

    url = reverse("mentor-review", args=[found.pk])
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()

    assert "<li>Infração: 100%" in html
    assert "<li>Penalidade: 0%" in html
    assert "Penalidade: Hedged between two penalties.; Correção: Half right." in html
    for raw in ("<li>infraction:", "<li>penalty:", "penalty: Hedged", "remedy: Half"):
        assert raw not in html, raw


def test_the_candidates_result_names_the_parts_of_the_mentors_reason_in_spanish(client, decided):
    found, _guide = decided
    client.force_login(found.candidate)

    url = reverse("exam-result", args=[found.item.attempt_id])
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()

    assert "Penalización: Hedged between two penalties.; Remedio: Half right." in html
    assert "penalty: Hedged" not in html
