"""Renders docs/vocabulary.md from the engine's own data, so the page cannot drift.

Regenerate after adding an id: ``.venv/bin/python -m tests.docs.vocabulary > docs/vocabulary.md``.
tests/docs/test_vocabulary.py fails while the page differs from what this renders.
"""

from __future__ import annotations

import tomllib
from importlib import resources

from rulings.core import vocabulary
from rulings.core.policy import Policy, load_policy, policy_versions
from rulings.core.questions.model import KINDS, PARTS

GAME_NAMES = {"riftbound": "Riftbound", "mtg": "Magic"}
SOURCES = (
    "rulings/core/vocabulary.py",
    "rulings/core/data/labels.toml",
    "rulings/core/data/policies/",
    "rulings/core/questions/data/topics.toml",
)


def _data(name: str) -> dict[str, dict[str, dict[str, str]]]:
    text = resources.files("rulings.core").joinpath("data", name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def _topics() -> dict[str, str]:
    text = (
        resources.files("rulings.core.questions")
        .joinpath("data", "topics.toml")
        .read_text(encoding="utf-8")
    )
    return dict(tomllib.loads(text)["en"])


def _policies() -> list[Policy]:
    return [load_policy(version) for version in policy_versions()]


def _defaults() -> dict[str, Policy]:
    return {policy.game: policy for policy in _policies() if policy.default}


def _infraction_cell(policy: Policy | None, infraction: str) -> str:
    if policy is None or infraction not in policy.infractions:
        return "-"
    rule = policy.infractions[infraction]
    where = policy.statements[rule.statement].section if rule.statement else ""
    base = f"base `{rule.base_penalty}`"
    return f"{where}, {base}" if where else base


def _remedy_sections() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for policy in _policies():
        for infraction in policy.infractions.values():
            for rule in infraction.remedy:
                section = policy.statements[rule.statement].section
                for step in rule.steps:
                    sections = found.setdefault(step.remedy, [])
                    if section not in sections:
                        sections.append(section)
    return found


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def render() -> str:
    names = _data("labels.toml")["en"]["id"]
    defaults = _defaults()
    remedies = _remedy_sections()
    lines = [
        "# Vocabulary",
        "",
        "<!-- Generated from " + ", ".join(SOURCES) + " by",
        "     `.venv/bin/python -m tests.docs.vocabulary > docs/vocabulary.md`. Edit the data,",
        "     not this page: tests/docs/test_vocabulary.py fails while it is stale. -->",
        "",
        "Every ruling the engine produces, every keyed question and every grade speaks in these",
        "ids. They are a public contract: the CLI, the REST API, exports and the grader use them",
        "unchanged. New ids may be added; none may be renamed. The names are the English labels",
        "(`labels.toml`, also in pt-BR and es); the sections come from the policy data in",
        "[rulings/core/data/policies/](../rulings/core/data/policies/), where every statement",
        "names its source.",
        "",
        "## Games and policy versions",
        "",
    ]
    lines += _table(
        ("game", "policy version", "title", "default"),
        [
            (f"`{p.game}`", f"`{p.id}`", p.title, "yes" if p.default else "")
            for p in sorted(_policies(), key=lambda p: (p.game != "riftbound", not p.default))
        ],
    )
    low = ", ".join(f"`{opl}`" for opl in vocabulary.LOW_OPLS)
    lines += [
        "",
        "Organized Play Levels (Riftbound): "
        + ", ".join(f"`{opl}`" for opl in vocabulary.OPLS)
        + f"; low OPL: {low}, the others high.",
        "",
        "## Infractions (`infraction`)",
        "",
        "Where each is defined, and its base penalty, in each game's default policy version.",
        "",
    ]
    lines += _table(
        ("id", "name", "Riftbound", "Magic"),
        [
            (
                f"`{infraction}`",
                names[infraction],
                _infraction_cell(defaults.get("riftbound"), infraction),
                _infraction_cell(defaults.get("mtg"), infraction),
            )
            for infraction in vocabulary.INFRACTIONS
        ],
    )
    lines += [
        "",
        "## Penalties (`penalty`), in ladder order",
        "",
        ", ".join(f"`{p}` ({names[p]})" for p in vocabulary.PENALTIES),
        "",
        "## Remedies (`remedy`)",
        "",
        "The sections are those whose remedy rules name the id, in any policy version.",
        "",
    ]
    lines += _table(
        ("id", "meaning", "sections"),
        [
            (
                f"`{remedy}`",
                names[remedy],
                ", ".join(remedies.get(remedy, [])) or "reserved: no policy rule uses it yet",
            )
            for remedy in vocabulary.REMEDIES
        ],
    )
    lines += [
        "",
        "## Who may rewind (`rewind_by`)",
        "",
        ", ".join(f"`{who}` ({names[who]})" for who in vocabulary.REWIND_AUTHORITIES),
        "",
        "## Questions and grades",
        "",
        "- Question kinds (`kind`): " + ", ".join(f"`{kind}`" for kind in KINDS) + ".",
        "- Parts of a ruling, as keyed and graded: "
        + ", ".join(f"`{part}`" for part in PARTS)
        + ".",
        "- Languages (`lang`): `en`, `pt-BR`, `es`.",
        "",
        "## Question topics (`topic`)",
        "",
    ]
    lines += _table(("id", "name"), [(f"`{t}`", n) for t, n in sorted(_topics().items())])
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(render(), end="")
