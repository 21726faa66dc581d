"""The repository's own data files (cards, people, phrase banks), read with importlib.resources.

The bottom of the data: `pools` checks private pools against it and `catalog` merges the two.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from rulings.core.questions.errors import QuestionError

LANGS = ("en", "pt-BR", "es")


def _load(*parts: str) -> dict[str, Any]:
    path = resources.files("rulings.core.questions").joinpath("data", *parts)
    data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    return data


@cache
def public_cards() -> dict[str, dict[str, Any]]:
    return _load("cards.toml")


@cache
def public_people(game: str) -> tuple[str, ...]:
    pools = _load("people.toml")[game]
    return tuple(name for pool in sorted(pools) for name in pools[pool])


@cache
def public_phrases(lang: str) -> dict[str, Any]:
    if lang not in LANGS:
        raise QuestionError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
    return _load("phrases", f"{lang}.toml")
