"""Changing exams already assigned: a new deadline and note, an extension for one candidate or
all, a cancellation. The view and the API call these; each runs in one transaction.

A new deadline reaches the attempts too: a prepared attempt (not started) gets it as its
deadline, and one in progress keeps its time limit but may now run to the new close. An earlier
close does not cut an attempt already in progress short unless the mentor says so
(``shorten_running``): its candidate was promised its time limit when it started (walk 8, #19).
``running_cuts`` names, before the change, the attempts it would cut and by how much; an attempt
whose deadline moves is marked (``deadline_changed_at``) so that its page says why. A
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
from quizzes.exams.models.exams import Attempt, ExamAssignment


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


@dataclass(frozen=True)
class Cut:
    """An attempt in progress that a new closing time would end before its deadline."""

    attempt: Attempt
    deadline_before: datetime
    deadline_after: datetime
    left_before: timedelta
    left_after: timedelta

    @property
    def lost(self) -> timedelta:
        return self.left_before - self.left_after


def _running_deadline(attempt: Attempt, limit: timedelta, closes_at: datetime) -> datetime:
    started = attempt.started_at or attempt.deadline
    return min(started + limit, closes_at)


def running_cuts(
    *, assignments: Sequence[ExamAssignment], closes_at: datetime, now: datetime | None = None
) -> list[Cut]:
    """The attempts in progress of ``assignments`` that closing at ``closes_at`` would end
    earlier than their deadline now, with the time each has left before and after; by
    candidate. Nothing is changed."""
    now = now or timezone.now()
    ids = [row.pk for row in assignments]
    running = (
        Attempt.objects.filter(
            assignment_id__in=ids, status=Attempt.Status.IN_PROGRESS, deadline__gt=now
        )
        .select_related("candidate", "assignment__blueprint")
        .order_by("candidate__first_name", "candidate__email")
    )
    cuts = []
    for attempt in running:
        limit = timedelta(minutes=attempt.assignment.blueprint.time_limit_minutes)
        after = _running_deadline(attempt, limit, closes_at)
        if after < attempt.deadline:
            cuts.append(
                Cut(
                    attempt=attempt,
                    deadline_before=attempt.deadline,
                    deadline_after=after,
                    left_before=attempt.deadline - now,
                    left_after=max(timedelta(0), after - now),
                )
            )
    return cuts


def _attempts_follow(
    rows: list[ExamAssignment], closes_at: datetime, *, now: datetime, shorten_running: bool
) -> None:
    """Prepared attempts take the new close as their deadline; one in progress runs to its
    time limit or the new close, whichever is first, but is cut short by an earlier close
    only with ``shorten_running``. A running attempt whose deadline moves is marked."""
    ids = [row.pk for row in rows]
    Attempt.all_objects.filter(assignment_id__in=ids, status=Attempt.Status.READY).update(
        deadline=closes_at
    )
    running = Attempt.objects.select_for_update().filter(
        assignment_id__in=ids, status=Attempt.Status.IN_PROGRESS
    )
    limits = {row.pk: timedelta(minutes=row.blueprint.time_limit_minutes) for row in rows}
    for attempt in running:
        deadline = _running_deadline(attempt, limits[attempt.assignment_id], closes_at)
        if deadline < attempt.deadline and not shorten_running:
            continue  # the time promised when it started
        if deadline != attempt.deadline:
            attempt.deadline = deadline
            attempt.deadline_changed_at = now
            attempt.save(update_fields=["deadline", "deadline_changed_at"])


def assignments_edit(
    *,
    assignments: Sequence[ExamAssignment],
    closes_at: datetime,
    note: str,
    shorten_running: bool = False,
    now: datetime | None = None,
) -> list[ExamAssignment]:
    """Set a new closing time (earlier or later, in the future) and note on every one of
    ``assignments`` (one exam given to several candidates). Attempts in progress keep the
    time they were promised unless ``shorten_running`` (``running_cuts`` names them)."""
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
        _attempts_follow(rows, closes_at, now=now, shorten_running=shorten_running)
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
        _attempts_follow(rows, closes_at, now=now, shorten_running=False)
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
