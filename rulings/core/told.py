"""A situation as questions store it (issue 30): told as events when that form means exactly
what its conclusions said, else kept in the conclusions form with the reason.

The question generator builds, and its one-fact mutations change, a story's conclusions form
(`play.acknowledged`, `following_action(_by)`, `controller_active_role`, ...). A question
carries, and the bank stores, the same story told as events (`as_events`), from which the
engine draws those conclusions itself. `told_as_events` checks both ways before it lets a
story move: the events must derive back to the very conclusions (`as_conclusions`) and be
ruled exactly as the conclusions were (the key, the penalty's and the remedy's steps, every
cited statement in its order), so the question keys and renders the same. Otherwise the
story keeps its conclusions form, which the engine still reads, and `kept` says why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rulings.core.context import as_conclusions
from rulings.core.errors import RulingsError
from rulings.core.evaluate import evaluate
from rulings.core.events import as_events
from rulings.core.situation import Situation

Data = dict[str, Any]


@dataclass(frozen=True)
class Told:
    """The stored form of a situation and its ruling; `kept` is None when it is told as
    events, else why it stays in the conclusions form."""

    situation: Data
    ruling: Data
    kept: str | None = None

    @property
    def as_events(self) -> bool:
        return self.kept is None and bool(self.situation.get("events"))


def told_as_events(data: Mapping[str, Any], ruling: Mapping[str, Any] | None = None) -> Told:
    """`data` told as events when it means the same (see the module's docstring); `ruling` is
    `data`'s ruling when the caller has it (else it is ruled here)."""
    original = dict(data)
    if ruling is None:
        ruling = evaluate(Situation.from_dict(original)).to_dict()
    if "trigger" not in original or original.get("events"):
        return Told(original, dict(ruling))  # nothing to tell, or told already
    told = as_events(original)
    try:
        told_ruling = evaluate(Situation.from_dict(told)).to_dict()
        back = as_conclusions(told)
    except RulingsError as exc:
        return Told(original, dict(ruling), f"told as events it is not a valid story: {exc}")
    differ = _differing(conclusions(back), conclusions(original))
    if differ:
        return Told(
            original,
            dict(ruling),
            "told as events the engine concludes otherwise: " + "; ".join(differ),
        )
    parts = [k for k in sorted(set(ruling) | set(told_ruling)) if k != "derived"]
    changed = [k for k in parts if ruling.get(k) != told_ruling.get(k)]
    if changed:
        return Told(
            original,
            dict(ruling),
            "told as events it is ruled otherwise (" + ", ".join(changed) + ")",
        )
    return Told(told, told_ruling)


def conclusions(data: Mapping[str, Any]) -> Data:
    """The conclusions a situation gives, every default filled in (events left out). A stated
    `controller_active_role` decides alone: `active_role_taken` beside it is not read, and is
    given as the role says."""
    encoded = Situation.from_dict(dict(data)).to_dict()
    encoded.pop("events", None)
    play = dict(encoded.get("play") or {})
    if play.get("controller_active_role", "unstated") != "unstated":
        play["active_role_taken"] = play["controller_active_role"] != "none"
    encoded["play"] = play
    return encoded


def _differing(got: Data, want: Data, prefix: str = "") -> list[str]:
    found: list[str] = []
    for key in sorted(set(got) | set(want)):
        a, b = got.get(key), want.get(key)
        if isinstance(a, dict) and isinstance(b, dict):
            found += _differing(a, b, f"{prefix}{key}.")
        elif a != b:
            found.append(f"{prefix}{key} {b!r} -> {a!r}")
    return found
