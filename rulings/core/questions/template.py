"""Templates: data (id, version, game, topics) plus one small function that builds a draft.

A template's `build(rng)` draws THE FACTS THAT CHANGE THE ANSWER (and names), and returns a
`Draft`: the situation dict for the engine and the stem as language-neutral sentences.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Term:
    """A phrase-bank term (`[terms]` table), localised when rendered."""

    key: str


@dataclass(frozen=True)
class Card:
    """A card's localised name (data/cards.toml)."""

    id: str


@dataclass(frozen=True)
class CardText:
    """A card's localised ability text (data/cards.toml)."""

    id: str


@dataclass(frozen=True)
class Names:
    """A list of player names joined with the language's conjunction."""

    items: tuple[str, ...]


@dataclass(frozen=True)
class Count:
    """A number with a pluralised phrase-bank term: `[terms]` key + `.one` / `.other`."""

    key: str
    n: int


# One item of `Parts`: a phrase-bank term and its own parameters.
Part = tuple[str, tuple[tuple[str, Term | Count | Card | str], ...]]


@dataclass(frozen=True)
class Parts:
    """Phrase-bank terms, each filled with its own parameters, joined with the language's
    conjunction ("1 Warning for X and 2 Warnings for Y"): one sentence, not one per item."""

    items: tuple[Part, ...]


Param = str | int | Term | Card | CardText | Names | Count | Parts


@dataclass(frozen=True)
class Sentence:
    """One stem sentence: a phrase-bank key under `[s]` and its parameters."""

    key: str
    params: tuple[tuple[str, Param], ...] = ()


def s(key: str, **params: Param) -> Sentence:
    return Sentence(key, tuple(sorted(params.items())))


@dataclass(frozen=True)
class Draft:
    situation: dict[str, Any]
    sentences: tuple[Sentence, ...]
    facts: dict[str, Any] = field(default_factory=dict)  # the drawn facts, for the record


Builder = Callable[[random.Random], Draft]


@dataclass(frozen=True)
class Template:
    id: str
    version: int
    game: str
    topics: tuple[str, ...]
    summary: str
    build: Builder
    pivots: tuple[str, ...] = ()  # near-miss mutations tried first for distractors
    # Named distractor rules (distractors.py): real confusions no near miss produces.
    distractors: tuple[str, ...] = ()


REGISTRY: dict[str, Template] = {}


def template(
    id: str,
    *,
    version: int,
    game: str,
    topics: tuple[str, ...],
    summary: str,
    pivots: tuple[str, ...] = (),
    distractors: tuple[str, ...] = (),
) -> Callable[[Builder], Builder]:
    """Register the decorated builder as a template."""

    def register(build: Builder) -> Builder:
        if id in REGISTRY:
            raise ValueError(f"duplicate template id {id!r}")
        REGISTRY[id] = Template(id, version, game, topics, summary, build, pivots, distractors)
        return build

    return register


def template_rng(
    template_id: str, version: int, seed: int, purpose: str = "facts"
) -> random.Random:
    """A stream that depends only on (template id, version, seed, purpose); str seeds hash
    with sha512 inside `random`, so this is stable across runs and PYTHONHASHSEED."""
    return random.Random(f"{template_id}|{version}|{seed}|{purpose}")
