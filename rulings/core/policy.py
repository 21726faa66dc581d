"""Policy documents as versioned data: one TOML file per policy version, loaded.

A version may `extends` another: statements merge by id (`drop_statements` removes some),
tables merge key by key, and the `classify` list is replaced when given.

The loader is the top of the engine's policy modules: the types are in `policy_types` (and
re-exported here), the checks of the data in `policy_build`, which needs every predicate
registered (`registry`).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from rulings.core.errors import PolicyError
from rulings.core.policy_build import build
from rulings.core.policy_types import (
    LANGS,
    STATEMENT_KINDS,
    SUBJECTS,
    Adjustment,
    Classification,
    Infraction,
    Note,
    Policy,
    RemedyRule,
    RemedyTemplate,
    RepeatRule,
    Rule,
    Statement,
    WitnessRule,
)

__all__ = [
    "LANGS",
    "STATEMENT_KINDS",
    "SUBJECTS",
    "Adjustment",
    "Classification",
    "Infraction",
    "Note",
    "Policy",
    "RemedyRule",
    "RemedyTemplate",
    "RepeatRule",
    "Rule",
    "Statement",
    "WitnessRule",
    "default_version",
    "load_policy",
    "policy_versions",
    "statement",
    "title",
]


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
