"""Feedback text in the answer's language, citing the section for each part to fix."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from typing import Any

from .lexicon import Lexicon
from .models import Expected, PartGrade


@lru_cache(maxsize=1)
def _wording() -> dict[str, Any]:
    ref = resources.files("rulings.core.grading").joinpath("data", "feedback.toml")
    return tomllib.loads(ref.read_text(encoding="utf-8"))


def display_name(lang: str, part: str, ident: str) -> str:
    """The readable name of an id in a language (the id itself when none is written)."""
    table: Mapping[str, str] = _wording()[lang].get(part, {})
    return table.get(ident, ident)


def _section(lex: Lexicon, game: str, part: str, grade: PartGrade, infraction: str | None) -> str:
    """A penalty cites its infraction's section (where its base penalty is set) and the ladder."""
    section = lex.citation(game, part, grade.expected, infraction)
    if part == "penalty" and infraction is not None:
        base = lex.citation(game, "infraction", infraction, None)
        if base and base != section:
            return f"{base}; {section}" if section else base
    return section


def _sentence_for(grade: PartGrade) -> str:
    """The key of feedback.toml's sentence for a part to fix (or right but unsure)."""
    between = len(grade.candidates) > 1
    if grade.correct:
        return "right_but_between" if grade.conflict and between else "right_but_unsure"
    if (grade.hedged or grade.conflict) and between:
        return "between"
    if grade.hedged:  # "does not commit" only when it names nothing; else it said one
        return "hedged" if grade.found is None else "wrong_hedged"
    if grade.conflict:
        return "conflict"
    return "missing" if grade.found is None else "wrong"


_SAYS_FOUND = frozenset({"wrong", "wrong_hedged"})
"""The sentences that set what the answer says against the ruling."""


def _unrepeated(sentence: str, fields: Mapping[str, str]) -> str:
    """Never "you said X, but the ruling is X": where what was read reads as the ruling's
    own name, the feedback states the ruling alone."""
    if sentence in _SAYS_FOUND and fields["found"].casefold() == fields["name"].casefold():
        return "restated"
    return sentence


def review_sentence(lang: str) -> str:
    """The sentence feedback ends with when a grading goes to a mentor, in ``lang``."""
    return str(_wording().get(lang, {}).get("review", ""))


def render_feedback(
    parts: Mapping[str, PartGrade],
    expected: Expected,
    game: str,
    lang: str,
    reasons: tuple[str, ...],
    lex: Lexicon,
) -> str:
    """One sentence per part to fix, or a short confirmation when all are right."""
    words = _wording()[lang]
    infraction = expected.infraction
    lines: list[str] = []
    for name, grade in parts.items():
        if grade.correct and not (grade.hedged or grade.conflict):
            continue  # right, and firmly: nothing to say
        section = expected.citations.get(name) or _section(lex, game, name, grade, infraction)
        fields = {
            "part": words["parts"][name],
            "name": display_name(lang, name, grade.expected),
            "cite": words["cite"].format(section=section) if section else "",
            "found": display_name(lang, name, grade.found) if grade.found else "",
            "options": words["or"].join(display_name(lang, name, c) for c in grade.candidates),
        }
        lines.append(words[_unrepeated(_sentence_for(grade), fields)].format(**fields))
    if not lines:
        lines.append(words["all_correct"])
    if reasons:
        lines.append(words["review"])
    return " ".join(lines)
