"""The one rule for keys (``quizzes.access`` re-exports it): while a user's attempt is in
progress, or its blueprint's review policy has not yet released its keys to them, nothing shows
that user the key, explanation or grading detail of a question in it, whatever other role they
hold. It sits with the models so that their QuerySets' ``visible_to`` can apply it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from quizzes.exams.models.exams import Attempt, AttemptItem, ExamAssignment, ReviewPolicy


def sitting_open(moment: datetime) -> Q:
    """Attempts whose sitting still runs at ``moment``: the assignments made together (one
    ``variant_job``; an assignment without one is its own sitting) while one of them has not
    yet closed (nor been cancelled), or one of their attempts is still in progress with its
    deadline ahead (an extended or protected attempt can outlast the others' close)."""
    # A null job compares unequal in SQL: a job-less assignment matches only itself.
    job = OuterRef("assignment__variant_job_id")
    still_open = ExamAssignment.objects.filter(
        Q(pk=OuterRef("assignment_id")) | Q(variant_job_id=job),
        closes_at__gt=moment,
        cancelled_at__isnull=True,
    )
    running = Attempt.objects.filter(
        Q(assignment_id=OuterRef("assignment_id")) | Q(assignment__variant_job_id=job),
        status=Attempt.Status.IN_PROGRESS,
        deadline__gt=moment,
    )
    return Q(Exists(still_open)) | Q(Exists(running))


def released(moment: datetime) -> Q:
    """Attempts whose keys their review policy has released to their candidate at ``moment``
    (``access.details_visible`` in SQL). "After the exam closes for everyone" waits for the
    whole sitting (``sitting_open``): every assignment of it closed and no attempt of it
    still running, so no candidate sees keys another is still answering."""
    policy = "assignment__blueprint__review_policy"
    return Q(status=Attempt.Status.GRADED) & (
        Q(**{policy: ReviewPolicy.IMMEDIATELY})
        | (Q(**{policy: ReviewPolicy.AFTER_CLOSE}) & ~sitting_open(moment))
    )


def sealed_question_ids(
    user: AbstractBaseUser | AnonymousUser, now: datetime | None = None
) -> QuerySet[Any, int]:
    """The ids of the questions whose key, explanation and grading detail ``user`` may not see
    now, whatever their roles: those of each of their attempts whose review policy has not
    released its keys to them (in progress, submitted, graded before release, or never
    released), and those of the variants pre-generated for their assignments not yet closed.

    A lazy subquery: ``.exclude(question_id__in=sealed_question_ids(user))`` adds a condition
    to the caller's query, not a query of its own; iterated, it gives the ids."""
    if not user.is_authenticated:
        return AttemptItem.objects.none().values_list("question_id", flat=True)
    moment = now or timezone.now()
    attempts = Attempt.objects.filter(assignment__candidate=user).exclude(released(moment))
    # The attempts prepared ahead of time (pre-generated variants) of assignments not closed.
    prepared = Attempt.all_objects.filter(
        assignment__candidate=user,
        status=Attempt.Status.READY,
        assignment__closes_at__gt=moment,
    )
    in_attempts = AttemptItem.objects.filter(attempt__in=attempts.values("pk"))
    in_variants = AttemptItem.objects.filter(attempt__in=prepared.values("pk"))
    return (
        in_attempts.values_list("question_id", flat=True)
        .order_by()
        .union(in_variants.values_list("question_id", flat=True).order_by())
    )
