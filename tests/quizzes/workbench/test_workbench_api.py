"""POST /api/v1/mentor/workbench: rule a story and save it, as the page does."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from quizzes.workbench.models import WorkbenchStory
from tests.factories import candidate, cohort, committee_member, mentor

pytestmark = pytest.mark.django_db

URL = reverse("api-mentor-workbench")


def body(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "lang": "es",
        "trigger_name": "Treasure Hunter",
        "situation": {
            "game": "riftbound",
            "players": ["Ana", "Ben"],
            "turn_player": "Ana",
            "trigger": {"kind": "board_change", "controller": "Ana"},
            "events": [
                {"by": "Ana", "action": "new_game_action"},
                {"by": "Ben", "action": "noticed"},
            ],
        },
    }
    data.update(changes)
    return data


def test_candidates_get_403(client) -> None:
    client.force_login(candidate())
    assert client.post(URL, body(), content_type="application/json").status_code == 403


def test_it_rules_a_story_in_the_language_asked(client) -> None:
    client.force_login(mentor())
    response = client.post(URL, body(), content_type="application/json")
    assert response.status_code == 200
    data = response.json()
    assert data["ruling"]["infraction"]["id"] == "missed_trigger"
    assert data["ruling"]["infraction"]["name"] == "Habilidad disparada olvidada"
    assert "Treasure Hunter" in data["stem"]
    assert data["saved"] is None
    assert [d["fact"] for d in data["ruling"]["derived"]]


def test_an_invalid_fact_answers_400_naming_it(client) -> None:
    client.force_login(mentor())
    story = body()
    story["situation"]["trigger"]["kind"] = "choices_on_stack"
    response = client.post(URL, story, content_type="application/json")
    assert response.status_code == 400
    assert "situation.trigger.kind" in response.json()


def test_a_situation_with_more_keys_than_any_situation_has_is_refused_unread(client) -> None:
    client.force_login(mentor())
    story = body(situation={f"field{n}": n for n in range(65)})
    response = client.post(URL, story, content_type="application/json")
    assert response.status_code == 400
    assert "at most 64 fields" in str(response.json())


def test_a_mentor_saves_for_their_cohort_only(client) -> None:
    who = mentor()
    own, other = cohort(mentor=who), cohort()
    client.force_login(who)
    refused = client.post(
        URL, body(save_as="cohort", cohort=other.pk), content_type="application/json"
    )
    assert refused.status_code == 400
    assert "cohort" in refused.json()
    response = client.post(
        URL, body(save_as="cohort", cohort=own.pk), content_type="application/json"
    )
    assert response.status_code == 201
    saved = response.json()["saved"]
    assert saved["cohort"] == own.pk
    assert WorkbenchStory.objects.get(pk=saved["id"]).question.language == "es"


def test_only_the_committee_proposes(client) -> None:
    client.force_login(mentor())
    response = client.post(URL, body(save_as="proposal"), content_type="application/json")
    assert response.status_code == 403
    client.force_login(committee_member())
    response = client.post(URL, body(save_as="proposal"), content_type="application/json")
    assert response.status_code == 201
    assert response.json()["saved"]["status"] == "proposed"


def test_the_endpoint_is_in_the_openapi_schema(client) -> None:
    client.force_login(mentor())
    schema = client.get(reverse("api-schema")).content.decode()
    assert "/api/v1/mentor/workbench" in schema
    assert "save_as" in schema


def test_the_endpoint_queries_are_bounded(client, django_assert_max_num_queries) -> None:
    who = mentor()
    own = cohort(mentor=who)
    client.force_login(who)
    with django_assert_max_num_queries(4):
        client.post(URL, body(), content_type="application/json")
    with django_assert_max_num_queries(18):
        client.post(URL, body(save_as="cohort", cohort=own.pk), content_type="application/json")


def test_a_candidate_browsing_the_bank_never_sees_another_cohorts_story(client) -> None:
    who = mentor()
    member, outsider = candidate(), candidate()
    own = cohort(mentor=who, candidates=[member])
    client.force_login(who)
    saved = client.post(
        URL, body(save_as="cohort", cohort=own.pk), content_type="application/json"
    ).json()["saved"]
    listing = reverse("api-question-list")
    client.force_login(outsider)
    assert saved["question"] not in [q["id"] for q in client.get(listing).json()["results"]]
    client.force_login(member)
    assert saved["question"] in [q["id"] for q in client.get(listing).json()["results"]]
