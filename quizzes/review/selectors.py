"""Reads of the review side: the review queue, appeals, key corrections and problem reports, as
mentors and the committee read them. Who sees which rows is each model's ``visible_to``; what a
list row or a page joins is each QuerySet's ``for_*`` set. The writes are in
``quizzes.review.services.review``, ``appeals`` and ``question_reports``."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q, QuerySet

from judgetrain.accounts.models import User, sees_everyone
from quizzes.access import sealed_question_ids
from quizzes.bank.models.questions import Question
from quizzes.bank.models.reports import QuestionReport
from quizzes.exams.models.exams import AttemptItem, ExamBlueprint
from quizzes.review.models.appeals import Appeal
from quizzes.review.models.review import AuditEntry, QuestionCorrection, Review, ReviewQuerySet

APPEAL = "appeal"
"""The queue's reason for a review whose exam answer the candidate appealed (waiting)."""

SOURCES = ("exam", "practice")
REASONS = (*Review.Cause.values, APPEAL)


@dataclass(frozen=True)
class QueueFilter:
    """What a mentor narrowed the queue to; an empty field does not narrow it."""

    source: str = ""
    exam: int | None = None
    candidate: int | None = None
    reason: str = ""

    def apply(self, reviews: ReviewQuerySet) -> ReviewQuerySet:
        if self.source == "exam":
            reviews = reviews.filter(item__isnull=False)
        elif self.source == "practice":
            reviews = reviews.filter(practice_answer__isnull=False)
        if self.exam is not None:
            reviews = reviews.filter(item__attempt__assignment__blueprint_id=self.exam)
        if self.candidate is not None:
            reviews = reviews.filter(candidate_id=self.candidate)
        if self.reason == APPEAL:
            reviews = reviews.filter(
                item__appeal__status__in=(Appeal.Status.OPEN, Appeal.Status.CONTESTED)
            )
        elif self.reason:
            reviews = reviews.filter(cause=self.reason)
        return reviews


# --- reviews -----------------------------------------------------------------------------


def review_queue(
    *, user: User, status: str = Review.Status.PENDING, narrow: QueueFilter | None = None
) -> QuerySet[Review]:
    """The reviews this user may decide, oldest first, with what a list row shows, narrowed
    to ``narrow`` (source, exam, candidate, reason) when given."""
    return (
        (narrow or QueueFilter())
        .apply(Review.objects.visible_to(user))
        .filter(status=status)
        .for_review_list()
        .order_by("created_at", "id")
    )


def reviews_decided(*, user: User, narrow: QueueFilter | None = None) -> QuerySet[Review]:
    """The reviews this user may see that someone decided, latest first (callers cut it)."""
    return (
        (narrow or QueueFilter())
        .apply(Review.objects.visible_to(user))
        .exclude(status=Review.Status.PENDING)
        .for_review_list()
        .order_by("-decided_at")
    )


def review_visible(*, user: User, review_id: int) -> Review | None:
    """One review the user may see, with what its page shows; None alike for an unknown id."""
    return Review.objects.visible_to(user).for_review_detail().filter(pk=review_id).first()


def review_queue_choices(*, user: User) -> dict[str, list[tuple[int, str]]]:
    """The exams and candidates a mentor can narrow the pending queue to: those with a
    review waiting (two queries, whatever the queue's size)."""
    pending = Review.objects.visible_to(user).pending()
    exams = (
        ExamBlueprint.objects.filter(
            pk__in=pending.filter(item__isnull=False).values(
                "item__attempt__assignment__blueprint_id"
            )
        )
        .only("pk", "name", "name_translations")
        .order_by("name")
    )
    candidates = User.objects.filter(pk__in=pending.values("candidate_id")).order_by(
        "first_name", "last_name", "email"
    )
    return {
        "exams": [(row.pk, str(row.display_name)) for row in exams],
        "candidates": [(row.pk, str(row)) for row in candidates],
    }


def review_next(*, user: User, after: Review, narrow: QueueFilter | None = None) -> Review | None:
    """The pending review that follows ``after`` in the same narrowed queue (oldest first),
    else the first one still waiting before it; None when the queue is done."""
    queue = review_queue(user=user, narrow=narrow).exclude(pk=after.pk)
    later = Q(created_at__gt=after.created_at) | Q(created_at=after.created_at, id__gt=after.pk)
    return queue.filter(later).first() or queue.first()


def with_review_waiting(items: QuerySet[AttemptItem]) -> QuerySet[AttemptItem]:
    """``items``, each with ``review_waiting``: whether a mentor's review of it is pending
    (the attempt's result is provisional until none is). No query of its own."""
    pending = Review.objects.filter(item=OuterRef("pk"), status=Review.Status.PENDING)
    return items.annotate(review_waiting=Exists(pending))


def review_audit(*, review: Review) -> list[AuditEntry]:
    """Every change to the reviewed answer, oldest first: the review's and the exam item's."""
    condition = Q(review=review)
    if review.item_id:
        condition |= Q(item_id=review.item_id)
    return list(
        AuditEntry.objects.filter(condition).select_related("actor", "item").order_by("created_at")
    )


def pending_counts(*, user: User) -> dict[str, int]:
    """For the dashboard: reviews and appeals waiting for this user; appeals contested to the
    committee apart, since they are listed on the committee's own page (walk 4, #4)."""
    appeals = Appeal.objects.visible_to(user)
    return {
        "reviews": Review.objects.visible_to(user).pending().count(),
        "appeals": appeals.filter(status="open").count(),
        "contested": appeals.filter(status="contested").count() if sees_everyone(user) else 0,
    }


# --- appeals and corrections -------------------------------------------------------------


def appeal_list(*, user: User, statuses: tuple[str, ...]) -> QuerySet[Appeal]:
    return (
        Appeal.objects.visible_to(user)
        .filter(status__in=statuses)
        .for_appeal_list()
        .prefetch_related("corrections")  # what the committee's key decision was (walk 7, #6)
        .order_by("created_at", "id")
    )


def appeal_visible(*, user: User, appeal_id: int) -> Appeal | None:
    """One appeal the user may see, with what its page shows; None alike for an unknown id."""
    return Appeal.objects.visible_to(user).for_appeal_detail().filter(pk=appeal_id).first()


def appeals_of(candidate: User) -> QuerySet[Appeal]:
    """The candidate's own appeals, newest first, with their exam (for "My appeals")."""
    return (
        Appeal.objects.of_candidate(candidate)
        .select_related("item__attempt__assignment__blueprint")
        .prefetch_related("corrections")  # what a key decision meant for the answer (#21)
        .order_by("-created_at", "-pk")
    )


def corrections_visible_to(user: User) -> QuerySet[QuestionCorrection]:
    """Key corrections, newest first, less those of a question sealed for the user."""
    return QuestionCorrection.objects.visible_to(user).for_list().order_by("-created_at")


# --- problem reports ---------------------------------------------------------------------


def reports_filed_by(user: User) -> QuerySet[QuestionReport]:
    """The reports ``user`` filed, newest first, each with ``sealed``: its question is in an
    exam of theirs whose keys are not released, so the committee's reason stays hidden."""
    sealed = sealed_question_ids(user)
    return (
        QuestionReport.objects.filed_by(user)
        .select_related("question")
        .annotate(sealed=Exists(Question.objects.filter(pk=OuterRef("question_id"), pk__in=sealed)))
        .order_by("-created_at", "-pk")
    )
