"""Invalid situations fail with a SituationError that names the exact field."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rulings import RulingsError, Situation, SituationError

BASE: dict[str, Any] = {
    "game": "riftbound",
    "players": ["ana", "ben"],
    "turn_player": "ana",
    "trigger": {"kind": "point_total", "controller": "ana"},
}


def _with(path: str, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    *parents, last = path.split(".")
    node = data
    for key in parents:
        node = node.setdefault(key, {})
    node[last] = value
    return data


def _error(data: object) -> SituationError:
    with pytest.raises(SituationError) as caught:
        Situation.from_dict(data)
    return caught.value


def test_situation_error_is_a_rulings_error() -> None:
    assert issubclass(SituationError, RulingsError)


def test_it_rejects_a_non_object() -> None:
    assert str(_error([1, 2])) == "(root): must be an object"


def test_it_names_an_unknown_top_level_field() -> None:
    assert str(_error(_with("colour", "red"))) == "colour: unknown field"


def test_it_names_an_unknown_nested_field() -> None:
    assert _error(_with("trigger.colour", "red")).path == "trigger.colour"


def test_it_lists_the_choices_of_an_enum() -> None:
    error = _error(_with("trigger.kind", "bogus"))
    assert str(error).startswith("trigger.kind: must be one of choices_on_stack, ")


def test_it_rejects_a_kind_of_the_other_game() -> None:
    error = _error(_with("trigger.kind", "visible_change"))
    assert error.path == "trigger.kind"
    assert "riftbound-tr-2026-seed" in error.problem


def test_it_names_a_missing_required_field() -> None:
    data = copy.deepcopy(BASE)
    del data["turn_player"]
    assert str(_error(data)) == "turn_player: is required"


@pytest.mark.parametrize(
    ("path", "value", "problem"),
    [
        ("opl", 3, "must be a string"),
        ("advantageous", "yes", "must be true or false"),
        ("noticed.turns_elapsed", True, "must be an integer"),
        ("noticed.turns_elapsed", -1, "must be at least 0"),
        ("players", "ana", "must be an array"),
        ("history.warnings", {"missed_trigger": "2"}, "must be an integer"),
        ("history.warnings", {"nonsense": 1}, "must be one of"),
    ],
)
def test_it_names_the_field_with_the_wrong_type(path: str, value: Any, problem: str) -> None:
    error = _error(_with(path, value))
    assert error.path.startswith(path)
    assert problem in error.problem


def test_it_names_the_list_index_of_a_bad_item() -> None:
    assert _error(_with("players", ["ana", 7])).path == "players[1]"


def test_it_rejects_a_player_reference_outside_the_players() -> None:
    assert _error(_with("trigger.controller", "zed")).path == "trigger.controller"


def test_it_rejects_duplicate_players() -> None:
    assert _error(_with("players", ["ana", "ana"])).path == "players[1]"


def test_it_needs_at_least_two_players() -> None:
    assert _error(_with("players", ["ana"])).path == "players"


def test_it_needs_exactly_one_subject() -> None:
    data = _with("score", {"player": "ana", "source": "hold"})
    assert "exactly one" in _error(data).problem


def test_it_rejects_an_unknown_policy_version() -> None:
    assert _error(_with("policy_version", "nope")).path == "policy_version"


def test_it_rejects_a_policy_version_of_another_game() -> None:
    error = _error(_with("policy_version", "mtg-ipg-2.1-seed"))
    assert error.problem == "'mtg-ipg-2.1-seed' is not a riftbound policy"


def test_it_rejects_a_subject_the_policy_does_not_cover() -> None:
    data = {
        "game": "mtg",
        "players": ["a", "b"],
        "turn_player": "a",
        "score": {"player": "a", "source": "hold"},
    }
    assert str(_error(data)) == "score: is not covered by policy 'mtg-ipg-2.1-seed'"


def test_it_rejects_turns_elapsed_inconsistent_with_when() -> None:
    data = _with("noticed", {"when": "same_turn", "turns_elapsed": 2})
    assert _error(data).path == "noticed.turns_elapsed"


def test_a_card_trigger_needs_a_controller() -> None:
    data = copy.deepcopy(BASE)
    del data["trigger"]["controller"]
    assert _error(data).path == "trigger.controller"


def test_a_valid_situation_round_trips() -> None:
    situation = Situation.from_dict(BASE)
    assert Situation.from_dict(situation.to_dict()) == situation
    assert situation.to_dict()["opl"] == "competitive"
