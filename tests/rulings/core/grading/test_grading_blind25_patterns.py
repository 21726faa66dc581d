"""A pattern of blind25 and blind26 (measure 7, recorded before this fix), in the answer's
own words (the answers themselves joined the devset)."""

from __future__ import annotations

from rulings.core.grading import Expected, grade_answer

MT_STACK = Expected(
    infraction="missed_trigger", penalty="no_penalty", remedy="opponent_chooses_put_on_stack"
)


def test_no_tengo_claro_hedges_the_fix() -> None:
    answer = (
        "Habilidad disparada olvidada. Sin penalización. Remedio: no tengo claro si Felipe "
        "elige si va a la pila o si se resuelve directamente ahora."
    )
    grade = grade_answer(answer, MT_STACK, game="mtg")
    assert grade.parts["remedy"].hedged
    assert "remedy: the answer hedges" in grade.review_reasons
