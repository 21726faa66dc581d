"""The safety net: a part the key asks for read as nothing goes to a mentor unless the
answer itself says why (it leaves the part unstated, or says it cannot choose between the
options it names). Sentences written for this module."""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer

NI = Expected(infraction="no_infraction", penalty="no_penalty", remedy="none")
MT_STACK = Expected(
    infraction="missed_trigger", penalty="no_penalty", remedy="opponent_chooses_put_on_stack"
)


@pytest.mark.parametrize(
    "text",
    ["See CR 117.3.", "Veja a seção 117.3 das CR.", "Mira la sección 117.3 de las CR."],
)
def test_an_answer_placing_no_ruling_at_all_goes_to_a_mentor(text: str) -> None:
    grade = grade_answer(text, NI, game="mtg")
    assert all(part.found is None for part in grade.parts.values())
    assert grade.needs_review
    assert any("nothing read for any part" in r for r in grade.review_reasons)


@pytest.mark.parametrize(
    "text",
    [
        "Missed trigger, no penalty. Fix: a backup or the opponent chooses whether it goes on "
        "the stack.",
        "Gatilho esquecido, sem penalidade. Correção: backup ou o oponente escolhe se vai pra "
        "pilha.",
        "Disparo olvidado, sin penalización. Arreglo: backup o el oponente elige si va a la pila.",
    ],
)
def test_options_left_open_with_no_word_of_doubt_go_to_a_mentor(text: str) -> None:
    grade = grade_answer(text, MT_STACK, game="mtg")
    remedy = grade.parts["remedy"]
    assert remedy.found is None
    assert len(remedy.candidates) > 1
    assert grade.needs_review
    assert any("no word of the answer doubts them" in r for r in grade.review_reasons)


@pytest.mark.parametrize(
    "text",
    [
        "Missed trigger, no penalty. Fix: a backup or the opponent chooses whether it goes on "
        "the stack, both seem fine.",
        "Gatilho esquecido, sem penalidade. Não sei se faz backup ou se o oponente escolhe se "
        "vai pra pilha.",
        "Disparo olvidado, sin penalización. Arreglo: backup o el oponente elige si va a la "
        "pila, no lo tengo claro.",
    ],
)
def test_options_the_answer_says_it_cannot_choose_between_need_no_mentor(text: str) -> None:
    grade = grade_answer(text, MT_STACK, game="mtg")
    remedy = grade.parts["remedy"]
    assert remedy.found is None
    assert not any("no word of the answer doubts them" in r for r in grade.review_reasons)


@pytest.mark.parametrize(
    "text",
    [
        "Missed trigger, no penalty.",
        "Gatilho esquecido, sem penalidade.",
        "Disparo olvidado, sin penalización.",
    ],
)
def test_a_part_simply_left_unstated_needs_no_mentor(text: str) -> None:
    grade = grade_answer(text, MT_STACK, game="mtg")
    assert grade.parts["remedy"].found is None
    assert not grade.needs_review


CHEAT = Expected(infraction="cheating", penalty="disqualification", remedy="none")


@pytest.mark.parametrize(
    "text",
    [
        "Cheating. Warning or no penalty, I can't say. Disqualification.",
        "Trapaça. Advertência ou sem penalidade, não sei dizer. Desqualificação.",
        "Trampas. Advertencia o sin penalización, no sabría decir. Descalificación.",
    ],
)
def test_options_left_open_beside_another_plain_claim_go_to_a_mentor(text: str) -> None:
    grade = grade_answer(text, CHEAT, game="riftbound")
    penalty = grade.parts["penalty"]
    assert penalty.found is None
    assert penalty.left_open
    assert any(
        r.startswith("penalty: two candidates") and "disqualification" in r
        for r in grade.review_reasons
    )
