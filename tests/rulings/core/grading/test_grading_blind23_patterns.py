"""Patterns of blind23 and blind24 (measure 6, recorded before this fix), in the answers'
own words (the answers themselves joined the devset)."""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer

MT_PLAY_ON = Expected(infraction="missed_trigger", penalty="no_penalty", remedy="continue_play")


@pytest.mark.parametrize(
    ("game", "answer", "reason"),
    [
        (
            "mtg",
            "Acho que é MT da Laura por ter deixado o bloqueio ilegal passar... mas não sei bem "
            "se ainda dá pra fazer algo com o bloqueio ou se deixa como está, nem se tem "
            "penalidade.",
            "remedy: stated in a clause that hedges",
        ),
        (
            "riftbound",
            "Es MT. Penalización no sé si ninguna o Warning. Como ya pasó al turno de Lena, se "
            "sigue jugando.",
            "penalty: stated in a clause that hedges",
        ),
    ],
)
def test_a_part_read_firmly_in_a_clause_that_hedges_goes_to_a_mentor(
    game: str, answer: str, reason: str
) -> None:
    grade = grade_answer(answer, MT_PLAY_ON, game=game)
    assert reason in grade.review_reasons


def test_a_hedge_in_another_clause_is_not_about_the_part() -> None:
    answer = "Missed trigger, no penalty. People might say we rewind, but play just continues."
    grade = grade_answer(answer, MT_PLAY_ON, game="riftbound")
    assert grade.parts["remedy"].found == "continue_play"
    assert not any("clause that hedges" in r for r in grade.review_reasons)
