"""Reads that need care: joins chosen so pages make a fixed number of queries."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Any

from django.db.models import Avg, Count, Prefetch, Q
from django.db.models.functions import Coalesce
from django.utils import timezone

from judgetrain.accounts.models import User
from quizzes.models import Attempt, AttemptItem, Certificate, ExamAssignment, TopicMastery


def assignments_by_status(
    user: User, now: datetime | None = None
) -> dict[str, list[ExamAssignment]]:
    """The user's assignments as {"open": [...], "upcoming": [...], "closed": [...]}."""
    now = now or timezone.now()
    grouped: dict[str, list[ExamAssignment]] = defaultdict(list)
    assignments = (
        ExamAssignment.objects.filter(candidate=user)
        .select_related("blueprint")
        .prefetch_related(Prefetch("attempts", queryset=Attempt.objects.order_by("number")))
    )
    for assignment in assignments:
        grouped[assignment.status(now)].append(assignment)
    return {status: grouped[status] for status in ("open", "upcoming", "closed")}


def dashboard_for(user: User) -> dict[str, Any]:
    masteries = list(
        TopicMastery.objects.filter(user=user).select_related("topic").order_by("topic__slug")
    )
    attempts = list(
        Attempt.objects.filter(candidate=user)
        .select_related("assignment__blueprint")
        .order_by("-started_at")[:20]
    )
    certificates = list(
        Certificate.objects.filter(candidate=user, revoked_at__isnull=True).select_related("level")
    )
    return {"masteries": masteries, "attempts": attempts, "certificates": certificates}


def committee_report(*, blueprint_id: int | None = None) -> dict[str, Any]:
    """Pass rate over graded attempts and each template's facility (the mean score of its
    answers, an override counting over the automatic grade), over graded answers only.

    Two aggregate queries, computed in the database whatever the number of answers."""
    attempts = Attempt.objects.filter(status=Attempt.Status.GRADED)
    if blueprint_id is not None:
        attempts = attempts.filter(assignment__blueprint_id=blueprint_id)
    totals = attempts.aggregate(attempts=Count("pk"), passed=Count("pk", filter=Q(passed=True)))
    items = AttemptItem.objects.filter(attempt__in=attempts)
    templates = (
        items.values("question__template_id")
        .annotate(answers=Count("pk"), facility=Avg(Coalesce("override_score", "score")))
        .order_by("question__template_id")
    )
    return {
        "attempts": totals["attempts"],
        "passed": totals["passed"],
        "pass_rate": totals["passed"] / totals["attempts"] if totals["attempts"] else None,
        "templates": [
            {
                "template_id": row["question__template_id"],
                "answers": row["answers"],
                "facility": row["facility"],
            }
            for row in templates
        ],
    }
