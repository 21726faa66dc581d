"""Calibrated confidence: each decision rule's track record on labelled answers.

A part's confidence is the share of parts in its bucket that the labels agree with, where a
bucket is the rule that decided the part and whether the rules sent that part to a mentor
("one_claim/clear", "conflict/review"). The table of (agreeing, graded) counts per bucket is
fitted on the team's labelled batches (`fit`), shipped as data (calibration.json, with the
hash of what it was fitted on) and read by the grader. `REVIEW_THRESHOLD` was chosen leaving
one batch out in turn (`leave_one_batch_out`): below it a part goes to a mentor.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

PRIOR_RIGHT = 1.0
PRIOR_WRONG = 1.0
"""A Laplace prior: a bucket seen n times with r right reads as (r + 1) / (n + 2), so a
rare bucket never claims certainty from a handful of answers."""
REVIEW_THRESHOLD = 0.5
"""A part whose calibrated confidence is below this goes to a mentor (chosen by
`choose_threshold` on held-out batches; docs/grading.md, *Confidence*)."""
FIRM_CONFIDENCE = 0.9
"""The confidence at or above which a grading is meant to be right: on held-out batches no
misgraded part should carry it."""


@dataclass(frozen=True, slots=True)
class Observation:
    """One graded part of a labelled answer."""

    answer: str
    bucket: str
    right: bool
    flagged: bool
    """Whether the answer went to a mentor by the rules' reasons."""


def bucket(rule: str, reviewed: bool) -> str:
    """The calibration bucket of a part: its rule, and whether its own reasons flag it."""
    return f"{rule}/{'review' if reviewed else 'clear'}"


def part_bucket(rule: str, ruled: bool, hedged: bool, conflict: bool, doubt: str = "") -> str:
    """The bucket of a graded part: a part the rules send to a mentor (`ruled`), or one
    they doubt as hedged or in conflict even where that doubt alone sends no answer to a
    mentor (the grader's `_NOT_ALONE`), is read with the record of doubted parts; a part
    they clear that a named doubt holds for (`grader.DOUBTS`) with that doubt's record."""
    if doubt and not (ruled or hedged or conflict):
        return f"{rule}/{doubt}"
    return bucket(rule, ruled or hedged or conflict)


Table = Mapping[str, tuple[int, int]]
"""bucket -> (agreeing parts, graded parts)"""


def fit(observations: Iterable[Observation]) -> dict[str, tuple[int, int]]:
    """The (agreeing, graded) counts of each bucket."""
    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for o in observations:
        total[o.bucket] += 1
        right[o.bucket] += o.right
    return {key: (right[key], total[key]) for key in sorted(total)}


REVIEWED_CEILING = 0.89
"""A part the rules send to a mentor is never firm, whatever its bucket's record."""

BANDS = ("<0.5", "0.5-0.9", "0.9-0.99", ">=0.99")


def band_of(confidence: float) -> str:
    """The reliability band a confidence falls in."""
    if confidence < 0.5:
        return BANDS[0]
    if confidence < FIRM_CONFIDENCE:
        return BANDS[1]
    return BANDS[2] if confidence < 0.99 else BANDS[3]


def calibrated(table: Table, key: str) -> float:
    """A bucket's share of agreeing parts, with the Laplace prior (a bucket the table never
    saw reads 0.5); below `REVIEWED_CEILING` for a part the rules send to a mentor."""
    agreed, graded = table.get(key, (0, 0))
    share = (agreed + PRIOR_RIGHT) / (graded + PRIOR_RIGHT + PRIOR_WRONG)
    if key.endswith("/review"):
        share = min(share, REVIEWED_CEILING)
    return round(share, 3)


@dataclass(frozen=True, slots=True)
class HeldOut:
    """What leaving one batch out in turn shows, pooled over the batches."""

    answers: int
    misgraded_answers: int
    misgrades_firm: int
    """Misgraded parts that carried calibrated confidence >= FIRM_CONFIDENCE."""
    flagged: int
    misgraded_flagged: int
    threshold: float
    bands: Mapping[str, tuple[int, int]]
    """Reliability: confidence band -> (agreeing parts, graded parts), held out."""

    @property
    def flagged_share(self) -> float:
        return self.flagged / self.answers if self.answers else 0.0

    @property
    def misgraded_flagged_share(self) -> float:
        if not self.misgraded_answers:
            return 1.0
        return self.misgraded_flagged / self.misgraded_answers


Scored = Sequence[tuple[Observation, float]]
"""Each observation with the confidence a table fitted without its batch gives it."""


def held_out(batches: Mapping[str, Sequence[Observation]]) -> list[tuple[Observation, float]]:
    """Each batch's parts scored by a table fitted on the other batches."""
    scored: list[tuple[Observation, float]] = []
    for name, held in batches.items():
        table = fit(o for other, obs in batches.items() if other != name for o in obs)
        scored.extend((o, calibrated(table, o.bucket)) for o in held)
    return scored


def leave_one_batch_out(
    batches: Mapping[str, Sequence[Observation]] | None, threshold: float, scored: Scored = ()
) -> HeldOut:
    """What leaving one batch out in turn shows (`held_out`, or `scored` when given): how
    many misgraded parts carry firm confidence, the reliability of each band, and which
    answers a mentor sees when a part below `threshold` is flagged besides the rules' own
    reasons."""
    if batches is not None:
        scored = held_out(batches)
    bands: dict[str, tuple[int, int]] = dict.fromkeys(BANDS, (0, 0))
    by_answer: dict[str, list[tuple[Observation, float]]] = {}
    firm = 0
    for o, conf in scored:
        by_answer.setdefault(o.answer, []).append((o, conf))
        agreed, graded = bands[band_of(conf)]
        bands[band_of(conf)] = (agreed + o.right, graded + 1)
        firm += not o.right and conf >= FIRM_CONFIDENCE
    misgraded = flagged = misgraded_flagged = 0
    for parts in by_answer.values():
        wrong = any(not o.right for o, _ in parts)
        sent = any(o.flagged or conf < threshold for o, conf in parts)
        misgraded += wrong
        flagged += sent
        misgraded_flagged += wrong and sent
    return HeldOut(len(by_answer), misgraded, firm, flagged, misgraded_flagged, threshold, bands)


_CANDIDATES = tuple(x / 100 for x in range(50, 100))


def choose_threshold(
    batches: Mapping[str, Sequence[Observation]],
    *,
    catch: float = 0.95,
    most_flagged: float = 0.12,
    candidates: Iterable[float] = _CANDIDATES,
) -> HeldOut | None:
    """The lowest threshold whose held-out figures flag at least `catch` of the misgraded
    answers with at most `most_flagged` of all answers flagged (None when none does)."""
    scored = held_out(batches)
    for threshold in sorted(candidates):
        result = leave_one_batch_out(None, threshold, scored)
        if result.misgraded_flagged_share >= catch and result.flagged_share <= most_flagged:
            return result
    return None


def table_data(table: Table, trained_on: Iterable[str]) -> str:
    """The calibration.json text for a fitted table: its buckets and the hash of the
    labelled files it was fitted on (their names and contents, in order)."""
    digest = hashlib.sha256()
    for text in trained_on:
        digest.update(text.encode("utf-8"))
    return (
        json.dumps(
            {"trained_on": digest.hexdigest(), "buckets": {k: list(v) for k, v in table.items()}},
            indent=1,
            sort_keys=True,
        )
        + "\n"
    )


@lru_cache(maxsize=1)
def load_table() -> Mapping[str, tuple[int, int]]:
    """The shipped calibration table (empty when none is shipped: every part reads 0.5)."""
    ref = resources.files("rulings.core.grading.reading").joinpath("calibration.json")
    if not ref.is_file():
        return {}
    raw = json.loads(ref.read_text(encoding="utf-8"))
    return {key: (int(v[0]), int(v[1])) for key, v in raw["buckets"].items()}
