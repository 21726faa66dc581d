"""Exam attempts: start a per-candidate variant, autosave, submit, close at the deadline, grade.

The deadline lives on the server. Every write checks it under a row lock, so a response that
arrives after the deadline is refused and nothing saved before it is lost.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from judgetrain.accounts.models import User
from quizzes.grading import grade_response
from quizzes.models import (
    Appeal,
    Attempt,
    AttemptItem,
    ExamAssignment,
    ExamVariant,
    ExamVariantItem,
    Question,
)
from quizzes.services.bank import bank_store
from rulings.core import questions as generator
from rulings.core.grading import MAX_ANSWER_CHARS, GradingError

logger = logging.getLogger(__name__)

# What a variant is drawn for: an attempt started on the spot, or a variant generated ahead of
# time (quizzes.services.variants). Both carry .assignment (its blueprint), .language and .seed.
VariantSource = Attempt | ExamVariant


class ExamError(Exception):
    """A request the exam rules refuse; the message is for the candidate."""


class AttemptClosed(ExamError):
    pass


class StaleRevision(ExamError):
    """Another tab saved this answer since this one loaded it."""

    def __init__(self, item: AttemptItem) -> None:
        self.item = item
        super().__init__(_("This answer was changed in another tab or window; reload to see it."))


def _slot_seed(seed: int, index: int, round_: int) -> int:
    digest = hashlib.sha256(f"{seed}:{index}:{round_}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def _slot_questions(attempt: VariantSource, index: int, slot: dict[str, Any]) -> list[Question]:
    """Questions for one blueprint slot, never one already served in practice (its key may
    have been seen there)."""
    blueprint = attempt.assignment.blueprint
    wanted: int = slot["count"]
    chosen: list[Question] = []
    for round_ in range(5):
        generated = generator.generate_questions(
            game=blueprint.game,
            topics=[slot["topic"]] if slot.get("topic") else None,
            lang=attempt.language,
            kind=slot["kind"],
            count=wanted,
            seed=_slot_seed(attempt.seed, index, round_),
            policy_version=blueprint.policy_version.version_id
            if blueprint.policy_version
            else None,
        )
        hashes = [question.content_hash for question in generated]
        taken = {q.content_hash for q in chosen} | set(
            Question.objects.filter(content_hash__in=hashes, for_exams=False).values_list(
                "content_hash", flat=True
            )
        )
        fresh = [question for question in generated if question.content_hash not in taken]
        chosen.extend(bank_store(questions=fresh[: wanted - len(chosen)]))
        if len(chosen) == wanted:
            return chosen
    raise ExamError(_("This exam cannot be drawn from its blueprint; please tell your mentor."))


def _variant_questions(attempt: VariantSource) -> list[Question]:
    composition = attempt.assignment.blueprint.composition
    try:
        chosen = [
            question
            for index, slot in enumerate(composition)
            for question in _slot_questions(attempt, index, slot)
        ]
    except generator.QuestionError as error:
        raise ExamError(
            _("This exam cannot be drawn from its blueprint; please tell your mentor.")
        ) from error
    Question.objects.filter(pk__in=[q.pk for q in chosen]).update(for_exams=True)
    return chosen


def _check_can_start(assignment: ExamAssignment, now: datetime) -> None:
    status = assignment.status(now)
    if status == "upcoming":
        raise ExamError(_("This exam has not opened yet."))
    if status == "closed":
        raise ExamError(_("This exam has closed."))
    if assignment.attempts.count() >= assignment.max_attempts:
        raise ExamError(_("You have used every attempt allowed for this exam."))


@transaction.atomic
def attempt_start(
    *, assignment: ExamAssignment, language: str, now: datetime | None = None
) -> Attempt:
    """Start an attempt, or return the one already in progress (a second tab, a double click)."""
    now = now or timezone.now()
    assignment = (
        ExamAssignment.objects.select_for_update().select_related("blueprint").get(pk=assignment.pk)
    )
    ongoing = assignment.attempts.filter(status=Attempt.Status.IN_PROGRESS).first()
    if ongoing is not None and ongoing.is_open(now):
        return ongoing
    _check_can_start(assignment, now)
    if ongoing is not None:
        attempt_close(attempt=ongoing, now=now)
    limit = timedelta(minutes=assignment.blueprint.time_limit_minutes)
    variant = _claimable_variant(assignment, language)
    attempt = Attempt.objects.create(
        assignment=assignment,
        candidate_id=assignment.candidate_id,
        number=assignment.attempts.count() + 1,
        language=language,
        seed=variant.seed if variant is not None else secrets.randbits(48),
        started_at=now,
        deadline=min(now + limit, assignment.closes_at),
    )
    if variant is not None:
        _claim(variant, attempt, now)
    else:
        logger.warning(
            "exam start: no pre-generated %s variant ready for assignment %s; generating it now",
            language,
            assignment.pk,
        )
        AttemptItem.objects.bulk_create(
            AttemptItem(attempt=attempt, position=position, question=question)
            for position, question in enumerate(_variant_questions(attempt), start=1)
        )
    _schedule_close(attempt)
    return attempt


def _claimable_variant(assignment: ExamAssignment, language: str) -> ExamVariant | None:
    """A pre-generated variant nobody has claimed, locked (rows another start holds are
    skipped, never waited for)."""
    return (
        ExamVariant.objects.select_for_update(skip_locked=True)
        .filter(assignment=assignment, language=language, attempt__isnull=True)
        .order_by("number")
        .first()
    )


def _claim(variant: ExamVariant, attempt: Attempt, now: datetime) -> None:
    """The attempt takes the variant's questions: a fixed number of queries, whatever their
    count."""
    variant.attempt = attempt
    variant.claimed_at = now
    variant.save(update_fields=["attempt", "claimed_at"])
    AttemptItem.objects.bulk_create(
        AttemptItem(attempt=attempt, position=position, question_id=question_id)
        for position, question_id in ExamVariantItem.objects.filter(variant=variant)
        .order_by("position")
        .values_list("position", "question_id")
    )


def _schedule_close(attempt: Attempt) -> None:
    from quizzes.tasks import attempt_close_due

    attempt_id, deadline = attempt.pk, attempt.deadline
    transaction.on_commit(lambda: attempt_close_due.apply_async(args=(attempt_id,), eta=deadline))


def _lock_and_expire(attempt: Attempt, now: datetime) -> Attempt:
    """Lock the attempt row, closing it first if its deadline has passed."""
    locked = Attempt.objects.select_for_update().get(pk=attempt.pk)
    attempt_close(attempt=locked, now=now)
    return locked


def attempt_expire_if_due(*, attempt: Attempt, now: datetime | None = None) -> Attempt:
    """Close the attempt now if its deadline passed while nobody was writing to it."""
    now = now or timezone.now()
    if attempt.status != Attempt.Status.IN_PROGRESS or now < attempt.deadline:
        return attempt
    with transaction.atomic():
        return _lock_and_expire(attempt, now)


def _closed_error() -> AttemptClosed:
    return AttemptClosed(_("The time for this exam is over; your saved answers were submitted."))


def _validate_response(response: str) -> str:
    if len(response) > MAX_ANSWER_CHARS:
        raise ExamError(
            _("An answer can be at most %(limit)d characters.") % {"limit": MAX_ANSWER_CHARS}
        )
    return response


def attempt_item_save(
    *, item: AttemptItem, response: str, base_revision: int | None, now: datetime | None = None
) -> AttemptItem:
    """Autosave one answer. ``base_revision`` is the revision the client last saw."""
    now = now or timezone.now()
    _validate_response(response)
    with transaction.atomic():
        if _lock_and_expire(item.attempt, now).status == Attempt.Status.IN_PROGRESS:
            return _save_item(item, response, base_revision, now)
    raise _closed_error()  # raised after commit, so the closing is kept


def _save_item(
    item: AttemptItem, response: str, base_revision: int | None, now: datetime
) -> AttemptItem:
    locked = AttemptItem.objects.select_for_update().get(pk=item.pk)
    if locked.response == response:
        return locked  # nothing changed, or another tab saved the very same text
    if base_revision is not None and base_revision != locked.revision:
        raise StaleRevision(locked)
    locked.response = response
    locked.revision += 1
    locked.saved_at = now
    locked.save(update_fields=["response", "revision", "saved_at"])
    return locked


def attempt_submit(
    *, attempt: Attempt, responses: Mapping[int, str] | None = None, now: datetime | None = None
) -> Attempt:
    """Submit (idempotent): saves the final responses if still in time, closes and grades."""
    now = now or timezone.now()
    responses = {pos: _validate_response(text) for pos, text in (responses or {}).items()}
    with transaction.atomic():
        was_open = attempt.status == Attempt.Status.IN_PROGRESS
        locked = _lock_and_expire(attempt, now)
        if locked.status == Attempt.Status.IN_PROGRESS:
            for item in locked.items.filter(position__in=list(responses)):
                _save_item(item, responses[item.position], None, now)
            _close(locked, now, Attempt.Closure.SUBMITTED)
            return locked
    if was_open and locked.closure == Attempt.Closure.DEADLINE:
        raise _closed_error()
    return locked


def attempt_close(*, attempt: Attempt, now: datetime | None = None) -> None:
    """Close an attempt whose deadline has passed (idempotent; caller holds the row lock)."""
    now = now or timezone.now()
    if attempt.status == Attempt.Status.IN_PROGRESS and now >= attempt.deadline:
        _close(attempt, attempt.deadline, Attempt.Closure.DEADLINE)


def _close(attempt: Attempt, at: datetime, closure: str) -> None:
    from quizzes.tasks import attempt_grade_task

    attempt.status = Attempt.Status.SUBMITTED
    attempt.closed_at = at
    attempt.closure = closure
    attempt.save(update_fields=["status", "closed_at", "closure"])
    attempt_id = attempt.pk
    transaction.on_commit(lambda: attempt_grade_task.delay(attempt_id))


def _grade_item(item: AttemptItem, language: str) -> None:
    if not item.response.strip():
        item.grade = {"score": 0.0, "needs_review": False, "parts": {}, "feedback": _("No answer.")}
    else:
        try:
            item.grade = grade_response(item.question, item.response, lang=language)
        except GradingError as error:
            item.grade = {"score": 0.0, "needs_review": True, "parts": {}, "feedback": str(error)}
    item.score = float(item.grade["score"])
    item.needs_review = bool(item.grade["needs_review"])


@transaction.atomic
def attempt_grade(*, attempt_id: int, now: datetime | None = None) -> Attempt:
    """Grade every ungraded item and score the attempt (idempotent)."""
    attempt = (
        Attempt.objects.select_for_update()
        .select_related("assignment__blueprint")
        .get(pk=attempt_id)
    )
    if attempt.status == Attempt.Status.IN_PROGRESS:
        return attempt
    items = list(attempt.items.select_related("question"))
    ungraded = [item for item in items if item.grade is None]
    for item in ungraded:
        _grade_item(item, attempt.language)
    # One UPDATE for the lot: a 40-question attempt is not 40 round trips.
    AttemptItem.objects.bulk_update(ungraded, ["grade", "score", "needs_review"])
    attempt_rescore(attempt=attempt, items=items, now=now)
    return attempt


def attempt_rescore(
    *, attempt: Attempt, items: list[AttemptItem] | None = None, now: datetime | None = None
) -> None:
    """Recompute the attempt's score from its items (after grading or a mentor's override)."""
    items = items if items is not None else list(attempt.items.all())
    scores = [item.final_score or 0.0 for item in items]
    attempt.score = sum(scores) / len(scores) if scores else 0.0
    attempt.passed = attempt.score >= attempt.assignment.blueprint.pass_score
    attempt.status = Attempt.Status.GRADED
    attempt.graded_at = now or timezone.now()
    attempt.save(update_fields=["score", "passed", "status", "graded_at"])


def attempts_close_overdue(*, now: datetime | None = None) -> int:
    """Close every attempt past its deadline (the beat sweep behind the per-attempt task)."""
    now = now or timezone.now()
    overdue = Attempt.objects.filter(status=Attempt.Status.IN_PROGRESS, deadline__lte=now)
    closed = 0
    for attempt_id in overdue.values_list("pk", flat=True):
        with transaction.atomic():
            attempt = Attempt.objects.select_for_update().get(pk=attempt_id)
            if attempt.status == Attempt.Status.IN_PROGRESS:
                attempt_close(attempt=attempt, now=now)
                closed += 1
    return closed


GRADING_GRACE = timedelta(minutes=5)


def attempts_regrade_stuck(*, now: datetime | None = None) -> list[int]:
    """Queue grading again for attempts closed a while ago but never graded (a worker died
    holding the task). Grading is idempotent, so a duplicate does no harm."""
    now = now or timezone.now()
    stuck = list(
        Attempt.objects.filter(
            status=Attempt.Status.SUBMITTED, closed_at__lte=now - GRADING_GRACE
        ).values_list("pk", flat=True)
    )
    from quizzes.tasks import attempt_grade_task

    for attempt_id in stuck:
        attempt_grade_task.delay(attempt_id)
    return stuck


def appeal_create(*, item: AttemptItem, comment: str) -> Appeal:
    """A candidate contests one graded answer; one appeal per answer."""
    comment = comment.strip()
    if item.attempt.status != Attempt.Status.GRADED:
        raise ExamError(_("You can appeal once the attempt has been graded."))
    if not comment:
        raise ExamError(_("Say why you think this answer was graded wrongly."))
    if len(comment) > 4000:
        raise ExamError(_("An appeal can be at most 4000 characters."))
    if Appeal.objects.filter(item=item).exists():
        raise ExamError(_("You have already appealed this answer."))
    return Appeal.objects.create(item=item, comment=comment)


@transaction.atomic
def item_override(*, item: AttemptItem, score: float | None, reason: str, by: User) -> AttemptItem:
    """A mentor replaces the automatic grade of one answer (None removes the override)."""
    if score is not None and not 0 <= score <= 1:
        raise ExamError(_("A score is between 0 and 1."))
    if score is not None and not reason.strip():
        raise ExamError(_("Give the reason for the new grade: the candidate will see it."))
    item.override_score = score
    item.override_reason = reason.strip() if score is not None else ""
    item.overridden_by = by if score is not None else None
    item.overridden_at = timezone.now() if score is not None else None
    item.save(update_fields=["override_score", "override_reason", "overridden_by", "overridden_at"])
    attempt = (
        Attempt.objects.select_for_update()
        .select_related("assignment__blueprint")
        .get(pk=item.attempt_id)
    )
    if attempt.status == Attempt.Status.GRADED:
        attempt_rescore(attempt=attempt)
    return item
