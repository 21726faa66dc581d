"""The what-if explorer (issue 30, point 4): a question's deciding facts, in plain words, and
the ruling of the story with one of them changed.

A question's deciding facts are the near misses of its stored situation (nearmiss.py: one
named fact changed, re-ruled by the engine) whose ruling differs from the key, the template's
pivots first. Each is named by the fact it changes, as the current value and the changed one,
read from data/facts.toml (situation path -> value -> en, pt-BR, es). A variant carries its
ruling in the reader's language, with what changed from the key marked (from `diff_rulings`).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from rulings.core import codec
from rulings.core.context import as_conclusions
from rulings.core.diff import diff_rulings
from rulings.core.evaluate import evaluate
from rulings.core.explain import citation, labels
from rulings.core.policy import statement
from rulings.core.questions.catalog import LANGS
from rulings.core.questions.errors import QuestionError
from rulings.core.questions.model import KeyParts
from rulings.core.questions.mutation import Data
from rulings.core.questions.nearmiss import near_misses
from rulings.core.questions.template import REGISTRY
from rulings.core.situation import Situation

# About as many facts as a reader weighs at once; the template's pivots come first.
MAX_FACTS = 6

# The situation path each mutation is about (a pattern where the path names an infraction,
# or a list where a mutation clears whichever of two facts was set).
FACT_PATHS: dict[str, tuple[str, ...]] = {
    "advantageous": ("advantageous",),
    "intent_none": ("intent",),
    "intent_intentional": ("intent",),
    "noticed_same_turn": ("noticed.when",),
    "noticed_later": ("noticed.when",),
    "noticed_time_bar": ("noticed.when",),
    "rewind_simple": ("rewind",),
    "rewind_complex": ("rewind",),
    "rewind_none": ("rewind",),
    "opl_casual": ("opl",),
    "opl_competitive": ("opl",),
    "opl_professional": ("opl",),
    "no_witness": ("silent_witnesses",),
    "optional": ("trigger.optional",),
    "detrimental": ("trigger.detrimental",),
    "no_impact": ("trigger.impact",),
    "impact_yes": ("trigger.impact",),
    "not_delayed_zone_change": ("trigger.delayed",),
    "not_default_action": ("trigger.default_action",),
    "duration_running": ("trigger.duration_expired",),
    "affects_other": ("trigger.affects",),
    "not_aura": ("trigger.aura_enchanted_only",),
    "owner_is_controller": ("trigger.owner",),
    "revealing_unchanged": ("play.revealing_action_changes_effect",),
    "battlefield_uncontrolled": (
        "trigger.battlefield.controlled_by",
        "trigger.battlefield.names_player",
    ),
    "no_turn_control": ("turn_control",),
    "acknowledged_in_time": ("play.acknowledged",),
    "not_acknowledged": ("play.acknowledged",),
    "following_none": ("play.following_action",),
    "pass_priority": ("play.following_action",),
    "advance_step": ("play.following_action",),
    "might_matters": ("play.following_action",),
    "illegal_challenged": ("play.following_action",),
    "following_by_other": ("play.following_action_by",),
    "error_after_miss": ("play.error_after_miss",),
    "information_gained": ("play.out_of_order_block.information_gained",),
    "no_information": ("play.out_of_order_block.information_gained",),
    "noticed_by_opponent": ("noticed.by",),
    "caused_result": ("payment.caused_result",),
    "not_correctable": ("payment.correctable",),
    "overpaid_instead": ("payment.paid",),
    "underpaid_instead": ("payment.paid",),
    "score_undeterminable": ("score.determinable",),
    "turns_more": ("noticed.turns_elapsed",),
    "turns_fewer": ("noticed.turns_elapsed",),
    "history_less": ("history.warnings.*",),
    "history_more": ("history.warnings.*",),
    "head_judge_upgrade": ("history.head_judge_instructs_upgrade",),
    "no_related": ("related_penalties",),
    "related_game_loss": ("related_penalties",),
    "soften": ("soften_at_low_opl",),
    "acted_in_new_turn": ("noticed.at_start_of_turn",),
}

# The ruling's parts a reader compares, in the order the page shows them.
PARTS = ("infraction", "penalty", "remedy", "accountable")
# Which of diff_rulings' parts mark each of them changed.
DIFF_PARTS = {
    "infraction": ("infraction",),
    "penalty": ("penalty", "penalty_step"),
    "remedy": ("remedy_step", "rewind_by"),
    "accountable": ("accountability",),
}


@dataclass(frozen=True)
class Fact:
    """One deciding fact: the mutation that changes it (`name`), the situation path, and the
    current and changed values in words."""

    name: str
    path: str
    current: str
    changed: str


@dataclass(frozen=True)
class Part:
    """One part of a variant's ruling: its text, citations, and what it was in the key."""

    part: str
    text: str
    citation: str
    changed: bool
    was: str


@dataclass(frozen=True)
class Step:
    """One explanation step: its section, the statement's paraphrase, and whether it is new
    (or plays another role) in the variant, or no longer applies."""

    citation: str
    text: str
    changed: bool


@dataclass(frozen=True)
class Variant:
    fact: Fact
    parts: tuple[Part, ...]
    steps: tuple[Step, ...]
    dropped: tuple[Step, ...]  # steps of the key's explanation the variant no longer has


# ---------------------------------------------------------------- labels


@cache
def _labels() -> dict[str, dict[str, dict[str, str]]]:
    path = resources.files("rulings.core") / "data" / "facts.toml"
    table: dict[str, dict[str, dict[str, str]]] = tomllib.loads(path.read_text(encoding="utf-8"))
    return table


def label_table() -> dict[str, dict[str, dict[str, str]]]:
    """The labels as data: situation path (or pattern) -> value key -> language -> words."""
    return _labels()


def value_key(path: str, value: object, situation: Mapping[str, Any]) -> str:
    """The key a value is labelled by: the value itself for booleans, ids and small numbers,
    else what kind of value it is ("n" for a number, "some"/"none" for a name or a list)."""
    if path == "trigger.owner":
        controller = situation.get("trigger", {}).get("controller")
        return "controller" if value in (None, controller) else "other"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "0" if path.startswith("history.warnings.") else "none"
    if isinstance(value, int):
        known = _labels().get(_table_path(path), {})
        return str(value) if str(value) in known else "n"
    if isinstance(value, list | dict):
        return "some" if value else "none"
    known = _labels().get(_table_path(path), {})
    return str(value) if str(value) in known else "some"


def _table_path(path: str) -> str:
    return "history.warnings.*" if path.startswith("history.warnings.") else path


def fact_words(path: str, value: object, situation: Mapping[str, Any], lang: str) -> str:
    """A fact's value in plain words (QuestionError when the table has no label for it)."""
    if lang not in LANGS:
        raise QuestionError(f"language must be one of {', '.join(LANGS)}")
    key = value_key(path, value, situation)
    try:
        words = _labels()[_table_path(path)][key][lang]
    except KeyError:
        raise QuestionError(f"no {lang} label for {path} = {key}") from None
    kind = path.removeprefix("history.warnings.")
    names = labels(lang)["id"]
    number = value if isinstance(value, int) and not isinstance(value, bool) else 0
    return words.format(n=number, kind=names.get(kind, kind))


def _read(data: Mapping[str, Any], path: str) -> object:
    current: Any = data
    for part in path.split("."):
        if not isinstance(current, Mapping):
            return None
        current = current.get(part)
    return current


def _changed_path(name: str, before: Data, after: Data) -> str:
    """The path of the fact mutation `name` changed between two encoded situations."""
    for pattern in FACT_PATHS.get(name, ()):
        for path in _paths(pattern, before, after):
            if _read(before, path) != _read(after, path):
                return path
    raise QuestionError(f"mutation {name!r} changes no fact it is labelled by")


def _paths(pattern: str, before: Data, after: Data) -> list[str]:
    if "*" not in pattern:
        return [pattern]
    head = pattern.removesuffix(".*")
    keys = [*_keys(_read(before, head)), *_keys(_read(after, head))]
    paths = {f"{head}.{key}" for key in keys}
    return sorted(path for path in paths if fnmatchcase(path, pattern))


def _keys(value: object) -> list[str]:
    return [str(key) for key in value] if isinstance(value, Mapping) else []


def describe(name: str, situation: Data, changed: Data, lang: str) -> Fact:
    """Mutation `name`'s fact, current and changed, in `lang`."""
    before = encoded(situation)
    after = encoded(changed)
    path = _changed_path(name, before, after)
    return Fact(
        name,
        path,
        fact_words(path, _read(before, path), before, lang),
        fact_words(path, _read(after, path), after, lang),
    )


def encoded(situation: Data) -> Data:
    data: Data = codec.encode(Situation.from_dict(situation))
    return data


# ---------------------------------------------------------------- deciding facts


def _key(ruling: Mapping[str, Any], cycle: bool) -> tuple[KeyParts, str]:
    return KeyParts.from_ruling(dict(ruling), cycle=cycle), str(ruling["accountable_player"])


Found = tuple[tuple[str, str], ...]


@lru_cache(maxsize=512)
def _deciding(situation_json: str, ruling_json: str, template_id: str) -> Found:
    """(mutation, changed situation as JSON) of the near misses whose ruling differs from the
    key, pivots first, at most MAX_FACTS, each changed story once."""
    situation = json.loads(situation_json)
    template = REGISTRY.get(template_id)
    pivots = template.pivots if template else ()
    cycle = bool(template and "round_cycle" in template.topics)
    key = _key(json.loads(ruling_json), cycle)
    found: dict[str, str] = {}
    for name, changed, ruling in near_misses(situation, pivots):
        text = _dumps(changed)
        fresh = text not in found.values() and _key(ruling, cycle) != key
        if fresh and _labelled(name, situation, changed):
            found[name] = text
            if len(found) >= MAX_FACTS:
                break
    return tuple(found.items())


def _labelled(name: str, situation: Data, changed: Data) -> bool:
    """Whether the fact can be named (every label is in every language: a test checks)."""
    try:
        describe(name, situation, changed, "en")
    except QuestionError:
        return False
    return True


def _dumps(data: object) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def deciding_facts(
    situation: Data, ruling: Mapping[str, Any], template_id: str, lang: str
) -> tuple[Fact, ...]:
    """The question's deciding facts in `lang`: each changes the key when changed alone. A
    story told as events is read by the conclusions the engine draws from them (the form
    the facts are named and changed in)."""
    situation = as_conclusions(situation)
    found = _deciding(_dumps(situation), _dumps(ruling), template_id)
    return tuple(describe(name, situation, json.loads(text), lang) for name, text in found)


def what_if(
    situation: Data, ruling: Mapping[str, Any], template_id: str, fact: str, lang: str
) -> Variant:
    """The story with deciding fact `fact` changed: its ruling in `lang`, what changed marked
    (QuestionError when `fact` is not one of the question's deciding facts)."""
    situation = as_conclusions(situation)
    found = dict(_deciding(_dumps(situation), _dumps(ruling), template_id))
    if fact not in found:
        raise QuestionError(f"{fact!r} is not a deciding fact of this question")
    changed = json.loads(found[fact])
    diff = diff_rulings(Situation.from_dict(situation), Situation.from_dict(changed))
    new = _ruling_of(changed)
    old = dict(ruling)
    changes = {change.part for change in diff.changes}
    explanation = [c for c in diff.changes if c.part == "explanation_step"]
    new_steps = {c.after["statement"] for c in explanation if c.after is not None}
    gone = [c.before for c in explanation if c.change == "removed"]
    version = diff.policy_version
    parts = []
    for part in PARTS:
        text, was = _part_text(new, part, lang), _part_text(old, part, lang)
        # A part reached by another step but reading the same is not shown as changed (walk
        # 4, #1: "Changed: No penalty (was: No penalty)").
        marked = text != was and any(p in changes for p in DIFF_PARTS[part])
        parts.append(Part(part, text, _part_citation(new, part, version), marked, was))
    return Variant(
        describe(fact, situation, changed, lang),
        tuple(parts),
        tuple(_step(s, version, lang, s["statement"] in new_steps) for s in new["explanation"]),
        tuple(_step(s, version, lang, True) for s in gone),
    )


def _ruling_of(situation: Data) -> dict[str, Any]:
    ruling: dict[str, Any] = evaluate(Situation.from_dict(situation)).to_dict()
    return ruling


def _part_text(ruling: Mapping[str, Any], part: str, lang: str) -> str:
    names = labels(lang)["id"]
    if part == "infraction":
        return str(names.get(ruling["infraction"], ruling["infraction"]))
    if part == "penalty":
        final = ruling["penalty"]["final"]
        return str(names.get(final, final))
    if part == "remedy":
        steps = [str(names.get(s["remedy"], s["remedy"])) for s in ruling["remedy"]]
        rewind = ruling.get("rewind_by")
        by = labels(lang)["heading"]["rewind_by"]
        extra = [f"{by}: {names.get(rewind, rewind)}"] if rewind else []
        return "; ".join(steps + extra)
    return str(ruling["accountable_player"])


def _part_citation(ruling: Mapping[str, Any], part: str, version: str) -> str:
    if part == "infraction":
        ids = [ruling["infraction_statement"]]
    elif part == "penalty":
        ids = [s["statement"] for s in ruling["penalty"]["steps"]]
    elif part == "remedy":
        ids = [s["statement"] for s in ruling["remedy"]]
    else:
        ids = [s["statement"] for s in ruling["explanation"] if s["role"] == "accountability"]
    sections = dict.fromkeys(statement(version, sid).section for sid in ids)
    return ", ".join(sections)


def _step(step: Mapping[str, Any], version: str, lang: str, changed: bool) -> Step:
    text = statement(version, step["statement"]).paraphrase(lang)
    return Step(citation(str(step["citation"]), lang), text, changed)
