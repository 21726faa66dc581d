"""Words about a hypothetical, a record or another time are not the ruling.

The answers were written for these tests, not taken from any labelled batch."""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer
from tests.rulings.core.grading_cases import (
    NO_INF,
)


def test_a_penalty_attached_to_a_hypothetical_infraction_is_hypothetical_too() -> None:
    answer = (
        "Acho que não tem infração, o turno ainda não acabou. Se o Tomé chegasse ao fim do "
        "turno sem descartar, aí seria MT com Adv, mas por ora nada a fazer."
    )
    grade = grade_answer(answer, NO_INF, game="riftbound")
    penalty = grade.parts["penalty"]
    assert penalty.hedged  # "Adv" only in the counterfactual: no firm Warning
    assert grade.needs_review


FTMGS_W = Expected(infraction="failure_to_maintain_game_state", penalty="warning", remedy="none")


@pytest.mark.parametrize(
    "answer",
    [
        "FtMGS for Nolan, Warning; his previous GRV Warning doesn't matter. Nothing to fix.",
        "FtMGS pro Nolan, Advertência; a advertência anterior por VRJ não conta. Nada a corrigir.",
        "FMEJ para Nolan, Advertencia; la advertencia anterior de VRJ no cuenta. Nada que "
        "corregir.",
        "FtMGS for Nolan, Warning, nothing to fix; the other player's GRV is handled separately.",
    ],
)
def test_an_infraction_on_the_record_or_set_aside_is_not_the_ruling(answer: str) -> None:
    grade = grade_answer(answer, FTMGS_W, game="mtg")
    assert grade.parts["infraction"].found == "failure_to_maintain_game_state"
    assert not grade.needs_review, grade.review_reasons


@pytest.mark.parametrize(
    "answer",
    [
        "Nothing. He acknowledged the trigger before moving on. No infraction, no penalty.",
        "Nada a fazer. O Tomé reconheceu a habilidade antes de seguir. Sem infração, sem "
        "penalidade.",
        "Nada. Reconoció la habilidad antes de seguir. Sin infracción, sin penalización.",
    ],
)
def test_a_description_right_after_before_is_a_time_not_the_fix(answer: str) -> None:
    grade = grade_answer(answer, NO_INF, game="riftbound")
    assert grade.parts["remedy"].found == "none", grade.review_reasons
