"""Hedges and options left open: no commitment, or a hedged one a mentor reads.

The answers were written for these tests, not taken from any labelled batch."""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer
from tests.rulings.core.grading_cases import (
    FTS,
    GRV_BACKUP,
    MT_PLAY_ON,
    MT_STACK,
    MT_WARNING,
)


@pytest.mark.parametrize(
    "answer",
    [
        "GRV, Warning for Vera. Backup or let the game go on, both are ok.",
        "VRJ, advertência pra Ilse. Fazer backup ou deixar o jogo seguir: os dois servem, acho.",
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
        "Forgetting to Score, no penalty. Fix: either we correct the score or we simply carry "
        "on; I'm not sure which, since nobody remembers the right score."
    )
    remedy = grade_answer(answer, FTS, game="riftbound").parts["remedy"]
    assert remedy.found is None
    assert remedy.left_open
    assert set(remedy.candidates) == {"correct_score", "continue_play"}


@pytest.mark.parametrize(
    "answer",
    [
        "Missed trigger do Tomé. Penalidade: fico entre sem penalidade e Advertência. "
        "Correção: a Ilse escolhe se coloca na pilha.",
        "Missed trigger. Penalización: estoy entre Advertencia y sin penalización. Carla elige "
        "si va a la pila.",
    ],
)
def test_being_between_two_penalties_commits_to_neither(answer: str) -> None:
    grade = grade_answer(answer, MT_WARNING, game="mtg")
    penalty = grade.parts["penalty"]
    assert penalty.found is None
    assert penalty.hedged
    # graded wrong with no mentor, as options left open are: the labels say null
    assert not grade.needs_review


@pytest.mark.parametrize(
    ("game", "answer", "reason"),
    [
        (
            "mtg",
            "Acho que é MT do Tomé, por deixar passar o bloqueio ilegal... mas não sei bem se dá "
            "pra fazer algo ainda com o bloqueio ou se deixa tudo como está, nem se tem "
            "penalidade.",
            "remedy: stated in a clause that hedges",
        ),
        (
            "riftbound",
            "MT de Tomé. Penalización no sé si ninguna o Warning. Ya estamos en el turno de "
            "Ilse, así que se sigue jugando.",
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


def test_no_tengo_claro_hedges_the_fix() -> None:
    answer = (
        "Disparo olvidado de Tomé, sin penalización. Remedio: no tengo claro si Ilse decide "
        "ponerlo en la pila o si se resuelve ahora mismo."
    )
    grade = grade_answer(answer, MT_STACK, game="mtg")
    assert grade.parts["remedy"].hedged
    assert "remedy: the answer hedges" in grade.review_reasons


GRV_DISCARD_NOW = Expected(
    infraction="game_rule_violation", penalty="warning", remedy="make_up_draw_or_discard"
)

MISPAY_ON = Expected(infraction="mispayment_for_cost", penalty="warning", remedy="continue_play")


@pytest.mark.parametrize(
    ("game", "expected", "answer"),
    [
        (
            "mtg",
            GRV_DISCARD_NOW,
            "GRV, Warning. Fix: back up the untap step or have Tomé discard now, either is fine.",
        ),
        (
            "riftbound",
            MISPAY_ON,
            "Pago incorrecto, Advertencia. Para arreglarlo no lo veo claro: o se corrige el coste "
            "o se deja como está.",
        ),
    ],
)
def test_a_fix_left_unclear_is_not_graded_firmly(
    game: str, expected: Expected, answer: str
) -> None:
    grade = grade_answer(answer, expected, game=game)
    remedy = grade.parts["remedy"]
    assert remedy.hedged, remedy
    assert not remedy.correct


# Sentences written for this test: the fix named only as "the section's" by an answer that
# says it cannot recall it.
@pytest.mark.parametrize(
    ("lang", "answer"),
    [
        (
            "pt-BR",
            "Ele viu cartas a mais do deck: Advertência; quanto ao conserto, é o"
            " procedimento da seção, só não me lembro de cor.",
        ),
        (
            "es",
            "Vio cartas de más del mazo: Advertencia; para arreglarlo, el procedimiento de"
            " la sección, aunque no recuerdo cuál es ahora.",
        ),
    ],
)
def test_a_fix_named_by_its_section_that_the_answer_cannot_recall_goes_to_a_mentor(
    lang: str, answer: str
) -> None:
    expected = Expected("looking_at_extra_cards", "warning", "apply_section_procedure")
    grade = grade_answer(answer, expected, game="riftbound", lang=lang)
    assert grade.needs_review
    assert any(reason.startswith("remedy:") for reason in grade.review_reasons)
