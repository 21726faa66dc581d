"""The scoping table (reading/cues.toml) is whole, and one scoper applies its rows.

Each row names a category of cue, the side it reads, a window, a reach, guards and an
effect; every name must be one the scoper knows, and every category must have phrases in
each language. The answers below were written for these tests.
"""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from rulings.core.grading import Expected, grade_answer
from rulings.core.grading.classify import _REACHES, EFFECTS, GUARDS
from rulings.core.grading.lexicon import LANGUAGES
from rulings.core.grading.reading.cues import scope_table


def test_every_row_names_a_reach_guards_and_an_effect_the_scoper_knows() -> None:
    for rows in scope_table().values():
        for row in rows.values():
            assert row.reach in _REACHES, row
            assert set(row.guards) <= set(GUARDS), row
            assert row.effect in EFFECTS, row


def test_every_category_has_phrases_in_every_language() -> None:
    ref = resources.files("rulings.core.grading").joinpath("data", "language.toml")
    language = tomllib.loads(ref.read_text(encoding="utf-8"))
    categories = {c for rows in scope_table().values() for c in rows}
    for code in LANGUAGES:
        missing = {c for c in categories if not language[code].get(c)}
        assert missing == set(), code


MT = Expected("missed_trigger", "no_penalty")


@pytest.mark.parametrize(
    ("answer", "found"),
    [
        # negation, before the term, within its window and clause
        ("Missed trigger, not a Warning, no penalty.", "no_penalty"),
        # a conclusion between a denial and the term ends the denial's reach
        ("Missed trigger. It can't be undone, so a Warning.", "warning"),
        # a rejection after the term, at the end of its clause
        ("Missed trigger. Some would say a Warning, but no. No penalty.", "no_penalty"),
        # a condition after the term makes it hypothetical
        ("Missed trigger, no penalty. A Warning only if it helped him.", "no_penalty"),
    ],
)
def test_the_scoper_reads_each_side_of_a_term(answer: str, found: str) -> None:
    assert grade_answer(answer, MT, game="mtg").parts["penalty"].found == found


@pytest.mark.parametrize(
    "answer",
    [
        "General Error, Warning. Leave the game as it is; afterwards, a judge (picked by lot,"
        " standing in for the opponent) decides if the trigger resolves now or is skipped.",
        "Erro Geral, Advertência. Deixa o jogo como está; depois, um juiz (por sorteio, pelo"
        " oponente) decide se a habilidade resolve agora ou é esquecida.",
        "Error General, Advertencia. Se deja el juego como está; después, un juez (por sorteo,"
        " en vez del oponente) decide si la habilidad se resuelve ahora o se pierde.",
    ],
)
def test_a_parenthetical_does_not_count_toward_a_cues_window(answer: str) -> None:
    expected = Expected(infraction="general_error", penalty="warning", remedy="continue_play")
    grade = grade_answer(answer, expected, game="riftbound")
    remedy = grade.parts["remedy"]
    assert remedy.rule == "steps"
    assert remedy.correct
    assert not grade.needs_review


@pytest.mark.parametrize(
    "answer",
    [
        "Missed trigger. A Warning only if the miss had helped Bo, and it didn't.",
        "Habilidade esquecida. Seria Advertência se o esquecimento ajudasse o Bo, o que não"
        " aconteceu.",
        "Disparo olvidado. Sería Advertencia si el olvido hubiera ayudado a Bo, y no fue así.",
    ],
)
def test_a_term_held_by_a_condition_the_answer_denies_is_not_committed(answer: str) -> None:
    penalty = grade_answer(answer, MT, game="riftbound").parts["penalty"]
    assert penalty.found != "warning"
    assert penalty.rule == "denied_warning"


@pytest.mark.parametrize(
    "answer",
    [
        "Missed trigger. If Bo saw it and it didn't matter to him, a Warning.",
        "Habilidade esquecida. Se o Bo viu e não fez diferença para ele, Advertência.",
        "Disparo olvidado. Si Bo lo vio y no lo hizo valer, Advertencia.",
    ],
)
def test_a_denial_inside_the_condition_does_not_end_it(answer: str) -> None:
    penalty = grade_answer(answer, MT, game="riftbound").parts["penalty"]
    assert penalty.rule == "hypothetical"


@pytest.mark.parametrize(
    "answer",
    [
        "Overpayment, but it doesn't stay at no penalty: she gained a card, so a Warning.",
        "Pagamento a mais, mas não fica em sem penalidade: ela ganhou uma carta, então"
        " Advertência.",
        "Sobrepago, pero no se queda en sin penalización: ganó una carta, así que Advertencia.",
    ],
)
def test_a_denied_stays_at_settles_on_nothing(answer: str) -> None:
    expected = Expected("overpayment", "warning")
    penalty = grade_answer(answer, expected, game="riftbound").parts["penalty"]
    assert penalty.found == "warning"
