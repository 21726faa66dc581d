"""The `grade` command as plain functions over text streams.

`rulings/cli.py` registers it as a subcommand; nothing here parses argv.

grade: one JSON object per input line,
    {"id": str, "game": "riftbound"|"mtg",
     "expected": {"infraction": id, "penalty": id, "remedy": id}, "answer": str}
(any expected part may be left out, or null, and is then not graded; other top-level keys
are ignored). One JSON line is written per non-blank input line, in input order:
    {"id", "parts": {PART: {"found", "correct", "confidence", "rule"}}, "score", "confidence",
     "needs_review", "feedback"}
or, for a line that cannot be graded, {"id": str|null, "line": N, "error": message}.
Blank (whitespace-only) lines are skipped and produce no output; N counts every physical
line from 1, blank ones included.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TextIO

from .errors import GradingError
from .grader import grade_answer
from .lexicon import GAMES, PARTS
from .models import Expected, Grade

__all__ = ["grade_line", "run_grade"]


def run_grade(stdin: Iterable[str] | TextIO, stdout: TextIO) -> int:
    """Grade JSONL answers from stdin to stdout; return how many lines were errors."""
    errors = 0
    for number, line in enumerate(stdin, start=1):
        if not line.strip():
            continue
        out = grade_line(line, number)
        errors += "error" in out
        stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    stdout.flush()
    return errors


def grade_line(line: str, number: int) -> dict[str, Any]:
    """The output object for one input line (a grade or an error object)."""
    ident: str | None = None
    try:
        try:
            raw = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as exc:
            raise GradingError(f"not valid JSON: {exc}") from None
        if not isinstance(raw, dict):
            raise GradingError("each line must be a JSON object")
        if isinstance(raw.get("id"), str):
            ident = raw["id"]
        text, expected, game = _parse(raw)
        return _grade_object(ident, grade_answer(text, expected, game=game))
    except GradingError as exc:
        return {"id": ident, "line": number, "error": str(exc)}


def _parse(raw: dict[str, Any]) -> tuple[str, Expected, str]:
    for key in ("id", "game", "expected", "answer"):
        if key not in raw:
            raise GradingError(f"missing field {key!r}")
    if not isinstance(raw["id"], str):
        raise GradingError("field 'id' must be a string")
    game = raw["game"]
    if not isinstance(game, str) or game not in GAMES:
        raise GradingError(f"field 'game' must be one of {', '.join(GAMES)}, got {game!r}")
    if not isinstance(raw["answer"], str):
        raise GradingError("field 'answer' must be a string")
    expected = raw["expected"]
    if not isinstance(expected, dict):
        raise GradingError("field 'expected' must be an object")
    unknown = sorted(set(expected) - set(PARTS))
    if unknown:
        raise GradingError(f"field 'expected' has unknown parts {unknown}; use {list(PARTS)}")
    for part, value in expected.items():
        if value is not None and not isinstance(value, str):
            raise GradingError(f"expected {part} must be an id string, got {value!r}")
    return (
        raw["answer"],
        Expected(
            infraction=expected.get("infraction"),
            penalty=expected.get("penalty"),
            remedy=expected.get("remedy"),
        ),
        game,
    )


def _grade_object(ident: str | None, grade: Grade) -> dict[str, Any]:
    return {
        "id": ident,
        "parts": {
            name: {
                "found": part.found,
                "correct": part.correct,
                "confidence": part.confidence,
                "rule": part.rule,
            }
            for name, part in grade.parts.items()
        },
        "score": grade.score,
        "confidence": grade.confidence,
        "needs_review": grade.needs_review,
        "feedback": grade.feedback,
    }
