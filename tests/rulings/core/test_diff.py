"""Known answers for `diff_rulings` (issue 30, point 3): minimal pairs in both games, one fact
flipped, and exactly the differences that follow from it."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from rulings.core import RulingDiff, Situation, SituationError, diff_rulings, evaluate
from tests.rulings.core.strategies import situation_dicts

TREASURE_HUNTER: dict[str, Any] = {
    "game": "riftbound",
    "players": ["ana", "ben"],
    "turn_player": "ana",
    "trigger": {"kind": "board_change", "controller": "ana", "name": "Treasure Hunter"},
    "play": {"following_action": "new_game_action"},
    "noticed": {"when": "same_turn"},
}
# Nick's upkeep: alice's trigger would have dealt nick damage; alice cast an instant without
# mentioning it, then nick drew (the active-role rule).
UPKEEP: dict[str, Any] = {
    "game": "mtg",
    "players": ["alice", "nick"],
    "turn_player": "nick",
    "trigger": {"kind": "visible_change", "controller": "alice"},
    "play": {
        "following_action": "draw_card",
        "following_action_by": "other",
        "controller_active_role": "action",
    },
    "noticed": {"when": "same_turn"},
}


def _flip(base: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(base)
    *parents, last = path.split(".")
    node = data
    for key in parents:
        node = node.setdefault(key, {})
    node[last] = value
    return data


def _diff(before: dict[str, Any], after: dict[str, Any]) -> RulingDiff:
    return diff_rulings(Situation.from_dict(before), Situation.from_dict(after))


def _label(part: str, side: Any) -> Any:
    if side is None or not isinstance(side, dict):
        return side
    key = {
        "infraction": "infraction",
        "penalty": "final",
        "penalty_step": "reason",
        "remedy_step": "remedy",
        "explanation_step": "statement",
    }.get(part)
    return side[key] if key else side


def _summary(result: RulingDiff) -> list[tuple[str, str, Any, Any]]:
    return [
        (c.part, c.change, _label(c.part, c.before), _label(c.part, c.after))
        for c in result.changes
    ]


def _facts(result: RulingDiff) -> list[tuple[str, Any, Any]]:
    return [(f.path, f.before, f.after) for f in result.facts]


def test_mtg_the_controller_taking_no_active_role_undoes_the_miss() -> None:
    result = _diff(UPKEEP, _flip(UPKEEP, "play.controller_active_role", "none"))
    assert _facts(result) == [("play.controller_active_role", "action", "none")]
    assert _summary(result) == [
        ("infraction", "changed", "missed_trigger", "no_infraction"),
        ("penalty_step", "changed", "base", "base"),  # the base is cited from the no-forcing rule
        ("remedy_step", "changed", "opponent_chooses_put_on_stack", "none"),
        ("explanation_step", "removed", "ipg-2.1-awareness-point", None),
        ("explanation_step", "removed", "ipg-2.1-definition", None),
        ("explanation_step", "removed", "ipg-2.1-philosophy", None),
        ("explanation_step", "removed", "ipg-2.1-no-intervention", None),
        ("explanation_step", "removed", "ipg-2.1-base-penalty", None),
        ("explanation_step", "removed", "ipg-2.1-remedy-stack", None),
        ("explanation_step", "removed", "ipg-2.1-remedy-place", None),
        ("explanation_step", "removed", "ipg-2.1-remedy-legal-choices", None),
    ]
    infraction = result.changes[0]
    assert infraction.citations == (
        ("ipg-2.1-definition", "IPG 2.1"),
        ("ipg-2.1-no-forcing", "IPG 2.1"),
    )
    assert result.changes[2].after == {
        "remedy": "none",
        "params": {"trigger_resolves_now": True},
        "statement": "ipg-2.1-no-forcing",
        "citation": "IPG 2.1",
    }


def test_mtg_a_detrimental_trigger_adds_only_the_warning_upgrade() -> None:
    result = _diff(UPKEEP, _flip(UPKEEP, "trigger.detrimental", True))
    assert _facts(result) == [("trigger.detrimental", False, True)]
    assert _summary(result) == [
        ("penalty", "changed", "no_penalty", "warning"),
        ("penalty_step", "added", None, "detrimental_trigger"),
        ("judge_intervenes", "changed", False, True),
        ("explanation_step", "added", None, "ipg-2.1-upgrade-detrimental"),
    ]
    assert result.changes[1].citations == (("ipg-2.1-upgrade-detrimental", "IPG 2.1"),)


def test_mtg_a_default_action_changes_only_the_remedy() -> None:
    result = _diff(UPKEEP, _flip(UPKEEP, "trigger.default_action", True))
    assert _summary(result) == [
        (
            "remedy_step",
            "changed",
            "opponent_chooses_put_on_stack",
            "opponent_chooses_default_action",
        ),
        ("explanation_step", "removed", "ipg-2.1-remedy-stack", None),
        ("explanation_step", "removed", "ipg-2.1-remedy-place", None),
        ("explanation_step", "removed", "ipg-2.1-remedy-legal-choices", None),
        ("explanation_step", "added", None, "ipg-2.1-remedy-default"),
        ("explanation_step", "added", None, "ipg-2.1-remedy-when"),
        ("explanation_step", "added", None, "ipg-2.1-remedy-never-expire"),
    ]


def test_riftbound_an_advantageous_miss_becomes_a_warning() -> None:
    result = _diff(TREASURE_HUNTER, _flip(TREASURE_HUNTER, "advantageous", True))
    assert _facts(result) == [("advantageous", False, True)]
    assert _summary(result) == [
        ("penalty", "changed", "no_penalty", "warning"),
        ("penalty_step", "added", None, "advantage"),
        ("judge_intervenes", "changed", False, True),
        ("explanation_step", "added", None, "tr-702.2.e"),
        ("explanation_step", "added", None, "tr-701.2"),
    ]
    assert result.changes[1].citations == (("tr-702.2.e", "TR 702.2.e"),)


def test_riftbound_acknowledging_in_time_means_no_infraction() -> None:
    result = _diff(TREASURE_HUNTER, _flip(TREASURE_HUNTER, "play.acknowledged", "in_time"))
    assert _summary(result) == [
        ("infraction", "changed", "missed_trigger", "no_infraction"),
        ("penalty_step", "changed", "base", "base"),
        ("remedy_step", "changed", "opponent_chooses_resolve_or_skip", "none"),
        ("explanation_step", "removed", "tr-506.3.b", None),
        ("explanation_step", "removed", "tr-702.2", None),
        ("explanation_step", "removed", "tr-506.4", None),
        ("explanation_step", "removed", "tr-702.2.f.2", None),
        ("explanation_step", "added", None, "tr-506.3.a"),
    ]


def test_riftbound_a_miss_from_the_previous_turn_changes_the_remedy_to_continue() -> None:
    result = _diff(TREASURE_HUNTER, _flip(TREASURE_HUNTER, "noticed.when", "previous_turn"))
    assert _facts(result) == [("noticed.when", "same_turn", "previous_turn")]
    assert _summary(result) == [
        ("remedy_step", "changed", "opponent_chooses_resolve_or_skip", "continue_play"),
        ("explanation_step", "removed", "tr-702.2.f.2", None),
        ("explanation_step", "added", None, "tr-702.2.f.1"),
    ]
    assert result.changes[0].citations == (
        ("tr-702.2.f.2", "TR 702.2.f.2"),
        ("tr-702.2.f.1", "TR 702.2.f.1"),
    )


def test_riftbound_at_casual_opl_a_judge_chooses_at_random() -> None:
    result = _diff(TREASURE_HUNTER, _flip(TREASURE_HUNTER, "opl", "casual"))
    assert _summary(result) == [
        (
            "remedy_step",
            "changed",
            "opponent_chooses_resolve_or_skip",
            "opponent_chooses_resolve_or_skip",
        ),
        ("explanation_step", "added", None, "tr-205"),
        ("explanation_step", "added", None, "tr-702.1.c.1"),
    ]
    params = result.changes[0].after["params"]
    assert (params["chooser"], params["on_behalf_of"]) == ("judge_at_random", "ben")


def test_a_changed_fact_that_changes_nothing_is_listed_with_no_ruling_change() -> None:
    result = _diff(TREASURE_HUNTER, _flip(TREASURE_HUNTER, "trigger.name", "Other card"))
    assert _facts(result) == [("trigger.name", "Treasure Hunter", "Other card")]
    assert result.same_ruling
    assert result.to_dict()["changes"] == []


def test_the_default_policy_named_or_not_and_the_description_are_no_difference() -> None:
    named = _flip(TREASURE_HUNTER, "policy_version", "riftbound-tr-2026-seed")
    named["description"] = "a story"
    result = _diff(TREASURE_HUNTER, named)
    assert result.facts == ()
    assert result.changes == ()


def test_an_added_object_is_one_fact() -> None:
    blocked = _flip(UPKEEP, "play.out_of_order_block", {"information_gained": True})
    result = _diff(UPKEEP, blocked)
    assert _facts(result) == [
        ("play.out_of_order_block", None, {"legal_in_order": True, "information_gained": True})
    ]


def test_the_diff_is_json_ready() -> None:
    data = _diff(TREASURE_HUNTER, _flip(TREASURE_HUNTER, "noticed.when", "previous_turn"))
    out = data.to_dict()
    assert set(out) == {"game", "policy_version", "same_ruling", "facts", "changes"}
    assert out["changes"][0]["citations"][0] == {
        "statement": "tr-702.2.f.2",
        "citation": "TR 702.2.f.2",
    }


def test_two_policy_versions_cannot_be_compared() -> None:
    other = _flip(UPKEEP, "policy_version", "mtg-ipg-2.1-2024-09-23")
    with pytest.raises(SituationError, match=r"^policy_version: both situations"):
        _diff(UPKEEP, other)


def test_two_games_cannot_be_compared() -> None:
    with pytest.raises(SituationError, match=r"^game: both situations"):
        _diff(TREASURE_HUNTER, UPKEEP)


PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


@PROPERTY
@given(situation_dicts())
def test_a_situation_against_itself_differs_in_nothing(data: dict[str, Any]) -> None:
    result = _diff(data, copy.deepcopy(data))
    assert (result.facts, result.changes) == ((), ())


@PROPERTY
@given(situation_dicts(), situation_dicts())
def test_the_ruling_changes_only_when_a_fact_does_and_then_exactly_as_the_rulings(
    first: dict[str, Any], second: dict[str, Any]
) -> None:
    before, after = Situation.from_dict(first), Situation.from_dict(second)
    try:
        result = diff_rulings(before, after)
    except SituationError:
        return  # two games or policy versions: covered above
    if not result.facts:
        assert result.changes == ()
    assert bool(result.changes) == (_comparable(before) != _comparable(after))
    json.dumps(result.to_dict())


def _comparable(situation: Situation) -> dict[str, Any]:
    """The ruling as the diff compares it: explanation steps matched by statement, not place."""
    data = evaluate(situation).to_dict()
    data["explanation"] = sorted(data["explanation"], key=lambda step: step["statement"])
    return data
