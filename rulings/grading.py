"""The grader's public facade: what Django code may use to grade free-form answers.

Django code (``quizzes``, ``judgetrain``, the ``rulings`` adapters) imports the grader from
here, never from ``rulings.core.grading`` (import-linter holds it). A name belongs here when a
caller outside the engine needs it; the grader's internals stay free to move.

from rulings.grading import Expected, grade_answer
grade = grade_answer(answer, Expected(...), lang="en")
"""

from rulings.core.grading import (
    LANGUAGES,
    MAX_ANSWER_CHARS,
    PARTS,
    Expected,
    Grade,
    GradingError,
    PartGrade,
    grade_answer,
    lexicon_version,
    ruling_ids,
    warm_up,
)
from rulings.core.grading.feedback import render_feedback, review_sentence
from rulings.core.grading.grader import DOUBTS
from rulings.core.grading.lexicon import load_lexicon
from rulings.core.grading.reasons import NOTHING_STATED, read_reason

DOUBT_NAMES: tuple[str, ...] = tuple(DOUBTS)
"""The named doubts a part may be read with (`PartGrade.doubt`), in the order they are tried."""

__all__ = [
    "DOUBT_NAMES",
    "LANGUAGES",
    "MAX_ANSWER_CHARS",
    "NOTHING_STATED",
    "PARTS",
    "Expected",
    "Grade",
    "GradingError",
    "PartGrade",
    "grade_answer",
    "lexicon_version",
    "load_lexicon",
    "read_reason",
    "render_feedback",
    "review_sentence",
    "ruling_ids",
    "warm_up",
]
