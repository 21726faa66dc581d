"""No function of the project grows past cyclomatic complexity 15 (issue 28).

Complexity is counted as radon counts it, by `tests/complexity.py` (no extra package), over
`quizzes`, `judgetrain` and `rulings`. Migrations are left out (they are generated and never
edited), and so is the grader, `rulings/core/grading`: its own test,
`tests/rulings/core/grading/test_grading_complexity.py`, holds it to the same limit.

`CEILINGS` lists the functions still above the limit, each with its complexity when the test
came in: none may grow, none may join them, and an entry must go once its function is at or
under 15 (the test says which).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import judgetrain
import quizzes
import rulings
import rulings.core.grading
from tests.complexity import complexity, functions, over_the_limit, stale_ceilings

ROOT = Path(rulings.__file__).parent.parent
PACKAGES = tuple(
    Path(init).parent for init in (quizzes.__file__, judgetrain.__file__, rulings.__file__)
)
GRADER = Path(rulings.core.grading.__file__).parent

CEILINGS: dict[str, int] = {}
"""Functions allowed above the limit, at their complexity then; each entry is a debt to pay
back by splitting the function (decisions in named rules, tables instead of if-chains). None
is left: the question generator's, the last ones, were split for issue 27 (h27o)."""


def _counted(path: Path) -> bool:
    return "migrations" not in path.parts and not path.is_relative_to(GRADER)


@functools.cache
def project_functions() -> tuple[tuple[str, int], ...]:
    """("package/module.py:function", complexity) for every function the test holds, counted
    once for the module's tests (they only read it)."""
    paths = (path for package in PACKAGES for path in package.rglob("*.py") if _counted(path))
    return tuple(functions(paths, relative_to=ROOT))


def test_no_function_is_above_the_limit_or_its_ceiling() -> None:
    assert over_the_limit(project_functions(), CEILINGS) == {}, (
        "split these functions: decisions go in named rules"
    )


def test_every_ceiling_still_names_a_function_above_the_limit() -> None:
    assert stale_ceilings(project_functions(), CEILINGS) == set(), (
        "drop these from CEILINGS: they are within the limit now"
    )


def test_the_grader_is_left_to_its_own_test() -> None:
    names = [name for name, _ in project_functions()]
    assert names
    assert not [name for name in names if name.startswith("rulings/core/grading/")]
    assert not [name for name in names if "/migrations/" in name]


def _only_function(source: str) -> ast.FunctionDef:
    function = ast.parse(source).body[0]
    assert isinstance(function, ast.FunctionDef)
    return function


def test_the_count_sees_every_kind_of_branch() -> None:
    source = (
        "def f(x):\n"
        "    if x and x > 1 or x < -1:\n"  # if + 2 extra operands
        "        return [y for y in x if y]\n"  # comprehension + its if
        "    for y in x:\n"  # loop
        "        pass\n"
        "    else:\n"  # loop else
        "        pass\n"
        "    try:\n"
        "        pass\n"
        "    except ValueError:\n"  # handler
        "        pass\n"
        "    return 1 if x else 2\n"  # conditional expression
    )
    assert complexity(_only_function(source)) == 1 + 1 + 2 + 2 + 2 + 1 + 1


def test_a_nested_function_counts_on_its_own_under_its_qualified_name(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(
        "def outer(x):\n"
        "    def inner(y):\n"
        "        return y if y else 0\n"
        "    return inner(x)\n"
        "class Form:\n"
        "    def clean(self):\n"
        "        assert self\n",
        encoding="utf-8",
    )
    found = dict(functions([module], relative_to=tmp_path))
    assert found == {"module.py:outer": 1, "module.py:outer.inner": 2, "module.py:Form.clean": 2}
