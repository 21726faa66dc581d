"""The situation model's gaps found while encoding independent cases (issue 10, point 8)."""

from __future__ import annotations

from typing import Any

import pytest

from rulings.core import Situation, SituationError, evaluate, situation_schema


def _rule(data: dict[str, Any]) -> Any:
    return evaluate(Situation.from_dict(data))


def _score_with_witness(**rest: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "riftbound",
        "players": ["ana", "ben"],
        "turn_player": "ana",
        "score": {"player": "ana", "source": "conquer"},
        "noticed": {"when": "same_turn"},
        "silent_witnesses": ["ben"],
    }
    data.update(rest)
    return data


def test_a_silent_opponents_own_record_is_used_for_their_penalty() -> None:
    record = [{"player": "ben", "warnings": {"failure_to_maintain_game_state": 2}}]
    instructed = _rule(
        _score_with_witness(other_records=record, history={"head_judge_instructs_upgrade": True})
    )
    assert [(p.player, p.penalty) for p in instructed.additional_penalties] == [
        ("ben", "game_loss")
    ]
    exempt = _rule(_score_with_witness(other_records=record))
    assert [(p.player, p.penalty) for p in exempt.additional_penalties] == [("ben", "warning")]


def test_the_error_players_record_does_not_count_for_the_opponent() -> None:
    ruling = _rule(
        _score_with_witness(
            history={
                "player": "ana",
                "warnings": {"failure_to_maintain_game_state": 2},
                "head_judge_instructs_upgrade": True,
            }
        )
    )
    assert [(p.player, p.penalty) for p in ruling.additional_penalties] == [("ben", "warning")]


def test_history_names_the_player_who_made_the_error() -> None:
    with pytest.raises(SituationError, match=r"history\.player"):
        Situation.from_dict(_score_with_witness(history={"player": "ben"}))
    with pytest.raises(SituationError, match="other_records"):
        Situation.from_dict(
            _score_with_witness(other_records=[{"player": "ben"}, {"player": "ben"}])
        )


def _opponents_turn_trigger(**play: Any) -> dict[str, Any]:
    return {
        "game": "mtg",
        "players": ["ana", "ben"],
        "turn_player": "ben",
        "trigger": {"kind": "visible_change", "controller": "ana"},
        "play": {"following_action": "advance_step", **play},
        "noticed": {"when": "same_turn"},
    }


def test_on_an_opponents_turn_a_trigger_is_missed_only_after_its_controller_acts() -> None:
    assert _rule(_opponents_turn_trigger()).infraction == "missed_trigger"
    remembered = _rule(_opponents_turn_trigger(active_role_taken=False))
    assert remembered.infraction == "no_infraction"
    assert remembered.infraction_statement == "ipg-2.1-opponent-turn"


def test_the_active_role_rule_is_only_for_triggers_on_an_opponents_turn() -> None:
    data = _opponents_turn_trigger(active_role_taken=False)
    data["turn_player"] = "ana"
    assert _rule(data).infraction == "missed_trigger"


@pytest.mark.parametrize("game", ["mtg", "riftbound"])
def test_a_trigger_kind_may_be_left_out(game: str) -> None:
    data = {
        "game": game,
        "players": ["ana", "ben"],
        "turn_player": "ana",
        "trigger": {"controller": "ana"},
        "play": {"following_action": "wrong_characteristics"},
        "noticed": {"when": "same_turn"},
    }
    ruling = _rule(data)
    assert ruling.infraction == "missed_trigger"
    data["play"] = {"following_action": "pass_priority"}
    assert _rule(data).infraction == "no_infraction"


def _time_bar(turns: int, error_phase: str, phase: str) -> dict[str, Any]:
    return {
        "game": "mtg",
        "players": ["ana", "ben"],
        "turn_player": "ben" if turns % 2 else "ana",
        "trigger": {"kind": "visible_change", "controller": "ana"},
        "play": {"following_action": "advance_step"},
        "noticed": {
            "when": "previous_turn",
            "turns_elapsed": turns,
            "error_turn_player": "ana",
            "phase": phase,
            "error_phase": error_phase,
        },
    }


@pytest.mark.parametrize(
    ("turns", "error_phase", "phase", "remedy"),
    [
        (1, "combat", "ending", "continue_play"),
        (1, "combat", "combat", "opponent_chooses_put_on_stack"),
        (1, "ending", "beginning", "opponent_chooses_put_on_stack"),
        (2, "ending", "beginning", "continue_play"),
    ],
)
def test_how_long_ago_comes_from_the_phases_apart_from_when_it_was_noticed(
    turns: int, error_phase: str, phase: str, remedy: str
) -> None:
    ruling = _rule(_time_bar(turns, error_phase, phase))
    assert [s.remedy for s in ruling.remedy] == [remedy]


def test_both_phases_are_needed() -> None:
    data = _time_bar(1, "combat", "ending")
    del data["noticed"]["error_phase"]
    with pytest.raises(SituationError, match=r"noticed\.phase"):
        Situation.from_dict(data)


def test_a_complex_rewind_is_not_a_simple_backup() -> None:
    data = {
        "game": "mtg",
        "players": ["ana", "ben"],
        "turn_player": "ana",
        "game_error": {"kind": "game_rule_violation", "player": "ana"},
        "rewind": "complex",
    }
    assert [s.remedy for s in _rule(data).remedy] == ["continue_play"]


def test_the_schema_carries_the_new_facts() -> None:
    props = situation_schema()["properties"]
    assert "other_records" in props
    assert "partial_fix" in props
    trigger = props["trigger"]["anyOf"][0]
    assert "kind" not in trigger.get("required", [])
    noticed = props["noticed"]["properties"]
    assert {"phase", "error_phase", "by", "at_start_of_turn"} <= set(noticed)
    assert "active_role_taken" in props["play"]["properties"]
    assert "player" in props["history"]["properties"]
