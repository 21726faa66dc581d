"""The types a policy version is made of: frozen dataclasses, no loading.

They sit below everything that reads a policy (the predicates, the events, the checks of a
situation); `rulings.core.policy` loads the TOML files into them and re-exports them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulings.core.errors import PolicyError

LANGS = ("en", "pt-BR", "es")
STATEMENT_KINDS = (
    "definition",
    "infraction_definition",
    "base_penalty",
    "upgrade",
    "downgrade",
    "remedy",
    "accountability",
    "timing",
    "principle",
)
SUBJECTS = ("trigger", "payment", "score", "game_error")


@dataclass(frozen=True)
class Statement:
    id: str
    section: str
    kind: str
    source: str
    text: tuple[tuple[str, str], ...]

    def paraphrase(self, lang: str = "en") -> str:
        return dict(self.text).get(lang) or dict(self.text)["en"]


@dataclass(frozen=True)
class Rule:
    """A condition (all predicates must hold) with the statement that justifies it."""

    when: tuple[str, ...]
    statement: str
    cites: tuple[str, ...] = ()


@dataclass(frozen=True)
class Classification(Rule):
    subject: str = "trigger"
    infraction: str = "no_infraction"


@dataclass(frozen=True)
class Note(Rule):
    """A statement the explanation cites whenever its conditions hold ("" = any subject) and,
    when `with_any` is given, the explanation also cites one of those statements (the note
    explains a step that depends on it, e.g. the OPL for a rewind's authority)."""

    subject: str = ""
    with_any: tuple[str, ...] = ()


@dataclass(frozen=True)
class Adjustment(Rule):
    to: str = "warning"
    reason: str = ""


@dataclass(frozen=True)
class RemedyTemplate:
    remedy: str
    params: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class RemedyRule(Rule):
    steps: tuple[RemedyTemplate, ...] = ()


@dataclass(frozen=True)
class WitnessRule:
    infraction: str
    penalty: str
    statement: str
    # Also every opponent when no opponent noticed the error (noticed.by is the player who
    # made it, a judge or a spectator): IPG 2.5's "an opponent who did not notice".
    unnoticed: bool = False


@dataclass(frozen=True)
class Infraction:
    id: str
    statement: str
    base_penalty: str
    penalty_statement: str
    category: str
    exempt: tuple[str, ...]
    adjust: tuple[Adjustment, ...]
    remedy: tuple[RemedyRule, ...]
    notes: tuple[Rule, ...]
    witness: WitnessRule | None


@dataclass(frozen=True)
class RepeatRule(Rule):
    scope: str = "same_category"
    threshold: int = 3
    opl: tuple[str, ...] = ()
    to: str = "game_loss"


@dataclass(frozen=True, eq=False)
class Policy:
    id: str
    game: str
    title: str
    default: bool
    source: str
    extends: str
    sources: Mapping[str, str]
    statements: Mapping[str, Statement]
    classify: tuple[Classification, ...]
    infractions: Mapping[str, Infraction]
    awareness: Mapping[str, tuple[str, ...]]
    awareness_statement: Mapping[str, str]
    repeat: tuple[RepeatRule, ...]
    accountability: Mapping[str, tuple[str, ...]]
    procedure: Mapping[str, str]
    notes: tuple[Note, ...] = ()
    # The phases of a turn (`[turn]`), each with the statement that cites it; `phases_ordered`
    # when the policy's time bar compares them in this order (Magic's), else only recorded.
    phases: tuple[str, ...] = ()
    phase_statements: Mapping[str, str] = field(default_factory=dict)
    phases_ordered: bool = False

    def statement(self, statement_id: str) -> Statement:
        try:
            return self.statements[statement_id]
        except KeyError:
            raise PolicyError(f"{self.id}: no statement {statement_id!r}") from None
