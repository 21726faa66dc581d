"""Review precision for what the answer sets aside itself: an expected id named only before
the answer's own correction, or only as a hypothetical that a later conclusion answers, and
the words of a player's record ("the same category", "this event"), send no answer to a
mentor; a hypothetical that no conclusion answers still does.

Every answer here was written for this test, not taken from any labelled batch.
"""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer

SECTION = "apply_section_procedure"
NOT_DRAWN = Expected("forgetting_to_draw_cards", "warning", None)
NOT_SCORED = Expected("forgetting_to_score", "no_penalty", "correct_score")
EXTRA_LOOK = Expected("looking_at_extra_cards", "warning", SECTION)

SETTLED: list[tuple[Expected, str, str, str, str]] = [
    # a hypothetical answered by a later conclusion
    (
        NOT_DRAWN,
        "en",
        "Forgetting to Draw Cards. It would be a Warning only if he gained something by it; "
        "he didn't, so no penalty.",
        "penalty",
        "no_penalty",
    ),
    (
        NOT_DRAWN,
        "pt-BR",
        "Esquecer de Comprar Cartas. Seria Advertência só se ele ganhasse algo com isso; não "
        "ganhou, então sem penalidade.",
        "penalty",
        "no_penalty",
    ),
    (
        NOT_DRAWN,
        "es",
        "Olvidar robar cartas. Sería Advertencia solo si hubiera ganado algo; no ganó nada, así "
        "que sin penalización.",
        "penalty",
        "no_penalty",
    ),
    # the expected fix named before the answer's own correction
    (
        NOT_SCORED,
        "en",
        "Forgetting to Score, no penalty. Fix the score... wait, everyone has had a turn "
        "since, so play just continues.",
        "remedy",
        "continue_play",
    ),
    (
        NOT_SCORED,
        "pt-BR",
        "Esquecer de pontuar, sem penalidade. Corrige o placar... espera, todo mundo já jogou "
        "um turno desde então, então o jogo continua.",
        "remedy",
        "continue_play",
    ),
    (
        NOT_SCORED,
        "es",
        "Olvidar puntuar, sin penalización. Se corrige el marcador... espera, ya jugaron todos "
        "un turno, así que se sigue jugando.",
        "remedy",
        "continue_play",
    ),
    # the words of the player's record state no fix
    (
        EXTRA_LOOK,
        "en",
        "Looking at Extra Cards. As this is his third Warning in the same category at the "
        "event, it becomes a Game Loss.",
        "penalty",
        "game_loss",
    ),
    (
        EXTRA_LOOK,
        "pt-BR",
        "Olhar Cartas Extras. Como é a terceira advertência da mesma categoria no evento, sobe "
        "pra Perda de Jogo.",
        "penalty",
        "game_loss",
    ),
    (
        EXTRA_LOOK,
        "es",
        "Mirar cartas de más. Como es la tercera Advertencia de la misma categoría en el evento, "
        "pasa a Pérdida de Juego.",
        "penalty",
        "game_loss",
    ),
]


@pytest.mark.parametrize(("expected", "lang", "answer", "part", "found"), SETTLED)
def test_an_option_the_answer_sets_aside_itself_sends_it_to_no_mentor(
    expected: Expected, lang: str, answer: str, part: str, found: str
) -> None:
    grade = grade_answer(answer, expected, game="riftbound", lang=lang)
    assert grade.parts[part].found == found
    assert not grade.needs_review, grade.review_reasons


def test_a_hypothetical_no_conclusion_answers_still_goes_to_a_mentor() -> None:
    answer = (
        "Forgetting to Draw Cards, no penalty. It would be a Warning if he had gained something."
    )
    grade = grade_answer(answer, NOT_DRAWN, game="riftbound", lang="en")
    assert grade.parts["penalty"].found == "no_penalty"
    assert grade.needs_review
    assert any("names the expected id" in reason for reason in grade.review_reasons)
