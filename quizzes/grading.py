"""Grading answers to bank questions: the one path exam, practice and API grading share."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from quizzes.models import Question
from rulings.core.grading import Expected, Grade, grade_answer


def citations_from_ruling(ruling: Mapping[str, Any]) -> dict[str, str]:
    """The section the engine cited for each part of its ruling."""
    citations: dict[str, str] = {}
    for step in ruling.get("explanation", ()):
        if step.get("statement") == ruling.get("infraction_statement"):
            citations["infraction"] = step["citation"]
    if ruling.get("penalty", {}).get("steps"):
        citations["penalty"] = ruling["penalty"]["steps"][-1]["citation"]
    if ruling.get("remedy"):
        citations["remedy"] = ruling["remedy"][0]["citation"]
    return citations


def expected_for_question(question: Question) -> Expected:
    return Expected(
        infraction=question.key_infraction,
        penalty=question.key_penalty,
        remedy=question.key_remedy,
        citations=citations_from_ruling(question.ruling),
    )


def grade_for_question(question: Question, answer: str, *, lang: str | None = None) -> Grade:
    """Grade a free-form answer against the question's engine key (GradingError if unusable)."""
    return grade_answer(answer, expected_for_question(question), game=question.game, lang=lang)


def grade_as_dict(grade: Grade) -> dict[str, Any]:
    """The CLI contract's fields plus what a person reviewing the grade needs."""
    return {
        "parts": {
            name: {
                "expected": part.expected,
                "found": part.found,
                "correct": part.correct,
                "confidence": part.confidence,
                "evidence": None
                if part.evidence is None
                else {
                    "start": part.evidence.start,
                    "end": part.evidence.end,
                    "text": part.evidence.text,
                },
            }
            for name, part in grade.parts.items()
        },
        "score": grade.score,
        "confidence": grade.confidence,
        "needs_review": grade.needs_review,
        "review_reasons": list(grade.review_reasons),
        "feedback": grade.feedback,
        "language": grade.language,
        "lexicon_version": grade.lexicon_version,
    }
