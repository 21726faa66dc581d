"""Reads that need care: joins chosen so pages make a fixed number of queries."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Any

from django.db import connection
from django.db.models import Count, Prefetch, Q, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone

from judgetrain.accounts.models import User
from quizzes import access
from quizzes.access import sealed_question_ids
from quizzes.bank.models.questions import Question
from quizzes.bank.models.reports import WithdrawnTemplate
from quizzes.exams.models.exams import Attempt, AttemptItem, ExamAssignment, VariantJob
from quizzes.practice.models import PracticeAnswer

MENTOR = "accounts.mentor_candidates"

# Columns of a question a candidate sitting an exam never sees (its key among them): the
# exam page and the exam API do not even read them from the database.
KEY_COLUMNS = ("situation", "ruling", "key_detail", "explanation")


def items_without_keys(items: QuerySet[AttemptItem]) -> QuerySet[AttemptItem]:
    """``items`` with their questions joined, less the key columns."""
    return items.select_related("question").defer(*(f"question__{name}" for name in KEY_COLUMNS))


def assignments_by_status(
    user: User, now: datetime | None = None
) -> dict[str, list[ExamAssignment]]:
    """The user's assignments as {"open": [...], "upcoming": [...], "closed": [...]}."""
    now = now or timezone.now()
    grouped: dict[str, list[ExamAssignment]] = defaultdict(list)
    assignments = (
        ExamAssignment.objects.filter(candidate=user)
        .select_related("blueprint")
        .prefetch_related(
            Prefetch("attempts", queryset=Attempt.objects.with_review_waiting().order_by("number"))
        )
    )
    for assignment in assignments:
        grouped[assignment.status(now)].append(assignment)
    return {status: grouped[status] for status in ("open", "upcoming", "closed")}


def committee_report(
    *, blueprint_id: int | None = None, viewer: User | None = None
) -> dict[str, Any]:
    """Pass rate over graded attempts and each template's facility (the mean score of its
    answers, an override counting over the automatic grade), over graded answers only; less,
    in the facilities, answers to a question sealed for ``viewer``.

    Two aggregate queries, computed in the database whatever the number of answers. Answers
    are summed per question before meeting the (wide) question table, so the join sees one
    row per question, not one per answer."""
    attempts = Attempt.objects.filter(status=Attempt.Status.GRADED)
    if blueprint_id is not None:
        attempts = attempts.filter(assignment__blueprint_id=blueprint_id)
    totals = attempts.aggregate(attempts=Count("pk"), passed=Count("pk", filter=Q(passed=True)))
    items = AttemptItem.objects.filter(attempt__in=attempts)
    if viewer is not None:
        items = items.exclude(question_id__in=sealed_question_ids(viewer))
    per_question = (
        items.values("question_id")
        .annotate(
            answers=Count("pk"),
            scored=Count(Coalesce("override_score", "score")),
            total=Sum(Coalesce("override_score", "score")),
        )
        .order_by()
    )
    inner, params = per_question.query.sql_with_params()
    sql = f"""
        SELECT question.template_id, SUM(per.answers), SUM(per.total) / NULLIF(SUM(per.scored), 0)
          FROM ({inner}) AS per
          JOIN {Question._meta.db_table} AS question ON question.id = per.question_id
         GROUP BY question.template_id
         ORDER BY question.template_id
    """  # the inner query is the ORM's own; its parameters are passed separately
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return {
        "attempts": totals["attempts"],
        "passed": totals["passed"],
        "pass_rate": totals["passed"] / totals["attempts"] if totals["attempts"] else None,
        "templates": [
            {"template_id": template, "answers": int(answers), "facility": facility}
            for template, answers, facility in rows
        ],
    }


def variant_jobs_visible_to(user: User) -> QuerySet[VariantJob]:
    """The pre-generation jobs ``user`` may see (``VariantJob.objects.visible_to``), newest
    first, with their exam and author."""
    return VariantJob.objects.visible_to(user).with_blueprint().order_by("-created_at", "-pk")


# --- the bank as it may be served and reported ------------------------------------------


def servable(questions: QuerySet[Question]) -> QuerySet[Question]:
    """Only questions neither withdrawn themselves nor made from a withdrawn template."""
    withdrawn = WithdrawnTemplate.objects.values("template_id")
    return questions.filter(withdrawn_at__isnull=True).exclude(template_id__in=withdrawn)


def is_withdrawn(question: Question) -> bool:
    if question.withdrawn_at is not None:
        return True
    return WithdrawnTemplate.objects.filter(template_id=question.template_id).exists()


def withdrawn_template_ids() -> set[str]:
    return set(WithdrawnTemplate.objects.values_list("template_id", flat=True))


def question_reportable(*, user: User, pk: int) -> Question | None:
    """The question ``pk`` if ``user`` may report it, else None, alike for an id with no
    question: mentors and the committee report a question of the bank as they may browse it
    (``access.questions_visible``), anyone one they answered; never one sealed for them."""
    if user.has_perm(MENTOR):
        found = access.questions_visible(user, Question.objects.filter(pk=pk)).first()
        if found is not None:
            return found
    found = Question.objects.filter(pk=pk).exclude(pk__in=access.sealed_question_ids(user)).first()
    if found is None:
        return None
    if PracticeAnswer.objects.filter(user=user, question=found).exists():
        return found
    served = AttemptItem.objects.exclude(attempt__status=Attempt.Status.READY)  # never shown
    if served.filter(attempt__candidate=user, question=found).exists():
        return found
    return None
