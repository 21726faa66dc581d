"""Patterns blind6's misses showed (lexicon 2026.12.01.3), as general rules.

The answers were written for these tests in the three languages, not taken from any batch:
each one shows the pattern in other words than the batch's answers did.
"""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer
from tests.rulings.core.grading_cases import (
    FTS_FIX,
    GE,
    GE_LONG,
    MISPAY,
    MT_PLAY_ON,
    MT_STACK,
    MT_WARNING,
    NO_INF,
)


@pytest.mark.parametrize(
    "answer",
    [
        "No infraction. He never had a chance to announce it; the ability resolves now and "
        "we carry on.",
        "Sem infração: ninguém perdeu nada, a habilidade resolve agora e o jogo segue.",
        "Sin infracción; la habilidad se resuelve ahora y seguimos jugando.",
    ],
)
def test_a_pending_trigger_resolving_now_after_no_infraction_is_no_fix(answer: str) -> None:
    grade = grade_answer(answer, NO_INF, game="riftbound")
    assert grade.parts["remedy"].found == "none"
    assert grade.parts["remedy"].correct
    assert not grade.needs_review, grade.review_reasons


@pytest.mark.parametrize(
    "answer",
    [
        "No infraction, no penalty, we keep going.",
        "Sem infração, sem penalidade, seguimos.",
        "Sin infracción, sin penalización, seguimos.",
    ],
)
def test_playing_on_after_no_infraction_read_against_no_fix_goes_to_a_mentor(
    answer: str,
) -> None:
    grade = grade_answer(answer, NO_INF, game="mtg")
    assert grade.parts["remedy"].found == "continue_play"
    assert any("'no fix' and 'play goes on'" in r for r in grade.review_reasons)


def test_playing_on_after_an_infraction_is_the_ruling_committed_to() -> None:
    expected = Expected(infraction="missed_trigger", penalty="no_penalty", remedy="none")
    grade = grade_answer("Missed trigger, no penalty, play continues.", expected, game="mtg")
    assert grade.parts["remedy"].found == "continue_play"
    assert not any("'no fix' and 'play goes on'" in r for r in grade.review_reasons)


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


@pytest.mark.parametrize(
    ("expected", "answer", "fix"),
    [
        (
            MT_PLAY_ON,
            "Forgetting to Draw Cards (702.4), no penalty; he draws the missing card now.",
            "draw_missing_cards",
        ),
        (
            MT_PLAY_ON,
            "Esquecer de Comprar Cartas (702.4), sem pen; ele compra a carta agora.",
            "draw_missing_cards",
        ),
        (
            GE_LONG,
            "Olvidar preparar (702.15), sin penalización; prepara las unidades ahora.",
            "ready_objects",
        ),
    ],
)
def test_the_concrete_fix_stated_beside_the_sections_citation_is_what_is_claimed(
    expected: Expected, answer: str, fix: str
) -> None:
    grade = grade_answer(answer, expected, game="riftbound")
    assert grade.parts["remedy"].found == fix


def test_the_concrete_fix_beside_the_citation_is_the_procedure_where_it_is_asked() -> None:
    expected = Expected(
        infraction="forgetting_to_draw_cards",
        penalty="no_penalty",
        remedy="apply_section_procedure",
    )
    grade = grade_answer(
        "Esquecer de Comprar Cartas (702.4), sem pen; ele compra a carta agora.",
        expected,
        game="riftbound",
    )
    assert grade.parts["remedy"].found == "apply_section_procedure"
    assert grade.parts["remedy"].correct


@pytest.mark.parametrize(
    "answer",
    [
        "Missed trigger, no penalty. Not the default action; the opponent chooses whether "
        "it goes on the stack.",
        "HDE, sem penalidade. Nada de ação padrão: o oponente escolhe se a habilidade vai "
        "pra pilha.",
        "Disparo olvidado, sin penalización. No la acción por defecto: el oponente elige si "
        "va a la pila.",
    ],
)
def test_put_on_stack_stated_after_the_default_action_is_read_or_sent_to_a_mentor(
    answer: str,
) -> None:
    grade = grade_answer(answer, MT_STACK, game="mtg")
    assert grade.parts["remedy"].correct or grade.needs_review, grade.review_reasons


@pytest.mark.parametrize(
    "answer",
    [
        "MT, Warning. I'd back up to the upkeep and do it properly.",
        "HDE, Advertência. Eu voltaria ao início do turno e faria tudo direito.",
        "Disparo olvidado, Advertencia. Volvemos al mantenimiento y se hace bien.",
    ],
)
def test_a_backup_to_a_named_step_read_as_the_simple_one_goes_to_a_mentor(
    answer: str,
) -> None:
    grade = grade_answer(answer, MT_WARNING, game="mtg")
    assert not grade.parts["remedy"].correct
    assert grade.needs_review, grade.parts["remedy"].found


@pytest.mark.parametrize(
    ("lang", "answer"),
    [
        (
            "en",
            "General Error, Warning. At Professional the rewind has to be done by the head "
            "judge; undo the spell.",
        ),
        (
            "pt-BR",
            "Erro Geral, Advertência. No Profissional o retrocesso tem que ser feito "
            "pelo juiz principal; desfaz o feitiço.",
        ),
        (
            "es",
            "Error general, Advertencia. Como es Profesional, el rebobinado lo tiene que "
            "hacer el juez principal: se deshace la carta.",
        ),
    ],
)
def test_a_rewind_the_head_judge_must_make_is_the_longer_one(lang: str, answer: str) -> None:
    grade = grade_answer(answer, GE, game="riftbound", lang=lang)
    assert grade.parts["remedy"].found == "rewind"
    assert grade.needs_review
