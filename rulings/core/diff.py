"""What changes between two situations and their rulings (issue 30, point 3).

`diff_rulings(before, after)` rules both situations under the same policy version and returns
the facts that differ (path, before, after) and every part of the ruling whose outcome changed:
the infraction, accountability, the penalty, each penalty step (upgrade or downgrade), each
remedy step, who may rewind, the round cycle, penalties for other players, whether a judge
intervenes, and each explanation step added, removed or given another role. Every changed part
carries the statements and citations that decided it on each side.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rulings.core import codec
from rulings.core.errors import SituationError
from rulings.core.evaluate import evaluate
from rulings.core.policy import statement
from rulings.core.ruling import Ruling
from rulings.core.situation import Situation
from rulings.core.validate import policy_for

# Facts the engine never reads: a difference in them changes no ruling and is not reported.
IGNORED_FACTS = ("description",)

# The parts of a ruling, in the order a judge reasons about them.
PARTS = (
    "infraction",
    "accountability",
    "penalty",
    "penalty_step",
    "remedy_step",
    "rewind_by",
    "round_cycle",
    "additional_penalty",
    "judge_intervenes",
    "explanation_step",
)
CHANGES = ("added", "removed", "changed")

# A statement id and its section, e.g. ("ipg-2.1-opponent-turn", "IPG 2.1").
Citation = tuple[str, str]


@dataclass(frozen=True)
class FactChange:
    """One fact of the situation that differs; `path` uses the error paths' notation."""

    path: str
    before: Any
    after: Any


@dataclass(frozen=True)
class RulingChange:
    """One part of the ruling whose outcome differs. `before`/`after` are the part's JSON
    form on each side (null when it was added or removed); `citations` lists the statements
    that decided it (before, then after, each once) with their sections."""

    part: str
    change: str
    before: Any
    after: Any
    citations: tuple[Citation, ...]


@dataclass(frozen=True)
class RulingDiff:
    game: str
    policy_version: str
    facts: tuple[FactChange, ...]
    changes: tuple[RulingChange, ...]

    @property
    def same_ruling(self) -> bool:
        return not self.changes

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "policy_version": self.policy_version,
            "same_ruling": self.same_ruling,
            "facts": [{"path": f.path, "before": f.before, "after": f.after} for f in self.facts],
            "changes": [
                {
                    "part": c.part,
                    "change": c.change,
                    "before": c.before,
                    "after": c.after,
                    "citations": [
                        {"statement": sid, "citation": section} for sid, section in c.citations
                    ],
                }
                for c in self.changes
            ],
        }


def diff_rulings(before: Situation, after: Situation) -> RulingDiff:
    """The facts and ruling steps that differ from `before` to `after` (same game and policy
    version, else SituationError on `policy_version`)."""
    policy = policy_for(before)
    other = policy_for(after)
    if before.game != after.game:
        raise SituationError("game", f"both situations must be of one game ({before.game})")
    if other.id != policy.id:
        raise SituationError(
            "policy_version", f"both situations must use one policy version ({policy.id})"
        )
    old, new = _ruled(before, "before."), _ruled(after, "after.")
    facts = tuple(_facts(_encoded(before, policy.id), _encoded(after, policy.id), ""))
    return RulingDiff(before.game, policy.id, facts, tuple(_changes(old, new)))


def sided(path: str) -> str:
    """A diff error's field: as the engine named its side, else the second situation's (the
    one that must match the first's game and policy version)."""
    return path if path.startswith(("before.", "after.")) else f"after.{path}"


def _ruled(situation: Situation, side: str) -> Ruling:
    """The situation's ruling; an error only the ruling finds (such as `asked_about` naming a
    player the policy does not rule on) names its side."""
    try:
        return evaluate(situation)
    except SituationError as exc:
        raise SituationError(side + exc.path, exc.problem) from exc


# ---------------------------------------------------------------- facts


def _encoded(situation: Situation, version: str) -> dict[str, Any]:
    data: dict[str, Any] = codec.encode(situation)
    data["policy_version"] = version  # null and the default's id are the same fact
    for name in IGNORED_FACTS:
        data.pop(name, None)
    return data


def _facts(before: Any, after: Any, path: str) -> Iterator[FactChange]:
    if before == after:
        return
    if isinstance(before, dict) and isinstance(after, dict):
        for key in list(before) + [k for k in after if k not in before]:
            yield from _facts(before.get(key), after.get(key), codec.join(path, key))
    elif isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        for index, (old, new) in enumerate(zip(before, after, strict=True)):
            yield from _facts(old, new, codec.join(path, index))
    else:
        yield FactChange(path or "(root)", before, after)


# ---------------------------------------------------------------- ruling


def _changes(old: Ruling, new: Ruling) -> Iterator[RulingChange]:
    a, b = old.to_dict(), new.to_dict()
    version = old.policy_version
    yield from _single(
        "infraction",
        {"infraction": a["infraction"], "statement": a["infraction_statement"]},
        {"infraction": b["infraction"], "statement": b["infraction_statement"]},
        version,
    )
    yield from _single(
        "accountability",
        {"player": a["accountable_player"]},
        {"player": b["accountable_player"]},
        version,
        # who answers for it is decided by the explanation's accountability step
        _role_statements(a, "accountability"),
        _role_statements(b, "accountability"),
    )
    yield from _single(
        "penalty",
        {"base": a["penalty"]["base"], "final": a["penalty"]["final"]},
        {"base": b["penalty"]["base"], "final": b["penalty"]["final"]},
        version,
        [s["statement"] for s in a["penalty"]["steps"]],
        [s["statement"] for s in b["penalty"]["steps"]],
    )
    yield from _keyed("penalty_step", a["penalty"]["steps"], b["penalty"]["steps"], "reason")
    yield from _positional("remedy_step", a["remedy"], b["remedy"])
    yield from _single(
        "rewind_by",
        a["rewind_by"],
        b["rewind_by"],
        version,
        [s["statement"] for s in a["remedy"]],
        [s["statement"] for s in b["remedy"]],
    )
    yield from _single("round_cycle", a["round_cycle"], b["round_cycle"], version)
    yield from _keyed(
        "additional_penalty", a["additional_penalties"], b["additional_penalties"], "player"
    )
    yield from _single(
        "judge_intervenes",
        a["judge_intervenes"],
        b["judge_intervenes"],
        version,
        _procedure_statements(a),
        _procedure_statements(b),
    )
    yield from _keyed("explanation_step", a["explanation"], b["explanation"], "statement")


def _single(
    part: str,
    before: Any,
    after: Any,
    version: str,
    before_statements: Sequence[str] = (),
    after_statements: Sequence[str] = (),
) -> Iterator[RulingChange]:
    """One value per ruling: changed or not (added/removed when one side is null)."""
    if before == after:
        return
    statements = [*_statements_in(before), *before_statements]
    statements += [*_statements_in(after), *after_statements]
    cited = _unique((sid, statement(version, sid).section) for sid in statements)
    yield RulingChange(part, _kind(before, after), before, after, cited)


def _keyed(
    part: str, before: list[dict[str, Any]], after: list[dict[str, Any]], key: str
) -> Iterator[RulingChange]:
    """Items matched by a key (first occurrence): added, removed or changed."""
    old = {item[key]: item for item in reversed(before)}
    new = {item[key]: item for item in reversed(after)}
    for item in before:
        match = new.get(item[key])
        if match is None:
            yield _item(part, "removed", item, None)
        elif match != item and old[item[key]] is item:
            yield _item(part, "changed", item, match)
    for item in after:
        if item[key] not in old:
            yield _item(part, "added", None, item)


def _positional(
    part: str, before: list[dict[str, Any]], after: list[dict[str, Any]]
) -> Iterator[RulingChange]:
    """Ordered steps compared place by place: the n-th step changed, or one side has more."""
    for index in range(max(len(before), len(after))):
        old = before[index] if index < len(before) else None
        new = after[index] if index < len(after) else None
        if old != new:
            yield _item(part, _kind(old, new), old, new)


def _item(part: str, change: str, before: Any, after: Any) -> RulingChange:
    sides = (side for side in (before, after) if side is not None)
    cited = _unique((side["statement"], side["citation"]) for side in sides)
    return RulingChange(part, change, before, after, cited)


def _kind(before: Any, after: Any) -> str:
    if before is None:
        return "added"
    return "removed" if after is None else "changed"


def _statements_in(value: Any) -> list[str]:
    return [value["statement"]] if isinstance(value, dict) and "statement" in value else []


def _role_statements(ruling: dict[str, Any], role: str) -> list[str]:
    return [s["statement"] for s in ruling["explanation"] if s["role"] == role]


def _procedure_statements(ruling: dict[str, Any]) -> list[str]:
    """A judge intervenes for a penalty (its steps) or by the policy's procedure."""
    steps = [s["statement"] for s in ruling["penalty"]["steps"] if s["direction"] != "none"]
    return steps + _role_statements(ruling, "procedure")


def _unique(items: Iterator[Citation]) -> tuple[Citation, ...]:
    return tuple(dict.fromkeys(items))
