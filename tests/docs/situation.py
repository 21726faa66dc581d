"""Renders the field tables of docs/situation.md from the situation's dataclasses.

The dataclass fields are the single source of truth (their metadata also drives validation and
the JSON Schema), so the page is printed from them rather than written by hand. Print it with
``.venv/bin/python -m tests.docs.situation`` and paste it between the page's
``situation:begin`` and ``situation:end`` markers; tests/docs/test_situation_table.py fails
while the two differ.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from typing import Any

from rulings.core.codec import hints
from rulings.core.situation import Situation

_SCALARS = {str: "string", int: "integer", bool: "boolean"}


def render() -> str:
    return "\n".join(_table(cls) for cls in _reachable(Situation))


def _reachable(root: type) -> list[type]:
    """The dataclasses a situation is made of, depth-first in field order, each once."""
    found: list[type] = []
    pending = [root]
    while pending:
        cls = pending.pop(0)
        if cls in found:
            continue
        found.append(cls)
        pending.extend(_nested(cls))
    return found


def _nested(cls: type) -> list[type]:
    nested: list[type] = []
    for tp in hints(cls).values():
        for candidate in (tp, *typing.get_args(tp)):
            nested.extend(a for a in (candidate, *typing.get_args(candidate)) if _is_class(a))
    return nested


def _is_class(tp: Any) -> bool:
    return isinstance(tp, type) and dataclasses.is_dataclass(tp)


def _table(cls: type) -> str:
    rows = [
        f"### `{cls.__name__}`",
        "",
        "| field | type | default | meaning |",
        "|---|---|---|---|",
    ]
    for field in dataclasses.fields(cls):
        rows.append(
            f"| `{field.name}` | {_type(hints(cls)[field.name], field.metadata)} "
            f"| {_default(field)} "
            f"| {_meaning(field.metadata)} |"
        )
    return "\n".join(rows) + "\n"


def _type(tp: Any, metadata: typing.Mapping[str, Any]) -> str:
    args = typing.get_args(tp)
    if type(None) in args:
        return _type(next(a for a in args if a is not type(None)), metadata) + " or null"
    if metadata.get("mapping"):
        return "object {id: count}"
    if _is_class(tp):
        return f"`{tp.__name__}`"
    if typing.get_origin(tp) is tuple:
        return "array of " + _type(args[0], {})
    return _SCALARS.get(tp, "object")


def _default(field: dataclasses.Field[Any]) -> str:
    if field.metadata.get("mapping"):
        return "`{}`"
    if field.default is not dataclasses.MISSING:
        return f"`{json.dumps(field.default)}`"
    if field.default_factory is not dataclasses.MISSING:
        value = field.default_factory()
        shown = list(value) if isinstance(value, tuple) else value
        return f"`{json.dumps(shown)}`" if not dataclasses.is_dataclass(value) else "`{}`"
    return "required"


def _meaning(metadata: typing.Mapping[str, Any]) -> str:
    meaning = str(metadata.get("doc", ""))
    if metadata.get("choices"):
        meaning += "; ids: " if metadata.get("mapping") else "; one of "
        meaning += ", ".join(f"`{choice}`" for choice in metadata["choices"])
    return meaning.replace("|", "\\|")


if __name__ == "__main__":
    print(render(), end="")
