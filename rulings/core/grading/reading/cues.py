"""The scoping table (cues.toml): how each category of cue reads the terms around it."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from ..errors import GradingError

DIRECTIONS = ("before", "after")
REACHES = frozenset(
    {
        "near",
        "near_or_quoted",
        "near_or_own_noun",
        "free",
        "clause",
        "free_clause",
        "free_sentence",
        "sentence",
    }
)


@dataclass(frozen=True, slots=True)
class CueScope:
    """One row: a category of cue on one side of the terms it reads."""

    category: str
    direction: str
    window: int
    """The most tokens between cue and term; -1 for any distance within the reach."""
    reach: str
    guards: tuple[str, ...]
    effect: str

    def within(self, gap: int) -> bool:
        return self.window < 0 or gap <= self.window


@lru_cache(maxsize=1)
def scope_table() -> Mapping[str, Mapping[str, CueScope]]:
    """direction -> category -> row."""
    ref = resources.files("rulings.core.grading.reading").joinpath("cues.toml")
    rows = tomllib.loads(ref.read_text(encoding="utf-8"))["cue"]
    table: dict[str, dict[str, CueScope]] = {d: {} for d in DIRECTIONS}
    for raw in rows:
        row = CueScope(
            str(raw["category"]),
            str(raw["direction"]),
            int(raw["window"]),
            str(raw["reach"]),
            tuple(str(g) for g in raw["guards"]),
            str(raw["effect"]),
        )
        if row.direction not in DIRECTIONS or row.reach not in REACHES:
            raise GradingError(f"cues.toml: bad direction or reach in {row}")
        if row.category in table[row.direction]:
            raise GradingError(f"cues.toml: {row.category} {row.direction} twice")
        table[row.direction][row.category] = row
    return table


def nearest_reach() -> int:
    """The widest window of a row before its terms: past it, only any-distance rows read."""
    return max(row.window for row in scope_table()["before"].values())


def any_distance() -> frozenset[str]:
    """The categories that read a term before them at any distance in their reach."""
    return frozenset(c for c, row in scope_table()["before"].items() if row.window < 0)
