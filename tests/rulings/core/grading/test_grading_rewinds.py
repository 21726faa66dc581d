"""Which rewind an answer names: the simple one, the longer one a head judge makes, a
backup to a named point (sent to a mentor where the words leave it open).

The answers were written for these tests, not taken from any labelled batch."""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer
from tests.rulings.core.grading_cases import (
    GE,
    GE_LONG,
    MT_WARNING,
)

MT_SKIP = Expected(
    infraction="missed_trigger", penalty="warning", remedy="opponent_chooses_resolve_or_skip"
)


@pytest.mark.parametrize(
    "answer",
    [
        "Missed trigger, Warning. We rewind until before he played the other unit.",
        "Gatilho esquecido, Advertência: faz o retrocesso até antes do segundo feitiço.",
        "Disparo olvidado, Advertencia: rebobinamos hasta antes de que Tomé jugara la otra carta.",
    ],
)
def test_a_rewind_back_to_a_named_point_is_read_as_the_longer_one_and_goes_to_a_mentor(
    answer: str,
) -> None:
    # reported as the longer rewind, as the label convention reads a rewind to a named point
    grade = grade_answer(answer, MT_SKIP, game="riftbound")
    assert grade.parts["remedy"].found == "rewind"
    assert grade.needs_review
    assert any("rewind back to a point" in r for r in grade.review_reasons)


GE_PLAY_ON = Expected(infraction="general_error", penalty="warning", remedy="continue_play")


@pytest.mark.parametrize(
    "answer",
    [
        "General Error, Warning. The head judge must rewind the game back to that spell.",
        "Erro Geral, Advertência. O juiz principal deve retroceder até o feitiço.",
        "Error general, Advertencia. El juez principal tiene que rebobinar hasta el hechizo.",
    ],
)
def test_the_head_judge_rewinding_is_the_longer_rewind_where_play_should_go_on(
    answer: str,
) -> None:
    grade = grade_answer(answer, GE_PLAY_ON, game="riftbound")
    assert grade.parts["remedy"].found == "rewind"


@pytest.mark.parametrize(
    "answer",
    [
        "MT, Warning. I'd back up to the upkeep and do it properly.",
        "HDE, Advertência. Eu voltaria ao início do turno e faria tudo direito.",
        "Disparo olvidado, Advertencia. Volvemos al mantenimiento y se hace bien.",
    ],
)
def test_a_backup_to_a_named_step_read_as_the_simple_one_goes_to_a_mentor(
    answer: str,
) -> None:
    grade = grade_answer(answer, MT_WARNING, game="mtg")
    assert not grade.parts["remedy"].correct
    assert grade.needs_review, grade.parts["remedy"].found


@pytest.mark.parametrize(
    ("lang", "answer"),
    [
        (
            "en",
            "General Error, Warning. At Professional the rewind has to be done by the head "
            "judge; undo the spell.",
        ),
        (
            "pt-BR",
            "Erro Geral, Advertência. No Profissional o retrocesso tem que ser feito "
            "pelo juiz principal; desfaz o feitiço.",
        ),
        (
            "es",
            "Error general, Advertencia. Como es Profesional, el rebobinado lo tiene que "
            "hacer el juez principal: se deshace la carta.",
        ),
    ],
)
def test_a_rewind_the_head_judge_must_make_is_the_longer_one(lang: str, answer: str) -> None:
    # graded wrong where the simple rewind is expected, and no mentor is needed for it:
    # the words name the longer rewind, whose neighbour the key is (a weak-cue neighbour
    # is no review reason since 2026.12.07.8)
    grade = grade_answer(answer, GE, game="riftbound", lang=lang)
    assert grade.parts["remedy"].found == "rewind"
    assert not grade.parts["remedy"].correct
    assert not grade.needs_review, grade.review_reasons


@pytest.mark.parametrize(
    "answer",
    [
        "General Error and a Warning: rewind back to the discard.",
        "Erro Geral, Advertência. Retrocesso até antes do feitiço.",
        "Error general, Advertencia. Rebobinado hasta antes de la carta.",
    ],
)
def test_a_rewind_back_to_a_named_point_is_the_longer_rewind(answer: str) -> None:
    grade = grade_answer(answer, GE_LONG, game="riftbound")
    assert grade.parts["remedy"].found == "rewind"
    assert grade.parts["remedy"].correct


def test_a_simple_rewind_back_to_the_last_action_stays_simple() -> None:
    expected = Expected(infraction="general_error", penalty="warning", remedy="simple_rewind")
    grade = grade_answer(
        "General Error, Warning. A simple rewind back to before that spell.",
        expected,
        game="riftbound",
    )
    assert grade.parts["remedy"].found == "simple_rewind"
    assert grade.parts["remedy"].correct


def test_a_rewind_done_by_the_head_judge_is_the_longer_one() -> None:
    answer = (
        "General Error, Warning. The event is Professional, so the rewind is done by the head "
        "judge (or an appeals judge), never a floor judge."
    )
    grade = grade_answer(answer, GE, game="riftbound")
    assert grade.parts["remedy"].found == "rewind"
    assert not grade.parts["remedy"].correct
