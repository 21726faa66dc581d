"""Patterns of blind19 and blind20 (measure 4, recorded before these fixes), each tested in
the answer's own words (the answers themselves joined the devset)."""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer

GRV_BACKUP = Expected(infraction="game_rule_violation", penalty="warning", remedy="simple_backup")
FTS = Expected(infraction="forgetting_to_score", penalty="no_penalty", remedy="continue_play")
GE = Expected(infraction="general_error", penalty="warning", remedy="simple_rewind")
NO_INF = Expected(infraction="no_infraction", penalty="no_penalty", remedy="none")


@pytest.mark.parametrize(
    "answer",
    [
        "GRV, Warning for Vera. Backup or let the game go on, both are ok.",
        "GRV, advertência pra Vera. Backup ou deixar o jogo seguir, acho que os dois servem.",
        "VRJ, Advertencia para Vera. Backup o dejar que siga el juego, los dos sirven.",
    ],
)
def test_two_fixes_both_said_to_work_are_no_commitment(answer: str) -> None:
    """Read as the two options left open (graded so, no mentor needed) or, where the
    second option is only described, as a hedged backup that a mentor reads."""
    grade = grade_answer(answer, GRV_BACKUP, game="mtg")
    remedy = grade.parts["remedy"]
    assert remedy.hedged
    assert (remedy.left_open and remedy.found is None) or grade.needs_review


def test_play_going_on_offered_as_an_option_leaves_the_fix_open() -> None:
    answer = (
        "Forgetting to Score a Point, no penalty. Fix: either the score gets corrected or we "
        "carry on, I'm not sure which when nobody knows the right score."
    )
    remedy = grade_answer(answer, FTS, game="riftbound").parts["remedy"]
    assert remedy.found is None
    assert remedy.left_open
    assert set(remedy.candidates) == {"correct_score", "continue_play"}


def test_a_rewind_done_by_the_head_judge_is_the_longer_one() -> None:
    answer = (
        "General Error, Warning. It's Professional so the rewind is done by the head judge "
        "(or appeals judge), not the floor judge."
    )
    grade = grade_answer(answer, GE, game="riftbound")
    assert grade.parts["remedy"].found == "rewind"
    assert not grade.parts["remedy"].correct


def test_a_penalty_attached_to_a_hypothetical_infraction_is_hypothetical_too() -> None:
    answer = (
        "Acho que não tem infração, o turno não acabou. Se chegasse no fim do turno sem ela "
        "descartar aí seria MT com Adv, mas por enquanto nada a fazer."
    )
    grade = grade_answer(answer, NO_INF, game="riftbound")
    penalty = grade.parts["penalty"]
    assert penalty.hedged  # "Adv" only in the counterfactual: no firm Warning
    assert grade.needs_review
