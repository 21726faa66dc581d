import pytest

from rulings import core as engine
from tests.factories import candidate, committee_member, mentor

pytestmark = pytest.mark.django_db

EVALUATE = "/api/v1/rulings/evaluate"


def test_policies_list_every_version_with_its_game_and_statement_count(client):
    client.force_login(candidate())

    response = client.get("/api/v1/policies/")

    assert response.status_code == 200
    rows = {row["id"]: row for row in response.json()["results"]}
    assert set(rows) == set(engine.policy_versions())
    riftbound = rows[engine.default_version("riftbound")]
    assert riftbound["game"] == "riftbound"
    assert riftbound["default"] is True
    assert riftbound["statement_count"] == len(engine.load_policy(riftbound["id"]).statements)


def test_policies_filter_by_game_and_reject_an_unknown_game(client):
    client.force_login(candidate())

    games = {row["game"] for row in client.get("/api/v1/policies/?game=mtg").json()["results"]}
    bad = client.get("/api/v1/policies/?game=chess")

    assert games == {"mtg"}
    assert bad.status_code == 400
    assert "game" in bad.json()


def test_policy_detail_lists_statements_with_sections_and_paraphrases(client):
    client.force_login(candidate())
    version_id = engine.default_version("riftbound")

    body = client.get(f"/api/v1/policies/{version_id}/").json()

    by_section = {s["section"]: s for s in body["statements"]}
    assert set(by_section["TR 702.2.f.2"]["text"]) == {"en", "pt-BR", "es"}


def test_policy_endpoints_use_a_bounded_number_of_queries(client, django_assert_max_num_queries):
    client.force_login(candidate())
    with django_assert_max_num_queries(4):
        client.get("/api/v1/policies/")
    with django_assert_max_num_queries(4):
        client.get(f"/api/v1/policies/{engine.default_version('mtg')}/")


def test_unknown_policy_version_is_404(client):
    client.force_login(candidate())

    assert client.get("/api/v1/policies/no-such-version/").status_code == 404


def test_policies_need_a_login(client):
    assert client.get("/api/v1/policies/").status_code == 401


def test_evaluate_rules_the_treasure_hunter_example_with_citations(client, treasure_hunter):
    client.force_login(mentor())

    response = client.post(EVALUATE, treasure_hunter, content_type="application/json")

    assert response.status_code == 200, response.json()
    ruling = response.json()["ruling"]
    assert ruling["infraction"] == "missed_trigger"
    assert ruling["penalty"]["final"] == "no_penalty"
    assert ruling["remedy"][0]["remedy"] == "opponent_chooses_resolve_or_skip"
    assert ruling["remedy"][0]["citation"] == "TR 702.2.f.2"
    assert all(step["citation"] for step in ruling["explanation"])


def test_evaluate_rules_the_old_conclusion_fields_as_their_events_for_one_policy_cycle(
    client, treasure_hunter
):
    """The worked example's old `play` conclusions still work; told as events (the form
    questions are stored in) it keys the same and says what the engine concluded (issue 30)."""
    client.force_login(mentor())
    told = engine.as_events(treasure_hunter)
    assert "play" not in told

    old = client.post(EVALUATE, treasure_hunter, content_type="application/json").json()
    new = client.post(EVALUATE, told, content_type="application/json").json()

    assert "derived" not in old["ruling"]
    assert {k: v for k, v in new["ruling"].items() if k != "derived"} == old["ruling"]
    facts = {d["fact"]: d["value"] for d in new["ruling"]["derived"]}
    assert facts["play.acknowledged"] == "no"


def test_evaluate_explains_in_the_requested_language(client, treasure_hunter):
    client.force_login(committee_member())

    english = client.post(EVALUATE, treasure_hunter, content_type="application/json")
    spanish = client.post(f"{EVALUATE}?lang=es", treasure_hunter, content_type="application/json")

    assert english.json()["ruling"] == spanish.json()["ruling"]
    assert english.json()["explanation"] != spanish.json()["explanation"]
    assert "TR 702.2.f.2" in spanish.json()["explanation"]


def test_evaluate_names_the_invalid_field(client, treasure_hunter):
    client.force_login(mentor())
    treasure_hunter["trigger"] = {**treasure_hunter["trigger"], "kind": "sneeze"}

    response = client.post(EVALUATE, treasure_hunter, content_type="application/json")

    assert response.status_code == 400
    assert list(response.json()) == ["detail", "code", "trigger.kind"]


def test_evaluate_rules_for_the_silent_witness_asked_about(client):
    client.force_login(mentor())
    situation = {
        "game": "riftbound",
        "players": ["ana", "ben", "cara"],
        "turn_player": "ana",
        "score": {"player": "ana", "source": "conquer"},
        "silent_witnesses": ["cara"],
        "asked_about": "cara",
    }

    response = client.post(EVALUATE, situation, content_type="application/json")

    assert response.status_code == 200, response.json()
    ruling = response.json()["ruling"]
    assert ruling["asked_about"] == "cara"
    assert ruling["infraction"] == "failure_to_maintain_game_state"
    assert ruling["additional_penalties"][0]["player"] == "ana"


def test_evaluate_names_asked_about_when_the_policy_does_not_rule_on_that_player(
    client, treasure_hunter
):
    client.force_login(mentor())
    treasure_hunter["asked_about"] = next(
        p for p in treasure_hunter["players"] if p != treasure_hunter["trigger"]["controller"]
    )

    response = client.post(EVALUATE, treasure_hunter, content_type="application/json")

    assert response.status_code == 400
    assert "asked_about" in response.json()


def test_evaluate_names_an_event_phase_of_another_game(client, treasure_hunter):
    client.force_login(mentor())
    treasure_hunter.pop("play", None)
    controller = treasure_hunter["trigger"]["controller"]
    treasure_hunter["events"] = [{"by": controller, "action": "new_game_action", "phase": "combat"}]

    response = client.post(EVALUATE, treasure_hunter, content_type="application/json")

    assert response.status_code == 400
    assert "awaken, beginning" in response.json()["events[0].phase"][0]


@pytest.mark.parametrize("body", ["[1, 2]", "not json", '"a string"'])
def test_evaluate_rejects_a_body_that_is_not_a_situation(client, body):
    client.force_login(mentor())

    response = client.post(EVALUATE, body, content_type="application/json")

    assert response.status_code == 400


def test_evaluate_rejects_an_unsupported_language(client, treasure_hunter):
    client.force_login(mentor())

    response = client.post(f"{EVALUATE}?lang=fr", treasure_hunter, content_type="application/json")

    assert response.status_code == 400
    assert "lang" in response.json()


def test_candidates_cannot_evaluate_so_they_cannot_compute_exam_keys(client, treasure_hunter):
    client.force_login(candidate())

    response = client.post(EVALUATE, treasure_hunter, content_type="application/json")

    assert response.status_code == 403


def test_anonymous_users_cannot_evaluate(client, treasure_hunter):
    assert (
        client.post(EVALUATE, treasure_hunter, content_type="application/json").status_code == 401
    )


def test_situation_schema_is_served_to_mentors(client):
    client.force_login(mentor())

    schema = client.get("/api/v1/rulings/situation-schema").json()

    assert {"game", "players", "turn_player"} <= set(schema["required"])


def test_situation_schema_is_not_served_to_candidates(client):
    client.force_login(candidate())

    response = client.get("/api/v1/rulings/situation-schema")

    assert response.status_code == 403
    assert response.json()["code"] == "permission_denied"
