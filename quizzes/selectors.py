"""Reads that need care: joins chosen so pages make a fixed number of queries."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Any

from django.db.models import Prefetch
from django.utils import timezone

from judgetrain.accounts.models import User
from quizzes.models import Attempt, Certificate, ExamAssignment, TopicMastery


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
