""" "No fix" and "play goes on from here": one meaning (as the question generator's
SAME_MEANING has it), so either is credited where the key says the other, and the feedback
never sets one against the other.

The answers were written for these tests, not taken from any labelled batch."""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer
from rulings.core.grading.feedback import _unrepeated

PLAY_ON = Expected(infraction="general_error", penalty="warning", remedy="continue_play")
NO_FIX = Expected(infraction="missed_trigger", penalty="no_penalty", remedy="none")


@pytest.mark.parametrize(
    "answer",
    [
        "General Error for Tomas, a Warning, and no fix.",
        "Erro geral do Tomás, Advertência, sem correção.",
        "Error general de Tomás, Advertencia, sin corrección.",
    ],
)
def test_no_fix_is_credited_where_play_continues_is_the_key(answer: str) -> None:
    grade = grade_answer(answer, PLAY_ON, game="riftbound")
    remedy = grade.parts["remedy"]
    assert remedy.correct
    assert remedy.found == "continue_play"
    assert not any(r.startswith("remedy") for r in grade.review_reasons)


@pytest.mark.parametrize(
    "answer",
    [
        "Missed trigger by Ilse, no penalty, play continues.",
        "Gatilho esquecido da Ilse, sem penalidade, o jogo segue.",
        "Disparo olvidado de Ilse, sin penalización, se sigue jugando.",
    ],
)
def test_play_continuing_is_credited_where_no_fix_is_the_key(answer: str) -> None:
    grade = grade_answer(answer, NO_FIX, game="mtg")
    assert grade.parts["remedy"].correct
    assert grade.parts["remedy"].found == "none"


@pytest.mark.parametrize("lang", ["en", "pt-BR", "es"])
def test_the_feedback_never_sets_a_ruling_against_itself(lang: str) -> None:
    grade = grade_answer(
        {
            "en": "General Error, Warning, no fix",
            "pt-BR": "Erro geral, Advertência, sem correção",
            "es": "Error general, Advertencia, sin corrección",
        }[lang],
        PLAY_ON,
        game="riftbound",
        lang=lang,
    )
    assert grade.score == 1.0
    assert "continue_play" not in grade.feedback


def test_a_wrong_part_read_under_the_rulings_own_name_states_the_ruling_alone() -> None:
    same = {"found": "No Fix", "name": "no fix"}
    assert _unrepeated("wrong", same) == "restated"
    assert _unrepeated("wrong_hedged", same) == "restated"
    assert _unrepeated("wrong", {"found": "a rewind", "name": "no fix"}) == "wrong"
