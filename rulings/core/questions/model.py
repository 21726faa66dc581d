"""The generated question: frozen dataclasses with a JSON-ready `to_dict` and a content hash."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

KINDS = ("free_form", "multiple_choice", "find_the_wrong_part")
PARTS = ("infraction", "penalty", "remedy")


@dataclass(frozen=True)
class KeyParts:
    """What a ruling decides, in vocabulary ids: the unit options and keys are compared by.

    `rewind_by` (who may perform the rewind) is part of every key that has one; the round
    cycle (`cycle_passed`, `cycle_ends`: whose next turn ends it) only where the template asks
    about it."""

    infraction: str
    penalty: str
    remedy: tuple[str, ...]
    additional: tuple[tuple[str, str, str], ...] = ()  # (player, infraction, penalty)
    rewind_by: str | None = None
    cycle_passed: bool | None = None
    cycle_ends: str | None = None

    @classmethod
    def from_ruling(cls, ruling: dict[str, Any], *, cycle: bool = False) -> KeyParts:
        # Another player's "no infraction" (e.g. keeping quiet about someone's trigger) is part
        # of the explanation, not of the key: an option leaving it out is just as right.
        extra = tuple(
            (str(a["player"]), str(a["infraction"]), str(a["penalty"]))
            for a in ruling["additional_penalties"]
            if a["infraction"] != "no_infraction"
        )
        round_cycle = ruling.get("round_cycle") if cycle else None
        return cls(
            infraction=str(ruling["infraction"]),
            penalty=str(ruling["penalty"]["final"]),
            remedy=tuple(str(step["remedy"]) for step in ruling["remedy"]),
            additional=extra,
            rewind_by=ruling.get("rewind_by"),
            cycle_passed=bool(round_cycle["passed"]) if round_cycle else None,
            cycle_ends=str(round_cycle["ends_when_player_begins_turn"]) if round_cycle else None,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "infraction": self.infraction,
            "penalty": self.penalty,
            "remedy": list(self.remedy),
            "additional": [list(a) for a in self.additional],
            "rewind_by": self.rewind_by,
            "cycle_passed": self.cycle_passed,
            "cycle_ends": self.cycle_ends,
        }


@dataclass(frozen=True)
class Option:
    label: str
    text: str
    parts: KeyParts
    correct: bool
    origin: str  # "key", "near_miss:<fact changed>" or "ladder:<how>"

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "text": self.text,
            "parts": self.parts.to_dict(),
            "correct": self.correct,
            "origin": self.origin,
        }


@dataclass(frozen=True)
class WrongPart:
    """A stated ruling in which exactly one part differs from the key.

    `pickable`: the parts a candidate may name as wrong, those some near miss of the story
    changes (at least two, the wrong one among them); the others are given as right."""

    part: str  # one of PARTS
    stated: KeyParts
    stated_text: str
    correct_text: str
    pickable: tuple[str, ...] = PARTS

    def to_dict(self) -> dict[str, Any]:
        return {
            "part": self.part,
            "stated": self.stated.to_dict(),
            "stated_text": self.stated_text,
            "correct_text": self.correct_text,
            "pickable": list(self.pickable),
        }


@dataclass(frozen=True)
class Question:
    template_id: str
    template_version: int
    seed: int
    game: str
    policy_version: str
    lang: str
    kind: str
    stem: str
    situation: dict[str, Any] = field(hash=False)
    ruling: dict[str, Any] = field(hash=False)
    key: KeyParts
    key_text: str
    options: tuple[Option, ...]
    wrong_part: WrongPart | None
    explanation: str
    topics: tuple[str, ...]
    difficulty: float
    content_hash: str
    near_misses: tuple[KeyParts, ...] = ()
    """A free-form question's near misses (the same situation with one fact changed, ruled
    by the engine): the rulings a candidate who misreads one fact gives. Not part of the
    content hash; the grader takes them as the answer's likely confusions."""

    @property
    def display(self) -> str:
        """Plain text for a candidate: the stem, then the options or the stated ruling."""
        if self.options:
            return self.stem + "\n" + "\n".join(f"{o.label}) {o.text}" for o in self.options)
        if self.wrong_part is not None:
            return self.stem + "\n" + self.wrong_part.stated_text
        return self.stem

    def to_dict(self) -> dict[str, Any]:
        return {
            "template_id": self.template_id,
            "template_version": self.template_version,
            "seed": self.seed,
            "game": self.game,
            "policy_version": self.policy_version,
            "lang": self.lang,
            "kind": self.kind,
            "stem": self.stem,
            "display": self.display,
            "situation": self.situation,
            "ruling": self.ruling,
            "key": self.key.to_dict(),
            "key_text": self.key_text,
            "options": [o.to_dict() for o in self.options],
            "wrong_part": self.wrong_part.to_dict() if self.wrong_part else None,
            "explanation": self.explanation,
            "topics": list(self.topics),
            "difficulty": self.difficulty,
            "content_hash": self.content_hash,
        }


def canonical_json(data: object) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def content_hash(content: dict[str, Any]) -> str:
    """sha256 of the canonical JSON of what defines a question (see docs/questions.md)."""
    return hashlib.sha256(canonical_json(content).encode("utf-8")).hexdigest()
