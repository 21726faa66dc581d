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
        "GRV, Warning; then her opponent chooses whether it goes on the stack.",
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


@pytest.mark.parametrize(
    ("game", "answer", "expected", "found"),
    [
        (
            "riftbound",
            "Forgetting to score; both agree on the total, so we just fix it. No penalty.",
            Expected(infraction="forgetting_to_score", remedy="correct_score"),
            "correct_score",
        ),
        (
            "riftbound",
            "Pagou a mais; é só corrigir e pronto.",
            Expected(infraction="overpayment", remedy="correct_cost"),
            "correct_cost",
        ),
        (
            "riftbound",
            "Olvido de puntuar: lo ajustamos y listo.",
            Expected(infraction="forgetting_to_score", remedy="correct_score"),
            "correct_score",
        ),
    ],
)
def test_a_correction_with_no_object_counts_as_the_expected_correction(
    game: str, answer: str, expected: Expected, found: str
) -> None:
    grade = grade_answer(answer, expected, game=game)
    assert grade.parts["remedy"].found == found


def test_a_correction_with_no_object_read_wrong_goes_to_a_mentor() -> None:
    grade = grade_answer(
        "Missed trigger, no penalty, fix it.",
        Expected(infraction="missed_trigger", remedy="opponent_chooses_resolve_or_skip"),
        game="riftbound",
    )
    assert not grade.parts["remedy"].correct
    assert grade.needs_review


@pytest.mark.parametrize(
    "answer",
    [
        "Drew an extra card: Warning, and the fix from the Drawing Extra Cards section.",
        "Comprou carta a mais, Advertência, procedimento pela própria seção.",
        "Robó de más: Advertencia y el arreglo de esa sección.",
    ],
)
def test_a_section_fix_written_with_words_between(answer: str) -> None:
    grade = grade_answer(
        answer,
        Expected(infraction="drawing_extra_cards", remedy="apply_section_procedure"),
        game="riftbound",
    )
    assert grade.parts["remedy"].found == "apply_section_procedure"


@pytest.mark.parametrize(
    "answer",
    [
        "GRV, Warning; nothing can be undone now, so continue.",
        "VRJ com Advertência; não tem como voltar → segue.",
        "VRJ con Advertencia; ya nada se puede deshacer, seguimos.",
    ],
)
def test_play_continuing_said_with_a_bare_verb(answer: str) -> None:
    grade = grade_answer(
        answer, Expected(infraction="game_rule_violation", remedy="continue_play"), game="mtg"
    )
    assert grade.parts["remedy"].found == "continue_play"


def test_a_rejected_upgrade_target_is_not_the_answer() -> None:
    grade = grade_answer(
        "Rather than treat it as a General Error, I call it Mispayment for Cost. Warning.",
        Expected(infraction="mispayment_for_cost"),
        game="riftbound",
    )
    assert grade.parts["infraction"].found == "mispayment_for_cost"


@pytest.mark.parametrize(
    ("answer", "found"),
    [("EG, Adv, retrocesso simples.", "general_error"), ("EG con advertencia.", "general_error")],
)
def test_eg_in_capitals_is_the_general_error(answer: str, found: str) -> None:
    grade = grade_answer(answer, Expected(infraction="general_error"), game="riftbound")
    assert grade.parts["infraction"].found == found


@pytest.mark.parametrize(
    "answer",
    [
        "A Game Loss for her second GRV? No, it stays a Warning.",
        "Perda de Jogo pela segunda VRJ dela? Não, continua Advertência.",
        "¿Pérdida de juego por su segunda VRJ? No, sigue siendo Advertencia.",
    ],
)
def test_a_question_with_words_and_another_parts_term_before_its_no(answer: str) -> None:
    grade = grade_answer(
        answer, Expected(infraction="game_rule_violation", penalty="warning"), game="mtg"
    )
    assert grade.parts["penalty"].found == "warning"


@pytest.mark.parametrize(
    ("answer", "found"),
    [
        ("GRV; it continues to be a Warning.", None),
        ("VRJ, segue sendo Advertência.", None),
        ("VRJ, sigue siendo Advertencia.", None),
        ("VRJ, Advertência; a partida continua como está.", "continue_play"),
        ("VRJ, Advertencia; seguimos como estaba.", "continue_play"),
    ],
)
def test_a_bare_continue_verb_is_play_continuing_only_where_its_clause_ends(
    answer: str, found: str | None
) -> None:
    grade = grade_answer(
        answer, Expected(infraction="game_rule_violation", remedy="continue_play"), game="mtg"
    )
    assert grade.parts["remedy"].found == found
