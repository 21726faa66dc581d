"""An infraction described in plain words, not named, is what the answer commits to.

"He forgot the lifelink bonus", "ela esqueceu o efeito", "se le pasó la habilidad": a verb of
forgetting or missing stands for the missed trigger when the answer names no infraction; a
named infraction always wins over it, and a description that is denied, conditional or
another player's is not the answer. A remedy that belongs to one infraction only (the
opponent choosing whether the trigger goes on the stack) commits to that infraction too.
The answers were written for these tests, not taken from any batch.
"""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer

MT = Expected(infraction="missed_trigger", penalty="no_penalty")


@pytest.mark.parametrize(
    ("game", "answer"),
    [
        ("mtg", "She forgot the lifelink bonus until combat damage was dealt. No penalty."),
        ("mtg", "Forgotten at the start of combat. No penalty."),
        ("riftbound", "He missed it when he passed the turn. No penalty."),
        ("mtg", "The ability slipped her mind entirely; no penalty."),
        ("mtg", "Moved to combat without doing anything about the upkeep effect. No penalty."),
        ("riftbound", "O Caio esqueceu o efeito do campo de batalha. Sem penalidade."),
        ("mtg", "O efeito do início do turno passou batido. Sem penalidade."),
        ("mtg", "Se le pasó por completo la habilidad del encantamiento. Sin penalización."),
        ("riftbound", "Rafa lo olvidó al pasar de fase. Sin penalización."),
    ],
)
def test_it_reads_a_forgotten_ability_described_in_plain_words(game: str, answer: str) -> None:
    grade = grade_answer(answer, MT, game=game)
    assert grade.parts["infraction"].found == "missed_trigger"
    assert grade.score == 1.0


@pytest.mark.parametrize(
    ("answer", "expected", "found"),
    [
        (
            "He forgot to mention it, but what happened is a Game Rule Violation. Warning.",
            "game_rule_violation",
            "game_rule_violation",
        ),
        (
            "Ele esqueceu de anotar o ponto. Sem penalidade.",
            "forgetting_to_score",
            "forgetting_to_score",
        ),
        (
            "Se le olvidó sumar el punto. Sin penalización.",
            "forgetting_to_score",
            "forgetting_to_score",
        ),
        ("He didn't forget anything: no infraction.", "no_infraction", "no_infraction"),
        (
            "Não pode ter sido esquecida, ela resolve sozinha. Logo: sem infração.",
            "no_infraction",
            "no_infraction",
        ),
    ],
)
def test_a_named_or_denied_infraction_wins_over_a_description(
    answer: str, expected: str, found: str
) -> None:
    game = "riftbound" if expected == "forgetting_to_score" else "mtg"
    grade = grade_answer(answer, Expected(infraction=expected), game=game)
    assert grade.parts["infraction"].found == found


def test_a_description_read_wrong_goes_to_a_mentor() -> None:
    grade = grade_answer(
        "He forgot about the cost reduction. Warning.",
        Expected(infraction="mispayment_for_cost", penalty="warning"),
        game="riftbound",
    )
    assert grade.parts["infraction"].found == "missed_trigger"
    assert grade.needs_review


@pytest.mark.parametrize(
    ("game", "answer"),
    [
        ("mtg", "No penalty; Lia decides whether it goes on the stack now."),
        ("riftbound", "Sem penalidade, e a Bruna escolhe se resolve agora ou se perde."),
        ("mtg", "Sin penalización; el oponente elige si el disparo va a la pila."),
    ],
)
def test_a_remedy_of_one_infraction_commits_to_it(game: str, answer: str) -> None:
    grade = grade_answer(answer, MT, game=game)
    assert grade.parts["infraction"].found == "missed_trigger"


def test_a_remedy_does_not_override_a_named_infraction() -> None:
    grade = grade_answer(
        "GRV, Warning; the opponent chooses whether it goes on the stack.",
        Expected(infraction="game_rule_violation"),
        game="mtg",
    )
    assert grade.parts["infraction"].found == "game_rule_violation"


@pytest.mark.parametrize(
    ("answer", "found"),
    [
        ("DE, sem pen, o Ivo escolhe.", "missed_trigger"),
        ("DO; sin pen.", "missed_trigger"),
        ("Uma carta de Kai: sem penalidade.", None),
    ],
)
def test_capital_abbreviations_count_only_in_capitals(answer: str, found: str | None) -> None:
    grade = grade_answer(answer, Expected(infraction="missed_trigger"), game="riftbound")
    assert grade.parts["infraction"].found == found
