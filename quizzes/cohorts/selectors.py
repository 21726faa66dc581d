"""Reads of cohorts from the mentor's side: who a user may see (``Cohort.objects.visible_to``
and ``User.objects.mentored_by``), progress and the heatmap, invitations not yet accepted. The
writes (invitations, membership) are in ``quizzes.cohorts.services``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Count, QuerySet
from django.utils import timezone

from judgetrain.accounts.models import Cohort, User, sees_everyone
from quizzes.exams.models.exams import Attempt
from quizzes.practice.models import TopicMastery
from quizzes.review.models.review import Invitation, Review


def candidates_visible_to(user: User) -> QuerySet[User]:
    """The members of the cohorts the user may see (a mentor's own; the committee's all)."""
    members = User.objects.filter(cohorts__in=Cohort.objects.visible_to(user)).distinct()
    return members.order_by("first_name", "last_name", "email")


def candidate_visible(user: User, candidate_id: int) -> bool:
    """Mentors see their own cohorts' candidates; the committee sees everyone."""
    if sees_everyone(user):
        return True
    return User.objects.mentored_by(user).filter(pk=candidate_id).exists()


# --- progress ----------------------------------------------------------------------------


@dataclass
class CandidateProgress:
    candidate: User
    masteries: dict[str, TopicMastery] = field(default_factory=dict)
    cells: list[TopicMastery | None] = field(default_factory=list)
    due: int = 0
    attempts: int = 0
    best_score: float | None = None
    last_score: float | None = None
    passed: int = 0
    pending_reviews: int = 0


def mastery_band(value: float) -> str:
    """The heatmap's colour class; the cell always shows the number too."""
    if value >= 0.8:
        return "high"
    if value >= 0.5:
        return "mid"
    return "low"


def cohort_progress(*, cohort: Cohort, now: datetime | None = None) -> dict[str, Any]:
    """Mastery by topic per candidate, attempts, scores and due reviews, in four queries."""
    now = now or timezone.now()
    candidates = list(cohort.candidates.order_by("last_name", "first_name", "email"))
    rows = {candidate.pk: CandidateProgress(candidate=candidate) for candidate in candidates}
    masteries = TopicMastery.objects.filter(user__in=rows).select_related("topic")
    topics: set[str] = set()
    for mastery in masteries:
        row = rows[mastery.user_id]
        row.masteries[mastery.topic.slug] = mastery
        topics.add(mastery.topic.slug)
        if mastery.due_at is not None and mastery.due_at <= now:
            row.due += 1
    attempts = (
        Attempt.objects.filter(candidate__in=rows, status=Attempt.Status.GRADED)
        .only("candidate_id", "score", "passed", "graded_at")
        .order_by("graded_at")
    )
    for attempt in attempts:
        row = rows[attempt.candidate_id]
        row.attempts += 1
        row.last_score = attempt.score
        row.passed += int(bool(attempt.passed))
        if attempt.score is not None:
            row.best_score = max(row.best_score or 0.0, attempt.score)
    pending = (
        Review.objects.filter(candidate__in=rows, status=Review.Status.PENDING)
        .values("candidate_id")
        .annotate(n=Count("id"))
    )
    for entry in pending:
        rows[entry["candidate_id"]].pending_reviews = entry["n"]
    ordered = sorted(topics)
    for row in rows.values():
        row.cells = [row.masteries.get(slug) for slug in ordered]
    return {"topics": ordered, "rows": list(rows.values())}


MAX_COLUMNS = 8
"""Candidates shown side by side in the heatmap; a larger cohort is read one candidate at a
time (a table 8 candidates wide still fits a laptop; 60 did not)."""

CANDIDATE_ORDERS = ("name", "due", "attempts", "last", "best", "reviews")
TOPIC_ORDERS = ("name", "weakest", "strongest")


@dataclass
class TopicRow:
    """One topic of the heatmap: its name, a cell per candidate shown, and their mean."""

    slug: str
    name: str
    cells: list[tuple[User, TopicMastery | None]]  # per candidate shown
    mean: float | None


def _candidate_key(order: str) -> Any:
    if order == "name":
        return lambda row: (str(row.candidate).casefold(), row.candidate.pk)
    field_name = {
        "due": "due",
        "attempts": "attempts",
        "last": "last_score",
        "best": "best_score",
        "reviews": "pending_reviews",
    }[order]
    # Most first (most due, highest score); nothing yet goes last.
    return lambda row: (
        getattr(row, field_name) is None,
        -(getattr(row, field_name) or 0),
        str(row.candidate).casefold(),
    )


def _heatmap_columns(
    rows: list[Any], by_name: list[Any], candidate_id: int | None
) -> tuple[list[Any], Any, bool]:
    """(columns, focus, one at a time): every candidate by name when at most
    ``MAX_COLUMNS``, else the one chosen (``candidate_id``, the first by name by default)."""
    focus = next((row for row in rows if row.candidate.pk == candidate_id), None)
    one_at_a_time = len(rows) > MAX_COLUMNS
    if one_at_a_time and focus is None and by_name:
        focus = by_name[0]
    columns = [focus] if focus is not None else by_name
    return columns, focus, one_at_a_time


def _topic_row(slug: str, name: str, columns: list[Any]) -> TopicRow:
    cells = [(column.candidate, column.masteries.get(slug)) for column in columns]
    # The candidate's Home shows no percentage before enough answers; nor does the mean.
    values = [cell.mastery for _who, cell in cells if cell is not None and cell.enough_answers]
    mean = sum(values) / len(values) if values else None
    return TopicRow(slug=slug, name=name, cells=cells, mean=mean)


def _weakest_first(topic: TopicRow) -> tuple[bool, float]:
    return (topic.mean is None, topic.mean if topic.mean is not None else 0)


def _strongest_first(topic: TopicRow) -> tuple[bool, float]:
    return (topic.mean is None, -topic.mean if topic.mean is not None else 0)


# How the heatmap's topics are sorted after by name (a stable sort keeps names in order
# within a tie; topics with no mean go last).
TOPIC_SORTS: dict[str, Callable[[TopicRow], tuple[bool, float]]] = {
    "weakest": _weakest_first,
    "strongest": _strongest_first,
}


def cohort_heatmap(
    *,
    progress: dict[str, Any],
    topic_name: Any,
    order: str = "name",
    topic_order: str = "name",
    candidate_id: int | None = None,
) -> dict[str, Any]:
    """The cohort page's two views of ``cohort_progress`` (no query): the candidates sorted
    by ``order``, and the heatmap with topics as rows sorted by ``topic_order`` (name, or by
    mean mastery) and candidates as columns, all of them when at most ``MAX_COLUMNS``, else
    the one chosen (``candidate_id``, the first by default)."""
    order = order if order in CANDIDATE_ORDERS else "name"
    topic_order = topic_order if topic_order in TOPIC_ORDERS else "name"
    rows = sorted(progress["rows"], key=_candidate_key(order))
    by_name = sorted(rows, key=_candidate_key("name"))
    columns, focus, one_at_a_time = _heatmap_columns(rows, by_name, candidate_id)
    topics = [_topic_row(slug, str(topic_name(slug)), columns) for slug in progress["topics"]]
    topics.sort(key=lambda topic: topic.name.casefold())
    if topic_order in TOPIC_SORTS:
        topics.sort(key=TOPIC_SORTS[topic_order])
    return {
        "rows": rows,
        "order": order,
        "topic_order": topic_order,
        "columns": columns,
        "focus": focus,
        "one_at_a_time": one_at_a_time,
        "choices": by_name,
        "topics": topics,
    }


def cohorts_overview(*, user: User) -> list[Cohort]:
    """The user's cohorts with candidate and pending-review counts (two queries)."""
    cohorts: list[Cohort] = list(
        Cohort.objects.visible_to(user)
        .with_mentor()
        .annotate(candidate_count=Count("candidates", distinct=True))
        .order_by("name")
    )
    pending = dict(
        Review.objects.filter(status=Review.Status.PENDING, candidate__cohorts__in=cohorts)
        .values_list("candidate__cohorts")
        .annotate(n=Count("id", distinct=True))
        .values_list("candidate__cohorts", "n")
    )
    for cohort in cohorts:
        cohort.pending_reviews = pending.get(cohort.pk, 0)  # type: ignore[attr-defined]
    return cohorts


def invitations_pending(*, cohort: Cohort) -> QuerySet[Invitation]:
    return cohort.invitations.filter(accepted_at__isnull=True).order_by("-created_at")


def invitation_has_account(invitation: Invitation) -> bool:
    """For the invitation's page, shown only to whoever holds the link (sent to that
    address): log in to accept, or create the account there."""
    return User.objects.filter(email=invitation.email).exists()
