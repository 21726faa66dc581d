"""Every list and string of a situation is bounded, and errors never echo a huge input."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rulings import Situation, SituationError
from rulings.core import situation_schema

BASE: dict[str, Any] = {
    "game": "riftbound",
    "players": ["ana", "ben"],
    "turn_player": "ana",
    "trigger": {"kind": "point_total", "controller": "ana"},
}
HUGE = "x" * 100_000


def _error(**changes: Any) -> SituationError:
    data = copy.deepcopy(BASE) | changes
    with pytest.raises(SituationError) as caught:
        Situation.from_dict(data)
    return caught.value


def test_it_refuses_a_hundred_thousand_players_by_the_list_length() -> None:
    error = _error(players=[f"p{i}" for i in range(100_000)])

    assert (error.path, error.problem) == ("players", "must have at most 16 items")


def test_it_accepts_sixteen_players() -> None:
    players = ["ana", "ben", *(f"p{i}" for i in range(14))]

    assert len(Situation.from_dict(BASE | {"players": players}).players) == 16


def test_it_still_names_a_duplicate_player() -> None:
    error = _error(players=["ana", "ben", "ana"])

    assert error.path == "players[2]"


def test_it_caps_the_silent_witnesses_and_related_penalties() -> None:
    assert _error(silent_witnesses=["ana"] * 17).path == "silent_witnesses"
    assert _error(related_penalties=["warning"] * 17).path == "related_penalties"


def test_it_refuses_an_oversized_name_without_echoing_it() -> None:
    error = _error(players=["ana", HUGE])

    assert error.path == "players[1]"
    assert error.problem == "must be at most 200 characters"


def test_the_description_may_be_longer_but_is_bounded() -> None:
    assert Situation.from_dict(BASE | {"description": "d" * 4000}).description
    assert _error(description="d" * 4001).path == "description"


def test_an_unknown_field_with_a_huge_name_is_not_echoed_in_full() -> None:
    error = _error(**{HUGE: 1})

    assert error.problem == "unknown field"
    assert len(str(error)) < 300


def test_an_unknown_player_reference_lists_the_players_briefly() -> None:
    players = [f"{i:02d}" + "y" * 190 for i in range(16)]

    error = _error(players=players, turn_player="nobody", trigger={"kind": "point_total"})

    assert error.path == "turn_player"
    assert len(str(error)) < 500


def test_an_unknown_policy_version_is_not_echoed_in_full() -> None:
    error = _error(policy_version="v" * 200)

    assert error.path == "policy_version"
    assert len(error.problem) < 150


def test_the_schema_states_the_same_bounds() -> None:
    schema = situation_schema()
    props = schema["properties"]

    assert props["players"]["maxItems"] == 16
    assert props["players"]["items"]["maxLength"] == 200
    assert props["description"]["maxLength"] == 4000
    assert props["history"]["properties"]["warnings"]["maxProperties"] > 0
