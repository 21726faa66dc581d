"""Cyclomatic complexity counted as radon counts it, so the limit tests need no extra package.

A function's complexity is 1, plus one per branch: `if`, a conditional expression, a loop and
its `else`, an exception handler and a `try`'s `else`, each extra operand of `and` / `or`, each
`for` and `if` of a comprehension, `assert`, a `match` case. Only the function's own body
counts: a nested function, lambda or class counts on its own.

`over_the_limit` and `stale_ceilings` are the two checks every limit test makes: no function
above `LIMIT` unless it is in the test's `CEILINGS` at or under its complexity then, and no
entry of `CEILINGS` for a function that is back within the limit (or gone).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

LIMIT = 15

_BRANCHES = (ast.If, ast.IfExp, ast.Assert, ast.match_case)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_FUNCTIONS = ast.FunctionDef | ast.AsyncFunctionDef


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


def functions(paths: Iterable[Path], *, relative_to: Path) -> Iterator[tuple[str, int]]:
    """("module.py:function", complexity) for every function of these files, the module
    relative to `relative_to`; a method or a nested function is named by its qualified name
    (`Form.clean`, `outer.inner`), so two functions of one module never share a name."""
    for path in sorted(paths):
        module = path.relative_to(relative_to).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for qualname, node in _qualified(tree, ""):
            yield f"{module}:{qualname}", complexity(node)


def _qualified(
    node: ast.AST, prefix: str
) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for child in ast.iter_child_nodes(node):
        inner = prefix
        if isinstance(child, _FUNCTIONS | ast.ClassDef):
            inner = f"{prefix}{child.name}."
        if isinstance(child, _FUNCTIONS):
            yield inner[:-1], child
        yield from _qualified(child, inner)


def over_the_limit(found: Iterable[tuple[str, int]], ceilings: dict[str, int]) -> dict[str, int]:
    """The functions above the limit and above their ceiling (a function with none has the
    limit for ceiling)."""
    return {
        name: value for name, value in found if value > LIMIT and value > ceilings.get(name, LIMIT)
    }


def stale_ceilings(found: Iterable[tuple[str, int]], ceilings: dict[str, int]) -> set[str]:
    """The ceilings whose function is within the limit now, or no longer exists."""
    complexities = dict(found)
    return {name for name in ceilings if complexities.get(name, 0) <= LIMIT}
