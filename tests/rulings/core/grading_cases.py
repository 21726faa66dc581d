"""Table rows for the grader's behaviour tests (tests/rulings/core/grading/)."""

from __future__ import annotations

from typing import Any

import pytest

from rulings.core.grading import Expected


def cases(
    behaviour: str, game: str, expected: Expected, found: dict[str, str | None], *answers: str
) -> list[Any]:
    """One row per answer, each named for the behaviour it shows."""
    return [
        pytest.param(game, expected, answer, found, id=f"{behaviour}-{n}")
        for n, answer in enumerate(answers)
    ]
