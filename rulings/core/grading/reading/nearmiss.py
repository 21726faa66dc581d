"""The question's near misses as likely confusions (issue 26, point 2).

A near miss is the question's situation with one fact changed, ruled by the engine: a
candidate who misreads that fact answers with the near miss's ruling. Where the answer's
reading of a part is the key or one of its near misses and the words do not firmly separate
the two, a mentor reads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..mentions import Mention
from ..models import Expected, PartGrade
from .rules import NAMED

SEPARATING_RULES = frozenset(
    {"upgrade", "options_then_choice", "choice_after_doubt", "concluded", "label_slot"}
)
"""Rules that decide between named options by the text itself (an upgrade's end, a choice
made after options, a conclusion, a label's value): the words separate the two."""


@dataclass(frozen=True, slots=True)
class Unseparated:
    """A part whose reading and a near miss's id the text does not firmly tell apart."""

    part: str
    found: str
    other: str


def unseparated(
    parts: Mapping[str, PartGrade], mentions: list[Mention], expected: Expected
) -> tuple[Unseparated, ...]:
    """The parts read as the key or a near miss, where either the reading is weak (a
    paraphrase, a typo, a description or the label convention: below a name's confidence)
    and reads a near miss, or a rival of the same set is also claimed in the answer and lost
    to the reading by no separating rule (a reason's term, a yielding id)."""
    out: list[Unseparated] = []
    for name, grade in parts.items():
        rivals = expected.confusions(name)
        if not rivals or grade.found is None or grade.hedged or grade.conflict:
            continue
        if grade.rule in SEPARATING_RULES:
            continue
        pool = (grade.expected, *rivals)
        if grade.found not in pool:
            continue
        other = _claimed_rival(name, grade.found, pool, mentions)
        if other is None and grade.found in rivals and grade.confidence < NAMED:
            other = grade.expected
        if other is not None:
            out.append(Unseparated(name, grade.found, other))
    return tuple(out)


def _claimed_rival(
    part: str, found: str, pool: tuple[str, ...], mentions: list[Mention]
) -> str | None:
    for m in mentions:
        if m.part == part and m.ident in pool and m.ident != found and m.live:
            return m.ident
    return None
