"""`grade-eval --lint-lexicon`: which lexicon entries change a grade on held-out answers.

A lexicon entry (one phrase of `lexicon.toml`: a name, paraphrase, misspelling,
description, abbreviation or generic noun) earns its place when leaving it out changes a
grade, or the flag for a mentor, of an answer nobody tuned the grader on. This module
leaves each entry out in turn, grades again the answers its phrase could match, and says
which entries change nothing there.

Only answers where the phrase could match are graded again: a phrase matches only where
each of its required words is a word of the answer as typed or one the fuzzy matcher may
correct a word to. Leaving out an entry whose words no other entry uses changes the
vocabulary (and so how typos are corrected): then the lexicon is compiled anew, the
grader's caches are cleared, and every answer holding one of its words, as typed or as a
correction, is graded again.
"""

from __future__ import annotations

import copy
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rulings.core.grading import Grade, grade_answer
from rulings.core.grading.lexicon import (
    LANGUAGES,
    PARTS,
    Lexicon,
    Pattern,
    compile_lexicon,
    lexicon_data,
    load_lexicon,
    phrase_pattern,
    using_lexicon,
)
from rulings.core.grading.text import blank_markup, deletes, fold, tokenize

from .evaluation import DevItem

KINDS: tuple[str, ...] = (
    "names",
    "paraphrases",
    "misspellings",
    "descriptions",
    "abbreviations",
    "capitals",
    "generic",
)
_LANGUAGE_KINDS = ("names", "paraphrases", "misspellings", "descriptions")
_NO_FUZZY_TARGET = ("abbreviations", "misspellings")
"""Kinds whose words are never a typo's correction (lexicon.py: fuzzy targets)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One phrase of lexicon.toml."""

    part: str
    ident: str
    """The id it names ("" for a generic noun of the part)."""
    kind: str
    lang: str
    """"" for abbreviations, which are not of one language."""
    phrase: str

    def __str__(self) -> str:
        where = ".".join(x for x in (self.part, self.ident or "generic", self.lang) if x)
        return f"{where} {self.kind}: {self.phrase!r}"


@dataclass(frozen=True, slots=True)
class Effect:
    """What leaving one entry out does to the answers graded."""

    entry: Entry
    could_match: int
    """Answers graded again (where its phrase could match)."""
    regraded: tuple[str, ...]
    """Ids of answers with a part read otherwise."""
    reflagged: tuple[str, ...]
    """Ids of answers read alike but flagged otherwise."""

    @property
    def changes_nothing(self) -> bool:
        return not self.regraded and not self.reflagged


def lexicon_entries(data: Mapping[str, Any], kinds: Iterable[str] = KINDS) -> list[Entry]:
    """Every phrase of the lexicon's data of these kinds, in the file's order."""
    wanted = set(kinds)
    out: list[Entry] = []
    for part in PARTS:
        for ident, table in data[part].items():
            for kind, key in (
                ("abbreviations", "abbreviations"),
                ("capitals", "capital_abbreviations"),
            ):
                out.extend(Entry(part, ident, kind, "", p) for p in table.get(key, []))
            for code in LANGUAGES:
                for kind in _LANGUAGE_KINDS:
                    out.extend(
                        Entry(part, ident, kind, code, p) for p in table.get(code, {}).get(kind, [])
                    )
        for code in LANGUAGES:
            out.extend(
                Entry(part, "", "generic", code, p) for p in data["generic"][part].get(code, [])
            )
    return [entry for entry in out if entry.kind in wanted]


def without(data: Mapping[str, Any], entry: Entry) -> dict[str, Any]:
    """A copy of the lexicon's data with one occurrence of `entry` left out."""
    out = copy.deepcopy(dict(data))
    _take_out(out, entry)
    return out


def _take_out(data: dict[str, Any], entry: Entry) -> tuple[list[str], int]:
    """Take one occurrence of `entry` out of the data, in place: its list and place."""
    if entry.kind == "generic":
        phrases = data["generic"][entry.part][entry.lang]
    elif entry.kind in ("abbreviations", "capitals"):
        key = "abbreviations" if entry.kind == "abbreviations" else "capital_abbreviations"
        phrases = data[entry.part][entry.ident][key]
    else:
        phrases = data[entry.part][entry.ident][entry.lang][entry.kind]
    index = phrases.index(entry.phrase)
    del phrases[index]
    return phrases, index


_Outcome = tuple[tuple[str | None, ...], bool]


def _outcome(grade: Grade) -> _Outcome:
    return tuple(part.found for part in grade.parts.values()), grade.needs_review


def _grade(item: DevItem) -> _Outcome:
    return _outcome(grade_answer(item.answer, item.expected, game=item.game))


def _words(pattern: Pattern) -> frozenset[str]:
    return frozenset().union(*(element.alts for element in pattern.elements))


def _required(pattern: Pattern) -> list[frozenset[str]]:
    return [e.alts for e in pattern.elements if not (e.optional or e.gap or e.cite or e.end)]


class _Linter:
    """The answers, their grades with the shipped lexicon, and the lexicon as it stands
    with the entries found idle so far left out."""

    def __init__(
        self, items: Sequence[DevItem], data: tuple[dict[str, Any], dict[str, Any]] | None
    ) -> None:
        lex, self.lang = lexicon_data() if data is None else copy.deepcopy(data)
        self.data = lex
        """The lexicon's data as it stands: entries found idle are taken out of it."""
        self.lexicon = load_lexicon() if data is None else compile_lexicon(lex, self.lang)
        self.stale = False
        """Entries were taken out of `data` since `lexicon` was compiled from it."""
        self.items = list(items)
        self.forms = [self._forms(item.answer) for item in self.items]
        self.baseline = self.grade_all()
        self.vocab_uses: Counter[str] = Counter()
        self.target_uses: Counter[str] = Counter()
        self.shapes: Counter[tuple[Any, ...]] = Counter()
        for pattern in self.lexicon.patterns:
            self._count(pattern, 1)

    def _count(self, pattern: Pattern, sign: int) -> None:
        words = Counter(dict.fromkeys(_words(pattern), sign))
        self.shapes[pattern.elements] += sign
        if pattern.kind != "misspellings":
            self.vocab_uses.update(words)
        if pattern.kind not in _NO_FUZZY_TARGET:
            self.target_uses.update(words)

    def _forms(self, answer: str) -> frozenset[str]:
        """The answer's words as typed, and every word the fuzzy matcher may correct one
        of them to (with the first lexicon, whose typo targets include any later one's)."""
        blanked = blank_markup(answer)
        words = tokenize(fold(blanked), blanked).words
        out = set(words)
        for word in words:
            for key in deletes(word):
                out.update(self.lexicon.fuzzy_keys.get(key, ()))
        return frozenset(out)

    def current(self) -> Lexicon:
        """The lexicon as it stands, compiled anew if entries were taken out meanwhile."""
        if self.stale:
            self.lexicon = compile_lexicon(self.data, self.lang)
            self.stale = False
            clear_grading_caches()  # its vocabulary may differ: typos are corrected anew
        return self.lexicon

    def effect(self, entry: Entry) -> Effect:
        """What leaving `entry` out of the lexicon as it stands changes; an entry that
        changes nothing stays out for the entries after it."""
        pattern = phrase_pattern(entry.part, entry.ident, entry.kind, entry.lang, entry.phrase)
        only_pattern = self._changes_only_its_pattern(pattern)
        if only_pattern:
            required = _required(pattern)
            chosen = [
                i for i, f in enumerate(self.forms) if all(not a.isdisjoint(f) for a in required)
            ]
        else:
            words = _words(pattern)
            chosen = [i for i, f in enumerate(self.forms) if not words.isdisjoint(f)]
        lexicon: Lexicon | None = None
        if not chosen:
            effect = Effect(entry, 0, (), ())
        elif only_pattern:
            lexicon = self._less_pattern(pattern)
            effect = self._regrade(entry, chosen, lexicon, fresh=False)
        else:
            phrases, index = _take_out(self.data, entry)
            try:
                lexicon = compile_lexicon(self.data, self.lang)
                effect = self._regrade(entry, chosen, lexicon, fresh=True)
            finally:
                phrases.insert(index, entry.phrase)
        if effect.changes_nothing:
            self._leave_out(entry, pattern, lexicon, only_pattern)
        return effect

    def _leave_out(
        self, entry: Entry, pattern: Pattern, lexicon: Lexicon | None, only_pattern: bool
    ) -> None:
        _take_out(self.data, entry)
        self._count(pattern, -1)
        if lexicon is not None:
            self.lexicon = lexicon  # compiled (or derived) from the data as it now stands
        elif only_pattern and not self.stale:
            self.lexicon = self._less_pattern(pattern)
        else:
            self.stale = True  # compiled when next needed: most entries need no grading

    def _changes_only_its_pattern(self, pattern: Pattern) -> bool:
        """Whether leaving the phrase out leaves the vocabulary, the typo targets and every
        other phrase's language as they are."""
        if self.shapes[pattern.elements] > 1:
            return False  # written alike elsewhere: the other may regain a language
        words = _words(pattern)
        if pattern.kind != "misspellings" and any(self.vocab_uses[w] == 1 for w in words):
            return False
        if pattern.kind in _NO_FUZZY_TARGET:
            return True
        return all(self.target_uses[w] > 1 for w in words)

    def _less_pattern(self, pattern: Pattern) -> Lexicon:
        lexicon = self.current()
        patterns = lexicon.patterns
        same = next(
            i
            for i, p in enumerate(patterns)
            if (p.part, p.ident, p.kind, p.elements)
            == (pattern.part, pattern.ident, pattern.kind, pattern.elements)
        )
        return replace(lexicon, patterns=patterns[:same] + patterns[same + 1 :])

    def _regrade(self, entry: Entry, chosen: list[int], lexicon: Lexicon, fresh: bool) -> Effect:
        if fresh:  # caches keyed by a word alone hold the lexicon as it stands
            clear_grading_caches()
        try:
            with using_lexicon(lexicon):
                now = [_grade(self.items[i]) for i in chosen]
        finally:
            if fresh:
                clear_grading_caches()
        regraded: list[str] = []
        reflagged: list[str] = []
        for i, outcome in zip(chosen, now, strict=True):
            before = self.baseline[i]
            if outcome[0] != before[0]:
                regraded.append(self.items[i].ident)
            elif outcome[1] != before[1]:
                reflagged.append(self.items[i].ident)
        return Effect(entry, len(chosen), tuple(regraded), tuple(reflagged))

    def grade_all(self) -> list[_Outcome]:
        """Every answer graded with the lexicon as it stands."""
        clear_grading_caches()
        try:
            with using_lexicon(self.current()):
                return [_grade(item) for item in self.items]
        finally:
            clear_grading_caches()


def clear_grading_caches() -> None:
    """Clear the grader's memoised functions (some are keyed by a word alone and read the
    lexicon in use), except the shipped lexicon and second reader, which do not change."""
    keep = {"_shipped_lexicon", "load_second_reader"}
    for name, module in list(sys.modules.items()):
        if not name.startswith("rulings.core.grading") or module is None:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if (
                clear is not None
                and getattr(value, "__module__", None) == name
                and getattr(value, "__name__", "") not in keep
            ):
                clear()


def lint_lexicon(
    items: Sequence[DevItem],
    kinds: Iterable[str] = KINDS,
    progress: Callable[[int, int], None] | None = None,
    data: tuple[dict[str, Any], dict[str, Any]] | None = None,
) -> list[Effect]:
    """Leave each entry of these kinds out in turn and grade `items` again: what changes.

    An entry found to change nothing stays out while the next ones are tried, so the
    entries reported idle change nothing even all left out together (two copies of one
    phrase: the first is idle, the second is not). A last grading of every answer with
    all of them left out checks it. `data` (the lexicon's and the language cues' data,
    as `lexicon_data` returns them) replaces the shipped lexicon."""
    try:
        linter = _Linter(items, data)
        entries = lexicon_entries(linter.data, kinds)
        effects: list[Effect] = []
        for done, entry in enumerate(entries, start=1):
            effects.append(linter.effect(entry))
            if progress is not None:
                progress(done, len(entries))
        if linter.grade_all() != linter.baseline:  # a bug of the candidate filter, not data
            raise AssertionError("the entries found idle change grades when left out together")
    finally:
        clear_grading_caches()  # they may hold readings with another lexicon
    return effects


def _kind_line(kind: str, mine: Sequence[Effect]) -> str:
    """One kind's row of the report: entries, and how many could match, change a grade,
    change a flag only, and change nothing."""
    could_match = sum(e.could_match > 0 for e in mine)
    regrade = sum(bool(e.regraded) for e in mine)
    flag_only = sum(bool(e.reflagged) and not e.regraded for e in mine)
    nothing = sum(e.changes_nothing for e in mine)
    return f"  {kind:<14}{len(mine):>8}{could_match:>13}{regrade:>16}{flag_only:>13}{nothing:>9}\n"


def _earning_line(effect: Effect) -> str:
    """An entry whose removal changes something, with the first answers it changes."""
    ids = [*effect.regraded, *effect.reflagged]
    more = f" and {len(ids) - 4} more" if len(ids) > 4 else ""
    shown = ", ".join(ids[:4]) + more
    return (
        f"  {effect.entry}  ({len(effect.regraded)} regraded, "
        f"{len(effect.reflagged)} reflagged: {shown})\n"
    )


def write_report(
    effects: Sequence[Effect], items: int, source: str, write: Callable[[str], Any]
) -> None:
    """The lint's report: per kind, then the entries that change nothing."""
    write(f"grade-eval --lint-lexicon: {len(effects)} entries, {items} answers ({source})\n")
    write(
        f"  {'kind':<14}{'entries':>8}{'could match':>13}{'change a grade':>16}"
        f"{'a flag only':>13}{'nothing':>9}\n"
    )
    by_kind = {kind: [e for e in effects if e.entry.kind == kind] for kind in KINDS}
    for kind, mine in by_kind.items():
        if mine:
            write(_kind_line(kind, mine))
    earning = [e for e in effects if not e.changes_nothing]
    write(f"entries whose removal changes a grade or a flag ({len(earning)}):\n")
    for effect in earning:
        write(_earning_line(effect))
    idle = [e for e in effects if e.changes_nothing]
    write(f"entries whose removal changes nothing ({len(idle)}):\n")
    for effect in idle:
        write(f"  {effect.entry}\n")
