"""Patterns of blind21 and blind22 (measure 5, recorded before these fixes), each tested in
the answer's own words (the answers themselves joined the devset)."""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer

CHEAT = Expected(infraction="cheating", penalty="disqualification", remedy="none")
MT_WARNING = Expected(
    infraction="missed_trigger", penalty="warning", remedy="opponent_chooses_put_on_stack"
)


@pytest.mark.parametrize(
    "answer",
    [
        "Trapaça, ela admitiu que deixou de propósito. Desqualificação. E o Rafael ainda "
        "escolhe se a habilidade resolve agora.",
        "Trampa, lo admitió. Descalificación. Y Rafael todavía elige si la habilidad se "
        "resuelve ahora.",
    ],
)
def test_the_opponent_choosing_whether_the_ability_resolves_is_read(answer: str) -> None:
    remedy = grade_answer(answer, CHEAT, game="riftbound").parts["remedy"]
    assert remedy.found == "opponent_chooses_resolve_or_skip"


@pytest.mark.parametrize(
    "answer",
    [
        "Missed trigger da Chaminé. Penalidade: fico entre Advertência e sem penalidade. "
        "Correção: Carla escolhe se coloca na pilha ou não.",
        "Missed trigger. Penalización: estoy entre Advertencia y sin penalización. Carla elige "
        "si va a la pila.",
    ],
)
def test_being_between_two_penalties_commits_to_neither(answer: str) -> None:
    grade = grade_answer(answer, MT_WARNING, game="mtg")
    penalty = grade.parts["penalty"]
    assert penalty.found is None
    assert penalty.hedged
    assert grade.needs_review
