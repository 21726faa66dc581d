"""The grade an answer stands at now: the grader's, or a person's once a mentor or the committee
has reviewed it. One rule for exam answers and practice answers alike (walk 8, #17: a practice
answer a mentor had re-marked still led with the grader's score and a review "to come")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ObjectDoesNotExist

from quizzes.exams.models.exams import AttemptItem
from quizzes.practice.models import PracticeAnswer
from quizzes.review.models.review import Review


def decided_review(answer: AttemptItem | PracticeAnswer) -> Review | None:
    """The answer's review once a mentor or the committee decided it (None before, or with
    none). Load ``review`` with the answer to save a query."""
    try:
        review = answer.review
    except ObjectDoesNotExist:
        return None
    # A review whose grade the committee's regrade replaced (walk 11, #4) no longer counts.
    return None if review.status in (Review.Status.PENDING, Review.Status.REGRADED) else review


@dataclass(frozen=True)
class GradeNow:
    """``score``: what counts (None: withdrawn); ``grader_score``: the grader's reading;
    ``superseded``: a person's grade replaced the grader's; ``pending``: a review is still to
    come; ``review``: the decided review, if any."""

    score: float | None
    grader_score: float
    superseded: bool
    pending: bool
    review: Review | None

    @property
    def reviewed(self) -> bool:
        return self.review is not None or self.superseded

    def part_correct(self, name: str, graded: dict[str, Any]) -> bool:
        """A part's mark: the person's where they re-marked it, else the grader's."""
        decided = (self.review.parts or {}).get(name) if self.review is not None else None
        if isinstance(decided, dict) and decided.get("decision") == "overridden":
            return int(decided.get("percent") or 0) >= 100
        return bool(graded.get("correct"))


def grade_now(answer: AttemptItem | PracticeAnswer) -> GradeNow:
    """How ``answer`` stands: an exam answer by its override (a review or an appeal writes
    it), a practice answer by its decided review's score."""
    review = decided_review(answer)
    grader = float(answer.score or 0.0)
    try:
        pending = answer.review.status == Review.Status.PENDING
    except ObjectDoesNotExist:
        pending = False
    if isinstance(answer, AttemptItem):
        return GradeNow(
            score=answer.final_score,
            grader_score=grader,
            superseded=answer.override_score is not None,
            pending=pending,
            review=review,
        )
    person = review.score if review is not None else None
    return GradeNow(
        score=grader if person is None else person,
        grader_score=grader,
        # Changed only if it reads differently (walk 9, #5: an accepted reading of 2/3 is
        # stored as 0.67 by the grader and 0.666… by the review: not a change).
        superseded=person is not None and round(person * 100) != round(grader * 100),
        pending=pending,
        review=review,
    )
