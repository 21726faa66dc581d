"""Doubts that send an answer to a mentor only beside another reason (`_NOT_ALONE`).

The other player's FtMGS standing beside the key's infraction, two penalties doubted with
none chosen, a rewind beside the key's fix: the part keeps its doubt (its confidence is
the record of doubted parts, below 0.9) but the answer is not sent to a mentor for it
alone. Two penalties standing where nothing tells which still go to a mentor.
"""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer

GRV = Expected(infraction="game_rule_violation", penalty="warning", remedy="simple_backup")
MT = Expected(
    infraction="missed_trigger", penalty="warning", remedy="opponent_chooses_put_on_stack"
)


@pytest.mark.parametrize(
    "text",
    [
        "GRV for Rui, Warning, simple backup. Paula didn't notice it either, FtMGS for her.",
        "VRJ pro Rui, Advertência. A Paula não percebeu, FtMGS pra ela. Backup simples.",
        "VRJ para Rui, Advertencia. Paula tampoco lo vio, FtMGS para ella. Backup simple.",
    ],
)
def test_the_other_players_ftmgs_beside_the_key_alone_sends_no_answer_to_a_mentor(
    text: str,
) -> None:
    grade = grade_answer(text, GRV, game="mtg")
    infraction = grade.parts["infraction"]
    assert infraction.conflict
    assert infraction.correct
    assert "failure_to_maintain_game_state" in infraction.candidates
    assert not grade.needs_review
    assert infraction.confidence < 0.9


@pytest.mark.parametrize(
    "text",
    [
        "Missed trigger. The opponent chooses whether it goes on the stack. Maybe a Warning,"
        " maybe no penalty.",
        "HDE. O oponente escolhe se vai para a pilha. Talvez Advertência, talvez sem penalidade.",
        "Disparo olvidado. El oponente elige si va a la pila. Quizás Advertencia, quizás sin"
        " penalización.",
    ],
)
def test_two_penalties_doubted_with_none_chosen_are_graded_wrong_without_a_mentor(
    text: str,
) -> None:
    grade = grade_answer(text, MT, game="mtg")
    penalty = grade.parts["penalty"]
    assert penalty.rule == "undecided"
    assert penalty.found is None
    assert not penalty.correct
    assert not grade.needs_review


def test_two_penalties_standing_with_nothing_to_tell_which_still_go_to_a_mentor() -> None:
    grade = grade_answer("GRV. Warning. Game Loss.", GRV, game="mtg")
    assert grade.parts["penalty"].conflict
    assert grade.needs_review


def test_a_doubt_beside_another_reason_still_sends_the_answer_to_a_mentor() -> None:
    grade = grade_answer(
        "GRV, Warning. Paula didn't notice it either, FtMGS for her.", GRV, game="mtg"
    )
    assert grade.needs_review
    assert any(r.startswith("infraction: two candidates remain") for r in grade.review_reasons)
