"""The one rule for keys (``quizzes.access`` re-exports it): while a user's attempt is in
progress, or its blueprint's review policy has not yet released its keys to them, nothing shows
that user the key, explanation or grading detail of a question in it, whatever other role they
hold. It sits with the models so that their QuerySets' ``visible_to`` can apply it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import Q, QuerySet
from django.utils import timezone

from quizzes.exams.models.exams import Attempt, AttemptItem, ReviewPolicy


def released(moment: datetime) -> Q:
    """Attempts whose keys their review policy has released to their candidate at ``moment``
    (``access.details_visible`` in SQL)."""
    policy = "assignment__blueprint__review_policy"
    return Q(status=Attempt.Status.GRADED) & (
        Q(**{policy: ReviewPolicy.IMMEDIATELY})
        | Q(**{policy: ReviewPolicy.AFTER_CLOSE}, assignment__closes_at__lte=moment)
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
