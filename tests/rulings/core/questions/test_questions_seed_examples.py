"""The seeds' worked examples, found among generated stories, carry the seeds' rulings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rulings.core.questions.build import Scenario, scenario


def _find(template_id: str, wanted: Callable[[Scenario], bool]) -> Scenario:
    for seed in range(600):
        found = scenario(template_id, seed)
        if wanted(found):
            return found
    raise AssertionError(f"no seed of {template_id} tells this story")


def _facts(sc: Scenario) -> dict[str, Any]:
    return sc.draft.facts


CASES = [
    pytest.param(
        # Riftbound study note: Treasure Hunter's trigger forgotten this turn in a two-player
        # game, no advantage: no penalty; the next opponent chooses resolve now or miss it.
        "rb-trigger-impact",
        lambda sc: (
            _facts(sc)["card"] == "treasure_hunter"
            and _facts(sc)["mode"] == "new_game_action"
            and _facts(sc)["when"] == "same_turn"
            and len(sc.situation["players"]) == 2
            and not sc.situation["advantageous"]
        ),
        ("missed_trigger", "no_penalty", ("opponent_chooses_resolve_or_skip",)),
        id="treasure-hunter",
    ),
    pytest.param(
        # IPG example C: Manic Vandal's target never chosen, noticed after casting a sorcery.
        "mtg-choices-on-stack",
        lambda sc: (
            _facts(sc)["card"] == "manic_vandal"
            and _facts(sc)["mode"] == "sorcery_speed_action"
            and _facts(sc)["when"] == "same_turn"
        ),
        ("missed_trigger", "no_penalty", ("opponent_chooses_put_on_stack",)),
        id="manic-vandal",
    ),
    pytest.param(
        # IPG example A: exalted forgotten when announcing "2 damage".
        "mtg-invisible",
        lambda sc: (
            _facts(sc)["card"] == "knight_of_infamy"
            and _facts(sc)["mode"] == "declare_damage"
            and _facts(sc)["when"] == "same_turn"
        ),
        ("missed_trigger", "no_penalty", ("opponent_chooses_put_on_stack",)),
        id="knight-of-infamy",
    ),
    pytest.param(
        # Chaminé (Smokestack): detrimental, noticed in the main phase: Warning, the opponent
        # chooses whether it goes on the stack.
        "mtg-time-bar",
        lambda sc: _facts(sc)["card"] == "smokestack" and _facts(sc)["when"] == "same_turn",
        ("missed_trigger", "warning", ("opponent_chooses_put_on_stack",)),
        id="smokestack",
    ),
    pytest.param(
        # Spanish article: Primal Forcemage's bonus missed last turn; its duration is over.
        "mtg-expired-duration",
        lambda sc: _facts(sc)["card"] == "primal_forcemage" and _facts(sc)["expired"],
        ("missed_trigger", "no_penalty", ("continue_play",)),
        id="primal-forcemage",
    ),
    pytest.param(
        # Spanish article: Kaijin's delayed return noticed on the next turn: it is resolved.
        "mtg-delayed-triggers",
        lambda sc: (
            _facts(sc)["card"] == "kaijin_of_the_vanishing_touch"
            and not _facts(sc)["creation"]
            and _facts(sc)["when"] == "previous_turn"
        ),
        ("missed_trigger", "no_penalty", ("resolve_now_or_next_phase",)),
        id="kaijin",
    ),
    pytest.param(
        # Grave Betrayal's trigger only creates a delayed trigger: not missed.
        "mtg-delayed-triggers",
        lambda sc: _facts(sc)["creation"],
        ("no_infraction", "no_penalty", ("none",)),
        id="grave-betrayal",
    ),
    pytest.param(
        # MTR 4.3 (the seed's Rift Bolt situation, told with other cards): the upkeep
        # sacrifice chosen only after drawing: information gained, missed; a symmetric harmful
        # trigger on its controller's own upkeep is a Warning.
        "mtg-out-of-order",
        lambda sc: _facts(sc)["info"],
        ("missed_trigger", "warning", ("opponent_chooses_put_on_stack",)),
        id="draw-first-block",
    ),
    pytest.param(
        # MTR 4.3 (the seed's Pitchburn Devils situation, told with Luminarch Aspirant): a
        # target announced in a quick legal block with nothing learnt: fine.
        "mtg-out-of-order",
        lambda sc: not _facts(sc)["info"],
        ("no_infraction", "no_penalty", ("none",)),
        id="combat-target-block",
    ),
    pytest.param(
        # Pyreheart Wolf: the attacker points out the illegal block at once: not missed.
        "mtg-rules-change",
        lambda sc: _facts(sc)["mode"] == "opponent_illegal_action_challenged",
        ("no_infraction", "no_penalty", ("none",)),
        id="pyreheart-wolf",
    ),
]


@pytest.mark.parametrize(("template_id", "wanted", "expected"), CASES)
def test_seed_worked_example_gets_the_seed_ruling(
    template_id: str,
    wanted: Callable[[Scenario], bool],
    expected: tuple[str, str, tuple[str, ...]],
) -> None:
    key = _find(template_id, wanted).key
    assert (key.infraction, key.penalty, key.remedy) == expected


def test_a_silent_opponent_of_a_forgotten_point_gets_a_warning() -> None:
    found = _find("rb-forgetting-to-score", lambda sc: bool(sc.situation["silent_witnesses"]))
    assert [(p, i) for p, i, _ in found.key.additional] == [
        (found.situation["silent_witnesses"][0], "failure_to_maintain_game_state")
    ]


@pytest.mark.parametrize(
    ("players", "turns", "passed"),
    [(2, 1, False), (2, 2, True), (3, 2, False), (3, 3, True), (4, 3, False), (4, 4, True)],
)
def test_the_round_cycle_ends_when_the_scorer_begins_their_next_turn(
    players: int, turns: int, passed: bool
) -> None:
    found = _find(
        "rb-forgetting-to-score",
        lambda sc: (
            len(sc.situation["players"]) == players
            and sc.situation["noticed"]["turns_elapsed"] == turns
        ),
    )
    assert found.key.cycle_passed is passed
    assert found.key.cycle_ends == found.situation["score"]["player"]
