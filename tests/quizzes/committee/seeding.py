"""Graded attempts built by hand, so reports have answers known in advance."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from quizzes.bank.models.questions import Question
from quizzes.exams.models.exams import Attempt, AttemptItem, ExamBlueprint
from tests.factories import assignment, question


def free_form_grade(found: dict[str, str | None], q: Question) -> dict[str, Any]:
    expected = {"infraction": q.key_infraction, "penalty": q.key_penalty, "remedy": q.key_remedy}
    parts: dict[str, dict[str, Any]] = {
        part: {
            "expected": expected[part],
            "found": found[part],
            "correct": found[part] == expected[part],
        }
        for part in expected
    }
    score = sum(bool(p["correct"]) for p in parts.values()) / 3
    return {"parts": parts, "score": score, "needs_review": False, "lexicon_version": "lex-1"}


def graded_attempt(
    candidate: Any,
    blueprint: ExamBlueprint,
    scores: list[float],
    questions: list[Question] | None = None,
    *,
    language: str = "en",
    when: Any = None,
) -> Attempt:
    """An attempt graded with these item scores (on these questions, or fresh ones)."""
    questions = questions or [question() for _ in scores]
    exam = assignment(blueprint=blueprint, candidate=candidate, max_attempts=5)
    total = sum(scores) / len(scores)
    when = when or timezone.now()
    attempt = Attempt.objects.create(
        assignment=exam,
        candidate=candidate,
        number=1,
        language=language,
        seed=1234,
        deadline=when,
        status=Attempt.Status.GRADED,
        closed_at=when,
        score=total,
        passed=total >= blueprint.pass_score,
        graded_at=when,
    )
    for position, (q, score) in enumerate(zip(questions, scores, strict=True), start=1):
        AttemptItem.objects.create(
            attempt=attempt,
            position=position,
            question=q,
            response="an answer",
            score=score,
            grade={"score": score, "parts": {}, "lexicon_version": "lex-1"},
        )
    return attempt
