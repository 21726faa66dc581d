"""Frozen values in and out of the grader."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .lexicon import PARTS


def _empty() -> Mapping[str, str]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Expected:
    """The ruling an answer is graded against; a part left as None is not graded.

    `citations` maps a part to the section to quote for it, overriding the lexicon
    (for callers holding an engine ruling with its own citations).
    """

    infraction: str | None = None
    penalty: str | None = None
    remedy: str | None = None
    citations: Mapping[str, str] = field(default_factory=_empty)
    policy_version: str | None = None
    """The policy version the ruling was keyed under (the game's documents in force)."""
    near_misses: tuple[Mapping[str, str], ...] = ()
    """The question's near misses (the generator's: the same situation with one fact
    changed), each a ruling as part -> id: the answer's likely confusions. A part read as
    the key or one of them, where the words do not firmly tell the two apart, goes to a
    mentor."""

    def confusions(self, part: str) -> tuple[str, ...]:
        """The ids the near misses give a part, other than the expected id, in order."""
        want = self.part(part)
        found = (miss.get(part) for miss in self.near_misses)
        return tuple(dict.fromkeys(i for i in found if isinstance(i, str) and i != want))

    def part(self, name: str) -> str | None:
        """The expected id of one part, by name."""
        value: str | None = getattr(self, name)
        return value

    def graded_parts(self) -> tuple[str, ...]:
        """The parts that carry an expected id, in canonical order."""
        return tuple(p for p in PARTS if self.part(p) is not None)


@dataclass(frozen=True, slots=True)
class Span:
    """Where in the original answer the evidence for a part was read."""

    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class PartGrade:
    """The grading of one part: what the answer claims and whether it matches."""

    part: str
    expected: str
    found: str | None
    correct: bool
    confidence: float
    evidence: Span | None
    hedged: bool = False
    conflict: bool = False
    candidates: tuple[str, ...] = ()
    """When the answer leaves two or more ids standing for the part and its wording does
    not decide between them: those ids, in the order the answer states them."""
    left_open: bool = False
    """The answer offers two or more options for the part and says it will not choose
    ("Warning or no penalty, depends"): it commits to none, as the label convention reads
    it, so the part is graded wrong with no mentor needed."""
    rule: str = ""
    """The name of the decision rule that decided the part ("one_claim", "concluded",
    "options_left_open", "implied_by_infraction", ...; docs/grading.md lists them)."""
    doubt: str = ""
    """The named doubt that reads a part the rules cleared with its own track record
    ("rewind_length_unsaid", "two_infractions", ...; `grader.DOUBTS`), or "" for none."""


@dataclass(frozen=True, slots=True)
class Grade:
    """The grading of one answer."""

    parts: Mapping[str, PartGrade]
    score: float
    confidence: float
    needs_review: bool
    feedback: str
    language: str
    review_reasons: tuple[str, ...] = ()
    lexicon_version: str = ""
