"""The multiple-choice bank sample the key-rate tests share, and how often each infraction is
offered, is the key, and would be the key by chance."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from rulings.core.questions import Question, generate_questions

ITEMS = 1000


@cache
def thousand_multiple_choice() -> tuple[Question, ...]:
    """1,000 English multiple-choice items of both games (seed 927), generated once a process."""
    return tuple(generate_questions(lang="en", kind="multiple_choice", count=ITEMS, seed=927))


@dataclass
class Offered:
    present: Counter[str] = field(default_factory=Counter)
    """Items whose options offer the infraction."""
    keyed: Counter[str] = field(default_factory=Counter)
    """Of those, items where it is the key."""
    chance: dict[str, float] = field(default_factory=dict)
    """Expected keys if the key were an option picked at random (its share of the options)."""


def offered_infractions(items: Iterable[Question]) -> Offered:
    found = Offered()
    for question in items:
        counts = Counter(o.parts.infraction for o in question.options)
        for name, times in counts.items():
            found.present[name] += 1
            found.keyed[name] += question.key.infraction == name
            found.chance[name] = found.chance.get(name, 0.0) + times / len(question.options)
    return found
