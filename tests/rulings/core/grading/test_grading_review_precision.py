"""Review precision: common phrasings are read right without a mentor, and review rules do
not flag right gradings where no error is likely.

The answers here were written for these tests, not taken from any labelled batch.
"""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer

SECTION = "apply_section_procedure"

RIGHT: list[tuple[str, Expected, str]] = [
    # the section's own fix, in plain words
    (
        "riftbound",
        Expected("channeling_too_many_runes", "warning", SECTION),
        "Channeling Too Many Runes: Warning, plus the fix of its section.",
    ),
    (
        "riftbound",
        Expected("looking_at_extra_cards", "warning", SECTION),
        "Looking at Extra Cards for Ilse - Warning - section fix",
    ),
    (
        "riftbound",
        Expected("mulligan_procedure_error", "warning", SECTION),
        "Erro de procedimento no mulligan; Advertência e correção da seção.",
    ),
    (
        "riftbound",
        Expected("drawing_extra_cards", "warning", SECTION),
        "Robar cartas de más, Advertencia y la corrección de la sección.",
    ),
    # who chooses whether the trigger resolves
    (
        "riftbound",
        Expected("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "missed trigger, no penalty, the opponent chooses resolve or not",
    ),
    (
        "riftbound",
        Expected("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "HDE do Tomé, sem penalidade; a Ilse escolhe se resolve.",
    ),
    (
        "riftbound",
        Expected("missed_trigger", "warning", "opponent_chooses_resolve_or_skip"),
        "HDO, advertencia, el rival elige si se resuelve o no.",
    ),
    # Magic's default action in the words of the trigger
    (
        "mtg",
        Expected("missed_trigger", "warning", "opponent_chooses_default_action"),
        "Missed trigger, Warning; the opponent can make him sacrifice it now or next phase.",
    ),
    (
        "mtg",
        Expected("missed_trigger", "warning", "opponent_chooses_default_action"),
        "Disparo olvidado, Advertencia; el rival puede hacer que lo sacrifique ahora o "
        "en la próxima fase.",
    ),
    # play goes on, the cost and score fixed in plain words
    (
        "mtg",
        Expected("missed_trigger", "no_penalty", "continue_play"),
        "Disparo olvidado por Tomé, sin penalización, y se sigue.",
    ),
    (
        "riftbound",
        Expected("mispayment_for_cost", "warning", "correct_cost"),
        "Pagamento incorreto, Advertência; ele paga as runas que faltam.",
    ),
    (
        "riftbound",
        Expected("mispayment_for_cost", "warning", "correct_cost"),
        "Pago incorrecto, Advertencia, que pague las runas restantes.",
    ),
    # short forms of the infraction names, the usual fix, a misspelling
    (
        "riftbound",
        Expected("looking_at_opponent_private_information", "warning", SECTION),
        "Olhou info privada do oponente: Advertência e correção da seção.",
    ),
    (
        "riftbound",
        Expected("looking_at_secret_information", "warning", SECTION),
        "Secret info looked at: Looking at Secret Info, Warning and the usual fix.",
    ),
    (
        "riftbound",
        Expected("missed_trigger", "warning", "opponent_chooses_resolve_or_skip"),
        "disparo olvidao, advertencia, el rival elige si se resuelve o no",
    ),
    (
        "mtg",
        Expected("missed_trigger", "warning", "opponent_chooses_put_on_stack"),
        "He forgot the Smokestack upkeep. Warning, the opponent chooses whether it goes "
        "on the stack.",
    ),
]


@pytest.mark.parametrize(("game", "expected", "answer"), RIGHT)
def test_common_phrasings_are_read_right_without_review(
    game: str, expected: Expected, answer: str
) -> None:
    grade = grade_answer(answer, expected, game=game)
    assert grade.score == 1.0, grade.feedback
    assert not grade.needs_review, grade.review_reasons


def test_a_wrong_rewind_in_magic_is_reported_as_the_simple_backup() -> None:
    grade = grade_answer(
        "VRJ, Advertência, retrocesso simples.",
        Expected("game_rule_violation", "warning", "continue_play"),
        game="mtg",
    )
    assert grade.parts["remedy"].found == "simple_backup"


def test_another_named_players_ruling_is_set_aside() -> None:
    grade = grade_answer(
        "Forgetting to Score, no penalty, fix the score. Kai gets a Warning for FtMGS.",
        Expected("forgetting_to_score", "no_penalty", "correct_score"),
        game="riftbound",
    )
    assert grade.score == 1.0
    assert not grade.needs_review, grade.review_reasons


def test_a_named_players_ruling_is_the_answer_when_it_is_the_only_one() -> None:
    grade = grade_answer(
        "Missed trigger. Kai gets a Warning.",
        Expected("missed_trigger", "warning"),
        game="riftbound",
    )
    assert grade.score == 1.0


def test_a_firm_wrong_penalty_is_not_flagged_for_an_unread_clause_elsewhere() -> None:
    grade = grade_answer(
        "Missed trigger, Warning. The opponent chooses. Honestly the table looked tense.",
        Expected("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        game="riftbound",
    )
    assert grade.parts["penalty"].found == "warning"
    assert not grade.needs_review, grade.review_reasons


def test_a_record_of_earlier_warnings_is_not_the_expected_warning_named() -> None:
    grade = grade_answer(
        "FtMGS. She already has five warnings in total, so Game Loss. No fix.",
        Expected("failure_to_maintain_game_state", "warning", "none"),
        game="riftbound",
    )
    assert grade.parts["penalty"].found == "game_loss"
    assert not grade.needs_review, grade.review_reasons


def test_a_players_name_is_no_unread_word() -> None:
    grade = grade_answer(
        "Missed trigger, no penalty, and Priya Ramaswamy chooses whether it resolves.",
        Expected("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        game="riftbound",
    )
    assert grade.score == 1.0
    assert not grade.needs_review, grade.review_reasons


def test_a_rejection_inside_a_later_reason_leaves_the_penalty_standing() -> None:
    grade = grade_answer(
        "VRJ com Advertência, e como retroceder já não dá, o jogo segue.",
        Expected("game_rule_violation", "warning", "continue_play"),
        game="mtg",
    )
    assert grade.parts["penalty"].found == "warning"
    assert grade.score == 1.0


def test_a_wrong_remedy_read_from_a_gapped_paraphrase_is_not_flagged() -> None:
    grade = grade_answer(
        "Missed trigger, no penalty, and we keep right on playing.",
        Expected("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        game="riftbound",
    )
    assert grade.parts["remedy"].found == "continue_play"
    assert grade.parts["remedy"].rule == "one_claim"
    assert not grade.needs_review, grade.review_reasons


def test_a_wrong_penalty_read_from_a_typo_is_graded_wrong_without_a_mentor() -> None:
    # a corrected typo is as firm as the name for review: on the blind batches held out,
    # every misgrade that flag fell on was flagged for another reason (2026.12.07.8)
    grade = grade_answer(
        "Missed trigger, Warnnig, the opponent chooses.",
        Expected("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        game="riftbound",
    )
    assert grade.parts["penalty"].found == "warning"
    assert not grade.parts["penalty"].correct
    assert not grade.needs_review, grade.review_reasons


# The answers below were written for these tests.


@pytest.mark.parametrize(
    "answer",
    [
        "Warning for the missed upkeep trigger? Then Tove picks: on the stack or not.",
        "Advertência pelo gatilho de manutenção esquecido? A Tove decide se entra na pilha.",
        "¿Advertencia por el disparo de mantenimiento olvidado? Tove decide si va a la pila.",
    ],
)
def test_one_option_asked_and_nothing_else_is_read_without_a_mentor(answer: str) -> None:
    expected = Expected("missed_trigger", "warning", "opponent_chooses_put_on_stack")
    grade = grade_answer(answer, expected, game="mtg")
    assert grade.parts["penalty"].found == "warning"
    assert grade.parts["penalty"].rule == "questioned"
    assert not grade.needs_review, grade.review_reasons


def test_a_part_nothing_is_said_of_is_not_doubted_by_the_second_reading() -> None:
    grade = grade_answer(
        "Looking at Extra Cards, Warning.",
        Expected("looking_at_extra_cards", "warning", SECTION),
        game="riftbound",
    )
    assert grade.parts["remedy"].rule == "nothing_said"
    assert not grade.needs_review, grade.review_reasons


@pytest.mark.parametrize(
    "answer",
    [
        "Missed trigger, Warning; Ivo may have the default action happen now or at the start "
        "of the next phase, so Lena loses the game.",
        "Habilidade esquecida, Advertência; o Ivo pode aplicar a ação padrão agora ou no "
        "início da próxima fase, e a Lena perde o jogo.",
        "Disparo olvidado, Advertencia; Ivo puede aplicar la acción por defecto ahora o al "
        "comienzo de la siguiente fase, y Lena pierde el juego.",
    ],
)
def test_a_game_lost_to_a_default_action_is_not_the_penalty(answer: str) -> None:
    grade = grade_answer(
        answer,
        Expected("missed_trigger", "warning", "opponent_chooses_default_action"),
        game="mtg",
    )
    assert grade.parts["penalty"].found == "warning"
    assert not grade.parts["penalty"].conflict


@pytest.mark.parametrize(
    "answer",
    [
        "Fourth GRV this event: he loses the game.",
        "Quarta VRJ no evento: ele perde o jogo.",
        "Cuarta GRV del evento: pierde el juego.",
    ],
)
def test_losing_the_game_alone_is_still_a_game_loss(answer: str) -> None:
    grade = grade_answer(
        answer, Expected("game_rule_violation", "game_loss", "simple_backup"), game="mtg"
    )
    assert grade.parts["penalty"].found == "game_loss"


@pytest.mark.parametrize(
    "answer",
    [
        "Looking at Extra Cards. Just her second slip of the kind, so Warning.",
        "Olhar Cartas a Mais. É só o segundo deslize desse tipo, então Advertência.",
        "Ver cartas de más. Solo es su segundo desliz de ese tipo, así que Advertencia.",
    ],
)
def test_the_reason_a_conclusion_is_drawn_from_is_no_unread_ruling(answer: str) -> None:
    grade = grade_answer(
        answer, Expected("looking_at_extra_cards", "warning", SECTION), game="riftbound"
    )
    assert grade.parts["remedy"].found is None
    assert not any(r.startswith("remedy") for r in grade.review_reasons), grade.review_reasons


def test_words_after_a_concluded_term_in_its_clause_may_still_state_a_part() -> None:
    grade = grade_answer(
        "Forgetting to Score, no penalty. Everyone agrees on the total, so the forgotten "
        "point simply lands on the tally.",
        Expected("forgetting_to_score", "no_penalty", "correct_score"),
        game="riftbound",
    )
    assert grade.parts["remedy"].found is None
    assert any(r.startswith("remedy") for r in grade.review_reasons)


# Written for these tests by the h26q session: a reason a list of terms is concluded from,
# a player's name labelling the ruling after it, and common words that state no part.


@pytest.mark.parametrize(
    "answer",
    [
        "The HJ runs Casual gently here, so missed trigger and no penalty.",
        "O torneio é Casual e o juiz alivia tudo, então habilidade esquecida e sem penalidade.",
        "Es Casual y el juez lo suaviza todo, así que disparo olvidado y sin penalización.",
    ],
)
def test_the_reason_a_list_of_terms_is_concluded_from_is_no_unread_ruling(answer: str) -> None:
    grade = grade_answer(
        answer, Expected("missed_trigger", "no_penalty", "continue_play"), game="riftbound"
    )
    assert grade.parts["remedy"].found is None
    assert not any(r.startswith("remedy") for r in grade.review_reasons), grade.review_reasons


@pytest.mark.parametrize(
    "answer",
    [
        "GRV for Nadia, Warning. Olufemi: FtMGS, Warning.",
        "VRJ pra Nadia, Advertência. Olufemi: FtMGS, Advertência.",
        "VRJ para Nadia, Advertencia. Olufemi: FtMGS, Advertencia.",
    ],
)
def test_a_name_labelling_a_players_ruling_is_no_unread_word(answer: str) -> None:
    grade = grade_answer(
        answer, Expected("game_rule_violation", "warning", "continue_play"), game="mtg"
    )
    assert grade.parts["remedy"].found is None
    assert not any(r.startswith("remedy") for r in grade.review_reasons), grade.review_reasons


@pytest.mark.parametrize(
    "answer",
    [
        "Looking at Extra Cards, her third exactly: Game Loss.",
        "Olhar Cartas a Mais, a terceira dessa categoria: Perda de Jogo.",
        "Mirar cartas de más, exactamente la tercera de la categoría: Pérdida de juego.",
    ],
)
def test_common_words_beside_a_record_are_no_unread_ruling(answer: str) -> None:
    grade = grade_answer(
        answer, Expected("looking_at_extra_cards", "game_loss", SECTION), game="riftbound"
    )
    assert grade.parts["remedy"].found is None
    assert not any(r.startswith("remedy") for r in grade.review_reasons), grade.review_reasons
