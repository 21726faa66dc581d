"""Changing exams already assigned: a new deadline and note, an extension for one candidate or
all, a cancellation. The view and the API call these; each runs in one transaction.

A new deadline reaches the attempts too: a prepared attempt (not started) gets it as its
deadline, and one in progress keeps its time limit but may now run to the new close. A
cancelled assignment starts nothing more (``exams.attempt_start`` and its one-statement path
refuse it); attempts started before are kept, graded as ever and shown as such.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from judgetrain.dates import displayable
from judgetrain.errors import ApplicationError
from quizzes.models import Attempt, ExamAssignment


class AssignmentChangeError(ApplicationError):
    """A change refused; the message is for the person making it."""


@dataclass(frozen=True)
class Cancelled:
    cancelled: int
    kept_started: int


def _locked(assignments: Sequence[ExamAssignment]) -> list[ExamAssignment]:
    ids = [row.pk for row in assignments]
    if not ids:
        raise AssignmentChangeError(_("Choose at least one candidate."))
    rows = list(
        ExamAssignment.objects.select_for_update(of=("self",))
        .select_related("blueprint")
        .filter(pk__in=ids)
        .order_by("pk")
    )
    if any(row.cancelled_at is not None for row in rows):
        raise AssignmentChangeError(_("A cancelled exam cannot be changed."))
    return rows


def _check_close(rows: list[ExamAssignment], closes_at: datetime, now: datetime) -> None:
    if not displayable(closes_at):
        raise AssignmentChangeError(
            _("Enter a date between 2 January of the year 1 and 30 December 9999.")
        )
    if closes_at <= now:
        raise AssignmentChangeError(_("The new closing time is in the past."))
    if any(closes_at <= row.opens_at for row in rows):
        raise AssignmentChangeError(_("The exam must close after it opens."))


def _attempts_follow(rows: list[ExamAssignment], closes_at: datetime) -> None:
    """Prepared attempts take the new close as their deadline; one in progress runs to its
    time limit or the new close, whichever is first."""
    ids = [row.pk for row in rows]
    Attempt.all_objects.filter(assignment_id__in=ids, status=Attempt.Status.READY).update(
        deadline=closes_at
    )
    running = Attempt.objects.select_for_update().filter(
        assignment_id__in=ids, status=Attempt.Status.IN_PROGRESS
    )
    limits = {row.pk: timedelta(minutes=row.blueprint.time_limit_minutes) for row in rows}
    for attempt in running:
        started = attempt.started_at or attempt.deadline
        attempt.deadline = min(started + limits[attempt.assignment_id], closes_at)
        attempt.save(update_fields=["deadline"])


def assignments_edit(
    *,
    assignments: Sequence[ExamAssignment],
    closes_at: datetime,
    note: str,
    now: datetime | None = None,
) -> list[ExamAssignment]:
    """Set a new closing time (earlier or later, in the future) and note on every one of
    ``assignments`` (one exam given to several candidates)."""
    now = now or timezone.now()
    note = note.strip()
    if len(note) > 2000 or "\x00" in note:
        raise AssignmentChangeError(_("A note can be at most 2000 characters."))
    with transaction.atomic():
        rows = _locked(assignments)
        _check_close(rows, closes_at, now)
        ExamAssignment.objects.filter(pk__in=[row.pk for row in rows]).update(
            closes_at=closes_at, note=note
        )
        _attempts_follow(rows, closes_at)
    return rows


def assignments_extend(
    *, assignments: Sequence[ExamAssignment], closes_at: datetime, now: datetime | None = None
) -> list[ExamAssignment]:
    """Give ``assignments`` (one candidate's, or everyone's) until ``closes_at``, which must be
    later than each one's present close."""
    now = now or timezone.now()
    with transaction.atomic():
        rows = _locked(assignments)
        _check_close(rows, closes_at, now)
        if any(closes_at <= row.closes_at for row in rows):
            raise AssignmentChangeError(
                _("An extension must close later than the exam closes now.")
            )
        ExamAssignment.objects.filter(pk__in=[row.pk for row in rows]).update(closes_at=closes_at)
        _attempts_follow(rows, closes_at)
    return rows


def assignments_cancel(
    *, assignments: Sequence[ExamAssignment], now: datetime | None = None
) -> Cancelled:
    """Cancel ``assignments``: nothing more starts; attempts already started are kept (one in
    progress may still be submitted before its deadline)."""
    now = now or timezone.now()
    with transaction.atomic():
        rows = _locked(assignments)
        ids = [row.pk for row in rows]
        ExamAssignment.objects.filter(pk__in=ids).update(cancelled_at=now)
        started = (
            Attempt.objects.filter(assignment_id__in=ids)
            .filter(~Q(status=Attempt.Status.READY))
            .values("assignment_id")
            .distinct()
            .count()
        )
    return Cancelled(cancelled=len(rows), kept_started=started)
