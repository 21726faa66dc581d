"""Judge-readable text for a ruling, in en, pt-BR or es, from the statements' paraphrases."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from rulings.core.errors import RulingsError
from rulings.core.policy import LANGS, load_policy
from rulings.core.ruling import RemedyStep, Ruling


@cache
def labels(lang: str) -> dict[str, Any]:
    """Localised names of the vocabulary ids and headings (read once per language and
    process: pages name ids through it many times; callers only read it)."""
    if lang not in LANGS:
        raise RulingsError(f"language must be one of {', '.join(LANGS)}")
    path = resources.files("rulings.core") / "data" / "labels.toml"
    table: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))[lang]
    return table


def citation(section: str, lang: str) -> str:
    """A statement's section as the reader sees it: a numbered section as it is ("TR 702.8"),
    an unnumbered passage of a source by its localised name (`citation` in labels.toml: the
    study note's "Common mistake" line, which has no section number; review 15: fr-037)."""
    return str(labels(lang).get("citation", {}).get(section, section))


def explain(ruling: Ruling, lang: str = "en") -> str:
    """A numbered explanation where every line cites its section."""
    words = labels(lang)
    policy = load_policy(ruling.policy_version)
    lines = [f"{words['heading']['policy']}: {policy.title} ({policy.id})"]
    lines += _summary(ruling, words)
    lines.append(f"{words['heading']['steps']}:")
    for number, step in enumerate(ruling.explanation, start=1):
        text = policy.statement(step.statement).paraphrase(lang)
        lines.append(f"{number}. [{citation(step.citation, lang)}] {text}")
    return "\n".join(lines) + "\n"


def _summary(ruling: Ruling, words: dict[str, Any]) -> list[str]:
    head, names = words["heading"], words["id"]
    lines = [f"{head['asked_about']}: {ruling.asked_about}"] if ruling.asked_about else []
    lines += [
        f"{head['infraction']}: {names.get(ruling.infraction, ruling.infraction)}",
        f"{head['penalty']}: {_penalty_path(ruling, names)}",
        f"{head['accountable']}: {ruling.accountable_player}",
    ]
    lines += [f"{head['remedy']}: {_remedy(step, words)}" for step in ruling.remedy]
    if ruling.rewind_by:
        lines.append(f"{head['rewind_by']}: {names.get(ruling.rewind_by, ruling.rewind_by)}")
    if ruling.round_cycle:
        lines.append(_cycle(ruling, head))
    for extra in ruling.additional_penalties:
        label = names.get(extra.penalty, extra.penalty)
        infraction = names.get(extra.infraction, extra.infraction)
        lines.append(
            f"{head['additional']}: {extra.player}: {infraction}, {label} [{extra.citation}]"
        )
    lines += [
        f"{head['additional_remedy']}: {_remedy(step, words)}" for step in ruling.additional_remedy
    ]
    return lines


def _penalty_path(ruling: Ruling, names: dict[str, str]) -> str:
    rungs = [ruling.penalty.base] + [s.to_penalty for s in ruling.penalty.steps[1:]]
    path = [names.get(p, p) for p in dict.fromkeys(rungs)]
    cites = ", ".join(dict.fromkeys(s.citation for s in ruling.penalty.steps))
    return " -> ".join(path) + f" [{cites}]"


def _remedy(step: RemedyStep, words: dict[str, Any]) -> str:
    names = words["id"]
    labels = words["param"]
    params = "; ".join(f"{labels.get(k, k)}: {_param(v, words)}" for k, v in step.params)
    suffix = f" ({params})" if params else ""
    return f"{names.get(step.remedy, step.remedy)}{suffix} [{step.citation}]"


def _param(value: Any, words: dict[str, Any]) -> str:
    if isinstance(value, bool):
        return str(words["heading"]["yes" if value else "no"])
    if isinstance(value, tuple | list):
        return "/".join(_param(v, words) for v in value)
    return str(words["id"].get(str(value), str(value)))


def _cycle(ruling: Ruling, head: dict[str, str]) -> str:
    cycle = ruling.round_cycle
    assert cycle is not None
    state = head["yes"] if cycle.passed else head["no"]
    ends = head["cycle_ends"].format(player=cycle.ends_when_player_begins_turn)
    return f"{head['cycle']}: {state}; {ends} [{cycle.citation}]"
