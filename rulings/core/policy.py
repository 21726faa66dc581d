"""Policy documents as versioned data: one TOML file per policy version.

A version may `extends` another: statements merge by id (`drop_statements` removes some),
tables merge key by key, and the `classify` list is replaced when given.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
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


def _files() -> dict[str, Any]:
    folder = resources.files("rulings.core") / "data" / "policies"
    found = {}
    for entry in folder.iterdir():
        if entry.name.endswith(".toml"):
            found[entry.name.removesuffix(".toml")] = entry
    return found


@cache
def _raw(version_id: str) -> dict[str, Any]:
    files = _files()
    if version_id not in files:
        raise PolicyError(f"unknown policy version {version_id!r}")
    data = tomllib.loads(files[version_id].read_text(encoding="utf-8"))
    parent = data.get("policy", {}).get("extends")
    return _merge(_raw(parent), data) if parent else data


def _merge(parent: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    merged = {**parent, **child}
    merged["policy"] = {**parent.get("policy", {}), "default": False, **child["policy"]}
    dropped = set(child.get("drop_statements", []))
    by_id = {s["id"]: s for s in parent.get("statement", []) if s["id"] not in dropped}
    by_id.update({s["id"]: s for s in child.get("statement", [])})
    merged["statement"] = list(by_id.values())
    for table in (
        "infractions",
        "awareness",
        "awareness_statement",
        "accountability",
        "procedure",
        "sources",
        "turn",
    ):
        merged[table] = {**parent.get(table, {}), **child.get(table, {})}
    return merged


@cache
def _own_meta(version_id: str) -> dict[str, Any]:
    """The ``[policy]`` table of the version's own file, without its parent's."""
    files = _files()
    if version_id not in files:
        raise PolicyError(f"unknown policy version {version_id!r}")
    meta: dict[str, Any] = tomllib.loads(files[version_id].read_text(encoding="utf-8"))["policy"]
    return meta


def title(version_id: str, lang: str = "en") -> str:
    """The version's title in ``lang`` (en, pt-BR or es): its file's ``titles`` entry for the
    language, else its English ``title``. A version never takes its parent's title."""
    if lang not in LANGS:
        raise PolicyError(f"language must be one of {', '.join(LANGS)}")
    meta = _own_meta(version_id)
    return str(meta.get("titles", {}).get(lang) or meta["title"])


@cache
def load_policy(version_id: str) -> Policy:
    """The policy version with this id; PolicyError if unknown or malformed."""
    from rulings.core.policy_build import build

    try:
        return build(_raw(version_id))
    except (KeyError, TypeError, ValueError) as exc:
        raise PolicyError(f"{version_id}: malformed policy data ({exc})") from exc


@cache
def policy_versions(game: str | None = None) -> tuple[str, ...]:
    """Ids of every policy version, optionally only those of one game."""
    ids = sorted(_files())
    return tuple(i for i in ids if game is None or load_policy(i).game == game)


@cache
def default_version(game: str) -> str:
    """The version used when a situation names none."""
    for version_id in policy_versions(game):
        if load_policy(version_id).default:
            return version_id
    raise PolicyError(f"no default policy version for game {game!r}")


def statement(version_id: str, statement_id: str) -> Statement:
    """One statement of one policy version."""
    return load_policy(version_id).statement(statement_id)
