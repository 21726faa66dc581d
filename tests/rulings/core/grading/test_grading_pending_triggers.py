"""A trigger still pending, and who chooses what happens to a missed one.

The answers were written for these tests, not taken from any labelled batch."""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer
from tests.rulings.core.grading_cases import (
    CHEAT,
    MT_STACK,
    NO_INF,
)

NO_INF_MTG = Expected(infraction="no_infraction", penalty="no_penalty", remedy="none")


@pytest.mark.parametrize(
    "answer",
    [
        "No infraction: the trigger is still on the stack and the opponent chooses when it "
        "resolves. No penalty, nothing to fix.",
        "Sem infração: a habilidade segue na pilha, e o oponente escolhe quando ela "
        "resolve. Sem pen e nada a corrigir.",
        "Sin infracción. La habilidad sigue en la pila y el oponente elige cuando se "
        "resuelva. Sin penalización, nada que corregir.",
    ],
)
def test_nothing_to_fix_beside_a_fix_the_explanation_names_goes_to_a_mentor(answer: str) -> None:
    grade = grade_answer(answer, NO_INF_MTG, game="mtg")
    remedy = grade.parts["remedy"]
    assert remedy.found == "none" or grade.needs_review


GE_PENDING = Expected(infraction="general_error", penalty="warning", remedy="none")


@pytest.mark.parametrize(
    "answer",
    [
        "General Error for Rafael, Warning. The trigger is still pending and just resolves now.",
        "Erro Geral, Advertência. A habilidade ainda está pendente e o Caio a resolve agora.",
        "Error general para Tomé, Advertencia. Ilse resuelve su habilidad ahora mismo.",
        "No hay infracción del rival; la habilidad sigue pendiente, así que Jonas la resuelve "
        "ahora y se sigue. Error general, Advertencia.",
    ],
)
def test_a_pending_trigger_that_simply_resolves_now_is_nothing_to_fix(answer: str) -> None:
    grade = grade_answer(answer, GE_PENDING, game="riftbound")
    assert grade.parts["remedy"].correct, grade.review_reasons


def test_a_fix_named_beside_a_trigger_resolving_now_is_the_fix() -> None:
    grade = grade_answer(
        "Missed trigger, no penalty: the opponent chooses whether it resolves now or not.",
        Expected("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        game="riftbound",
    )
    assert grade.parts["remedy"].found == "opponent_chooses_resolve_or_skip"


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


MT_CHOICE = Expected(
    infraction="missed_trigger", penalty="no_penalty", remedy="opponent_chooses_resolve_or_skip"
)


def test_default_action_words_do_not_match_in_riftbound() -> None:
    grade = grade_answer(
        "Missed trigger, no penalty; Kai chooses whether the discard happens now or is skipped.",
        MT_CHOICE,
        game="riftbound",
    )
    assert all(m != "opponent_chooses_default_action" for m in grade.parts["remedy"].candidates)
    assert grade.parts["remedy"].found == "opponent_chooses_resolve_or_skip"


@pytest.mark.parametrize(
    "answer",
    [
        "Trapaça: o Tomé confessou que ignorou a habilidade. Desqualificação. E a Ilse "
        "ainda escolhe se a habilidade resolve agora.",
        "Trampa, lo admitió. Descalificación. Y Rafael todavía elige si la habilidad se "
        "resuelve ahora.",
    ],
)
def test_the_opponent_choosing_whether_the_ability_resolves_is_read(answer: str) -> None:
    remedy = grade_answer(answer, CHEAT, game="riftbound").parts["remedy"]
    assert remedy.found == "opponent_chooses_resolve_or_skip"
