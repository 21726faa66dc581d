"""Regression tests for issues found in the independent review of generated questions."""

from __future__ import annotations

from rulings.core.questions import build_question
from rulings.core.questions.build import scenario


def _seeds(template_id: str, count: int = 200) -> list[int]:
    return list(range(count))


def test_questions_smokestack_on_an_opponents_upkeep_is_not_detrimental() -> None:
    # Symmetric, harmful, this instance hurts the opponent: no upgrade (seed IPG 2.1, symmetric
    # triggers). Smokestack is played for its trigger, so it is not "usually detrimental".
    seen = 0
    for seed in _seeds("mtg-detrimental-symmetric"):
        sc = scenario("mtg-detrimental-symmetric", seed)
        if sc.draft.facts["card"] != "smokestack":
            continue
        q = build_question("mtg-detrimental-symmetric", seed=seed, lang="en", kind="free_form")
        expected = "warning" if sc.draft.facts["affects"] == "controller" else "no_penalty"
        assert q.key.penalty == expected, seed
        seen += 1
    assert seen


def test_questions_symmetric_trigger_on_an_opponents_turn_states_the_active_part() -> None:
    # On an opponent's turn, the trigger is missed only once its controller takes an active part.
    for seed in _seeds("mtg-detrimental-symmetric", 60):
        sc = scenario("mtg-detrimental-symmetric", seed)
        if sc.draft.facts["affects"] != "opponent":
            continue
        q = build_question("mtg-detrimental-symmetric", seed=seed, lang="en", kind="free_form")
        assert "explicitly passes priority" in q.stem
