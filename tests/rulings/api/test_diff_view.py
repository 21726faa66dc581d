"""POST /api/v1/rulings/diff: the facts and ruling steps that differ between two situations."""

import copy

import pytest

from tests.factories import candidate, mentor

pytestmark = pytest.mark.django_db

DIFF = "/api/v1/rulings/diff"


def _pair(treasure_hunter):
    after = copy.deepcopy(treasure_hunter)
    after["noticed"] = {"when": "previous_turn", "turns_elapsed": 1, "error_turn_player": "you"}
    after["turn_player"] = "opponent"
    return {"before": treasure_hunter, "after": after}


def test_diff_names_the_changed_facts_and_the_remedy_that_changed(client, treasure_hunter):
    client.force_login(mentor())

    response = client.post(DIFF, _pair(treasure_hunter), content_type="application/json")

    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["policy_version"] == "riftbound-tr-2026-seed"
    assert body["same_ruling"] is False
    assert {f["path"] for f in body["facts"]} == {
        "turn_player",
        "noticed.when",
        "noticed.turns_elapsed",
        "noticed.error_turn_player",
    }
    remedy = [c for c in body["changes"] if c["part"] == "remedy_step"]
    assert [(c["before"]["remedy"], c["after"]["remedy"]) for c in remedy] == [
        ("opponent_chooses_resolve_or_skip", "continue_play")
    ]
    assert {"statement": "tr-702.2.f.1", "citation": "TR 702.2.f.1"} in remedy[0]["citations"]


def test_the_same_situation_twice_has_no_differences(client, treasure_hunter):
    client.force_login(mentor())

    body = {"before": treasure_hunter, "after": treasure_hunter}
    response = client.post(DIFF, body, content_type="application/json")

    assert response.json() == {
        "game": "riftbound",
        "policy_version": "riftbound-tr-2026-seed",
        "same_ruling": True,
        "facts": [],
        "changes": [],
    }


def test_an_invalid_field_is_named_with_its_side(client, treasure_hunter):
    client.force_login(mentor())
    pair = _pair(treasure_hunter)
    pair["after"]["trigger"] = {**pair["after"]["trigger"], "kind": "sneeze"}

    response = client.post(DIFF, pair, content_type="application/json")

    assert response.status_code == 400
    assert "after.trigger.kind" in response.json()


def test_a_player_the_policy_does_not_rule_on_is_named_with_its_side(client, treasure_hunter):
    client.force_login(mentor())
    pair = _pair(treasure_hunter)
    pair["before"]["asked_about"] = "opponent"

    response = client.post(DIFF, pair, content_type="application/json")

    assert response.status_code == 400
    assert "before.asked_about" in response.json()


def test_a_situation_with_more_fields_than_any_situation_has_is_refused_unread(
    client, treasure_hunter
):
    client.force_login(mentor())
    pair = _pair(treasure_hunter)
    pair["after"] = {f"field{n}": n for n in range(65)}

    response = client.post(DIFF, pair, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["after"] == ["a situation has at most 64 fields."]


def test_two_policy_versions_are_refused(client, treasure_hunter):
    client.force_login(mentor())
    other = {**copy.deepcopy(treasure_hunter), "game": "mtg"}
    other["trigger"] = {"kind": "visible_change", "controller": "you"}

    response = client.post(
        DIFF, {"before": treasure_hunter, "after": other}, content_type="application/json"
    )

    assert response.status_code == 400
    assert "after.game" in response.json()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"before": {}}, "after"),
        ({"after": {}}, "before"),
        ({"before": [], "after": {}}, "before"),
        ({"before": {}, "after": {}, "extra": 1}, "extra"),
        ([1, 2], "body"),
    ],
)
def test_a_body_without_two_situations_is_refused(client, body, field):
    client.force_login(mentor())

    response = client.post(DIFF, body, content_type="application/json")

    assert response.status_code == 400
    assert field in response.json()


def test_candidates_cannot_diff_so_they_cannot_compute_exam_keys(client, treasure_hunter):
    client.force_login(candidate())

    response = client.post(DIFF, _pair(treasure_hunter), content_type="application/json")

    assert response.status_code == 403


def test_diff_runs_no_database_query_beyond_the_session(
    client, treasure_hunter, django_assert_max_num_queries
):
    client.force_login(mentor())
    pair = _pair(treasure_hunter)
    with django_assert_max_num_queries(3):
        response = client.post(DIFF, pair, content_type="application/json")
    assert response.status_code == 200


def test_the_openapi_schema_describes_the_diff_request_and_response(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")

    schema = response.json()
    post = schema["paths"]["/api/v1/rulings/diff"]["post"]
    request = post["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    assert request.endswith("/DiffRequest")
    components = schema["components"]["schemas"]
    assert {"before", "after"} <= set(components["DiffRequest"]["properties"])
    assert {"facts", "changes", "same_ruling"} <= set(components["DiffResponse"]["properties"])
