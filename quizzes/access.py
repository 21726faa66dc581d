"""Who may see what. Each check is one small function; a miss is a 404, never a hint."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils import timezone

from judgetrain.accounts.models import User
from quizzes.models import Attempt, AttemptItem, ExamAssignment, Question, ReviewPolicy

KEY_PERMISSION = "quizzes.view_question_key"


def access_assignment_by_id(user: User, assignment_id: int) -> ExamAssignment:
    assignment = (
        ExamAssignment.objects.select_related("blueprint")
        .filter(pk=assignment_id, candidate=user)
        .first()
    )
    if assignment is None:
        raise Http404("No such exam assignment.")
    return assignment


def access_attempt_by_id(user: User, attempt_id: int) -> Attempt:
    attempt = (
        Attempt.objects.select_related("assignment__blueprint")
        .filter(pk=attempt_id, candidate=user)
        .first()
    )
    if attempt is None:
        raise Http404("No such attempt.")
    return attempt


def access_item(attempt: Attempt, position: int) -> AttemptItem:
    item = attempt.items.select_related("question").filter(position=position).first()
    if item is None:
        raise Http404("No such question in this attempt.")
    item.attempt = attempt
    return item


def details_visible(attempt: Attempt, now: datetime | None = None) -> bool:
    """Whether the blueprint's review policy lets the candidate see keys and grades now."""
    if attempt.status != Attempt.Status.GRADED:
        return False
    policy = attempt.assignment.blueprint.review_policy
    if policy == ReviewPolicy.IMMEDIATELY:
        return True
    if policy == ReviewPolicy.AFTER_CLOSE:
        return (now or timezone.now()) >= attempt.assignment.closes_at
    return False


def exam_variants_hidden(user: User, now: datetime | None = None) -> bool:
    """Whether the user may be sitting an exam: an assignment not yet closed, or an attempt
    still in progress. Such a user sees no exam variant's key, whatever their roles."""
    moment = now or timezone.now()
    return (
        ExamAssignment.objects.filter(candidate=user)
        .filter(Q(closes_at__gt=moment) | Q(attempts__status=Attempt.Status.IN_PROGRESS))
        .exists()
    )


def keys_visible(user: User) -> bool:
    """Mentors and the committee see keys of the questions they may see."""
    return user.has_perm(KEY_PERMISSION)


def questions_visible(user: User, questions: QuerySet[Question]) -> QuerySet[Question]:
    """Exam variants only for key holders who are not sitting (or about to sit) an exam."""
    if keys_visible(user) and not exam_variants_hidden(user):
        return questions
    return questions.filter(for_exams=False)
