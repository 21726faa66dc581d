"""No grading function grows past cyclomatic complexity 15 (issue 26: a reading one can read).

Complexity is counted as radon counts it (1, plus one per branch: `if`, a conditional
expression, a loop and its `else`, an exception handler, each extra operand of `and` / `or`,
each `for` and `if` of a comprehension, `assert`, a `match` case), over the function's own
body (a nested function counts on its own), so the test needs no extra package.

`CEILINGS` lists the functions still above the limit, each with its complexity today: none
may grow, none may join them, and an entry must go once its function is at or under 15.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import rulings.core.grading

LIMIT = 15
PACKAGE = Path(rulings.core.grading.__file__).parent

CEILINGS = {
    "matcher.py:_find_mentions": 50,
    "matcher.py:_named_rulings": 38,
    "lexicon.py:compile_lexicon": 33,
    "matcher.py:_match": 25,
    "matcher.py:_find_cues": 25,
    "lexicon.py:_compile_terms": 24,
    "classify.py:_question": 24,
    "matcher.py:_others_not_at_fault": 22,
    "grader.py:_as_expected": 22,
    "feedback.py:render_feedback": 21,
    "classify.py:_cue_scope": 21,
    "matcher.py:_unread_clause": 20,
    "grader.py:_to_a_point": 20,
    "lexicon.py:_pattern": 17,
    "grader.py:_check": 17,
    "classify.py:resolve_generic": 17,
    "classify.py:mark_alternatives": 17,
    "classify.py:attached_with": 17,
    "matcher.py:_section_fixes": 16,
    "matcher.py:_quoted_tokens": 16,
}
"""Functions above the limit when the test was written, at their complexity then."""

_BRANCHES = (ast.If, ast.IfExp, ast.Assert, ast.match_case)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def complexity(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Cyclomatic complexity of one function's own body, as radon counts it."""
    count = 1
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, _SCOPES):
            continue
        count += _branches(node)
        stack.extend(ast.iter_child_nodes(node))
    return count


def _branches(node: ast.AST) -> int:
    if isinstance(node, _BRANCHES):
        return 1
    if isinstance(node, ast.For | ast.AsyncFor | ast.While):
        return 1 + bool(node.orelse)
    if isinstance(node, ast.Try):
        return len(node.handlers) + bool(node.orelse)
    if isinstance(node, ast.BoolOp):
        return len(node.values) - 1
    if isinstance(node, ast.comprehension):
        return 1 + len(node.ifs)
    return 0


def functions() -> Iterator[tuple[str, int]]:
    """("module.py:function", complexity) for every function of the grading package."""
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                yield f"{name}:{node.name}", complexity(node)


def test_no_grading_function_is_above_the_limit_or_its_ceiling() -> None:
    over = {
        name: value
        for name, value in functions()
        if value > LIMIT and value > CEILINGS.get(name, LIMIT)
    }
    assert over == {}, "split these functions: decisions go in named rules"


def test_every_ceiling_still_names_a_function_above_the_limit() -> None:
    found = dict(functions())
    stale = {name for name in CEILINGS if found.get(name, 0) <= LIMIT}
    assert stale == set(), "drop these from CEILINGS: they are within the limit now"


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
    function = ast.parse(source).body[0]
    assert isinstance(function, ast.FunctionDef)
    assert complexity(function) == 1 + 1 + 2 + 2 + 2 + 1 + 1
