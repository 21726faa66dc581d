"""An attempt's score from its items: shared by grading (exams), reviews and appeals, below
all three so that none imports another for it."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from quizzes.exams.models.exams import Attempt, AttemptItem


def attempt_rescore(
    *, attempt: Attempt, items: list[AttemptItem] | None = None, now: datetime | None = None
) -> None:
    """Recompute the attempt's score from its items (after grading or a mentor's override)."""
    items = items if items is not None else list(attempt.items.all())
    scores = [item.final_score or 0.0 for item in items if not item.withdrawn]
    attempt.score = sum(scores) / len(scores) if scores else 0.0
    attempt.passed = attempt.score >= attempt.assignment.blueprint.pass_score
    attempt.status = Attempt.Status.GRADED
    attempt.graded_at = now or timezone.now()
    attempt.save(update_fields=["score", "passed", "status", "graded_at"])
