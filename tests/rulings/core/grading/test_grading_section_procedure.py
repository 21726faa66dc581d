"""A section's own procedure, named by its citation or in words, beside a concrete fix.

The answers were written for these tests, not taken from any labelled batch."""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer
from tests.rulings.core.grading_cases import (
    GE_LONG,
    MT_PLAY_ON,
)

FTD = Expected(
    infraction="forgetting_to_draw_cards", penalty="no_penalty", remedy="apply_section_procedure"
)


def test_a_citation_labelling_the_infraction_states_no_fix_by_itself() -> None:
    # the label convention: a part the answer does not state is null (the labelled answers
    # so worded, 3 of 3, leave the fix unstated)
    grade = grade_answer(
        "For Ilse: Forgetting to Draw Cards (702.4) and no penalty.", FTD, game="riftbound"
    )
    assert grade.parts["remedy"].found is None
    drawn = grade_answer(
        "Forgetting to Draw Cards (702.4), no penalty; he draws the missing card now.",
        FTD,
        game="riftbound",
    )
    assert drawn.parts["remedy"].correct


@pytest.mark.parametrize(
    "answer",
    [
        "Forgetting to Draw Cards (702.4), no penalty; the draw phase is long gone, so play "
        "continues without the draw.",
        "Esquecer de Comprar Cartas (702.4), sem penalidade; já passou a fase, o jogo "
        "continua sem a compra.",
        "Olvidar robar cartas (702.4), sin penalización; ya pasó la fase, el juego sigue "
        "sin robar.",
    ],
)
def test_a_citation_labelling_the_infraction_is_no_remedy_beside_one_in_words(
    answer: str,
) -> None:
    grade = grade_answer(answer, FTD, game="riftbound")
    assert grade.parts["remedy"].found == "continue_play"
    # the section it cites prescribes the expected fix: a mentor confirms the wrong answer
    assert grade.review_reasons == (
        "remedy: graded wrong, but the answer also names the expected id",
    )


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
