"""Neighbouring remedies, and rulings that state a remedy without naming it.

Judges confuse a few remedies with their neighbours: Magic's default action with the
opponent choosing whether the trigger goes on the stack, no fix with play continuing, a
section's concrete fix with the section's procedure, a simple rewind with a longer one. When
the answer's words do not settle which of two neighbours it means, a wrong grading goes to
a mentor. An infraction with no fix of its own (FtMGS, Cheating) states the whole ruling:
"FtMGS, Warning" claims no fix. The answers were written for these tests, not taken from
any batch.
"""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer

FTMGS = Expected(infraction="failure_to_maintain_game_state", penalty="warning", remedy="none")
CHEATING = Expected(infraction="cheating", penalty="disqualification", remedy="none")


@pytest.mark.parametrize(
    ("expected", "answer"),
    [
        (FTMGS, "FtMGS, Warning."),
        (FTMGS, "The opponent saw it and said nothing: Failure to Maintain Game State, Warning."),
        (FTMGS, "FMEJ para o oponente, advertência; FMEJ nunca sobe."),
        (FTMGS, "Falha em manter o estado do jogo: advertência."),
        (FTMGS, "Fallo al mantener el estado de juego, advertencia, no se sube."),
        (CHEATING, "He skipped it on purpose to get an advantage: Cheating, DQ."),
        (CHEATING, "Ignorou de propósito sabendo da regra = trapaça, desclassificação."),
        (CHEATING, "Lo omitió a propósito: trampa, descalificación."),
    ],
)
def test_an_infraction_with_no_fix_of_its_own_states_no_fix(
    expected: Expected, answer: str
) -> None:
    grade = grade_answer(answer, expected, game="riftbound")
    assert grade.parts["remedy"].found == "none"
    assert grade.score == 1.0
    assert not grade.needs_review, grade.review_reasons


@pytest.mark.parametrize(
    ("answer", "found"),
    [
        ("FtMGS, Warning, and back up to the missed trigger.", "simple_rewind"),
        ("FtMGS, Warning; maybe a rewind, maybe not.", "simple_rewind"),
        (
            "FMEJ, advertência, e o oponente escolhe se a habilidade resolve.",
            "opponent_chooses_resolve_or_skip",
        ),
    ],
)
def test_a_remedy_the_answer_states_or_doubts_is_not_overridden_by_the_infraction(
    answer: str, found: str | None
) -> None:
    grade = grade_answer(answer, FTMGS, game="riftbound")
    assert grade.parts["remedy"].found == found


def test_an_infraction_that_has_a_fix_implies_none() -> None:
    grade = grade_answer(
        "GRV, Warning.",
        Expected(infraction="game_rule_violation", penalty="warning", remedy="simple_backup"),
        game="mtg",
    )
    assert grade.parts["remedy"].found is None


def test_a_conflicting_infraction_implies_no_remedy() -> None:
    grade = grade_answer("FtMGS or GRV, Warning.", FTMGS, game="mtg")
    assert grade.parts["remedy"].found is None
