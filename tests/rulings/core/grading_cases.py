"""Table rows for the grader's behaviour tests (tests/rulings/core/grading/)."""

from __future__ import annotations

from typing import Any

import pytest

from rulings.core.grading import Expected

# Expected rulings shared by the grading tests.
GE = Expected(infraction="general_error", penalty="warning", remedy="simple_rewind")
GRV_BACKUP = Expected(infraction="game_rule_violation", penalty="warning", remedy="simple_backup")
FTS = Expected(infraction="forgetting_to_score", penalty="no_penalty", remedy="continue_play")
NO_INF = Expected(infraction="no_infraction", penalty="no_penalty", remedy="none")
CHEAT = Expected(infraction="cheating", penalty="disqualification", remedy="none")
MISPAYMENT = Expected(infraction="mispayment_for_cost", penalty="warning", remedy="simple_rewind")
GE_LONG = Expected(infraction="general_error", penalty="warning", remedy="rewind")
MISPAY = Expected(infraction="mispayment_for_cost", penalty="warning", remedy="correct_cost")
FTS_FIX = Expected(infraction="forgetting_to_score", penalty="no_penalty", remedy="correct_score")
MT_WARNING = Expected(
    infraction="missed_trigger", penalty="warning", remedy="opponent_chooses_put_on_stack"
)
MT_PLAY_ON = Expected(infraction="missed_trigger", penalty="no_penalty", remedy="continue_play")
MT_STACK = Expected(
    infraction="missed_trigger", penalty="no_penalty", remedy="opponent_chooses_put_on_stack"
)


def cases(
    behaviour: str, game: str, expected: Expected, found: dict[str, str | None], *answers: str
) -> list[Any]:
    """One row per answer, each named for the behaviour it shows."""
    return [
        pytest.param(game, expected, answer, found, id=f"{behaviour}-{n}")
        for n, answer in enumerate(answers)
    ]
