"""Does confidence mean something? Reliability by confidence band, and review thresholds
tried by leaving one batch out.

`readings` grades labelled answers once and keeps, per graded part, its confidence and
whether it agrees with the label (`EvalResult.readings` holds the same for what
`evaluate` graded); everything else here counts those readings:

- `reliability`: per part and language, for each confidence band, how many parts and the
  share read right. A calibrated grader's share right in a band lies within it.
- `leave_one_batch_out`: each batch in turn is held out; a review threshold is chosen on
  the other batches (or given), and the held-out batch reports the misgraded answers a
  mentor would see, the share of answers sent to one, and the misgrades read with
  confidence at or above `CONFIDENT`.

An answer is sent to a mentor at threshold t when the grader flags it (`needs_review`,
unless `rules=False`) or any of its parts has confidence below t.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from rulings.core.grading import LANGUAGES, PARTS

from .evaluation import DevItem, Reading, evaluate

BAND_EDGES: tuple[float, ...] = (0.5, 0.7, 0.8, 0.9)
"""Bands: below 0.5, 0.5-0.7, 0.7-0.8, 0.8-0.9, 0.9 and above."""
CONFIDENT = 0.9
"""The issue's bar: no misgrade on held-out answers at this confidence or above."""
TARGET_MISGRADES_FLAGGED = 0.95
TARGET_MAX_FLAGGED = 0.12
ALL = "all"


def readings(batches: Mapping[str, tuple[DevItem, ...]]) -> list[Reading]:
    """Grade every answer of every batch once and keep each part's confidence and
    whether it agrees with the label."""
    return [r for name, items in batches.items() for r in evaluate(items, name).readings]


@dataclass(frozen=True, slots=True)
class Band:
    """Parts whose confidence lies in [low, high)."""

    low: float
    high: float
    parts: int
    right: int

    @property
    def share_right(self) -> float | None:
        return self.right / self.parts if self.parts else None

    @property
    def label(self) -> str:
        if self.low <= 0.0:
            return f"< {self.high:.1f}"
        if self.high > 1.0:
            return f">= {self.low:.1f}"
        return f"{self.low:.1f}-{self.high:.1f}"


def bands(parts: Iterable[Reading], edges: Sequence[float] = BAND_EDGES) -> list[Band]:
    """The parts counted by confidence band."""
    bounds = [0.0, *edges, 1.0 + 1e-9]
    counts = [[0, 0] for _ in range(len(bounds) - 1)]
    for reading in parts:
        index = next(i for i in range(len(counts)) if reading.confidence < bounds[i + 1])
        counts[index][0] += 1
        counts[index][1] += reading.right
    return [
        Band(bounds[i], bounds[i + 1], parts=n, right=right) for i, (n, right) in enumerate(counts)
    ]


def reliability(
    parts: Iterable[Reading], edges: Sequence[float] = BAND_EDGES
) -> dict[tuple[str, str], list[Band]]:
    """Bands per (part, language), each part's and language's "all" included."""
    grouped: dict[tuple[str, str], list[Reading]] = defaultdict(list)
    for reading in parts:
        for key in (
            (reading.part, reading.lang),
            (reading.part, ALL),
            (ALL, reading.lang),
            (ALL, ALL),
        ):
            grouped[key].append(reading)
    order = [(p, lang) for p in (*PARTS, ALL) for lang in (*LANGUAGES, ALL)]
    return {key: bands(grouped[key], edges) for key in order if key in grouped}


def write_reliability(
    table: Mapping[tuple[str, str], list[Band]], write: Callable[[str], object]
) -> None:
    """The reliability table: per part and language, parts and share right per band."""
    some = next(iter(table.values()), [])
    write("reliability (parts, share read right, by confidence band):\n")
    write(f"  {'part':<11}{'lang':<6}" + "".join(f"{b.label:>17}" for b in some) + "\n")
    for (part, lang), row in table.items():
        cells = "".join(
            f"{band.parts:>7} {'' if band.share_right is None else f'{band.share_right:.1%}':>9}"
            for band in row
        )
        write(f"  {part:<11}{lang:<6}{cells}\n")


@dataclass(frozen=True, slots=True)
class Review:
    """What a review threshold sends to a mentor on one set of answers."""

    threshold: float
    answers: int
    misgraded: int
    misgraded_flagged: int
    flagged: int
    confident_misgrades: int
    """Misgraded parts with confidence at or above CONFIDENT."""

    @property
    def misgraded_flagged_share(self) -> float:
        return self.misgraded_flagged / self.misgraded if self.misgraded else 1.0

    @property
    def flagged_share(self) -> float:
        return self.flagged / self.answers if self.answers else 0.0


def review_at(parts: Iterable[Reading], threshold: float, *, rules: bool = True) -> Review:
    """The answers sent to a mentor at `threshold`, and the misgraded among them."""
    answers: dict[tuple[str, str], list[Reading]] = defaultdict(list)
    for reading in parts:
        answers[(reading.batch, reading.ident)].append(reading)
    misgraded = misgraded_flagged = flagged = confident = 0
    for answer in answers.values():
        wrong = not all(r.right for r in answer)
        sent = (rules and answer[0].flagged) or min(r.confidence for r in answer) < threshold
        misgraded += wrong
        misgraded_flagged += wrong and sent
        flagged += sent
        confident += sum(not r.right and r.confidence >= CONFIDENT for r in answer)
    return Review(threshold, len(answers), misgraded, misgraded_flagged, flagged, confident)


def lowest_threshold_for(
    target: float = TARGET_MISGRADES_FLAGGED,
    *,
    rules: bool = True,
) -> Callable[[Sequence[Reading]], float]:
    """A chooser: the lowest threshold that sends at least `target` of the misgraded
    answers to a mentor (just above the confidence of the last misgrade it must catch)."""

    def choose(parts: Sequence[Reading]) -> float:
        answers: dict[tuple[str, str], list[Reading]] = defaultdict(list)
        for reading in parts:
            answers[(reading.batch, reading.ident)].append(reading)
        wrong = [a for a in answers.values() if not all(r.right for r in a)]
        caught = sum(rules and a[0].flagged for a in wrong)
        needed = math.ceil(target * len(wrong) - 1e-9) - caught
        if needed <= 0:
            return 0.0
        lowest = sorted(min(r.confidence for r in a) for a in wrong if not (rules and a[0].flagged))
        return lowest[needed - 1] + 1e-6

    return choose


@dataclass(frozen=True, slots=True)
class Fold:
    """One batch held out: the threshold chosen without it, and what it does there."""

    batch: str
    review: Review


def leave_one_batch_out(
    parts: Sequence[Reading],
    threshold: float | Callable[[Sequence[Reading]], float],
    *,
    rules: bool = True,
) -> list[Fold]:
    """Hold each batch out in turn: the threshold (given, or chosen on the other batches'
    readings) applied to it."""
    by_batch: dict[str, list[Reading]] = defaultdict(list)
    for reading in parts:
        by_batch[reading.batch].append(reading)
    folds: list[Fold] = []
    for batch, held_out in by_batch.items():
        if callable(threshold):
            rest = [r for name, rs in by_batch.items() if name != batch for r in rs]
            chosen = threshold(rest)
        else:
            chosen = threshold
        folds.append(Fold(batch, review_at(held_out, chosen, rules=rules)))
    return folds


def write_folds(folds: Sequence[Fold], write: Callable[[str], object]) -> None:
    """Per held-out batch: threshold, misgrades flagged, answers flagged; then pooled."""
    write(
        f"leave one batch out (targets: misgraded answers flagged >="
        f" {TARGET_MISGRADES_FLAGGED:.0%}, answers flagged <= {TARGET_MAX_FLAGGED:.0%},"
        f" no misgrade at confidence >= {CONFIDENT}):\n"
    )
    write(
        f"  {'batch':<12}{'threshold':>10}{'answers':>9}{'misgrades flagged':>22}"
        f"{'flagged':>16}{'confident misgrades':>21}\n"
    )
    for fold in folds:
        write(_fold_line(fold.batch, fold.review))
    if folds:
        pooled = Review(
            threshold=float("nan"),
            answers=sum(f.review.answers for f in folds),
            misgraded=sum(f.review.misgraded for f in folds),
            misgraded_flagged=sum(f.review.misgraded_flagged for f in folds),
            flagged=sum(f.review.flagged for f in folds),
            confident_misgrades=sum(f.review.confident_misgrades for f in folds),
        )
        write(_fold_line("pooled", pooled))


def _fold_line(name: str, review: Review) -> str:
    threshold = "" if review.threshold != review.threshold else f"{review.threshold:.3f}"
    return (
        f"  {name:<12}{threshold:>10}{review.answers:>9}"
        f"{review.misgraded_flagged:>10}/{review.misgraded:<4}"
        f" {review.misgraded_flagged_share:>6.1%}"
        f"{review.flagged:>8} {review.flagged_share:>6.1%}{review.confident_misgrades:>21}\n"
    )
