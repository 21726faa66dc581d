"""grade-eval: measure the grader against the labelled development set.

Each devset line holds an answer, the expected ruling and a label saying what the answer
claims for every graded part. Agreement is the share of (answer, part) pairs where the
grader's `found` equals the label.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, TextIO

from .grader import grade_answer
from .lexicon import LANGUAGES, PARTS
from .models import Expected

TARGET_AGREEMENT = 0.98
TARGET_LANGUAGE_AGREEMENT = 0.97
TARGET_WRONG_FLAGGED = 0.90
TARGET_MAX_FLAGGED = 0.15
_PENALTIES = ("no_penalty", "warning", "game_loss", "match_loss", "disqualification", None)


@dataclass(frozen=True, slots=True)
class DevItem:
    """One labelled answer of the development set."""

    ident: str
    game: str
    lang: str
    expected: Expected
    answer: str
    label: Mapping[str, str | None]


@dataclass(frozen=True, slots=True)
class Miss:
    """A part on which the grader disagrees with the label."""

    ident: str
    part: str
    label: str | None
    found: str | None
    flagged: bool
    answer: str


@dataclass(frozen=True, slots=True)
class EvalResult:
    """Agreement figures of one run over the development set."""

    answers: int
    agreement: float
    by_part: Mapping[str, float]
    by_language: Mapping[str, float]
    wrong_answers: int
    wrong_flagged: int
    flagged: int
    penalty_confusion: Mapping[tuple[str | None, str | None], int]
    misses: tuple[Miss, ...]

    @property
    def flagged_share(self) -> float:
        """Share of all answers sent to review."""
        return self.flagged / self.answers if self.answers else 0.0

    @property
    def wrong_flagged_share(self) -> float:
        """Share of wrongly graded answers that were sent to review (1.0 when none)."""
        return self.wrong_flagged / self.wrong_answers if self.wrong_answers else 1.0

    def meets_targets(self) -> bool:
        """Whether every target of the issue holds on this run."""
        return (
            self.agreement >= TARGET_AGREEMENT
            and min(self.by_language.values()) >= TARGET_LANGUAGE_AGREEMENT
            and self.wrong_flagged_share >= TARGET_WRONG_FLAGGED
            and self.flagged_share <= TARGET_MAX_FLAGGED
        )


@lru_cache(maxsize=1)
def load_devset() -> tuple[DevItem, ...]:
    """The development set shipped in data/devset.jsonl."""
    ref = resources.files("rulings.core.grading").joinpath("data", "devset.jsonl")
    items: list[DevItem] = []
    for line in ref.read_text(encoding="utf-8").splitlines():
        if line.strip():
            items.append(_item(json.loads(line)))
    return tuple(items)


def _item(raw: dict[str, Any]) -> DevItem:
    expected = raw["expected"]
    return DevItem(
        ident=raw["id"],
        game=raw["game"],
        lang=raw["lang"],
        expected=Expected(
            infraction=expected.get("infraction"),
            penalty=expected.get("penalty"),
            remedy=expected.get("remedy"),
        ),
        answer=raw["answer"],
        label=dict(raw["label"]),
    )


def evaluate(items: tuple[DevItem, ...] | None = None) -> EvalResult:
    """Grade every devset answer and compare with its labels."""
    items = load_devset() if items is None else items
    agree: Counter[str] = Counter()
    total: Counter[str] = Counter()
    confusion: Counter[tuple[str | None, str | None]] = Counter()
    misses: list[Miss] = []
    wrong = wrong_flagged = flagged = 0
    for item in items:
        grade = grade_answer(item.answer, item.expected, game=item.game)
        flagged += grade.needs_review
        item_wrong = False
        for part, graded in grade.parts.items():
            label = item.label.get(part)
            ok = graded.found == label
            for key in (part, item.lang, "all"):
                total[key] += 1
                agree[key] += ok
            if part == "penalty":
                confusion[(label, graded.found)] += 1
            if not ok:
                item_wrong = True
                misses.append(
                    Miss(item.ident, part, label, graded.found, grade.needs_review, item.answer)
                )
        wrong += item_wrong
        wrong_flagged += item_wrong and grade.needs_review
    return EvalResult(
        answers=len(items),
        agreement=agree["all"] / total["all"] if total["all"] else 0.0,
        by_part={p: agree[p] / total[p] for p in PARTS if total[p]},
        by_language={lang: agree[lang] / total[lang] for lang in LANGUAGES if total[lang]},
        wrong_answers=wrong,
        wrong_flagged=wrong_flagged,
        flagged=flagged,
        penalty_confusion=dict(confusion),
        misses=tuple(misses),
    )


def run_grade_eval(stdout: TextIO) -> EvalResult:
    """Print the grade-eval report (the `grade-eval` command) and return its figures."""
    result = evaluate()
    write = stdout.write
    write(f"grade-eval: {result.answers} answers\n")
    write(f"part agreement: {result.agreement:.2%} (target {TARGET_AGREEMENT:.0%})\n")
    for part, value in result.by_part.items():
        write(f"  {part:<11} {value:.2%}\n")
    write(f"by language (target {TARGET_LANGUAGE_AGREEMENT:.0%} each):\n")
    for lang, value in result.by_language.items():
        write(f"  {lang:<11} {value:.2%}\n")
    write(
        f"wrong gradings flagged for review: {result.wrong_flagged}/{result.wrong_answers}"
        f" ({result.wrong_flagged_share:.2%}, target {TARGET_WRONG_FLAGGED:.0%})\n"
    )
    write(
        f"flagged for review: {result.flagged}/{result.answers}"
        f" ({result.flagged_share:.2%}, at most {TARGET_MAX_FLAGGED:.0%})\n"
    )
    write("penalty confusion (rows: what the answer says, columns: what was read):\n")
    names = [p or "(none)" for p in _PENALTIES]
    write("  " + " " * 17 + " ".join(f"{n[:10]:>10}" for n in names) + "\n")
    for row, row_name in zip(_PENALTIES, names, strict=True):
        cells = " ".join(f"{result.penalty_confusion.get((row, col), 0):>10}" for col in _PENALTIES)
        write(f"  {row_name[:16]:<17}{cells}\n")
    for miss in result.misses:
        mark = "flagged" if miss.flagged else "NOT flagged"
        write(f"  miss {miss.ident} {miss.part}: label {miss.label} read {miss.found} ({mark})\n")
    write(f"targets met: {'yes' if result.meets_targets() else 'NO'}\n")
    return result
