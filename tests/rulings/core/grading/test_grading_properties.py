"""Any text up to the limit either grades into scores in [0, 1] or raises GradingError."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulings.core.grading import MAX_ANSWER_CHARS, Expected, GradingError, grade_answer

EXPECTED = Expected("missed_trigger", "no_penalty", "simple_rewind")
WORDS = st.sampled_from(
    [
        "missed",
        "trigger",
        "warning",
        "no",
        "not",
        "penalty",
        "game",
        "loss",
        "?",
        ",",
        ".",
        "ou",
        "o",
        "or",
        "upgraded",
        "to",
        "if",
        "maybe",
        "TR",
        "702.2",
        "IPG 2.1",
        "<b>",
        "</b>",
        "**",
        "não",
        "sem",
        "sin",
        "advertência",
        "rewind",
        "w/",
        "->",
        "\n",
        "§",
        "İ",
        "ß",
        "\u0301",
        "&amp;",
        "[x](y)",
    ]
)
TEXTS = st.one_of(
    st.text(max_size=MAX_ANSWER_CHARS),
    st.lists(WORDS, max_size=400).map(" ".join),
)


@settings(max_examples=300, deadline=None)
@given(text=TEXTS, game=st.sampled_from(["riftbound", "mtg"]))
def test_any_text_grades_or_raises_grading_error(text: str, game: str) -> None:
    try:
        grade = grade_answer(text, EXPECTED, game=game)
    except GradingError:
        return
    assert 0.0 <= grade.score <= 1.0
    assert 0.0 <= grade.confidence <= 1.0
    for part in grade.parts.values():
        assert 0.0 <= part.confidence <= 1.0
        if part.evidence is not None:
            assert text[part.evidence.start : part.evidence.end] == part.evidence.text
    assert grade.feedback
