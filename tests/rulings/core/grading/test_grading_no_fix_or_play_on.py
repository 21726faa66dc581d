""" "No fix" and "play goes on": one ruling in two words after no infraction (a mentor
checks a grade that depends on which), the ruling itself after an infraction.

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
        "No infraction, no penalty, we keep going.",
        "Sem infração, sem penalidade, seguimos.",
        "Sin infracción, sin penalización, seguimos.",
    ],
)
def test_playing_on_after_no_infraction_read_against_no_fix_goes_to_a_mentor(
    answer: str,
) -> None:
    grade = grade_answer(answer, NO_INF, game="mtg")
    assert grade.parts["remedy"].found == "continue_play"
    assert any("'no fix' and 'play goes on'" in r for r in grade.review_reasons)


def test_playing_on_after_an_infraction_is_the_ruling_committed_to() -> None:
    expected = Expected(infraction="missed_trigger", penalty="no_penalty", remedy="none")
    grade = grade_answer(
        "Missed trigger by Ilse, no penalty, play continues.", expected, game="mtg"
    )
    assert grade.parts["remedy"].found == "continue_play"
    assert not any("'no fix' and 'play goes on'" in r for r in grade.review_reasons)
