"""Engine regressions found in the independent review of generated question keys."""

from __future__ import annotations

from typing import Any

from rulings import Ruling, Situation, evaluate


def _evaluate(game: str, **parts: Any) -> Ruling:
    data = {"game": game, "players": ["ana", "ben"], "turn_player": "ana", **parts}
    return evaluate(Situation.from_dict(data))


def test_no_infraction_never_carries_a_related_penalty() -> None:
    for game, kind in (("riftbound", "point_total"), ("mtg", "visible_change")):
        ruling = _evaluate(
            game,
            trigger={"kind": kind, "controller": "ana"},
            play={"acknowledged": "in_time"},
            related_penalties=["game_loss"],
        )
        assert ruling.infraction == "no_infraction"
        assert ruling.penalty.final == "no_penalty"


def test_an_infraction_still_takes_the_most_severe_related_penalty() -> None:
    ruling = _evaluate(
        "riftbound",
        game_error={"kind": "general_error", "player": "ana"},
        related_penalties=["game_loss"],
    )
    assert ruling.penalty.final == "game_loss"
