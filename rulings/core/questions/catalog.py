"""The generator's data files (cards, people, phrase banks), read with importlib.resources."""

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
def cards() -> dict[str, dict[str, Any]]:
    return _load("cards.toml")


def card(card_id: str) -> dict[str, Any]:
    try:
        return cards()[card_id]
    except KeyError:
        raise QuestionError(f"unknown card {card_id!r}") from None


def cards_where(game: str, **facts: object) -> tuple[str, ...]:
    """Ids of the game's cards whose facts match (a missing fact counts as False)."""
    found = []
    for card_id, data in cards().items():
        if data["game"] == game and all(data.get(k, False) == v for k, v in facts.items()):
            found.append(card_id)
    return tuple(sorted(found))


@cache
def people(game: str) -> tuple[str, ...]:
    pools = _load("people.toml")[game]
    return tuple(name for pool in sorted(pools) for name in pools[pool])


@cache
def phrases(lang: str) -> dict[str, Any]:
    if lang not in LANGS:
        raise QuestionError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
    return _load("phrases", f"{lang}.toml")


def lookup(table: dict[str, Any], dotted: str) -> Any:
    node: Any = table
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            raise QuestionError(f"phrase bank has no entry {dotted!r}")
        node = node[part]
    return node
