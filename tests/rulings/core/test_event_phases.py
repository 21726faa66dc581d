"""Phases on events (issue 30, point 1): each game's phases come from its policy data with the
statement that names them, events may say in which phase they happened, and the engine derives
`noticed.phase` / `noticed.error_phase` from them, so Magic's time bar ("missed before the
current phase of the previous turn") is decided from the events. The stories are written for
these tests."""

from __future__ import annotations

from typing import Any

import pytest

from rulings.core import Situation, SituationError, evaluate, load_policy, situation_schema
from rulings.core.situation import ALL_PHASES

MTG_TIME_BAR = ("mtg-ipg-2.1-seed", "mtg-ipg-2.1-2024-09-23")


def _magic(version: str, error_phase: str | None, phase: str | None, turn: int) -> dict[str, Any]:
    """Alice misses her own visible trigger (she moves to the next step) in a phase of her
    turn; Nick points it out `turn` turns later, in `phase`."""
    return {
        "game": "mtg",
        "policy_version": version,
        "players": ["alice", "nick"],
        "turn_player": "alice" if turn % 2 == 0 else "nick",
        "trigger": {"kind": "visible_change", "controller": "alice"},
        "events": [
            {"by": "alice", "action": "advance_step", "phase": error_phase},
            {"by": "nick", "action": "noticed", "turn": turn, "phase": phase},
        ],
        "noticed": {"error_turn_player": "alice"},
    }


def _riftbound(events: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """Ana's trigger changes the board; what follows is told as events."""
    return {
        "game": "riftbound",
        "players": ["ana", "ben"],
        "turn_player": "ana",
        "trigger": {"kind": "board_change", "controller": "ana"},
        "events": events,
        **extra,
    }


def _rule(data: dict[str, Any]) -> dict[str, Any]:
    ruling: dict[str, Any] = evaluate(Situation.from_dict(data)).to_dict()
    return ruling


def _remedies(ruling: dict[str, Any]) -> list[str]:
    return [step["remedy"] for step in ruling["remedy"]]


def _derived(ruling: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {d["fact"]: d for d in ruling["derived"]}


def test_each_game_lists_its_phases_with_the_statement_that_names_them() -> None:
    magic = load_policy("mtg-ipg-2.1-seed")
    assert magic.phases == ("beginning", "precombat_main", "combat", "postcombat_main", "ending")
    assert magic.phases_ordered
    riftbound = load_policy("riftbound-tr-2026-seed")
    assert riftbound.phases == ("awaken", "beginning")
    assert not riftbound.phases_ordered  # neither source gives their order
    assert {p: riftbound.statement(s).section for p, s in riftbound.phase_statements.items()} == {
        "awaken": "TR 702.15",
        "beginning": "TR 506.3.d",
    }


@pytest.mark.parametrize("version", MTG_TIME_BAR)
@pytest.mark.parametrize(
    ("error_phase", "phase", "turn", "remedy"),
    [
        # Noticed in the next turn before the miss's phase: still within the time bar.
        ("combat", "precombat_main", 1, "opponent_chooses_put_on_stack"),
        # In the same phase of the next turn: not before the current phase, still within.
        ("combat", "combat", 1, "opponent_chooses_put_on_stack"),
        # Later than the miss's phase in the next turn: older than the current phase.
        ("combat", "ending", 1, "continue_play"),
        ("beginning", "postcombat_main", 1, "continue_play"),
        # Two turns on, whatever the phases: past the time bar.
        ("ending", "beginning", 2, "continue_play"),
        # The same turn: never past it.
        ("beginning", "ending", 0, "opponent_chooses_put_on_stack"),
    ],
)
def test_magic_time_bar_is_decided_from_the_phases_of_the_events(
    version: str, error_phase: str, phase: str, turn: int, remedy: str
) -> None:
    ruling = _rule(_magic(version, error_phase, phase, turn))
    assert ruling["infraction"] == "missed_trigger"
    assert _remedies(ruling) == [remedy]
    derived = _derived(ruling)
    assert derived["noticed.error_phase"]["value"] == error_phase
    assert derived["noticed.error_phase"]["event"] == 0
    assert derived["noticed.phase"]["value"] == phase
    assert derived["noticed.phase"]["event"] == 1
    assert derived["noticed.phase"]["statement"] == "ipg-2.1-remedy-time-bar"
    assert derived["noticed.phase"]["citation"] == "IPG 2.1"
    roles = {step["statement"]: step["role"] for step in ruling["explanation"]}
    if remedy == "continue_play":
        assert ruling["remedy"][0]["statement"] == "ipg-2.1-remedy-time-bar"
        assert roles["ipg-2.1-remedy-time-bar"] == "remedy"
    else:  # why the phases were compared, though the time bar did not apply
        assert roles["ipg-2.1-remedy-time-bar"] == "timing"


@pytest.mark.parametrize(
    ("error_phase", "phase", "turn"),
    [("combat", "ending", 1), ("combat", "precombat_main", 1), ("ending", "beginning", 2)],
)
def test_events_with_phases_are_ruled_as_the_old_noticed_fields(
    error_phase: str, phase: str, turn: int
) -> None:
    told = _rule(_magic("mtg-ipg-2.1-seed", error_phase, phase, turn))
    old = {
        "game": "mtg",
        "players": ["alice", "nick"],
        "turn_player": "alice" if turn % 2 == 0 else "nick",
        "trigger": {"kind": "visible_change", "controller": "alice"},
        "play": {"following_action": "advance_step", "following_action_by": "accountable"},
        "noticed": {
            "when": "previous_turn",
            "turns_elapsed": turn,
            "by": "opponent",
            "error_turn_player": "alice",
            "phase": phase,
            "error_phase": error_phase,
        },
    }
    conclusions = _rule(old)
    for part in ("infraction", "penalty", "remedy", "round_cycle", "additional_penalties"):
        assert told[part] == conclusions[part], part


def test_a_caller_who_gives_the_old_phase_fields_keeps_them() -> None:
    data = _magic("mtg-ipg-2.1-seed", "combat", "ending", 1)
    data["noticed"] = {**data["noticed"], "phase": "precombat_main", "error_phase": "combat"}
    ruling = _rule(data)
    assert _remedies(ruling) == ["opponent_chooses_put_on_stack"]  # the caller's phases
    assert "noticed.phase" not in _derived(ruling)


def test_the_older_wording_records_the_phases_and_has_no_time_bar() -> None:
    ruling = _rule(_magic("mtg-ipg-2.1-es-article", "combat", "ending", 1))
    assert _remedies(ruling) == ["opponent_chooses_put_on_stack"]
    assert _derived(ruling)["noticed.phase"]["value"] == "ending"


def test_without_phases_on_both_events_nothing_is_derived() -> None:
    ruling = _rule(_magic("mtg-ipg-2.1-seed", "combat", None, 1))
    assert "noticed.phase" not in _derived(ruling)
    assert _remedies(ruling) == ["opponent_chooses_put_on_stack"]  # previous turn, no phases


def test_a_trigger_acknowledged_in_time_derives_no_phases() -> None:
    data = _riftbound(
        [
            {"by": "ana", "action": "acknowledge", "phase": "beginning"},
            {"by": "ana", "action": "new_game_action", "phase": "beginning"},
        ]
    )
    ruling = _rule(data)
    assert ruling["infraction"] == "no_infraction"
    assert "noticed.phase" not in _derived(ruling)


def test_riftbound_phases_are_derived_cited_and_decide_nothing() -> None:
    events = [
        {"by": "ana", "action": "new_game_action", "phase": "awaken"},
        {"by": "ben", "action": "noticed", "phase": "beginning"},
    ]
    told = _rule(_riftbound(events))
    derived = _derived(told)
    assert derived["noticed.error_phase"]["value"] == "awaken"
    assert derived["noticed.error_phase"]["citation"] == "TR 702.15"
    assert derived["noticed.phase"]["value"] == "beginning"
    assert derived["noticed.phase"]["citation"] == "TR 506.3.d"
    plain = _rule(_riftbound([{k: v for k, v in e.items() if k != "phase"} for e in events]))
    assert {k: v for k, v in told.items() if k != "derived"} == {
        k: v for k, v in plain.items() if k != "derived"
    }
    # Recorded only: the explanation does not cite the statements that name the phases.
    assert {"tr-702.15", "tr-506.3.d"}.isdisjoint(s["statement"] for s in told["explanation"])


def test_riftbound_events_may_name_its_phases_in_any_order() -> None:
    events = [
        {"by": "ana", "action": "new_game_action", "phase": "beginning"},
        {"by": "ben", "action": "noticed", "phase": "awaken"},
    ]
    assert _rule(_riftbound(events))["infraction"] == "missed_trigger"


@pytest.mark.parametrize(
    ("data", "path", "allowed"),
    [
        (
            _riftbound([{"by": "ana", "action": "new_game_action", "phase": "combat"}]),
            "events[0].phase",
            "awaken, beginning",
        ),
        (
            _riftbound(
                [],
                play={"following_action": "new_game_action"},
                noticed={"phase": "ending", "error_phase": "awaken"},
            ),
            "noticed.phase",
            "awaken, beginning",
        ),
        (
            _magic("mtg-ipg-2.1-seed", "awaken", "ending", 1),
            "events[0].phase",
            "beginning, precombat_main, combat, postcombat_main, ending",
        ),
    ],
)
def test_a_phase_of_another_game_names_the_field_and_the_allowed_phases(
    data: dict[str, Any], path: str, allowed: str
) -> None:
    with pytest.raises(SituationError) as error:
        Situation.from_dict(data)
    assert error.value.path == path
    assert allowed in error.value.problem


def test_a_phase_not_in_the_schema_is_refused_by_the_codec() -> None:
    data = _magic("mtg-ipg-2.1-seed", "second_main", "ending", 1)
    with pytest.raises(SituationError) as error:
        Situation.from_dict(data)
    assert error.value.path == "events[0].phase"
    assert "awaken" in error.value.problem
    assert "postcombat_main" in error.value.problem


def test_magic_events_in_one_turn_never_go_back_a_phase() -> None:
    data = _magic("mtg-ipg-2.1-seed", "combat", "beginning", 0)
    with pytest.raises(SituationError) as error:
        Situation.from_dict(data)
    assert error.value.path == "events[1].phase"
    assert "in order" in error.value.problem


def test_the_schema_offers_every_game_s_phases_on_events() -> None:
    phase = situation_schema()["properties"]["events"]["items"]["properties"]["phase"]
    options = [option for option in phase["anyOf"] if "enum" in option]
    assert options[0]["enum"] == list(ALL_PHASES)
    assert {"awaken", "combat"} <= set(ALL_PHASES)
