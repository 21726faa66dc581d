"""No grading function grows past cyclomatic complexity 15 (issue 26: a reading one can read).

Complexity is counted as radon counts it, by `tests/complexity.py` (no extra package). The
grader has its own test, as issue 26 held it to the limit first; `tests/test_complexity.py`
holds the rest of the project to the same limit and leaves this package to this test.

`CEILINGS` lists the functions still above the limit, each with its complexity today: none
may grow, none may join them, and an entry must go once its function is at or under 15.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import rulings.core.grading
from tests.complexity import functions as functions_in
from tests.complexity import over_the_limit, stale_ceilings

PACKAGE = Path(rulings.core.grading.__file__).parent

CEILINGS: dict[str, int] = {}
"""Functions allowed above the limit, at their complexity then: none is left (issue 26's
follow-up brought the last ones down); an entry here is a debt to pay back."""


def functions() -> Iterator[tuple[str, int]]:
    """("module.py:function", complexity) for every function of the grading package."""
    return functions_in(PACKAGE.rglob("*.py"), relative_to=PACKAGE)


def test_no_grading_function_is_above_the_limit_or_its_ceiling() -> None:
    assert over_the_limit(functions(), CEILINGS) == {}, (
        "split these functions: decisions go in named rules"
    )


def test_every_ceiling_still_names_a_function_above_the_limit() -> None:
    assert stale_ceilings(functions(), CEILINGS) == set(), (
        "drop these from CEILINGS: they are within the limit now"
    )
