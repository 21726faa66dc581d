"""The grader reads a free-form answer in time linear in its length, up to MAX_ANSWER_CHARS:
practice answers (page and API), an exam's answers when its attempt is graded, and
``POST /api/v1/grading/grade`` all go through ``grade_answer``.

These are timing tests on purpose: issue 25 asks that no parser or validator of request input
take superlinear time, measured as the ratio of two sizes in one run (see
``tests/security/timing.py``). Hypothesis builds answers from the grader's own tokens: question
marks, arrows, slashes ("W/NP", "w/o"), citations, markup, cue words (negations, hedges,
conditions, conclusions), terms, names and colons, repeated words, misspellings, long words,
runs of punctuation or whitespace, alone or with filler between them.

What the grader was found doing (issue 25): a tail of punctuation after the last word was
searched for a word from every position (a 5,000-character answer ending in ". . ." took 1 s
to split into words); "tr" before a long run of spaces retried every split of the run; a long
word was looked up with every one of its deletions; and reading weighed every term against
every cue, and every such pair against every cue again (a run of "warning maybe " took 2.5 s).
The first three are linear now; the reading's pairs are bounded by refusing an answer with
more than MAX_TERMS terms or MAX_CUES cue words (GradingError: a 400 in practice, a mentor's
review in an exam), far above any answer of the labelled sets.
"""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from rulings.core.grading import (
    MAX_ANSWER_CHARS,
    MAX_CUES,
    MAX_TERMS,
    Expected,
    GradingError,
    grade_answer,
    matcher,
)
from tests.security.timing import assert_linear

TIMED = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow],
)
SIZE = MAX_ANSWER_CHARS // 8 - 25
"""The larger answer is 8 times as long and still within MAX_ANSWER_CHARS."""
START = "Missed trigger, warning. "

TOKENS = (
    "?",
    "? no ",
    "->",
    "→",
    "=>",
    "/",
    "w/",
    "w/o ",
    "W/NP ",
    "n/a ",
    "1.",
    "702.2.c ",
    "tr ",
    "tr    ",
    "§ 5.1 ",
    "ipg 2.1 ",
    "<a ",
    "<br>",
    "&amp;",
    "&#",
    "[a](",
    "[x](y) ",
    "`",
    "-se ",
    "-",
    "\n",
    ", ",
    ". ",
    "...",
    "¿",
    "¡",
    "é",
    "'",
    "don't ",
    '"',
    "(",
    ")",
    ": ",
    " ",
    "maybe ",
    "not sure. ",
    "not ",
    "no ",
    "if ",
    "but ",
    "so ",
    "because ",
    "otherwise ",
    "either ",
    "or ",
    "with ",
    "would be ",
    "previous ",
    "upgraded to ",
    "warning ",
    "game loss ",
    "missed trigger ",
    "no penalty ",
    "penalty: none ",
    "the fix is ",
    "backup ",
    "resolve now ",
    "Ana: ",
    "for Ana ",
    "e ",
    "nao e ",
    "advertência ",
    "amonestación ",
    "warnnig ",
    "trigerr ",
    "x ",
    "abcdefghijklmnopqrstuvwxyz",
)
FILLER = ("", "x ", "the player ", ". ", ", ", "y\n", "  ")
UNIT = st.builds(
    lambda parts, filler, spread: "".join(parts) + filler * spread,
    st.lists(st.sampled_from(TOKENS), min_size=1, max_size=3),
    st.sampled_from(FILLER),
    st.sampled_from((0, 5, 20, 60)),
)
EXPECTED = Expected(
    infraction="missed_trigger", penalty="warning", remedy="opponent_chooses_resolve_or_skip"
)


def _grade(answer: str) -> None:
    """Grade as the first time: typo corrections are cached per word, and an attacker sends
    new words each time (the timing keeps the fastest of a few runs of the same answer)."""
    matcher._corrected.cache_clear()
    with contextlib.suppress(GradingError):
        grade_answer(answer, EXPECTED, game="riftbound")


def _answer(unit: str):
    def make(size: int) -> str:
        return (START + unit * max(1, size // len(unit)))[:MAX_ANSWER_CHARS]

    return make


@TIMED
@given(unit=UNIT)
@example(unit="warning maybe ")  # every term against every cue, and again: 2.5 s
@example(unit=". ")  # a tail of punctuation: 1 s to split into words
@example(unit="warning maybe " + "x " * 40)  # as many terms and cues as may be read
@example(unit="abcdefghij")  # one long word
def test_an_answer_is_graded_in_linear_time(unit):
    assert_linear(_grade, _answer(unit), SIZE, label=repr(unit))


@pytest.mark.parametrize(
    "tail",
    [". ", " ", "\n", "?"],
)
def test_a_tail_of_punctuation_or_spaces_is_linear(tail):
    assert_linear(_grade, _answer(tail), SIZE, label=repr(tail))


def test_a_citation_word_before_a_run_of_spaces_is_linear():
    assert_linear(_grade, lambda size: "1. tr" + " " * size + "x", SIZE)


def test_one_long_word_is_linear():
    assert_linear(_grade, _answer("abcdefghij"), SIZE)


def test_an_answer_with_too_many_terms_is_refused_with_the_reason():
    answer = "warning maybe " * (MAX_TERMS + 1)

    with pytest.raises(GradingError, match=f"at most {MAX_TERMS} terms and {MAX_CUES} cue"):
        grade_answer(answer, EXPECTED, game="riftbound")


def test_an_answer_with_as_many_terms_and_cues_as_allowed_is_graded():
    answer = "warning maybe " * MAX_TERMS

    grade = grade_answer(answer, EXPECTED, game="riftbound")

    assert grade.parts["penalty"].found == "warning"


def test_an_answer_with_too_many_cue_words_is_refused_with_the_reason():
    answer = "Warning, " + "maybe " * (MAX_CUES + 1)

    with pytest.raises(GradingError, match="cue words"):
        grade_answer(answer, EXPECTED, game="riftbound", lang="en")
