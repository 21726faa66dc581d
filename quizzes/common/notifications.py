"""E-mails to candidates (and to mentors about their workbench stories): recorded in a row,
sent by a Celery task after commit, once."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from judgetrain.accounts.models import User
from judgetrain.dates import date_text
from judgetrain.names import localized_name
from judgetrain.queueing import enqueue, enqueue_on_commit
from quizzes.review.models.review import Notification


def notification_queue(
    *,
    kind: str,
    key: str,
    email: str,
    user: User | None = None,
    context: dict[str, Any],
    send: bool = True,
) -> Notification | None:
    """Record an e-mail and queue its sending on commit; a second call with the same key
    (a retried task, a double click) queues nothing. ``send`` False: the caller queues
    ``notifications_send`` for it (with others, one task for the lot)."""
    try:
        with transaction.atomic():
            notification = Notification.objects.create(
                kind=kind, key=key, email=email, user=user, context=context
            )
    except IntegrityError:
        return None
    if send:
        enqueue_on_commit("quizzes.notification_send", notification_id=notification.pk)
    return notification


def notifications_send_on_commit(*, notification_ids: list[int]) -> None:
    """Queue one task sending these recorded e-mails once the transaction commits."""
    if notification_ids:
        enqueue_on_commit("quizzes.notifications_send", notification_ids=notification_ids)


def _message(notification: Notification) -> tuple[str, str]:
    """Subject and body in the active language (the recipient's): the exam's or cohort's name
    too, from the translations recorded with the e-mail, else as typed."""
    context = dict(notification.context)
    if "exam" in context:
        context["exam"] = localized_name(context["exam"], context.get("exam_names"))
    if "cohort" in context:
        context["cohort"] = localized_name(context["cohort"], context.get("cohort_names"))
    site = settings.SITE_URL.rstrip("/")
    if notification.kind == Notification.Kind.RESULTS:
        subject = _("Your result for %(exam)s") % {"exam": context["exam"]}
        body = _(
            "Your result for %(exam)s is available: %(score)s%%, %(outcome)s.\n\nSee it at %(url)s"
        ) % {
            "exam": context["exam"],
            "score": context["score"],
            "outcome": _("passed") if context["passed"] else _("not passed"),
            "url": site + context["path"],
        }
        return subject, body
    if notification.kind == Notification.Kind.APPEAL:
        subject = _("Your appeal on %(exam)s was decided") % {"exam": context["exam"]}
        body = _(
            "Your appeal on question %(position)s of %(exam)s was %(status)s by the %(level)s: "
            "%(reason)s\n\nSee it at %(url)s"
        ) % {
            "position": context["position"],
            "exam": context["exam"],
            "status": _("upheld") if context["status"] == "upheld" else _("rejected"),
            "level": _("committee") if context["level"] == "committee" else _("mentor"),
            "reason": context["reason"],
            "url": site + context["path"],
        }
        return subject, body
    if notification.kind == Notification.Kind.CERTIFICATE:
        return _certificate_message(context, site)
    if notification.kind == Notification.Kind.REPORT:
        return _report_message(context, site)
    if notification.kind == Notification.Kind.PROPOSAL:
        return _proposal_message(context, site)
    if notification.kind == Notification.Kind.OUTCOME:
        subject = _("You passed %(exam)s") % {"exam": context["exam"]}
        change = (
            _("The certification committee withdrew a question of this exam")
            if context["action"] == "withdraw"
            else _("The certification committee corrected the key of a question of this exam")
        )
        body = _(
            "%(change)s, and your attempt was graded again: %(score)s%%, passed.\n\n"
            "See it at %(url)s"
        ) % {"change": change, "score": context["score"], "url": site + context["path"]}
        return subject, body
    subject = _("You are invited to JudgeTrain")
    body = _(
        "%(mentor)s invites you to join the cohort %(cohort)s on JudgeTrain.\n\n"
        "Open this link to accept or decline (it works once): %(url)s\n\n"
        "If you already have an account with this address, log in to accept; otherwise you "
        "create your account there. You join only if you accept."
    ) % {"mentor": context["mentor"], "cohort": context["cohort"], "url": site + context["path"]}
    return subject, body


REPORT_DECISIONS = {
    "question_withdrawn": gettext_lazy("the question was withdrawn"),
    "template_withdrawn": gettext_lazy("the question and every question like it were withdrawn"),
    "dismissed": gettext_lazy("the report was dismissed"),
}


def _report_message(context: dict[str, Any], site: str) -> tuple[str, str]:
    """A problem report decided: the decision, and where to read the committee's reason."""
    subject = _("Your report on a question was decided")
    decision = str(REPORT_DECISIONS.get(context["status"], context["status"]))
    body = _(
        "The certification committee decided your report on the question “%(question)s”: "
        "%(decision)s.\n\nRead the committee's reason under My appeals and reports: %(url)s"
    ) % {"question": context["question"], "decision": decision, "url": site + context["path"]}
    return subject, body


def _proposal_message(context: dict[str, Any], site: str) -> tuple[str, str]:
    """A workbench story proposed for the bank decided: the decision, the committee's reason,
    and (rejected) what the author can do next."""
    values = {
        "question": context["question"],
        "reason": context.get("reason") or "—",
        "url": site + context["path"],
    }
    if context["status"] == "accepted":
        subject = _("Your story was accepted into the question bank")
        body = (
            _(
                "The certification committee accepted your story “%(question)s” into the question "
                "bank: candidates get it in practice.\n\nThe committee's note: %(reason)s\n\n"
                "See it on the scenario workbench: %(url)s"
            )
            % values
        )
        return subject, body
    subject = _("Your story for the question bank was rejected")
    if context.get("for_cohort"):
        next_step = _(
            "Your cohort keeps it in practice. On the scenario workbench you can revise it, "
            "or suggest it again: %(url)s"
        )
    else:
        next_step = _("On the scenario workbench you can revise it and propose it again: %(url)s")
    body = (
        _(
            "The certification committee rejected your story “%(question)s” for the question "
            "bank.\n\nReason: %(reason)s"
        )
        % values
        + "\n\n"
        + next_step % values
    )
    return subject, body


def _certificate_message(context: dict[str, Any], site: str) -> tuple[str, str]:
    """A certificate issued, renewed or revoked: what happened, until when, and the link."""
    level = localized_name(context["level"], context.get("level_names"))
    date = date_text(datetime.fromisoformat(context["date"]))
    values = {"level": level, "date": date, "url": site + context["path"]}
    if context["event"] == "revoked":
        subject = _("Your certificate %(level)s was revoked") % values
        body = _(
            "The certification committee revoked your certificate %(level)s on %(date)s.\n\n"
            "Reason: %(reason)s\n\nIt no longer certifies anything: its public page, its PDF "
            "and its Open Badge check say so. See it at %(url)s"
        ) % (values | {"reason": context.get("reason", "")})
    elif context["event"] == "renewed":
        subject = _("Your certificate %(level)s was renewed") % values
        body = (
            _(
                "Your certificate %(level)s was renewed: the new certificate is valid until "
                "%(date)s.\n\nOpen it to download its PDF and Open Badge and to share its "
                "verification link: %(url)s"
            )
            % values
        )
    else:
        subject = _("Your certificate: %(level)s") % values
        body = (
            _(
                "The certification committee issued you the certificate %(level)s, valid until "
                "%(date)s.\n\nOpen it to download its PDF and Open Badge and to share its "
                "verification link: %(url)s"
            )
            % values
        )
    return subject, body


def _invited_account(notification: Notification) -> User | None:
    """An invitation is recorded without looking the address up (the mentor's answer must
    not depend on it); the worker sending it reads the account's language, if any."""
    if notification.kind != Notification.Kind.INVITATION:
        return None
    return User.objects.filter(email=notification.email).first()


def notification_send(*, notification_id: int) -> bool:
    """Send one recorded e-mail unless it was sent already (idempotent)."""
    with transaction.atomic():
        notification = (
            Notification.objects.select_for_update(of=("self",))
            .select_related("user")
            .filter(pk=notification_id)
            .first()
        )
        if notification is None or notification.sent_at is not None:
            return False
        recipient = notification.user or _invited_account(notification)
        language = (recipient.preferred_language if recipient else "") or (
            notification.context.get("language") or settings.LANGUAGE_CODE
        )
        with translation.override(language):
            subject, body = _message(notification)
        send_mail(subject, body, None, [notification.email])
        notification.sent_at = timezone.now()
        notification.save(update_fields=["sent_at"])
    return True


def notifications_requeue_unsent(*, now: datetime | None = None) -> list[int]:
    """Queue again every e-mail still unsent a while after it was recorded: its task was never
    queued (the broker was down at commit) or was lost. Sending is idempotent, so a task that
    is merely slow sends nothing twice."""
    cutoff = (now or timezone.now()) - timedelta(seconds=settings.CELERY_BROKER_VISIBILITY_TIMEOUT)
    pending = list(
        Notification.objects.filter(sent_at__isnull=True, created_at__lt=cutoff)
        .order_by("pk")
        .values_list("pk", flat=True)[:500]
    )
    for notification_id in pending:
        if not enqueue("quizzes.notification_send", notification_id=notification_id):
            break  # the broker is still down: the next sweep tries again
    return pending
