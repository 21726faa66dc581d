"""Attempts built by hand on chosen questions, for the tests of the sealing rule
(``quizzes.access.sealed_question_ids``): staff who sit an exam, graded attempts whose review
policy has or has not released their keys."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django.utils import timezone

from judgetrain.accounts.models import User
from quizzes.bank.models.questions import Question
from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.review.models.review import Review
from tests.factories import BlueprintFactory, assignment

IN_PROGRESS = Attempt.Status.IN_PROGRESS
SUBMITTED = Attempt.Status.SUBMITTED
GRADED = Attempt.Status.GRADED


def graded_item(question: Question, *, feedback: str = "", needs_review: bool = False) -> dict:
    """A stored free-form grade of a right answer, with this feedback text."""
    parts = {
        name: {"expected": value, "found": value, "correct": True, "confidence": 0.9}
        for name, value in (
            ("infraction", question.key_infraction),
            ("penalty", question.key_penalty),
            ("remedy", question.key_remedy),
        )
    }
    return {
        "parts": parts,
        "score": 1.0,
        "confidence": 0.9,
        "needs_review": needs_review,
        "review_reasons": [],
        "feedback": feedback,
        "language": "en",
        "lexicon_version": "lex-1",
    }


def sitting(
    who: User,
    questions: list[Question],
    *,
    status: str = IN_PROGRESS,
    review_policy: str = "immediately",
    closes_in: timedelta = timedelta(days=7),
    feedback: str = "",
    flagged: bool = False,
    **blueprint: Any,
) -> Attempt:
    """``who``'s attempt on ``questions`` (in this order), in ``status``; graded ones have every
    answer right, with ``feedback`` in each grade, and ``flagged`` puts each in the review queue."""
    now = timezone.now()
    closes = now + closes_in
    exam = assignment(
        blueprint=BlueprintFactory(review_policy=review_policy, **blueprint),
        candidate=who,
        opens_at=min(now, closes) - timedelta(hours=2),
        closes_at=closes,
    )
    graded = status == GRADED
    attempt = Attempt.objects.create(
        assignment=exam,
        candidate=who,
        number=1,
        language="en",
        seed=4321,
        started_at=closes - timedelta(hours=1) if closes < now else now,
        deadline=min(closes, now + timedelta(minutes=30)) if closes > now else closes,
        status=status,
        closed_at=None if status == IN_PROGRESS else min(now, closes),
        closure="" if status == IN_PROGRESS else Attempt.Closure.SUBMITTED,
        score=1.0 if graded else None,
        passed=True if graded else None,
        graded_at=now if graded else None,
    )
    for position, question in enumerate(questions, start=1):
        item = AttemptItem.objects.create(
            attempt=attempt,
            position=position,
            question=question,
            response="Missed trigger, no penalty, the opponent chooses",
            score=1.0 if graded else None,
            grade=graded_item(question, feedback=feedback, needs_review=flagged)
            if graded
            else None,
            needs_review=flagged and graded,
        )
        if flagged and graded:
            Review.objects.create(item=item, candidate=who)
    return attempt


def answer_text(response: Any, *ids: int) -> str:
    """A response's body less what differs from one request to the next: CSRF tokens, and the
    ids the request named (echoed in its own URL, or in an error naming the id given)."""
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", response.content.decode())
    for pk in ids:
        text = re.sub(rf'(?<=[/"]){pk}(?=[/"?\\])', "ID", text)
    return text


def answered_alike(hidden: Any, hidden_id: int, unknown: Any, unknown_id: int) -> bool:
    """Whether a request naming a question the caller may not see was answered exactly as one
    naming an id with no question: same status, same body (the id aside)."""
    return (hidden.status_code, answer_text(hidden, hidden_id)) == (
        unknown.status_code,
        answer_text(unknown, unknown_id),
    )
