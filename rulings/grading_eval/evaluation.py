"""grade-eval: measure the grader against labelled answers.

Each line of a labelled file (the development set, a blind batch, an export of mentors'
corrected gradings) holds an answer, the expected ruling and a label saying what the answer
claims for every graded part. Agreement is the share of (answer, part) pairs where the
grader's `found` equals the label.

Beyond the development set (`load_devset`, from `evaluation/grading/`), this module reads
no file: callers (`rulings.grading_eval.cli`) read other files and hand their text in
(`parse_items`, `parse_record`), and write what `render_record` returns.
"""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TextIO

from rulings.core.grading import Expected, Grade, GradingError, PartGrade, grade_answer
from rulings.core.grading.lexicon import GAMES, LANGUAGES, PARTS, load_lexicon

from . import DEVSET_PATH

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
class Reading:
    """One graded part of one labelled answer (`reliability.py` counts them)."""

    batch: str
    ident: str
    lang: str
    part: str
    confidence: float
    right: bool
    """The part read as its label says."""
    flagged: bool
    """The grader sent the answer to a mentor."""


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
    counts: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    """(agreeing parts, graded parts) for "all", each part and each language."""
    answers_by_language: Mapping[str, int] = field(default_factory=dict)
    readings: tuple[Reading, ...] = ()
    """Every graded part, with its confidence."""

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
    """The development set, `evaluation/grading/devset.jsonl` in the repository."""
    try:
        text = DEVSET_PATH.read_text(encoding="utf-8")
    except OSError as exc:
        raise GradingError(f"cannot read the development set: {exc}") from None
    return parse_items(text, DEVSET_PATH.name)


def parse_items(text: str, source: str = "<input>") -> tuple[DevItem, ...]:
    """Labelled answers from JSONL text in the development set's format.

    Raises GradingError naming the source and line of the first malformed line, so a
    mentors' export or a blind batch with a typo is refused rather than half-read.
    """
    items: list[DevItem] = []
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            item = _item(json.loads(line))
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            raise GradingError(f"{source}:{number}: not a labelled answer ({exc!r})") from None
        if item.ident in seen:
            raise GradingError(f"{source}:{number}: duplicate id {item.ident!r}")
        seen.add(item.ident)
        items.append(item)
    return tuple(items)


def _item(raw: dict[str, Any]) -> DevItem:
    expected = raw["expected"]
    label = raw["label"]
    if not isinstance(expected, dict) or not isinstance(label, dict):
        raise TypeError("'expected' and 'label' must be objects")
    if raw["game"] not in GAMES or raw["lang"] not in LANGUAGES:
        raise ValueError(f"unknown game {raw['game']!r} or language {raw['lang']!r}")
    if not isinstance(raw["answer"], str) or not isinstance(raw["id"], str):
        raise TypeError("'id' and 'answer' must be strings")
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
        label=labelled_by_meaning(label, expected),
    )


def labelled_by_meaning(label: Mapping[str, Any], expected: Mapping[str, Any]) -> dict[str, Any]:
    """The label judged by meaning, as the grader credits answers: a labelled id that means
    the same as the expected one (the lexicon's `alike`: "none" where the key says
    "continue_play") is the expected id, in every batch alike."""
    table = load_lexicon().ids
    judged = dict(label)
    for part, ident in label.items():
        want = expected.get(part)
        info = table.get(part, {}).get(ident) if isinstance(ident, str) else None
        if info is not None and want in info.alike:
            judged[part] = want
    return judged


def read_as_labelled(part: str, found: str | None, label: str | None) -> bool:
    """Whether the grader's reading of a part is what its label says, by meaning: the same
    id, or ids of one meaning (the lexicon's `alike`: "none" and "continue_play"), whichever
    the key says. A label `continue_play` read `none` where the key is another remedy is a
    reading of what the answer commits to, not a miss."""
    if found == label:
        return True
    if found is None or label is None:
        return False
    info = load_lexicon().ids.get(part, {}).get(found)
    return info is not None and label in info.alike


def _graded(item: DevItem) -> Grade:
    """The grader's grade of one labelled answer; a refusal names the answer."""
    try:
        return grade_answer(item.answer, item.expected, game=item.game)
    except GradingError as exc:
        raise GradingError(f"{item.ident}: {exc}") from None


@dataclass
class _Tally:
    """What `evaluate` counts as it compares each grade with its answer's labels."""

    batch: str
    agree: Counter[str] = field(default_factory=Counter)
    total: Counter[str] = field(default_factory=Counter)
    confusion: Counter[tuple[str | None, str | None]] = field(default_factory=Counter)
    misses: list[Miss] = field(default_factory=list)
    readings: list[Reading] = field(default_factory=list)
    langs: Counter[str] = field(default_factory=Counter)
    wrong: int = 0
    wrong_flagged: int = 0
    flagged: int = 0

    def add(self, item: DevItem, grade: Grade) -> None:
        """Count one graded answer: each part, and whether any part was misread."""
        self.flagged += grade.needs_review
        oks = [self._add_part(item, grade, part, graded) for part, graded in grade.parts.items()]
        item_wrong = not all(oks)
        self.wrong += item_wrong
        self.wrong_flagged += item_wrong and grade.needs_review

    def _add_part(self, item: DevItem, grade: Grade, part: str, graded: PartGrade) -> bool:
        label = item.label.get(part)
        ok = read_as_labelled(part, graded.found, label)
        self.readings.append(
            Reading(
                self.batch, item.ident, item.lang, part, graded.confidence, ok, grade.needs_review
            )
        )
        for key in (part, item.lang, "all"):
            self.total[key] += 1
            self.agree[key] += ok
        if part == "penalty":
            self.confusion[(label, graded.found)] += 1
        if not ok:
            self.misses.append(
                Miss(item.ident, part, label, graded.found, grade.needs_review, item.answer)
            )
        return ok

    def share(self, key: str) -> float:
        return self.agree[key] / self.total[key]

    def result(self, answers: int) -> EvalResult:
        agree, total, langs = self.agree, self.total, self.langs
        return EvalResult(
            answers=answers,
            agreement=self.share("all") if total["all"] else 0.0,
            by_part={p: self.share(p) for p in PARTS if total[p]},
            by_language={lang: self.share(lang) for lang in LANGUAGES if total[lang]},
            wrong_answers=self.wrong,
            wrong_flagged=self.wrong_flagged,
            flagged=self.flagged,
            penalty_confusion=dict(self.confusion),
            misses=tuple(self.misses),
            counts={key: (agree[key], total[key]) for key in total},
            answers_by_language={lang: langs[lang] for lang in LANGUAGES if langs[lang]},
            readings=tuple(self.readings),
        )


def evaluate(items: tuple[DevItem, ...] | None = None, batch: str = "devset") -> EvalResult:
    """Grade every answer (the devset's by default) and compare with its labels; `batch`
    names them in the result's readings."""
    items = load_devset() if items is None else items
    tally = _Tally(batch)
    for item in items:
        tally.langs[item.lang] += 1
        tally.add(item, _graded(item))
    return tally.result(len(items))


def run_grade_eval(
    stdout: TextIO, items: tuple[DevItem, ...] | None = None, source: str = "devset"
) -> EvalResult:
    """Print the grade-eval report (the `grade-eval` command) and return its figures.

    `items` defaults to the development set; `grade-eval --file PATH` passes the answers of
    any file in its format (a mentors' export of corrected gradings, a blind batch).
    """
    result = evaluate(items)
    write_grade_eval(result, stdout, source)
    return result


def write_grade_eval(result: EvalResult, stdout: TextIO, source: str = "devset") -> None:
    """Print the grade-eval report of one evaluation (`run_grade_eval` evaluates first)."""
    write = stdout.write
    write(f"grade-eval: {result.answers} answers ({source})\n")
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


# ------------------------------------------------------------------ blind batches

BLIND_TARGET_AGREEMENT = 0.98
BLIND_TARGET_LANGUAGE_AGREEMENT = 0.97
BLIND_TARGET_WRONG_FLAGGED = 0.95
BLIND_TARGET_MAX_FLAGGED = 0.12
BLIND_MIN_ANSWERS = 300
BLIND_MIN_PER_LANGUAGE = 60


@dataclass(frozen=True, slots=True)
class Figures:
    """The counts behind one batch's figures; counts, so that batches pool exactly."""

    answers: int
    parts_agreed: int
    parts: int
    by_language: Mapping[str, tuple[int, int]]
    """language -> (agreeing parts, graded parts)"""
    wrong: int
    wrong_flagged: int
    flagged: int
    answers_by_language: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, result: EvalResult) -> Figures:
        agreed, parts = result.counts.get("all", (0, 0))
        return cls(
            answers=result.answers,
            parts_agreed=agreed,
            parts=parts,
            by_language={lang: result.counts[lang] for lang in LANGUAGES if lang in result.counts},
            wrong=result.wrong_answers,
            wrong_flagged=result.wrong_flagged,
            flagged=result.flagged,
            answers_by_language=dict(result.answers_by_language),
        )

    @classmethod
    def pooled(cls, figures: Iterable[Figures]) -> Figures:
        figures = list(figures)
        langs: dict[str, tuple[int, int]] = {}
        answers: Counter[str] = Counter()
        for f in figures:
            answers.update(f.answers_by_language)
            for lang, (agreed, total) in f.by_language.items():
                a, t = langs.get(lang, (0, 0))
                langs[lang] = (a + agreed, t + total)
        return cls(
            answers=sum(f.answers for f in figures),
            parts_agreed=sum(f.parts_agreed for f in figures),
            parts=sum(f.parts for f in figures),
            by_language={lang: langs[lang] for lang in LANGUAGES if lang in langs},
            wrong=sum(f.wrong for f in figures),
            wrong_flagged=sum(f.wrong_flagged for f in figures),
            flagged=sum(f.flagged for f in figures),
            answers_by_language={lang: answers[lang] for lang in LANGUAGES if answers[lang]},
        )

    @property
    def agreement(self) -> float:
        return self.parts_agreed / self.parts if self.parts else 0.0

    def language_agreement(self, lang: str) -> float | None:
        agreed, total = self.by_language.get(lang, (0, 0))
        return agreed / total if total else None

    @property
    def wrong_flagged_share(self) -> float:
        return self.wrong_flagged / self.wrong if self.wrong else 1.0

    @property
    def flagged_share(self) -> float:
        return self.flagged / self.answers if self.answers else 0.0

    def meets_blind_targets(self) -> bool:
        """The issue's targets for answers the grader has never seen."""
        languages = [a for lang in LANGUAGES if (a := self.language_agreement(lang)) is not None]
        return (
            self.answers > 0
            and self.agreement >= BLIND_TARGET_AGREEMENT
            and min(languages, default=0.0) >= BLIND_TARGET_LANGUAGE_AGREEMENT
            and self.wrong_flagged_share >= BLIND_TARGET_WRONG_FLAGGED
            and self.flagged_share <= BLIND_TARGET_MAX_FLAGGED
        )


@dataclass(frozen=True, slots=True)
class Recorded:
    """A blind batch's figures as measured before any fix was made for it."""

    batch: str
    date: str
    version: str
    figures: Figures
    note: str = ""


def parse_record(text: str, source: str = "RECORD.toml") -> dict[str, Recorded]:
    """The recorded pre-fix figures of every blind batch, from RECORD.toml's text."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise GradingError(f"{source}: {exc}") from None
    out: dict[str, Recorded] = {}
    for batch, raw in data.get("batch", {}).items():
        try:
            langs = {
                lang: (int(pair[0]), int(pair[1]))
                for lang, pair in raw.get("language_parts", {}).items()
            }
            figures = Figures(
                answers=int(raw["answers"]),
                parts_agreed=int(raw["parts_agreed"]),
                parts=int(raw["parts"]),
                by_language=langs,
                wrong=int(raw["wrong"]),
                wrong_flagged=int(raw["wrong_flagged"]),
                flagged=int(raw["flagged"]),
                answers_by_language={
                    lang: int(n) for lang, n in raw.get("language_answers", {}).items()
                },
            )
            out[batch] = Recorded(
                batch, str(raw["date"]), str(raw["version"]), figures, str(raw.get("note", ""))
            )
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise GradingError(f"{source}: batch {batch!r} is malformed ({exc!r})") from None
    return out


def render_record(recorded: Recorded) -> str:
    """The TOML table to append to RECORD.toml for one newly measured batch."""
    f = recorded.figures
    langs = ", ".join(
        f'"{lang}" = [{agreed}, {total}]' for lang, (agreed, total) in f.by_language.items()
    )
    lines = [
        "",
        f"[batch.{json.dumps(recorded.batch)}]",
        f"date = {json.dumps(recorded.date)}",
        f"version = {json.dumps(recorded.version)}",
        f"answers = {f.answers}",
        f"parts_agreed = {f.parts_agreed}",
        f"parts = {f.parts}",
        f"language_parts = {{ {langs} }}",
        "language_answers = { "
        + ", ".join(f'"{lang}" = {n}' for lang, n in f.answers_by_language.items())
        + " }",
        f"wrong = {f.wrong}",
        f"wrong_flagged = {f.wrong_flagged}",
        f"flagged = {f.flagged}",
        f"# measured: agreement {f.agreement:.2%}, wrong gradings flagged "
        f"{f.wrong_flagged}/{f.wrong}, flagged {f.flagged}/{f.answers} ({f.flagged_share:.1%})",
    ]
    if recorded.note:
        lines.insert(5, f"note = {json.dumps(recorded.note)}")
    return "\n".join(lines) + "\n"


def record_batch(
    batch: str, items: tuple[DevItem, ...], record: Mapping[str, Recorded], date: str
) -> Recorded:
    """Measure a new blind batch for the record; refuses a batch already recorded.

    Call it before any fix is made for the batch: the record is what the grader scored on
    answers it had never seen, and is never overwritten.
    """
    if batch in record:
        raise GradingError(
            f"batch {batch!r} is already recorded ({record[batch].date}, grader"
            f" {record[batch].version}); a record is never overwritten"
        )
    if not items:
        raise GradingError(f"batch {batch!r} has no answers")
    figures = Figures.of(evaluate(items))
    return Recorded(batch, date, grader_version(), figures)


def grader_version() -> str:
    """The version of the grading data (lexicon and cue words) in use."""
    lex = load_lexicon()
    return lex.version


def _pct(value: float | None) -> str:
    return "     - " if value is None else f"{value:7.2%}"


def _figures_line(label: str, f: Figures) -> str:
    langs = " ".join(_pct(f.language_agreement(lang)) for lang in LANGUAGES)
    return (
        f"  {label:<24} {f.answers:>5} {_pct(f.agreement)}  {langs}"
        f"  {f.wrong_flagged:>3}/{f.wrong:<3} {_pct(f.wrong_flagged_share)}"
        f"  {f.flagged:>4} {_pct(f.flagged_share)}\n"
    )


@dataclass(frozen=True, slots=True)
class BlindReport:
    """Current and recorded figures of the blind batches."""

    current: Mapping[str, Figures]
    recorded: Mapping[str, Recorded]
    results: Mapping[str, EvalResult]

    @property
    def pooled(self) -> Figures:
        return Figures.pooled(self.current.values())

    @property
    def pooled_recorded(self) -> Figures:
        return Figures.pooled(r.figures for r in self.recorded.values() if r.batch in self.current)


def _in_batch_order(name: str) -> tuple[str, int]:
    """ "blind2" before "blind10": batches in the order they were written."""
    stem = name.rstrip("0123456789")
    digits = name[len(stem) :]
    return (stem, int(digits) if digits else -1)


def _write_blind_header(write: Callable[[str], Any], batches: int) -> None:
    write(f"grade-eval --blind: {batches} batches, grader {grader_version()}\n")
    write(
        f"targets: agreement >= {BLIND_TARGET_AGREEMENT:.0%} pooled and"
        f" >= {BLIND_TARGET_LANGUAGE_AGREEMENT:.0%} per language; wrong gradings flagged"
        f" >= {BLIND_TARGET_WRONG_FLAGGED:.0%}; answers flagged <= {BLIND_TARGET_MAX_FLAGGED:.0%}\n"
    )
    head_langs = " ".join(f"{lang:>7}" for lang in LANGUAGES)
    write(
        f"  {'batch':<24} {'n':>5} {'agree':>7}  {head_langs}  {'wrong flagged':<15}"
        f"  {'flagged':>12}\n"
    )


def _write_batches(write: Callable[[str], Any], report: BlindReport) -> None:
    """Each batch now and as recorded (or that it is not), then records without a batch."""
    current, record = report.current, report.recorded
    for name, figures in current.items():
        write(_figures_line(f"{name} now", figures))
        rec = record.get(name)
        if rec is None:
            write(f"  {name} pre-fix: NOT RECORDED (record it before any fix: --record {name})\n")
        else:
            write(_figures_line(f"{name} pre-fix", rec.figures))
            write(f"  {'':<24} recorded {rec.date}, grader {rec.version}\n")
    for name in sorted(set(record) - set(current), key=_in_batch_order):
        write(f"  {name}: recorded, but its batch file is missing\n")


def _yes(met: bool) -> str:
    return "yes" if met else "NO"


def _write_pooled(write: Callable[[str], Any], report: BlindReport) -> None:
    """The pooled figures now and, over the recorded batches, before any fix; whether each
    meets the targets."""
    recorded = [n for n in report.current if n in report.recorded]
    write(_figures_line("POOLED now", report.pooled))
    if recorded:
        pre = report.pooled_recorded
        write(_figures_line(f"POOLED pre-fix ({len(recorded)})", pre))
        sizes = ", ".join(f"{lang} {n}" for lang, n in pre.answers_by_language.items())
        write(
            f"  pre-fix pool: {pre.answers} answers ({sizes}); the issue asks for at least"
            f" {BLIND_MIN_ANSWERS}, with at least {BLIND_MIN_PER_LANGUAGE} in each of"
            " pt-BR and es\n"
        )
    write(f"targets met now: {_yes(report.pooled.meets_blind_targets())}\n")
    if recorded:
        met = report.pooled_recorded.meets_blind_targets()
        write(f"targets met pre-fix (the honest measure): {_yes(met)}\n")


def _write_misses(write: Callable[[str], Any], results: Mapping[str, EvalResult]) -> None:
    for name, result in results.items():
        for miss in result.misses:
            mark = "flagged" if miss.flagged else "NOT flagged"
            write(
                f"  miss {name}/{miss.ident} {miss.part}: label {miss.label}"
                f" read {miss.found} ({mark})\n"
            )


def run_blind_eval(
    batches: Mapping[str, tuple[DevItem, ...]], record: Mapping[str, Recorded], stdout: TextIO
) -> BlindReport:
    """Print per batch and pooled figures, now and as recorded before any fix."""
    results = {name: evaluate(batches[name], name) for name in sorted(batches, key=_in_batch_order)}
    current = {name: Figures.of(result) for name, result in results.items()}
    report = BlindReport(current, dict(record), results)
    write = stdout.write
    _write_blind_header(write, len(batches))
    _write_batches(write, report)
    if current:
        _write_pooled(write, report)
    _write_misses(write, results)
    return report
