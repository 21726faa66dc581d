"""Problem reports on questions, and withdrawing questions or templates from banks and exams."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _

from judgetrain.accounts.models import User
from judgetrain.errors import ApplicationError
from quizzes.bank.models.questions import Question
from quizzes.bank.models.reports import QuestionReport, WithdrawnTemplate
from quizzes.common.notifications import notification_queue, notifications_send_on_commit
from quizzes.review.models.review import Notification, QuestionCorrection

MAX_COMMENT_CHARS = 2000
MENTOR = "accounts.mentor_candidates"
MY_APPEALS_PATH = "/exams/appeals-and-reports"


class ReportError(ApplicationError):
    """A report or decision the rules refuse; the message is for the person."""


def _clean_comment(comment: str) -> str:
    comment = comment.strip()
    if not comment:
        raise ReportError(_("Say what is wrong or unclear in this question."), field="comment")
    if len(comment) > MAX_COMMENT_CHARS:
        raise ReportError(
            _("A report can be at most %(limit)d characters.") % {"limit": MAX_COMMENT_CHARS},
            field="comment",
        )
    if "\x00" in comment:
        raise ReportError(_("Null characters are not allowed."), field="comment")
    return comment


@transaction.atomic
def question_report_create(
    *, question: Question, reporter: User, problem: str, comment: str
) -> QuestionReport:
    """File a report; one open report per person and question (a second one updates it)."""
    if problem not in QuestionReport.Problem.values:
        raise ReportError(
            _("Choose whether the key is wrong or the question unclear."), field="problem"
        )
    comment = _clean_comment(comment)
    open_report = (
        QuestionReport.objects.select_for_update()
        .filter(question=question, reporter=reporter, status=QuestionReport.Status.OPEN)
        .first()
    )
    if open_report is not None:
        open_report.problem, open_report.comment = problem, comment
        open_report.save(update_fields=["problem", "comment"])
        return open_report
    return QuestionReport.objects.create(
        question=question, reporter=reporter, problem=problem, comment=comment
    )


def _resolve_open(
    reports: QuerySet[QuestionReport], status: str, resolution: str, by: User, now: datetime
) -> int:
    """Decide every open report in ``reports`` and e-mail each reporter (after commit)."""
    decided = list(
        reports.select_for_update(of=("self",))
        .filter(status=QuestionReport.Status.OPEN)
        .select_related("reporter", "question")
    )
    QuestionReport.objects.filter(pk__in=[report.pk for report in decided]).update(
        status=status, resolution=resolution, resolved_by=by, resolved_at=now
    )
    for report in decided:
        report.status = status
    _notify_decided(decided)
    return len(decided)


def _notify_decided(decided: list[QuestionReport]) -> None:
    """One e-mail per decided report, sent by one task after commit; each report's key makes
    it once. The e-mail gives the decision, not the committee's reason: the reason can speak
    of the key, so it is read on the "My appeals and reports" page, which seals it when the
    question is in an exam of the reader's not yet released."""

    queued = []
    for report in decided:
        notification = notification_queue(
            kind=Notification.Kind.REPORT,
            key=f"report:{report.pk}:decided",
            email=report.reporter.email,
            user=report.reporter,
            context={
                "question": _excerpt(report.question.stem),
                "status": report.status,
                "path": MY_APPEALS_PATH,
            },
            send=False,
        )
        if notification is not None:
            queued.append(notification.pk)
    notifications_send_on_commit(notification_ids=queued)


def _excerpt(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _reason(reason: str) -> str:
    reason = reason.strip()
    if not reason:
        raise ReportError(_("Give the reason for this decision."), field="reason")
    if "\x00" in reason:
        raise ReportError(_("Null characters are not allowed."), field="reason")
    return reason


@transaction.atomic
def question_withdraw(*, question: Question, reason: str, by: User, preview_token: str) -> int:
    """Withdraw one question and regrade every graded attempt holding it, exactly as a
    withdrawal decided on a contested appeal (``appeals.question_correction_create``); closes
    its open reports. Returns how many reports it closed.

    Applies only with the token of its preview (``appeals.withdrawal_preview``) that still
    names the current outcome; else raises ``appeals.PreviewChanged`` with the current one."""
    from quizzes.review.services import appeals

    reason = _reason(reason)
    preview = appeals.withdrawal_preview(question_id=question.pk)
    if not constant_time_compare(preview.token, preview_token):
        raise appeals.PreviewChanged(preview, confirmed=bool(preview_token))
    now = timezone.now()
    Question.objects.filter(pk=question.pk, withdrawn_at__isnull=True).update(withdrawn_at=now)
    appeals.question_correction_create(
        question_id=question.pk,
        appeal=None,
        by=by,
        reason=reason,
        correction=appeals.KeyCorrection(action=QuestionCorrection.Action.WITHDRAW),
    )
    status = QuestionReport.Status.QUESTION_WITHDRAWN
    return _resolve_open(question.reports.all(), status, reason, by, now)


@transaction.atomic
def template_withdraw(*, template_id: str, reason: str, by: User) -> int:
    """Withdraw every question of a template, now and in future draws."""
    reason = _reason(reason)
    now = timezone.now()
    WithdrawnTemplate.objects.get_or_create(
        template_id=template_id, defaults={"reason": reason, "withdrawn_by": by}
    )
    reports = QuestionReport.objects.filter(question__template_id=template_id)
    return _resolve_open(reports, QuestionReport.Status.TEMPLATE_WITHDRAWN, reason, by, now)


@transaction.atomic
def question_report_dismiss(*, report: QuestionReport, reason: str, by: User) -> QuestionReport:
    reason = _reason(reason)
    if report.status != QuestionReport.Status.OPEN:
        raise ReportError(_("This report was already decided."), code="already_decided")
    report.status = QuestionReport.Status.DISMISSED
    report.resolution, report.resolved_by, report.resolved_at = reason, by, timezone.now()
    report.save(update_fields=["status", "resolution", "resolved_by", "resolved_at"])
    _notify_decided([report])
    return report


def question_report_decide(
    *, report: QuestionReport, action: str, reason: str, by: User, preview_token: str = ""
) -> None:
    """Apply the committee's decision on a report (the page's and the API's): withdraw its
    question (which needs the token of its preview, else ``appeals.PreviewChanged``), withdraw
    its template, or dismiss it."""
    if action == "withdraw_question":
        question_withdraw(
            question=report.question, reason=reason, by=by, preview_token=preview_token
        )
    elif action == "withdraw_template":
        template_withdraw(template_id=report.question.template_id, reason=reason, by=by)
    else:
        question_report_dismiss(report=report, reason=reason, by=by)
