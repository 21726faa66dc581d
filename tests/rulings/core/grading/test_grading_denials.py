"""Denials: a bare "no" after a term rejects it; after "or" it rejects nothing; a fix denied
after it is named leaves play going on.

The answers were written for these tests, not taken from any labelled batch."""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer
from tests.rulings.core.grading_cases import (
    FTS_FIX,
    MISPAY,
    MT_STACK,
    NO_INF,
)

LEC_W = Expected(
    infraction="looking_at_extra_cards", penalty="warning", remedy="apply_section_procedure"
)


@pytest.mark.parametrize(
    "answer",
    [
        "Olhar Cartas Extras, Advertência. Perda de Jogo não: é só a segunda. Correção da seção.",
        "Olhar Cartas Extras. Subiria? Só com o juiz principal, então Perda de Jogo não. "
        "Advertência, correção da seção.",
        "Mirar cartas de más, Advertencia. Pérdida de juego no: es solo la segunda. "
        "Corrección de la sección.",
    ],
)
def test_a_bare_denial_right_after_a_term_rejects_it(answer: str) -> None:
    grade = grade_answer(answer, LEC_W, game="riftbound")
    assert grade.parts["penalty"].found == "warning"
    assert not grade.needs_review, grade.review_reasons


@pytest.mark.parametrize(
    ("game", "expected", "answer"),
    [
        (
            "mtg",
            MT_STACK,
            "HDE, sem penalidade. O oponente escolhe se coloca na pilha ou não.",
        ),
        (
            "mtg",
            MT_STACK,
            "HDO, sin penalización. El oponente elige si lo pone en la pila o no.",
        ),
    ],
)
def test_a_bare_denial_after_or_rejects_nothing(game: str, expected: Expected, answer: str) -> None:
    grade = grade_answer(answer, expected, game=game)
    assert grade.parts["remedy"].found == "opponent_chooses_put_on_stack"


@pytest.mark.parametrize(
    "answer",
    [
        "Cheating? No. He ignored it on purpose, but his only creature already flies, so the "
        "trigger would change nothing. No infraction, no penalty.",
        "Trapaça? Não. Ele ignorou de propósito, mas a criatura dele já voa, então nada "
        "mudaria. Sem infração, sem penalidade.",
        "¿Trampa? No. Lo ignoró a propósito, pero su criatura ya vuela, así que no cambiaría "
        "nada. Sin infracción, sin penalización.",
    ],
)
def test_an_id_rejected_by_name_is_not_claimed_again_by_its_paraphrase(answer: str) -> None:
    grade = grade_answer(answer, NO_INF, game="mtg")
    assert grade.parts["infraction"].found == "no_infraction", grade.review_reasons
    assert grade.parts["remedy"].found == "none"


@pytest.mark.parametrize(
    ("expected", "answer"),
    [
        (
            FTS_FIX,
            "Forgetting to Score, no penalty. A full round has passed, so the score "
            "can no longer be fixed; play continues.",
        ),
        (
            FTS_FIX,
            "Esquecer de Pontuar, sem penalidade. Já rodou a mesa toda, não dá mais "
            "pra corrigir o placar; o jogo continua.",
        ),
        (
            MISPAY,
            "Pagamento Incorreto de Custo, Advertência. Voltar não dá e corrigir o "
            "custo também não, já não há runas: o jogo continua.",
        ),
        (
            MISPAY,
            "Pago incorrecto de coste, Advertencia. Rebobinar ya no es posible y corregir el "
            "coste tampoco: el juego sigue.",
        ),
    ],
)
def test_a_fix_denied_after_it_is_named_leaves_play_going_on(
    expected: Expected, answer: str
) -> None:
    grade = grade_answer(answer, expected, game="riftbound")
    assert grade.parts["remedy"].found == "continue_play", grade.review_reasons
