"""A second, independent reading of an answer: a doubt or a confirmation, never a grade.

The grader reads an answer by rules: terms, rejections, conditions, conclusions. Its
misreadings on answers it has never seen are mostly confident ones (a fix in words the
lexicon lacks, a denial it does not see), which no rule of its own can doubt; and many of
its own doubts are about readings that are right. This module reads the same answer another
way: a naive Bayes model over the words and word pairs of the labelled answers of the
development set and of the question generator's own wordings, told which id the key
expects (most answers state it), predicts the id a labeller would give for the infraction
and the remedy. `SecondReader.read` then names

- the parts where it sets the grader's reading aside by a wide margin (`doubts`: a mentor
  should look; where the grader read the part from a plain, explicit term, only when the
  part's own words, weighed without the key, set it aside too), and
- the parts where it agrees with the grader's reading by a wider one (`confirmed`: a rule's
  doubt about how that part's words were read need not go to a mentor; doubts about
  commitment, such as a hedge, stand).

It never changes what is graded. The margins were chosen by leaving each blind batch of
the development set out in turn (blind1-blind18, each read by a model trained on the rest);
`bench/bench_second_reader.py` prints those figures.

The model shipped is an artefact, `data/second_reader.json`: the counts it is learnt from
(integers, so it is rebuilt exactly), with the SHA-256 of its training data.
`python -m rulings grade-train` builds it from the labelled answers outside the runtime
package (`evaluation/grading/devset.jsonl`) and the generator's wordings; the runtime only
loads it, when first used (`grading.warm_up` does it when a server or worker starts), and
keeps it for the process.
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from itertools import pairwise
from typing import Any

from .errors import GradingError
from .text import blank_markup, fold, tokenize

DOUBT_MARGIN: Mapping[str, float] = {"remedy": 6.0, "infraction": 30.0}
"""The parts read a second time, and by how much (natural log odds) the second reading must
prefer another id over the grader's before a mentor is asked. The penalty is not read: on
the blind batches left out in turn, the model's penalty agreed with the labels on 85% of
parts only, and each disagreement it could raise cost more right gradings than it caught."""

CONFIRM_MARGIN: Mapping[str, float] = {"remedy": 20.0, "infraction": 40.0}
"""By how much the second reading must prefer the grader's id over every other before a
rule's doubt about that part is settled without a mentor."""

PLAIN_DOUBT_MARGIN: Mapping[str, float] = {"remedy": 15.0, "infraction": 15.0}
"""Where the grader's reading of a part is plain (one id claimed by an explicit lexicon term,
unhedged, un-negated), by how much the part's own words must prefer another id before a
doubt stands: the answer's words less those of the other parts' readings (the infraction's
and penalty's names tell which question was asked, as the key does), weighed without
KEY_WEIGHT. Without it, "Mispayment, Warning, no fix" against a simple-rewind key was
doubted because answers to that question mostly say the rewind: the key read back, not the
words (UX walk 7, #18). Chosen on blind1-42, each batch read by a reader that never learnt it:
of the remedy doubts on plain readings that alone sent an answer to a mentor, 15 keeps 6 of
the 7 misreadings and 33 of the 106 right readings (10: 6 and 47; 20: 5 and 21); for the
infraction, 3 of 3 and 48 of 57 (20: 2 and 45). Part 1 of `bench/bench_second_reader.py`
prints the flags that follow."""

KEY_WEIGHT = 6.0
"""Log odds added to the id the key expects, and to "not stated": about 80% of labelled
parts state the key's id, so a choice between it and another id that the words leave close
is settled toward it; silence keeps its own odds against the key (an answer that leaves a
part out is not doubted because the key has one). Tried with the margins on the left-out
batches: weights 4 and 8 gave the same catches for 0-0.4 points more answers flagged; the
key alone favoured (not silence) gave the same figures within 0.3 points."""

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
    return frozenset((*words, *map(" ".join, pairwise(words))))


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
        rows.extend(filter(None, map(self.gains.get, feats)))  # the features it knows
        return tuple(map(sum, zip(*rows, strict=True)))


@dataclass(frozen=True, slots=True)
class Doubt:
    """The second reading of a part, where it disagrees with the grader's."""

    part: str
    found: str | None
    second: str | None
    margin: float


@dataclass(frozen=True, slots=True)
class Lead:
    """How the second reading weighs the grader's reading of one part."""

    part: str
    found: str | None
    best: str | None
    """The id the second reading prefers (None: the answer does not state the part)."""
    margin: float
    """Log odds of `best` over `found` when they differ (a doubt); of `found` over the
    runner-up when they are the same (a confirmation)."""

    @property
    def agrees(self) -> bool:
        return self.best == self.found


@dataclass(frozen=True, slots=True)
class SecondReading:
    """What the second reading makes of the grader's parts, at the margins in use."""

    doubts: tuple[Doubt, ...]
    confirmed: frozenset[str]


@dataclass(frozen=True, slots=True)
class SecondReader:
    models: Mapping[str, PartModel]
    answers: int
    """How many labelled answers it learnt from."""

    def leads(
        self,
        found: Mapping[str, str | None],
        words: Sequence[str],
        key: Mapping[str, str | None],
        key_weight: float = KEY_WEIGHT,
    ) -> tuple[Lead, ...]:
        """For each part read a second time that the grader read: the second reading's
        preferred id and its margin, the key's id weighted by `key_weight`. A part whose
        reading no labelled answer ever commits to is left out: the model cannot weigh it."""
        out: list[Lead] = []
        feats: frozenset[str] | None = None  # read when a part is weighed (most answers: none)
        for part, model in self.models.items():
            if part not in found or (mine := found[part] or _NOTHING) not in model.classes:
                continue
            if feats is None:
                feats = features(words)
            scores = list(model.scores(feats))
            for favoured in {key.get(part) or _NOTHING, _NOTHING}:
                if favoured in model.classes:
                    scores[model.classes.index(favoured)] += key_weight
            order = sorted(range(len(scores)), key=scores.__getitem__, reverse=True)
            best, own = order[0], model.classes.index(mine)
            if best != own:
                margin = scores[best] - scores[own]
            elif len(order) > 1:
                margin = scores[best] - scores[order[1]]
            else:
                margin = math.inf
            out.append(Lead(part, found[part], model.classes[best] or None, margin))
        return tuple(out)

    def read(
        self,
        found: Mapping[str, str | None],
        words: Sequence[str],
        key: Mapping[str, str | None],
        plain: Callable[[str], Plain | None] | None = None,
    ) -> SecondReading:
        """The parts the second reading doubts (another id ahead by DOUBT_MARGIN; for a part
        `plain` gives a plain reading of, also ahead on its own words without the key by
        PLAIN_DOUBT_MARGIN) and the parts it confirms (the grader's id ahead of every other
        by CONFIRM_MARGIN). `plain` is asked only about a part that is doubted."""
        doubts: list[Doubt] = []
        confirmed: set[str] = set()
        for lead in self.leads(found, words, key):
            if lead.agrees and lead.margin >= CONFIRM_MARGIN[lead.part]:
                confirmed.add(lead.part)
            elif not lead.agrees and lead.margin >= DOUBT_MARGIN[lead.part]:
                own = plain(lead.part) if plain is not None else None
                if own is None or self.own_margin(lead.part, own) >= PLAIN_DOUBT_MARGIN[lead.part]:
                    doubts.append(Doubt(lead.part, lead.found, lead.best, lead.margin))
        return SecondReading(doubts=tuple(doubts), confirmed=frozenset(confirmed))

    def own_margin(self, part: str, plain: Plain) -> float:
        """By how much a part's own words, weighed without the key, prefer the best id that
        does not mean the grader's reading over that reading (negative: they prefer it)."""
        model = self.models[part]
        scores = model.scores(features(plain.words))
        own = scores[model.classes.index(plain.found)]
        others = [s for c, s in zip(model.classes, scores, strict=True) if c not in plain.same]
        return max(others, default=-math.inf) - own


@dataclass(frozen=True, slots=True)
class Plain:
    """A part the grader read plainly (one id, an explicit term, no hedge, no denial): the
    part's own words and the ids that mean what the grader read (itself included)."""

    found: str
    words: Sequence[str]
    same: frozenset[str]


@dataclass(frozen=True, slots=True)
class PartCounts:
    """What one part's model is learnt from, in integers (so that it is stored exactly)."""

    classes: tuple[str, ...]
    """The labels, sorted ("" for a part the answer does not state)."""
    answers: tuple[int, ...]
    """How many examples carry each label."""
    totals: tuple[int, ...]
    """How many features those examples hold, per label."""
    counts: Mapping[str, Sequence[int]]
    """feature -> label index, how many of that label's examples hold it, label index, ...
    (flat pairs, for the labels whose examples hold it)."""


@dataclass(frozen=True, slots=True)
class ReaderCounts:
    """Everything a second reader is learnt from: `reader_from` makes the model."""

    parts: Mapping[str, PartCounts]
    answers: int
    features: tuple[str, ...]
    """Every feature the examples hold, sorted."""
    smoothing: float = SMOOTHING

    @property
    def vocabulary(self) -> int:
        return len(self.features)


def count(
    examples: Iterable[tuple[Sequence[str], Mapping[str, str | None]]],
    parts: Iterable[str] = tuple(DOUBT_MARGIN),
    smoothing: float = SMOOTHING,
) -> ReaderCounts:
    """The counts of (answer words, label) pairs for each part read a second time."""
    featured = [(features(words), label) for words, label in examples]
    used = sorted(frozenset().union(*(feats for feats, _ in featured)))
    return ReaderCounts(
        parts={part: _part_counts(featured, part, used) for part in parts},
        answers=len(featured),
        features=tuple(used),
        smoothing=smoothing,
    )


def _part_counts(
    examples: list[tuple[frozenset[str], Mapping[str, str | None]]],
    part: str,
    used: list[str],
) -> PartCounts:
    classes: Counter[str] = Counter()
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    totals: Counter[str] = Counter()
    for feats, label in examples:
        cls = label.get(part) or _NOTHING
        classes[cls] += 1
        counts[cls].update(feats)
        totals[cls] += len(feats)
    ordered = tuple(sorted(classes))
    return PartCounts(
        classes=ordered,
        answers=tuple(classes[c] for c in ordered),
        totals=tuple(totals[c] for c in ordered),
        counts={
            feat: tuple(
                n for i, c in enumerate(ordered) if counts[c][feat] for n in (i, counts[c][feat])
            )
            for feat in used
        },
    )


def reader_from(counts: ReaderCounts) -> SecondReader:
    """The second reader learnt from these counts."""
    models = {
        part: _part_model(part_counts, counts.vocabulary, counts.smoothing)
        for part, part_counts in counts.parts.items()
    }
    return SecondReader(models=models, answers=counts.answers)


def _part_model(counts: PartCounts, vocabulary: int, smoothing: float) -> PartModel:
    n = sum(counts.answers)
    width = len(counts.classes)
    gain: dict[int, float] = {}  # log((count + a) / a), by count: most counts are small
    gains: dict[str, tuple[float, ...]] = {}
    for feat, pairs in counts.counts.items():
        row = [0.0] * width
        flat = iter(pairs)
        for index, times in zip(flat, flat, strict=True):
            if times not in gain:
                gain[times] = math.log((times + smoothing) / smoothing)
            row[index] = gain[times]
        gains[feat] = tuple(row)
    return PartModel(
        classes=counts.classes,
        base=tuple(math.log(k / n) for k in counts.answers),
        unseen=tuple(math.log(smoothing / (t + smoothing * vocabulary)) for t in counts.totals),
        gains=gains,
    )


def train(
    examples: Iterable[tuple[Sequence[str], Mapping[str, str | None]]],
    parts: Iterable[str] = tuple(DOUBT_MARGIN),
    smoothing: float = SMOOTHING,
) -> SecondReader:
    """A second reader learnt from (answer words, label) pairs."""
    return reader_from(count(examples, parts, smoothing))


ARTEFACT = "second_reader.json"
"""The shipped reader's counts, in the package's data directory."""
ARTEFACT_FORMAT = 1


def dump_counts(counts: ReaderCounts, trained_on: Mapping[str, Any]) -> str:
    """The artefact's text: deterministic, one feature a line (so a retraining diffs by
    feature). `trained_on` says what the counts were learnt from (with SHA-256 sums).
    Each feature's line holds, per part in the order of `parts`, its (label index, count)
    pairs flattened."""
    head = {
        "format": ARTEFACT_FORMAT,
        "trained_on": trained_on,
        "answers": counts.answers,
        "vocabulary": counts.vocabulary,
        "smoothing": counts.smoothing,
        "parts": {
            part: {"classes": c.classes, "answers": c.answers, "totals": c.totals}
            for part, c in counts.parts.items()
        },
    }
    lines = [f"{_compact(key)}: {_compact(value)}" for key, value in head.items()]
    rows = [
        f"{_compact(feat)}: " + _compact([c.counts.get(feat, ()) for c in counts.parts.values()])
        for feat in counts.features
    ]
    lines.append('"features": {\n' + ",\n".join(rows) + "\n}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def load_counts(text: str) -> tuple[ReaderCounts, dict[str, Any]]:
    """The counts and the `trained_on` record of an artefact's text."""
    try:
        raw = json.loads(text)
        if raw["format"] != ARTEFACT_FORMAT:
            raise ValueError(f"format {raw['format']!r}, expected {ARTEFACT_FORMAT}")
        parts: dict[str, PartCounts] = {}
        for index, (part, head) in enumerate(raw["parts"].items()):
            parts[part] = PartCounts(
                classes=tuple(head["classes"]),
                answers=tuple(head["answers"]),
                totals=tuple(head["totals"]),
                counts={feat: tuple(row[index]) for feat, row in raw["features"].items()},
            )
        counts = ReaderCounts(
            parts=parts,
            answers=int(raw["answers"]),
            features=tuple(raw["features"]),
            smoothing=float(raw["smoothing"]),
        )
        if counts.vocabulary != raw["vocabulary"]:
            raise ValueError(f"{counts.vocabulary} features, expected {raw['vocabulary']}")
        return counts, dict(raw["trained_on"])
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise GradingError(f"{ARTEFACT}: not a second reader ({exc!r})") from None


NO_SECOND_READING = SecondReader(models={}, answers=0)
"""A reader that reads no part: grading with it is the rules alone."""

_IN_USE: ContextVar[SecondReader | None] = ContextVar("second_reader", default=None)


def current_second_reader() -> SecondReader:
    """The second reader grading uses: the shipped one unless `using_second_reader` set
    another (to measure a reader trained without the answers it reads)."""
    return _IN_USE.get() or load_second_reader()


@contextmanager
def using_second_reader(reader: SecondReader) -> Iterator[None]:
    """Grade with `reader` inside the block (`NO_SECOND_READING` for the rules alone)."""
    token = _IN_USE.set(reader)
    try:
        yield
    finally:
        _IN_USE.reset(token)


@lru_cache(maxsize=1)
def load_second_reader() -> SecondReader:
    """The shipped second reader, loaded from `data/second_reader.json` (built by
    `python -m rulings grade-train`; nothing is trained at run time)."""
    ref = resources.files("rulings.core.grading").joinpath("data", ARTEFACT)
    try:
        text = ref.read_text(encoding="utf-8")
    except OSError as exc:
        raise GradingError(f"no second reader ({exc}): run python -m rulings grade-train") from None
    return reader_from(load_counts(text)[0])
