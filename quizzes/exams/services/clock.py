"""What an open exam page says about its attempt's time (walk 9, #6 to #8): the deadline, the
seconds left, the mentor's note, and why the deadline is what it is. The page renders it, the
autosave reply and ``GET /api/v1/attempts/{id}/clock`` carry it, so an exam tab left open
learns at once that a mentor moved the time or that the attempt closed.

The texts are built here, in the reader's language and time zone, once for the page and the
API alike; nothing here writes (closing an overdue attempt is the caller's)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from judgetrain.dates import format_moment
from quizzes.exams.models.exams import Attempt, ExamAssignment


def closed_message(attempt: Attempt) -> str:
    """Why the attempt's answers can no longer change, for the candidate."""
    if attempt.closure == Attempt.Closure.SUBMITTED:
        return _("This exam was already submitted; its answers can no longer change.")
    if attempt.deadline_changed_at is not None:
        return _(
            "Your mentor changed the closing time: this exam closed at %(time)s. The answers "
            "saved before then were submitted."
        ) % {"time": format_moment(attempt.closed_at or attempt.deadline, "time")}
    return _("The time for this exam is over; your saved answers were submitted.")


def changed_notice(attempt: Attempt, assignment: ExamAssignment) -> str:
    """Why the clock shows what it shows, when a mentor's change explains it: this attempt's
    deadline was moved, or the exam's close was moved before it and it keeps its time."""
    values = {
        "when": format_moment(assignment.closes_at),
        "deadline": format_moment(attempt.deadline, "time"),
    }
    if attempt.deadline_changed_at is not None:
        return (
            _(
                "Your mentor changed the closing time to %(when)s: this attempt now ends at "
                "%(deadline)s."
            )
            % values
        )
    if assignment.closes_at < attempt.deadline:
        return (
            _(
                "Your mentor changed the closing time to %(when)s. This attempt started before "
                "and keeps its time: it ends at %(deadline)s."
            )
            % values
        )
    return ""


def clock_state(attempt: Attempt, assignment: ExamAssignment) -> dict[str, Any]:
    """The attempt's clock as the page reads it: ``open``, ``seconds_left``, ``deadline``
    (ISO, and ``deadline_text`` in the reader's zone), ``notice`` (``changed_notice``),
    ``note`` (the mentor's), and ``closed`` (``closed_message``, once closed)."""
    is_open = attempt.status == Attempt.Status.IN_PROGRESS and attempt.seconds_left() > 0
    return {
        "open": is_open,
        "status": attempt.status,
        "seconds_left": attempt.seconds_left() if is_open else 0,
        "deadline": attempt.deadline.isoformat(),
        "deadline_text": format_moment(attempt.deadline, "time"),
        "notice": changed_notice(attempt, assignment),
        "note": assignment.note,
        "closed": "" if is_open else closed_message(attempt),
    }
