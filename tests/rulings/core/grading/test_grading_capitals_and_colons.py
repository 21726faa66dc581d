"""Capitals and colons: a sentence in capitals holds no abbreviation; a cue word before a
colon is no player's name.

The answers were written for these tests, not taken from any labelled batch."""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer
from tests.rulings.core.grading_cases import (
    NO_INF,
)


@pytest.mark.parametrize(
    "answer",
    [
        "DISPARO OLVIDADO. SIN PENALIZACIÓN. EL OPONENTE ELIGE SI SE RESUELVE O NO.",
        "NI SIQUIERA HUBO DISPARO OLVIDADO.",
    ],
)
def test_capitals_in_a_sentence_written_in_capitals_are_no_abbreviation(answer: str) -> None:
    grade = grade_answer(answer, NO_INF, game="riftbound")
    assert grade.parts["infraction"].found != "no_infraction"


FACEDOWN_GL = Expected(
    infraction="facedown_card_error", penalty="game_loss", remedy="apply_section_procedure"
)


def test_a_cue_word_before_a_colon_is_no_players_name() -> None:
    grade = grade_answer(
        "Facedown Card Error with a base Warning. Prior Warnings: one, then two, then one "
        "more; this one is the fifth, so it upgrades -> Game Loss. Then the 702.13 procedure.",
        FACEDOWN_GL,
        game="riftbound",
    )
    assert grade.parts["penalty"].found == "game_loss"
