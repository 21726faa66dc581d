"""Text preparation: markup blanking, folding and tokens, all length-preserving.

Every step keeps the answer's length, so a token's (start, end) in the prepared text is
also its span in the original answer; evidence spans need no offset tables.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate

BREAK_NONE = 0
BREAK_CLAUSE = 1
BREAK_SENTENCE = 2

_TAG = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)\b[^<>]{0,300}>")
_BLOCK_TAGS = frozenset(
    {"br", "p", "li", "div", "ul", "ol", "tr", "td", "h1", "h2", "h3", "h4", "h5", "h6"}
)
_ENTITY = re.compile(r"&(?:[a-zA-Z]{2,8}|#[0-9]{1,6}|#x[0-9a-fA-F]{1,5});")
_MD_LINK = re.compile(r"\[([^\[\]\n]{0,300})\]\([^()\s]{0,300}\)")
_MD_FENCE = re.compile(r"`{1,3}")

_SECTION = r"\d{1,3}(?:\.(?:\d{1,3}|[a-z](?![a-z0-9])))+"
# The spaces and dot after a document name are possessive (``\s*+``): a section must start
# with a digit, so giving any back cannot help, and "tr" before a long run of spaces no longer
# retries every split of the run (quadratic).
_TOKEN = re.compile(
    r"(?P<cit>(?<![\w.])(?:(?P<doc>tr|ipg|mtr|section|secao|seccion|§)\s*+(?:\.\s*+)?)?"
    rf"(?P<sec>{_SECTION}))"
    r"|(?P<w>[a-z0-9]+(?:'[a-z]+)*)"
)
_SENTENCE_GAP = re.compile(r"[.!?;](?:\s|$)|\n|[!?;]")
_CLAUSE_CHARS = frozenset(',:()[]-/|•=>→{}"')
_CLITICS = frozenset(
    {"se", "o", "a", "os", "as", "lo", "la", "los", "las", "lhe", "lhes", "me", "te", "nos"}
)
"""Portuguese enclitics: "corrige-se", "paga-o" are one verb, not two clauses."""


def blank_markup(text: str) -> str:
    """Replace HTML tags, entities and Markdown link targets with spaces of equal length."""
    if "<" in text:
        text = _TAG.sub(_blank_tag, text)
    if "&" in text:
        text = _ENTITY.sub(_blank_entity, text)
    if "](" in text:
        text = _MD_LINK.sub(_blank_link, text)
    if "`" in text:
        text = _MD_FENCE.sub(lambda m: " " * len(m.group(0)), text)
    return text


def _blank_tag(match: re.Match[str]) -> str:
    width = len(match.group(0))
    if match.group(1).lower() in _BLOCK_TAGS:
        return "\n" + " " * (width - 1)
    return " " * width


def _blank_entity(match: re.Match[str]) -> str:
    raw = match.group(0)
    value = html.unescape(raw)
    if len(value) != 1 or value == "\xa0":
        value = " "
    return value + " " * (len(raw) - 1)


def _blank_link(match: re.Match[str]) -> str:
    label = match.group(1)
    return " " + label + " " * (len(match.group(0)) - len(label) - 1)


def _fold_char(ch: str) -> str:
    if ch in "\u2018\u2019\u00b4`":
        return "'"
    if ch in "\u2013\u2014\u2212":
        return "-"
    if ch in "\u00bf\u00a1\u00a0":
        return " "
    low = ch.lower()
    base = "".join(c for c in unicodedata.normalize("NFD", low) if not unicodedata.combining(c))
    return base[:1] if base else " "


@lru_cache(maxsize=1)
def _fold_table() -> dict[int, str | int]:
    """`str.translate`'s table for folding: a character up to U+2FFF maps to its folded
    form, or to itself. Listing those that stay the same is only for speed: translate
    raises and clears a KeyError inside for every character its table lacks."""
    table: dict[int, str | int] = dict(zip(range(0x80), range(0x80), strict=True))
    for code in range(0x80, 0x3000):
        ch = chr(code)
        folded = _fold_char(ch)
        table[code] = folded if folded != ch else code
    return table


def fold(text: str) -> str:
    """Lower-case and strip accents, one character for one character."""
    if text.isascii():
        return text.lower()
    return text.lower().translate(_fold_table()) if _same_length_lower(text) else _slow_fold(text)


def _same_length_lower(text: str) -> bool:
    return len(text.lower()) == len(text)


def _slow_fold(text: str) -> str:
    table = _fold_table()
    out = []
    for ch in text:
        low = ch.lower()
        out.append(low if len(low) == 1 else ch)
    return "".join(out).translate(table)


def fold_phrase(phrase: str) -> list[str]:
    """The tokens of a lexicon phrase, folded like answer text."""
    return [m.group(0) for m in re.finditer(r"[a-z0-9]+(?:'[a-z]+)*", fold(phrase))]


@dataclass(slots=True)
class Tokens:
    """Parallel token arrays of one prepared answer."""

    words: list[str]
    starts: list[int]
    ends: list[int]
    breaks: list[int]
    question: list[bool]
    arrow: list[bool]
    slash: list[bool]
    citations: dict[int, tuple[str, str]]
    source: str = ""


def tokenize(folded: str, source: str = "") -> Tokens:
    """Split folded text into words and citations, noting the punctuation before each.

    `source` is the unfolded text of the same length, kept for the rare word whose accent
    matters (Portuguese "e" and / "é" is).
    """
    if _MAY_CITE_OR_ABBREVIATE.search(folded):
        words, starts, ends, gaps, citations = _scan(folded)
    else:  # most answers: words only, split in one pass of the regular expression engine
        pairs = _WORD_AFTER_GAP.findall(folded, 0, _last_word_end(folded))
        words = [word for _, word in pairs]
        gaps = [gap for gap, _ in pairs]
        ends = list(accumulate(len(gap) + len(word) for gap, word in pairs))
        starts = [end - len(word) for end, word in zip(ends, words, strict=True)]
        citations = {}
    if "-" in folded:
        _join_clitics(words, gaps)
    breaks = [BREAK_NONE if gap == " " or not gap else _break(gap) for gap in gaps]
    if ". " in folded and not _DOTTED_WORDS.isdisjoint(words):
        _abbreviation_dots(words, gaps, breaks)
    return Tokens(
        words,
        starts,
        ends,
        breaks,
        _gaps_holding(gaps, folded, _QUESTION_MARKS),
        _gaps_holding(gaps, folded, _ARROWS),
        _gaps_holding(gaps, folded, _SLASHES),
        citations,
        source or folded,
    )


def _abbreviation_dots(words: list[str], gaps: list[str], breaks: list[int]) -> None:
    """The dot of a word shortened mid-sentence ("na prox. fase", "en la sig. fase", "approx.
    two turns") ends no sentence: the words around it read as one phrase."""
    for i in range(1, len(words)):
        if gaps[i] == ". " and words[i - 1] in _DOTTED_WORDS:
            breaks[i] = BREAK_NONE


_DOTTED_WORDS = frozenset({"prox", "sig", "aprox", "approx"})
"""Words that judges shorten with a dot inside a sentence: "próx." / "prox." (próxima,
próximo), "sig." (siguiente), "aprox." / "approx." (about)."""

_QUESTION_MARKS = ("?",)
_ARROWS = ("->", "\u2192", "=>")
_SLASHES = ("/",)


def _gaps_holding(gaps: list[str], folded: str, marks: tuple[str, ...]) -> list[bool]:
    """Whether each gap holds one of `marks`; when the text holds none (most answers), every
    gap is False without a scan."""
    if not any(mark in folded for mark in marks):
        return [False] * len(gaps)
    return [any(mark in gap for mark in marks) for gap in gaps]


def _last_word_end(folded: str) -> int:
    """Where the last word ends: `_WORD_AFTER_GAP` searched the text after it from every
    position, finding no word each time (quadratic in a tail of punctuation or spaces)."""
    tail = _NO_WORD.match(folded[::-1])
    return len(folded) - (tail.end() if tail else 0)


_NO_WORD = re.compile(r"[^a-z0-9]*")
_MAY_CITE_OR_ABBREVIATE = re.compile(r"[0-9]\.|w/")
"""Text a citation ("702.2.c") or "w/" may stand in: `_scan` reads it token by token."""
_WORD_AFTER_GAP = re.compile(r"([^a-z0-9]*)([a-z0-9]+(?:'[a-z]+)*)")
"""A word and the text before it, where no citation can stand (`_TOKEN`'s words)."""


def _scan(
    folded: str,
) -> tuple[list[str], list[int], list[int], list[str], dict[int, tuple[str, str]]]:
    """Words, their spans, the text before each and the citations, token by token."""
    words: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    gaps: list[str] = []  # the text between each token and the one before it
    citations: dict[int, tuple[str, str]] = {}
    prev_end = 0
    for match in _TOKEN.finditer(folded):
        start, end = match.span()
        word = match.group("w")
        if word is None:  # a citation
            doc = (match.group("doc") or "").strip(" .")
            sec = match.group("sec")
            if doc or int(sec.split(".", 1)[0]) >= 100:
                citations[len(words)] = (doc, sec)
                word = "\x00" + sec
            else:
                word = sec
        elif word == "w" and folded.startswith("/", end):
            # "w/ x" is "with" and "w/o" is "without"; "W/NP" stays two options.
            after = folded[end + 1 : end + 2]
            without = after == "o" and not folded[end + 2 : end + 3].isalnum()
            if without or not after.isalnum():
                word = "without" if without else "with"
                end += 2 if without else 1
        words.append(word)
        starts.append(start)
        ends.append(end)
        gaps.append(folded[prev_end:start])
        prev_end = end
    return words, starts, ends, gaps, citations


def _join_clitics(words: list[str], gaps: list[str]) -> None:
    """ "corrige-se o custo": the hyphen joins a clitic to its verb (no clause break)."""
    for k in [k for k, gap in enumerate(gaps) if gap == "-"]:
        if k and words[k] in _CLITICS and words[k - 1].isalpha():
            gaps[k] = " "


def _break(gap: str) -> int:
    """The break the text between two tokens makes: none, a clause's or a sentence's."""
    if gap.strip():
        if _SENTENCE_GAP.search(gap):
            return BREAK_SENTENCE
        if any(ch in _CLAUSE_CHARS for ch in gap):
            return BREAK_CLAUSE
        return BREAK_NONE
    return BREAK_SENTENCE if "\n" in gap else BREAK_NONE


def damerau(a: str, b: str, limit: int) -> int:
    """Optimal-string-alignment distance, giving up (returning limit + 1) past the limit."""
    la, lb = len(a), len(b)
    if abs(la - lb) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(lb + 1))
    for i in range(1, la + 1):
        cur = [i] + [0] * lb
        row_min = i
        for j in range(1, lb + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            val = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                val = min(val, prev2[j - 2] + 1)
            cur[j] = val
            row_min = min(row_min, val)
        if row_min > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[lb]


def deletes(word: str) -> set[str]:
    """The word and every string one deletion away from it."""
    out = {word}
    for i in range(len(word)):
        out.add(word[:i] + word[i + 1 :])
    return out
