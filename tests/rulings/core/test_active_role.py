"""The active-role rule (issue 30, point 2): on an opponent's turn a trigger is missed once its
controller takes an active role (an action, or an explicit pass such as "no responses") before
showing awareness of it, even when the actions that pass its point of impact are the opponent's."""

from __future__ import annotations

from typing import Any

import pytest

from rulings.core import Situation, SituationError, evaluate, situation_schema

MTG_VERSIONS = ("mtg-ipg-2.1-seed", "mtg-ipg-2.1-2024-09-23", "mtg-ipg-2.1-es-article")


def _howling_mine(role: str, version: str = "mtg-ipg-2.1-seed") -> dict[str, Any]:
    """Nick's draw step; alice's symmetric Howling Mine would have given nick a card."""
    return {
        "game": "mtg",
        "policy_version": version,
        "players": ["alice", "nick"],
        "turn_player": "nick",
        "trigger": {
            "kind": "visible_change",
            "controller": "alice",
            "name": "Howling Mine",
            "symmetric": True,
            "symmetric_effect": "beneficial",
            "affects": "opponent",
        },
        "play": {
            "following_action": "advance_step",
            "following_action_by": "other",
            "controller_active_role": role,
        },
        "noticed": {"when": "same_turn"},
    }


def _upkeep_curse(role: str, version: str = "mtg-ipg-2.1-seed") -> dict[str, Any]:
    """Nick's upkeep; alice's Curse would have dealt nick 1 damage; nick then draws."""
    return {
        "game": "mtg",
        "policy_version": version,
        "players": ["alice", "nick"],
        "turn_player": "nick",
        "trigger": {"kind": "visible_change", "controller": "alice", "name": "Curse"},
        "play": {
            "following_action": "draw_card",
            "following_action_by": "other",
            "controller_active_role": role,
        },
        "noticed": {"when": "same_turn"},
    }


def _rule(data: dict[str, Any]) -> Any:
    return evaluate(Situation.from_dict(data))


def test_a_symmetric_draw_step_trigger_missed_after_no_responses_is_a_warning() -> None:
    ruling = _rule(_howling_mine("explicit_pass"))
    assert ruling.infraction == "missed_trigger"
    assert ruling.penalty.final == "warning"
    assert [s.reason for s in ruling.penalty.steps] == ["base", "symmetric_trigger"]
    assert [(s.remedy, dict(s.params)["chooser"]) for s in ruling.remedy] == [
        ("opponent_chooses_put_on_stack", "nick")
    ]
    assert "ipg-2.1-opponent-turn" in {step.statement for step in ruling.explanation}


def test_the_same_draw_step_without_an_active_role_is_not_missed() -> None:
    ruling = _rule(_howling_mine("none"))
    assert ruling.infraction == "no_infraction"
    assert ruling.infraction_statement == "ipg-2.1-no-forcing"
    assert [dict(s.params) for s in ruling.remedy] == [{"trigger_resolves_now": True}]


def test_an_upkeep_trigger_hurting_the_opponent_missed_after_an_action_has_no_penalty() -> None:
    ruling = _rule(_upkeep_curse("action"))
    assert ruling.infraction == "missed_trigger"
    assert ruling.penalty.final == "no_penalty"
    assert "ipg-2.1-opponent-turn" in {step.statement for step in ruling.explanation}
    assert [s.remedy for s in ruling.remedy] == ["opponent_chooses_put_on_stack"]


def test_the_same_upkeep_without_an_active_role_is_not_missed() -> None:
    assert _rule(_upkeep_curse("none")).infraction == "no_infraction"


@pytest.mark.parametrize("version", MTG_VERSIONS)
@pytest.mark.parametrize(
    ("role", "infraction"),
    [
        ("action", "missed_trigger"),
        ("explicit_pass", "missed_trigger"),
        ("none", "no_infraction"),
        ("unstated", "no_infraction"),
    ],
)
def test_the_rule_holds_in_every_magic_version(version: str, role: str, infraction: str) -> None:
    assert _rule(_upkeep_curse(role, version)).infraction == infraction


def test_unstated_keeps_the_old_ruling_an_opponent_cannot_force_a_miss() -> None:
    data = _upkeep_curse("none")
    del data["play"]["controller_active_role"]
    ruling = _rule(data)
    assert ruling.infraction == "no_infraction"
    assert ruling.infraction_statement == "ipg-2.1-no-forcing"


def test_an_active_role_alone_does_not_miss_a_trigger_whose_impact_is_not_passed() -> None:
    data = _upkeep_curse("explicit_pass")
    data["play"]["following_action"] = "pass_priority"  # nothing past a visible change yet
    ruling = _rule(data)
    assert ruling.infraction == "no_infraction"
    assert all(not dict(s.params).get("trigger_resolves_now") for s in ruling.remedy)


def test_an_active_role_on_the_controllers_own_turn_changes_nothing() -> None:
    for role in ("action", "none"):
        data = _upkeep_curse(role)
        data["turn_player"] = "alice"
        assert _rule(data).infraction == "no_infraction"  # nick's draw: no-forcing


def test_awareness_in_time_still_wins_over_an_active_role() -> None:
    data = _upkeep_curse("action")
    data["play"]["acknowledged"] = "in_time"
    assert _rule(data).infraction == "no_infraction"


def test_the_controllers_own_action_with_no_active_role_stated_none_is_remembered() -> None:
    data = _upkeep_curse("none")
    data["play"]["following_action_by"] = "accountable"
    ruling = _rule(data)
    assert ruling.infraction == "no_infraction"
    assert ruling.infraction_statement == "ipg-2.1-opponent-turn"


def test_riftbound_keeps_its_no_rushing_rule_the_seed_has_no_active_role_rule() -> None:
    data = {
        "game": "riftbound",
        "players": ["ana", "ben"],
        "turn_player": "ben",
        "trigger": {"kind": "point_total", "controller": "ana"},
        "play": {
            "following_action": "new_game_action",
            "following_action_by": "other",
            "controller_active_role": "explicit_pass",
        },
    }
    ruling = _rule(data)
    assert ruling.infraction == "no_infraction"
    # Ben acts on his own turn: no rushing of Ana (review 8), so the ruling rests on TR
    # 506.3.b (only the accountable player's own new game action forgets a trigger).
    assert ruling.infraction_statement == "tr-506.3.b-own-action"


def test_a_stated_active_role_needs_a_trigger() -> None:
    data = {
        "game": "mtg",
        "players": ["alice", "nick"],
        "turn_player": "alice",
        "game_error": {"kind": "game_rule_violation", "player": "alice"},
        "play": {"controller_active_role": "action"},
    }
    with pytest.raises(SituationError, match=r"play\.controller_active_role"):
        Situation.from_dict(data)


def test_an_active_role_cannot_contradict_active_role_taken() -> None:
    data = _upkeep_curse("action")
    data["play"]["active_role_taken"] = False
    with pytest.raises(SituationError, match="contradicts"):
        Situation.from_dict(data)


def test_an_unknown_active_role_is_rejected() -> None:
    with pytest.raises(SituationError, match=r"play\.controller_active_role: must be one of"):
        Situation.from_dict(_upkeep_curse("shrugged"))


def test_the_schema_documents_the_active_role_with_its_default() -> None:
    field = situation_schema()["properties"]["play"]["properties"]["controller_active_role"]
    assert field["enum"] == ["unstated", "none", "action", "explicit_pass"]
    assert "no responses" in field["description"]
