"""Patterns of the closing measures 4-7 of issue 13 (blind19-blind26), each recorded before
the fix tested here, in the answers' own words (the answers themselves joined the devset)."""

from __future__ import annotations

import pytest

from rulings.core.grading import grade_answer
from tests.rulings.core.grading_cases import (
    CHEAT,
    FTS,
    GE,
    GRV_BACKUP,
    MT_PLAY_ON,
    MT_STACK,
    MT_WARNING,
    NO_INF,
)

# Measure 4 (blind19, blind20), each recorded before its fixes


@pytest.mark.parametrize(
    "answer",
    [
        "GRV, Warning for Vera. Backup or let the game go on, both are ok.",
        "GRV, advertência pra Vera. Backup ou deixar o jogo seguir, acho que os dois servem.",
        "VRJ, Advertencia para Vera. Backup o dejar que siga el juego, los dos sirven.",
    ],
)
def test_two_fixes_both_said_to_work_are_no_commitment(answer: str) -> None:
    """Read as the two options left open (graded so, no mentor needed) or, where the
    second option is only described, as a hedged backup that a mentor reads."""
    grade = grade_answer(answer, GRV_BACKUP, game="mtg")
    remedy = grade.parts["remedy"]
    assert remedy.hedged
    assert (remedy.left_open and remedy.found is None) or grade.needs_review


def test_play_going_on_offered_as_an_option_leaves_the_fix_open() -> None:
    answer = (
        "Forgetting to Score a Point, no penalty. Fix: either the score gets corrected or we "
        "carry on, I'm not sure which when nobody knows the right score."
    )
    remedy = grade_answer(answer, FTS, game="riftbound").parts["remedy"]
    assert remedy.found is None
    assert remedy.left_open
    assert set(remedy.candidates) == {"correct_score", "continue_play"}


def test_a_rewind_done_by_the_head_judge_is_the_longer_one() -> None:
    answer = (
        "General Error, Warning. It's Professional so the rewind is done by the head judge "
        "(or appeals judge), not the floor judge."
    )
    grade = grade_answer(answer, GE, game="riftbound")
    assert grade.parts["remedy"].found == "rewind"
    assert not grade.parts["remedy"].correct


def test_a_penalty_attached_to_a_hypothetical_infraction_is_hypothetical_too() -> None:
    answer = (
        "Acho que não tem infração, o turno não acabou. Se chegasse no fim do turno sem ela "
        "descartar aí seria MT com Adv, mas por enquanto nada a fazer."
    )
    grade = grade_answer(answer, NO_INF, game="riftbound")
    penalty = grade.parts["penalty"]
    assert penalty.hedged  # "Adv" only in the counterfactual: no firm Warning
    assert grade.needs_review


# Measure 5 (blind21, blind22), each recorded before its fixes


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


# Measure 6 (blind23, blind24), each recorded before its fixes


@pytest.mark.parametrize(
    ("game", "answer", "reason"),
    [
        (
            "mtg",
            "Acho que é MT da Laura por ter deixado o bloqueio ilegal passar... mas não sei bem "
            "se ainda dá pra fazer algo com o bloqueio ou se deixa como está, nem se tem "
            "penalidade.",
            "remedy: stated in a clause that hedges",
        ),
        (
            "riftbound",
            "Es MT. Penalización no sé si ninguna o Warning. Como ya pasó al turno de Lena, se "
            "sigue jugando.",
            "penalty: stated in a clause that hedges",
        ),
    ],
)
def test_a_part_read_firmly_in_a_clause_that_hedges_goes_to_a_mentor(
    game: str, answer: str, reason: str
) -> None:
    grade = grade_answer(answer, MT_PLAY_ON, game=game)
    assert reason in grade.review_reasons


def test_a_hedge_in_another_clause_is_not_about_the_part() -> None:
    answer = "Missed trigger, no penalty. People might say we rewind, but play just continues."
    grade = grade_answer(answer, MT_PLAY_ON, game="riftbound")
    assert grade.parts["remedy"].found == "continue_play"
    assert not any("clause that hedges" in r for r in grade.review_reasons)


# Measure 7 (blind25, blind26), each recorded before its fixes


def test_no_tengo_claro_hedges_the_fix() -> None:
    answer = (
        "Habilidad disparada olvidada. Sin penalización. Remedio: no tengo claro si Felipe "
        "elige si va a la pila o si se resuelve directamente ahora."
    )
    grade = grade_answer(answer, MT_STACK, game="mtg")
    assert grade.parts["remedy"].hedged
    assert "remedy: the answer hedges" in grade.review_reasons
