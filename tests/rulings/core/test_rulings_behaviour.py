"""Behaviour of `evaluate`, one rule per test (the fixtures cover every seed case)."""

from __future__ import annotations

from typing import Any

from rulings import Ruling, Situation, evaluate


def _riftbound(**parts: Any) -> Ruling:
    data = {"game": "riftbound", "players": ["ana", "ben", "cy"], "turn_player": "ana", **parts}
    return evaluate(Situation.from_dict(data))


def _mtg(**parts: Any) -> Ruling:
    data = {"game": "mtg", "players": ["alice", "nick"], "turn_player": "alice", **parts}
    return evaluate(Situation.from_dict(data))


MISSED = {"kind": "point_total", "controller": "ana"}
PASSED = {"following_action": "new_game_action"}
MTG_MISSED = {"kind": "visible_change", "controller": "alice"}
MTG_PASSED = {"following_action": "advance_step"}


def test_missed_trigger_this_turn_lets_next_opponent_choose() -> None:
    ruling = _riftbound(trigger=MISSED, play=PASSED)
    assert ruling.remedy[0].remedy == "opponent_chooses_resolve_or_skip"
    assert dict(ruling.remedy[0].params)["chooser"] == "ben"


def test_next_opponent_wraps_around_the_turn_order() -> None:
    ruling = _riftbound(trigger={**MISSED, "controller": "cy"}, play=PASSED, turn_player="cy")
    assert dict(ruling.remedy[0].params)["chooser"] == "ana"


def test_missed_trigger_from_previous_turn_just_continues() -> None:
    noticed = {"when": "previous_turn", "turns_elapsed": 1}
    ruling = _riftbound(trigger=MISSED, play=PASSED, noticed=noticed)
    assert [s.remedy for s in ruling.remedy] == ["continue_play"]


def test_penalty_steps_start_at_the_base_and_cite_each_upgrade() -> None:
    history = {"warnings": {"missed_trigger": 2}}
    ruling = _riftbound(trigger=MISSED, play=PASSED, advantageous=True, history=history)
    path = [(s.from_penalty, s.to_penalty, s.citation) for s in ruling.penalty.steps]
    assert path == [
        ("no_penalty", "no_penalty", "TR 702.2"),
        ("no_penalty", "warning", "TR 702.2.e"),
        ("warning", "game_loss", "TR 702.1.b.1"),
    ]


def test_total_warning_threshold_depends_on_opl() -> None:
    history = {"warnings": {"general_error": 2, "drawing_extra_cards": 2}}
    payment = {"player": "ana", "cost": 2, "paid": 1}
    assert _riftbound(payment=payment, history=history).penalty.final == "warning"
    professional = _riftbound(payment=payment, history=history, opl="professional")
    assert professional.penalty.final == "game_loss"


def test_exempt_warnings_do_not_count_towards_the_total() -> None:
    history = {"warnings": {"failure_to_maintain_game_state": 9}}
    payment = {"player": "ana", "cost": 2, "paid": 1}
    assert _riftbound(payment=payment, history=history).penalty.final == "warning"


def test_casual_opl_random_choice_keeps_whom_it_replaces() -> None:
    ruling = _riftbound(trigger=MISSED, play=PASSED, opl="casual")
    params = dict(ruling.remedy[0].params)
    assert params["chooser"] == "judge_at_random"
    assert params["on_behalf_of"] == "ben"


def test_simple_rewind_is_for_any_judge() -> None:
    ruling = _riftbound(payment={"player": "ana", "cost": 2, "paid": 1})
    assert ruling.rewind_by == "any_judge"


def test_game_loss_is_reported_to_the_head_judge() -> None:
    ruling = _riftbound(
        game_error={"kind": "general_error", "player": "ana"}, related_penalties=["game_loss"]
    )
    assert "TR 701.3.a" in {step.citation for step in ruling.explanation}


def test_round_cycle_ends_when_the_erring_turns_player_begins_again() -> None:
    noticed = {"when": "previous_turn", "turns_elapsed": 3, "error_turn_player": "ben"}
    ruling = _riftbound(score={"player": "ben", "source": "hold"}, noticed=noticed)
    assert ruling.round_cycle is not None
    assert ruling.round_cycle.passed is True
    assert ruling.round_cycle.ends_when_player_begins_turn == "ben"


def test_extra_turns_can_override_the_round_cycle() -> None:
    noticed = {"when": "previous_turn", "turns_elapsed": 3, "full_round_cycle_passed": False}
    ruling = _riftbound(score={"player": "ana", "source": "hold"}, noticed=noticed)
    assert [s.remedy for s in ruling.remedy] == ["correct_score"]


def test_silent_accountable_player_is_not_their_own_witness() -> None:
    ruling = _riftbound(score={"player": "ana", "source": "hold"}, silent_witnesses=["ana", "cy"])
    assert [p.player for p in ruling.additional_penalties] == ["cy"]


def test_magic_detrimental_trigger_is_a_warning_in_the_seed_version() -> None:
    ruling = _mtg(trigger={**MTG_MISSED, "detrimental": True}, play=MTG_PASSED)
    assert ruling.penalty.final == "warning"
    assert ruling.penalty.steps[-1].reason == "detrimental_trigger"


def test_magic_2024_needs_ownership_for_the_upgrade() -> None:
    trigger = {**MTG_MISSED, "detrimental": True, "owner": "nick"}
    version = "mtg-ipg-2.1-2024-09-23"
    ruling = _mtg(trigger=trigger, play=MTG_PASSED, policy_version=version)
    assert ruling.penalty.final == "no_penalty"


def test_magic_stack_choice_is_limited_to_choices_legal_back_then() -> None:
    params = dict(_mtg(trigger=MTG_MISSED, play=MTG_PASSED).remedy[0].params)
    assert params["only_choices_legal_when_it_should_have_triggered"] is True
    assert params["placement"] == ("proper_place", "bottom")


def test_judges_intervene_only_for_a_penalty_or_cheating() -> None:
    assert _mtg(trigger=MTG_MISSED, play=MTG_PASSED).judge_intervenes is False
    cheating = _mtg(trigger=MTG_MISSED, play=MTG_PASSED, intent="intentional")
    assert cheating.judge_intervenes is True
