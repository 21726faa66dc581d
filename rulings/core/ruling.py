"""The result of an evaluation: frozen dataclasses with a JSON-ready `to_dict`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulings.core import codec


@dataclass(frozen=True)
class Step:
    """One step of the explanation; `statement` resolves in the ruling's policy version."""

    role: str
    statement: str
    citation: str


@dataclass(frozen=True)
class PenaltyStep:
    reason: str
    from_penalty: str
    to_penalty: str
    direction: str  # up, down or none
    statement: str
    citation: str


@dataclass(frozen=True)
class Penalty:
    base: str
    final: str
    steps: tuple[PenaltyStep, ...]


@dataclass(frozen=True)
class RemedyStep:
    remedy: str
    params: tuple[tuple[str, Any], ...]
    statement: str
    citation: str


@dataclass(frozen=True)
class RoundCycle:
    passed: bool
    ends_when_player_begins_turn: str
    statement: str
    citation: str


@dataclass(frozen=True)
class AdditionalPenalty:
    player: str
    infraction: str
    penalty: str
    statement: str
    citation: str


@dataclass(frozen=True)
class DerivedFact:
    """A conclusion the engine drew from the situation's events: the situation field it
    settles, its value, the event (index) that decided it, and the statement saying why."""

    fact: str
    value: str
    event: int | None
    statement: str | None
    citation: str | None


@dataclass(frozen=True)
class Ruling:
    game: str
    policy_version: str
    infraction: str
    infraction_statement: str
    accountable_player: str
    penalty: Penalty
    remedy: tuple[RemedyStep, ...]
    rewind_by: str | None
    round_cycle: RoundCycle | None
    additional_penalties: tuple[AdditionalPenalty, ...]
    judge_intervenes: bool
    explanation: tuple[Step, ...]
    derived: tuple[DerivedFact, ...] = ()
    # Set when the question asks about another player than the one who erred (a silent
    # witness): the main ruling is theirs, the erring player's is the first additional
    # penalty, and `additional_remedy` is that ruling's remedy (the game's fix).
    asked_about: str | None = None
    additional_remedy: tuple[RemedyStep, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; `derived` appears only for a situation told as events, and
        `asked_about` / `additional_remedy` only for a question about another player, so
        other rulings keep the shape (and the hashes) they always had."""
        data: dict[str, Any] = codec.encode(self)
        data["remedy"] = [_remedy_dict(step) for step in self.remedy]
        if not self.derived:
            del data["derived"]
        if self.asked_about is None:
            del data["asked_about"], data["additional_remedy"]
        else:
            data["additional_remedy"] = [_remedy_dict(step) for step in self.additional_remedy]
        return data


def _remedy_dict(step: RemedyStep) -> dict[str, Any]:
    return {
        "remedy": step.remedy,
        "params": {k: list(v) if isinstance(v, tuple) else v for k, v in step.params},
        "statement": step.statement,
        "citation": step.citation,
    }
