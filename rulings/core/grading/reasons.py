"""Why a grading goes to a mentor: each review reason's code and its English text.

`Grade.review_reasons` holds the texts ("remedy: the answer hedges"), as stored with every
grading. A reason's words are written here only, so that `read_reason` can take a text back
to its code and values, for a page that shows the reason in a mentor's language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from .lexicon import PARTS

NOTHING_STATED: Final = "nothing stated"
"""The value of `found` or `second` where a reading states nothing for the part."""

OPTIONS_SEPARATOR: Final = ", "
"""Between the ids of `options` (the candidates a reading is torn between)."""

REASON_TEXTS: Final = {
    "names_expected": "graded wrong, but the answer also names the expected id",
    "unread_words": "graded wrong, and some words of the answer were not understood",
    "rewind_too_late": (
        "read as {found} from a rewind of unstated length, where the game can no longer be "
        "rewound to the last action: it may mean a longer one"
    ),
    "rewind_to_a_point": (
        "read as {found} from a rewind back to a point the answer names: it may be a rewind "
        "beyond the last action"
    ),
    "no_fix_or_play_on": (
        "read as {found} where {want} is expected: 'no fix' and 'play goes on' are neighbours "
        "the wording may not tell apart"
    ),
    "weak_neighbour": "read as {found}, a neighbour of {want} that judges confuse, on a weak cue",
    "typo_or_paraphrase": "graded wrong on a corrected typo or a loose paraphrase",
    "hedging_clause": "stated in a clause that hedges",
    "unsure_sentence": "stated in a sentence that says it is unsure",
    "hinted_neighbour": (
        "read as {found}, but the answer's words point to {hinted}, a neighbour judges "
        "confuse with it"
    ),
    "hedged": "the answer hedges",
    "two_candidates": "two candidates remain ({options}) and the wording does not decide",
    "not_found_unread": "not found, but some words of the answer were not understood",
    "low_confidence": "low confidence",
    "near_miss_unseparated": (
        "read as {found}, but the words do not firmly tell it from {other}, the ruling of "
        "one of this question's near misses"
    ),
    "weak_record": (
        "decided by the rule {rule}, whose gradings the labelled answers confirm too "
        "rarely to stand alone"
    ),
    "second_reading": (
        "read as {found}, but a second reading of how it is worded disagrees: check what the "
        "candidate meant"
    ),
    "infraction_left_to_the_story": (
        "not named, while the answer rules on the penalty: the question's story may settle it"
    ),
    "ambiguous_words": "read as {found} from words judges also use for {other}",
    "nothing_placed": "nothing read for any part, though the answer rules in words",
    "options_undoubted": (
        "options read as left open, but no word of the answer doubts them: they may be a "
        "player's choice"
    ),
}
"""Each reason's English text; a {name} stands for an id (or NOTHING_STATED), `options`
for ids joined by OPTIONS_SEPARATOR. A text says what is in doubt; none presents the key's
id as what the answer's words mean (the second reading is told the key)."""

FORMER_TEXTS: Final = {
    "second_reading": (
        "read as {found}, but answers worded like this one are mostly labelled {second}",
    ),
}
"""Texts older graders stored, read back to their code so that a page shows today's words
(the former second-reading text named the id it favoured, often the key's, as what the
words mean: UX walk 7, #18)."""


@dataclass(frozen=True, slots=True)
class ReadReason:
    """A review reason taken back to its parts: "remedy: read as rewind, ..." is part
    "remedy", code "weak_neighbour" and the ids it names."""

    part: str
    code: str
    values: dict[str, str]

    @property
    def ids(self) -> dict[str, str | list[str]]:
        """The values, `options` as its list of ids."""
        return {
            key: value.split(OPTIONS_SEPARATOR) if key == "options" else value
            for key, value in self.values.items()
        }


def reason_text(code: str, **values: str) -> str:
    """The English text of the reason `code`, with its ids filled in."""
    return REASON_TEXTS[code].format(**values)


def read_reason(reason: str) -> ReadReason | None:
    """The part, code and values of a review reason's text, or None for a text no reason
    of this grader has (one stored by an older grader, say)."""
    part, sep, text = reason.partition(": ")
    if not sep or part not in PARTS:
        return None
    for code, patterns in _patterns().items():
        for pattern in patterns:
            found = pattern.fullmatch(text)
            if found:
                return ReadReason(part, code, found.groupdict())
    return None


@lru_cache(maxsize=1)
def _patterns() -> dict[str, list[re.Pattern[str]]]:
    texts = [*REASON_TEXTS.items()]
    texts += [(code, text) for code, former in FORMER_TEXTS.items() for text in former]
    patterns: dict[str, list[re.Pattern[str]]] = {}
    for code, text in texts:
        pattern = re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(text)))
        patterns.setdefault(code, []).append(pattern)
    return patterns


NOT_THE_RULES: Final = frozenset({"weak_record"})
"""The calibration table's own flag: it never changes a part's calibration bucket."""


def ruled_parts(reasons: Iterable[str]) -> frozenset[str]:
    """The parts the rules and the second reading send to a mentor, by the reasons' texts."""
    out: set[str] = set()
    for reason in reasons:
        read = read_reason(reason)
        if read is None or read.code not in NOT_THE_RULES:
            out.add(reason.partition(":")[0])
    return frozenset(out)
