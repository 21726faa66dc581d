"""Who may see what. Each check is one small function; a miss is a 404, never a hint.

The one rule for keys (``sealed_question_ids``): while a user's attempt is in progress, or its
blueprint's review policy has not yet released its keys to them, nothing shows that user the
key, explanation or grading detail of a question in it, whatever other role they hold. Every
read of questions, keys, reviews, appeals, corrections, reports, exports and admin rows
excludes those questions (``questions_visible`` and the models' ``visible_to`` use it). The rule
is defined in ``quizzes.exams.models.sealing``, beside the QuerySets that apply it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import BooleanField, ExpressionWrapper, Q, QuerySet
from django.http import Http404
from django.utils import timezone

from judgetrain.accounts.models import User
from quizzes.bank.models.questions import Question
from quizzes.exams.models.exams import Attempt, AttemptItem, ExamAssignment, ReviewPolicy
from quizzes.exams.models.sealing import sealed_question_ids
from quizzes.workbench.models import WorkbenchStory

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
    """Whether the blueprint's review policy lets the candidate see keys and grades now
    (the same condition as ``sealing.released``, for one attempt already loaded)."""
    if attempt.status != Attempt.Status.GRADED:
        return False
    policy = attempt.assignment.blueprint.review_policy
    if policy == ReviewPolicy.IMMEDIATELY:
        return True
    if policy == ReviewPolicy.AFTER_CLOSE:
        return (now or timezone.now()) >= attempt.assignment.closes_at
    return False


def with_sealed_flag(items: QuerySet[AttemptItem], user: User) -> QuerySet[AttemptItem]:
    """``items``, each with ``sealed``: whether its question is sealed for ``user`` (say, the
    same question in another of their attempts, still in progress). No query of its own."""
    sealed = Q(question_id__in=sealed_question_ids(user))
    return items.annotate(sealed=ExpressionWrapper(sealed, output_field=BooleanField()))


def question_sealed(user: User, question_id: int) -> bool:
    """Whether one question is sealed for ``user`` (one query)."""
    return Question.objects.filter(pk=question_id, pk__in=sealed_question_ids(user)).exists()


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
    """The bank as ``user`` may browse it: never a question sealed for them; exam variants
    only for key holders who are not sitting (or about to sit) an exam."""
    questions = questions.exclude(pk__in=sealed_question_ids(user))
    if keys_visible(user) and not exam_variants_hidden(user):
        return questions
    if not keys_visible(user):  # another cohort's workbench story, a proposal not accepted
        questions = questions.exclude(pk__in=workbench_hidden_ids(user))
    return questions.filter(for_exams=False)


def workbench_hidden_ids(user: User) -> QuerySet[Any]:
    """The workbench questions ``user`` may not practise or browse (a subquery)."""
    return WorkbenchStory.objects.hidden_from(user).values("question_id")
