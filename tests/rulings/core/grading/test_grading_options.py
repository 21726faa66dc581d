"""Options raised and rejected, upgrades, hedges and hypotheticals."""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer

PENALTY = Expected(penalty="no_penalty")


@pytest.mark.parametrize(
    "text",
    [
        "Game Loss? No, no penalty.",
        "Perda de jogo? Não, sem penalidade.",
        "¿Pérdida de juego? No, sin penalización.",
        "Warning? No penalty.",
    ],
)
def test_rejected_option_is_not_claimed(text: str) -> None:
    grade = grade_answer(text, PENALTY, game="riftbound")
    assert grade.parts["penalty"].found == "no_penalty"
    assert not grade.needs_review


@pytest.mark.parametrize(
    "text",
    [
        "A Warning instead of a Game Loss.",
        "Advertência em vez de perda de jogo.",
        "Advertencia en lugar de pérdida de juego.",
        "A Game Loss would be too harsh; a Warning.",
    ],
)
def test_option_rejected_in_passing_leaves_the_chosen_one(text: str) -> None:
    grade = grade_answer(text, Expected(penalty="warning"), game="mtg")
    assert grade.parts["penalty"].found == "warning"


@pytest.mark.parametrize(
    "text",
    [
        "upgraded to a Game Loss",
        "a Warning, upgraded to a Game Loss because it is the third",
        "Advertência, que sobe para perda de jogo por ser a terceira.",
        "Advertencia, que se convierte en pérdida de juego por ser la tercera.",
        "W -> GL",
    ],
)
def test_upgrade_path_ends_in_its_target(text: str) -> None:
    grade = grade_answer(text, Expected(penalty="game_loss"), game="riftbound")
    assert grade.parts["penalty"].found == "game_loss"
    assert grade.parts["penalty"].correct
    assert not grade.needs_review


@pytest.mark.parametrize(
    "text",
    [
        "warning or no penalty",
        "advertência ou sem penalidade",
        "advertencia o sin penalización",
        "GL/ML",
    ],
)
def test_options_left_open_claim_nothing_and_need_no_mentor(text: str) -> None:
    # 2026.12.01.6: two options offered and left open commit to neither (the label
    # convention), so the grading is certain; the feedback names both options
    grade = grade_answer(text, Expected(penalty="warning"), game="mtg")
    penalty = grade.parts["penalty"]
    assert penalty.found is None
    assert penalty.left_open
    assert len(penalty.candidates) == 2
    assert not penalty.correct
    assert not grade.needs_review


@pytest.mark.parametrize(
    "text",
    ["Maybe a warning.", "Talvez advertência.", "Quizás una advertencia."],
)
def test_hedged_single_option_is_claimed_but_reviewed(text: str) -> None:
    grade = grade_answer(text, Expected(penalty="warning"), game="riftbound")
    assert grade.parts["penalty"].found == "warning"
    assert grade.needs_review
    assert grade.parts["penalty"].confidence < 0.9  # a hedge is never firm


@pytest.mark.parametrize(
    "text",
    [
        "No penalty. If it had been advantageous it would be a Warning.",
        "Sem penalidade. Se tivesse dado alguma vantagem, aí seria advertência.",
        "Sin penalización. Si hubiera dado ventaja sería una advertencia.",
    ],
)
def test_hypothetical_penalty_does_not_override_the_stated_one(text: str) -> None:
    grade = grade_answer(text, PENALTY, game="riftbound")
    assert grade.parts["penalty"].found == "no_penalty"
    assert not grade.needs_review


def test_fallback_remedy_keeps_the_first_choice() -> None:
    grade = grade_answer(
        "Rewind if possible, otherwise pay the rest.",
        Expected(remedy="simple_rewind"),
        game="riftbound",
    )
    assert grade.parts["remedy"].found == "simple_rewind"


def test_conflicting_claims_go_to_review() -> None:
    grade = grade_answer("Warning. No penalty.", PENALTY, game="mtg")
    assert grade.needs_review
    assert grade.parts["penalty"].conflict


def test_specific_remedy_wins_over_the_generic_opponent_choice() -> None:
    grade = grade_answer(
        "The opponent chooses: either now or when the next phase starts.",
        Expected(remedy="resolve_now_or_next_phase"),
        game="mtg",
    )
    assert grade.parts["remedy"].found == "resolve_now_or_next_phase"
    assert not grade.needs_review


def test_part_left_unsaid_is_missing_without_review() -> None:
    grade = grade_answer(
        "Missed trigger, no penalty.", Expected(remedy="simple_rewind"), game="mtg"
    )
    assert grade.parts["remedy"].found is None
    assert not grade.needs_review


@pytest.mark.parametrize(
    "text",
    [
        "Missed trigger, no penalty, and then we flibber the gronk.",
        "Habilidade esquecida, sem penalidade, e depois fazemos o zibobo.",
        "Disparo olvidado, sin penalización, y luego hacemos el zibobo.",
    ],
)
def test_missing_part_with_unread_words_goes_to_review(text: str) -> None:
    grade = grade_answer(text, Expected(remedy="simple_rewind"), game="mtg")
    assert grade.parts["remedy"].found is None
    assert grade.needs_review


@pytest.mark.parametrize(
    "text",
    [
        "Penalty: between a Warning and nothing.",
        "Penalidade: entre nada e Advertência.",
        "Penalización: entre ninguna y Advertencia.",
        "Penalty: between a Warning and a Game Loss.",
    ],
)
def test_two_options_between_x_and_y_are_left_open(text: str) -> None:
    penalty = grade_answer(text, Expected(penalty="warning"), game="riftbound").parts["penalty"]
    assert penalty.found is None
    assert penalty.left_open


@pytest.mark.parametrize(
    "text",
    [
        "A Warning: the card moved between zones and nothing else changed.",
        "Advertência: a carta passou entre zonas e nada mais mudou.",
        "Advertencia, aunque el error quedó entre ella y nadie más.",
    ],
)
def test_between_with_no_two_options_after_it_offers_none(text: str) -> None:
    penalty = grade_answer(text, Expected(penalty="warning"), game="riftbound").parts["penalty"]
    assert penalty.found == "warning"
