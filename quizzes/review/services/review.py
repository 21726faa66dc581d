"""The review queue's writes: gradings the grader flagged, decided part by part by a person.

Every flagged grading (an exam answer or a practice answer) gets a ``Review`` row, visible to
the candidate's mentor and to the committee (``Review.objects.visible_to``; the queue's reads
are in ``quizzes.review.selectors``). A decision accepts or overrides each part with a reason;
the change is written to the audit log and an exam answer's score is recomputed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from judgetrain.accounts.models import User, sees_everyone
from judgetrain.errors import ApplicationError
from quizzes.bank.models.questions import QuestionKind
from quizzes.exams.models.exams import Attempt, AttemptItem, ExamBlueprint, WrittenReview
from quizzes.exams.services.scoring import attempt_rescore
from quizzes.parts import REVIEWED_PART_NAMES, WHOLE_ANSWER
from quizzes.practice.models import PracticeAnswer
from quizzes.review.models.review import AuditEntry, Notification, Review, ReviewerRole


class ReviewError(ApplicationError):
    """A decision the queue refuses; the message is for the person deciding."""

    code = "invalid_decision"


@dataclass(frozen=True)
class PartDecision:
    override: bool
    percent: int | None = None
    reason: str = ""


def reviewer_role(user: User) -> str:
    """Committee members act as the committee; everyone else who reviews, as a mentor."""
    if sees_everyone(user):
        return ReviewerRole.COMMITTEE
    return ReviewerRole.MENTOR


def reviews_accept_bulk(*, reviews: Sequence[Review], by: User) -> list[Review]:
    """Accept the grader's reading of every part of each of ``reviews``, all or nothing: each
    is decided, audited and its exam rescored as a single decision would be.

    Raises ReviewError (nothing saved) when one is no longer pending or is the reviewer's own.
    """
    if not reviews:
        raise ReviewError(_("Choose at least one grading."))
    decided = []
    with transaction.atomic():
        ids = [found.pk for found in reviews]
        locked = Review.objects.select_for_update(of=("self",)).filter(pk__in=ids)
        if locked.filter(status=Review.Status.PENDING).count() != len(set(ids)):
            raise ReviewError(_("Someone decided one of these gradings meanwhile: choose again."))
        for found in reviews:
            parts = review_parts(found)
            accept = {name: PartDecision(override=False) for name in parts}
            decided.append(review_decide(review=found, by=by, decisions=accept))
    return decided


def reviews_queue_graded(*, attempt: Attempt, items: Sequence[AttemptItem]) -> None:
    """Queue for review, in one statement, what the attempt's blueprint asks of the items just
    graded: every answer the grader flagged and, per ``written_review``, every written answer
    (always, or when the attempt's score is borderline). Call it once the attempt is scored;
    an answer already queued (a regrade, a redelivered task) keeps its review."""
    blueprint = attempt.assignment.blueprint
    wider = _written_review_cause(blueprint, attempt.score or 0.0)
    reviews = []
    for item in items:
        cause = Review.Cause.FLAGGED if item.needs_review else wider
        if cause is not None and (cause == Review.Cause.FLAGGED or _is_written(item)):
            reviews.append(Review(item=item, candidate_id=attempt.candidate_id, cause=cause))
    if reviews:
        Review.objects.bulk_create(reviews, ignore_conflicts=True)


def _written_review_cause(blueprint: ExamBlueprint, score: float) -> str | None:
    """Why the blueprint sends every written answer of an attempt scored ``score`` to a
    mentor, or None when it sends only the flagged ones."""
    if blueprint.written_review == WrittenReview.EVERY:
        return Review.Cause.EVERY
    if blueprint.written_review == WrittenReview.BORDERLINE and blueprint.is_borderline(score):
        return Review.Cause.BORDERLINE
    return None


def _is_written(item: AttemptItem) -> bool:
    """A free-form answer with something written in it (a blank one has nothing to review)."""
    return item.question.kind == QuestionKind.FREE_FORM and bool(item.response.strip())


def review_flag_practice(*, answer: PracticeAnswer) -> Review | None:
    """Queue a flagged practice answer for review (idempotent)."""
    if not answer.grade.get("needs_review"):
        return None
    review, _created = Review.objects.get_or_create(
        practice_answer=answer, defaults={"candidate_id": answer.user_id}
    )
    return review


def review_parts(review: Review) -> dict[str, dict[str, Any]]:
    """The parts a reviewer decides: the grader's parts, or the whole answer when it has none."""
    grade, score = review.grading()
    parts = grade.get("parts") or {}
    if not parts:
        return {WHOLE_ANSWER: {"correct": score >= 1.0, "grader_percent": round(score * 100)}}
    return {
        name: {**part, "grader_percent": 100 if part.get("correct") else 0}
        for name, part in parts.items()
    }


def _validated(
    parts: dict[str, dict[str, Any]], decisions: dict[str, PartDecision]
) -> dict[str, dict[str, Any]]:
    if set(decisions) != set(parts):
        raise ReviewError(_("Decide every part of the answer."))
    decided: dict[str, dict[str, Any]] = {}
    # The ruling's order, whatever order the stored parts come back in (PostgreSQL's jsonb
    # orders keys by length): the reason the candidate reads names them as the pages do.
    order = list(REVIEWED_PART_NAMES)
    for name in sorted(decisions, key=lambda part: order.index(part) if part in order else 9):
        decision = decisions[name]
        reason = decision.reason.strip()
        if "\x00" in reason or len(reason) > 2000:
            raise ReviewError(_("A reason can be at most 2000 characters."))
        if not decision.override:
            percent = parts[name]["grader_percent"]
            decided[name] = {"decision": "accepted", "percent": percent, "reason": reason}
            continue
        if decision.percent is None or not 0 <= decision.percent <= 100:
            raise ReviewError(_("A score is a whole percentage from 0 to 100."))
        if not reason:
            raise ReviewError(_("Give the reason for the new grade: the candidate will see it."))
        decided[name] = {
            "decision": "overridden",
            "percent": decision.percent,
            "reason": reason,
            "grader_percent": parts[name]["grader_percent"],  # the history says what changed
        }
    return decided


def _snapshot(review: Review) -> dict[str, Any]:
    return {"status": review.status, "score": review.score, "parts": review.parts}


def item_snapshot(item: AttemptItem) -> dict[str, Any]:
    return {
        "score": item.score,
        "override_score": item.override_score,
        "override_reason": item.override_reason,
        "overridden_by": str(item.overridden_by) if item.overridden_by_id else None,
        "override_role": item.override_role,
    }


def item_override_set(
    *, item: AttemptItem, score: float | None, reason: str, by: User, role: str
) -> None:
    """Write (or clear, with None) a person's grade on an exam answer and rescore its attempt.
    The caller holds the transaction and writes the audit entry."""
    item.override_score = score
    item.override_reason = reason if score is not None else ""
    item.overridden_by = by if score is not None else None
    item.overridden_at = timezone.now() if score is not None else None
    item.override_role = role if score is not None else ""
    item.save(
        update_fields=[
            "override_score",
            "override_reason",
            "overridden_by",
            "overridden_at",
            "override_role",
        ]
    )
    attempt = (
        Attempt.objects.select_for_update(of=("self",))  # not the shared blueprint's row
        .select_related("assignment__blueprint")
        .get(pk=item.attempt_id)
    )
    if attempt.status == Attempt.Status.GRADED:
        attempt_rescore(attempt=attempt)


def review_decide(*, review: Review, by: User, decisions: dict[str, PartDecision]) -> Review:
    """Accept or override each part of a flagged grading; audit the change; rescore the exam.

    Raises ReviewError for a missing part, a score outside 0-100 or an override without reason.
    """
    with transaction.atomic():
        review = (
            Review.objects.select_for_update(of=("self",))
            .select_related("item__attempt__assignment__blueprint", "practice_answer", "candidate")
            .get(pk=review.pk)
        )
        if review.candidate_id == by.pk:
            raise ReviewError(_("Someone else must review your own answer."))
        parts = review_parts(review)
        decided = _validated(parts, decisions)
        before = _snapshot(review)
        overridden = any(part["decision"] == "overridden" for part in decided.values())
        role = reviewer_role(by)
        review.parts = decided
        review.score = sum(part["percent"] for part in decided.values()) / len(decided) / 100
        review.status = Review.Status.OVERRIDDEN if overridden else Review.Status.ACCEPTED
        review.decided_by, review.decided_role, review.decided_at = by, role, timezone.now()
        review.save(
            update_fields=["parts", "score", "status", "decided_by", "decided_role", "decided_at"]
        )
        reason = "; ".join(
            f"{name}: {part['reason']}" for name, part in decided.items() if part["reason"]
        )
        item = review.item
        item_before = item_snapshot(item) if item is not None else {}
        if item is not None:
            item_override_set(
                item=item,
                score=review.score if overridden else None,
                reason=reason,
                by=by,
                role=role,
            )
        AuditEntry.objects.create(
            actor=by,
            role=role,
            action="review_" + review.status,
            review=review,
            item=item,
            before={**before, **({"item": item_before} if item is not None else {})},
            after={
                **_snapshot(review),
                **({"item": item_snapshot(item)} if item is not None else {}),
            },
            reason=reason,
        )
        if item is not None:
            results_release_if_reviewed(attempt=item.attempt)
    return review


def results_release_if_reviewed(*, attempt: Attempt, send: bool = True) -> Notification | None:
    """E-mail the candidate their result once it is graded and no answer awaits review.

    ``send`` False: the e-mail is recorded, and the caller queues its sending (a grading
    batch queues one task for all its e-mails)."""
    from quizzes.common.notifications import notification_queue

    if attempt.status != Attempt.Status.GRADED:
        return None
    if Review.objects.filter(item__attempt=attempt, status=Review.Status.PENDING).exists():
        return None
    candidate = attempt.candidate  # loaded with the attempt by the grading, else read here
    return notification_queue(
        send=send,
        kind=Notification.Kind.RESULTS,
        key=f"results:{attempt.pk}",
        email=candidate.email,
        user=candidate,
        context={
            "exam": attempt.assignment.blueprint.name,
            "exam_names": attempt.assignment.blueprint.name_translations,
            "language": attempt.language,  # if the candidate never chose one
            "score": round((attempt.score or 0) * 100),
            "passed": bool(attempt.passed),
            "path": f"/exams/attempts/{attempt.pk}/result",
        },
    )
