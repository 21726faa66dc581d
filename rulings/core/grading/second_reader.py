"""A second, independent reading of an answer: a doubt signal for a mentor, never a grade.

The grader reads an answer by rules: terms, rejections, conditions, conclusions. Its
misreadings on answers it has never seen are mostly confident ones (a fix in words the
lexicon lacks, a denial it does not see), which no rule of its own can doubt. This module
reads the same answer another way: a naive Bayes model over the words and word pairs of the
labelled answers shipped in `data/devset.jsonl` predicts, for a part, the id a labeller
would give, and `SecondReader.doubts` names the parts where it sets the grader's reading
aside by a wide margin. It never changes what is graded.

Not wired into grade_answer yet: measured on blind17 and blind18 (recorded before it was
tried on them), it would raise the share of misgraded answers a mentor sees from 87.9% to
97.0% and the share of answers flagged from 9.0% to 12.4%; and it doubts some of the
question generator's own key texts and options, which must grade without review. See
docs/grading.md, *The second reading*, and `bench/bench_second_reader.py`.

The model is trained from the development set when first used (about a second) and kept
for the process. Its two margins were chosen by leaving each blind batch of the development
set out in turn (blind1-blind16, 5,655 answers, each read by a model trained on the rest).
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from itertools import pairwise

from .text import blank_markup, fold, tokenize

DOUBT_MARGIN: Mapping[str, float] = {"remedy": 5.0, "infraction": 20.0}
"""The parts read a second time, and by how much (natural log odds) the second reading must
prefer another id over the grader's before a mentor is asked. The penalty is not read: on
the blind batches left out in turn, the model's penalty agreed with the labels on 85% of
parts only, and each disagreement it could raise cost more right gradings than it caught."""

SMOOTHING = 0.1
"""Additive smoothing of word counts. Tried with the margins: 0.03 caught one more remedy
misreading in 104 for 0.3 points more doubted right readings; 0.5 caught 7 fewer."""

_NOTHING = ""
"""The class of a part the answer does not state (a `null` label)."""


def answer_words(text: str) -> list[str]:
    """An answer's words as the grader tokenises them: markup blanked, folded."""
    blanked = blank_markup(text)
    return tokenize(fold(blanked), blanked).words


def features(words: Sequence[str]) -> frozenset[str]:
    """The words of an answer (folded, as the grader tokenises them) and its adjacent pairs."""
    pairs = (f"{a} {b}" for a, b in pairwise(words))
    return frozenset((*words, *pairs))


@dataclass(frozen=True, slots=True)
class PartModel:
    """Naive Bayes over one part's labels. A class's score is its prior, plus the
    log-probability of an unseen feature for each feature of the answer, plus, for each
    feature its answers did use, log((count + a) / a). Those gains are kept as one row per
    feature over all classes (0.0 where unused), so an answer's scores are a column sum."""

    classes: tuple[str, ...]
    base: tuple[float, ...]
    """log P(class)."""
    unseen: tuple[float, ...]
    """log of the smoothed probability of a feature the class never used."""
    gains: Mapping[str, tuple[float, ...]]
    """feature -> its gain for every class, in the order of `classes`."""

    def scores(self, feats: frozenset[str]) -> tuple[float, ...]:
        n = len(feats)
        rows = [self.base, tuple(n * u for u in self.unseen)]
        rows.extend(self.gains[f] for f in feats if f in self.gains)
        return tuple(map(sum, zip(*rows, strict=True)))


@dataclass(frozen=True, slots=True)
class Doubt:
    """The second reading of a part, where it disagrees with the grader's."""

    part: str
    found: str | None
    second: str | None
    margin: float


@dataclass(frozen=True, slots=True)
class SecondReader:
    models: Mapping[str, PartModel]
    answers: int
    """How many labelled answers it learnt from."""

    def doubts(
        self,
        found: Mapping[str, str | None],
        words: Sequence[str],
        *,
        margin: float | None = None,
    ) -> tuple[Doubt, ...]:
        """The parts whose grader reading (`found`) the second reading sets aside by at
        least the part's margin in DOUBT_MARGIN (or by `margin`, for measuring)."""
        out: list[Doubt] = []
        feats = features(words)
        for part, threshold in DOUBT_MARGIN.items():
            model = self.models.get(part)
            if part not in found or model is None:
                continue
            scores = model.scores(feats)
            best = max(range(len(scores)), key=scores.__getitem__)
            mine = found[part] or _NOTHING
            if model.classes[best] == mine:
                continue
            # an id no labelled answer ever commits to: the model cannot weigh it
            known = mine in model.classes
            gap = scores[best] - scores[model.classes.index(mine)] if known else math.inf
            if gap >= (threshold if margin is None else margin):
                out.append(Doubt(part, found[part], model.classes[best] or None, gap))
        return tuple(out)


def train(
    examples: Iterable[tuple[Sequence[str], Mapping[str, str | None]]],
    parts: Iterable[str] = tuple(DOUBT_MARGIN),
    smoothing: float = SMOOTHING,
) -> SecondReader:
    """A second reader learnt from (answer words, label) pairs."""
    featured = [(features(words), label) for words, label in examples]
    models = {part: _part_model(featured, part, smoothing) for part in parts}
    return SecondReader(models=models, answers=len(featured))


def _part_model(
    examples: list[tuple[frozenset[str], Mapping[str, str | None]]],
    part: str,
    smoothing: float,
) -> PartModel:
    classes: Counter[str] = Counter()
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    totals: Counter[str] = Counter()
    used: set[str] = set()
    for feats, label in examples:
        cls = label.get(part) or _NOTHING
        classes[cls] += 1
        counts[cls].update(feats)
        totals[cls] += len(feats)
        used |= feats
    ordered = tuple(sorted(classes))
    n = sum(classes.values())
    vocabulary = len(used)
    return PartModel(
        classes=ordered,
        base=tuple(math.log(classes[c] / n) for c in ordered),
        unseen=tuple(math.log(smoothing / (totals[c] + smoothing * vocabulary)) for c in ordered),
        gains={
            feat: tuple(
                math.log((counts[c][feat] + smoothing) / smoothing) if counts[c][feat] else 0.0
                for c in ordered
            )
            for feat in sorted(used)
        },
    )


@lru_cache(maxsize=1)
def load_second_reader() -> SecondReader:
    """The second reader learnt from the development set shipped with the grader."""
    ref = resources.files("rulings.core.grading").joinpath("data", "devset.jsonl")
    lines = ref.read_text(encoding="utf-8").splitlines()
    raws = [json.loads(line) for line in lines if line.strip()]
    return train((answer_words(raw["answer"]), raw["label"]) for raw in raws)
