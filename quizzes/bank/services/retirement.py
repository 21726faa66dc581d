"""Retiring question templates on their item statistics, and restoring them (issue 27, point 4).

Retiring is not withdrawing: a withdrawn template (``question_reports``) has a wrong or unclear
key and leaves banks, practice and exams; a retired one measures badly (too easy, too hard,
not discriminating, an option nobody picks) but keys right, so new exam variants stop drawing
from it while practice keeps serving it. Variants already drawn keep their questions."""

from __future__ import annotations

from django import forms
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from judgetrain.accounts.models import User
from judgetrain.errors import ApplicationError, Conflict, Forbidden
from quizzes.bank.models.reports import RetiredTemplate, WithdrawnTemplate
from quizzes.reports import selectors as sr
from quizzes.review.models.review import AuditEntry, ReviewerRole
from rulings.questions import all_templates

MANAGE = "accounts.manage_certification"
MAX_REASON_CHARS = 2000


class RetirementError(ApplicationError):
    """A retirement or restoration the rules refuse; the message is for the committee."""

    code = "refused"


class RetirementForbidden(RetirementError, Forbidden):
    """Only the certification committee retires and restores templates."""

    code = "permission_denied"


class AlreadyDecided(RetirementError, Conflict):
    """The template is already retired (or, restoring, not retired): nothing changed."""

    code = "already_decided"


class ReasonForm(forms.Form):
    """The reason a retirement or a restoration takes, from the page or the API."""

    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=MAX_REASON_CHARS,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


def retired_template_ids() -> set[str]:
    return set(RetiredTemplate.objects.values_list("template_id", flat=True))


def exam_excluded_template_ids() -> set[str]:
    """Templates new exam variants never draw from: withdrawn or retired (one query)."""
    withdrawn = WithdrawnTemplate.objects.order_by().values_list("template_id", flat=True)
    retired = RetiredTemplate.objects.order_by().values_list("template_id", flat=True)
    return set(withdrawn.union(retired))


def known_template_ids() -> set[str]:
    return {template.id for template in all_templates()}


def _checked(*, template_id: str, reason: str, by: User) -> str:
    if not by.has_perm(MANAGE):
        raise RetirementForbidden(_("Only the certification committee retires templates."))
    if template_id not in known_template_ids():
        raise RetirementError(_("There is no template %(id)s.") % {"id": template_id})
    reason = reason.strip()
    if not reason:
        raise RetirementError(_("Give the reason for this decision."))
    if len(reason) > MAX_REASON_CHARS or "\x00" in reason:
        raise RetirementError(
            _("A reason is at most %(limit)d characters, without null characters.")
            % {"limit": MAX_REASON_CHARS}
        )
    return reason


def _audit(*, action: str, template_id: str, by: User, reason: str, before: dict[str, object],
           after: dict[str, object]) -> None:  # fmt: skip
    AuditEntry.objects.create(
        actor=by,
        role=ReviewerRole.COMMITTEE,
        action=action,
        before={"template": template_id, **before},
        after={"template": template_id, **after},
        reason=reason,
    )


@transaction.atomic
def template_retire(*, template_id: str, reason: str, by: User) -> RetiredTemplate:
    """Retire ``template_id`` from new exam variants, recording the item analysis flags the
    committee saw (over the answers ``by`` may read) and an audit entry."""
    reason = _checked(template_id=template_id, reason=reason, by=by)
    rows = sr.item_analysis(sr.Scope(mentor=None, viewer=by), template_id=template_id)[0]
    flags = rows[0].flags if rows else []
    retired, created = RetiredTemplate.objects.get_or_create(
        template_id=template_id, defaults={"reason": reason, "flags": flags, "retired_by": by}
    )
    if not created:
        raise AlreadyDecided(_("This template is already retired."))
    _audit(action="template_retired", template_id=template_id, by=by, reason=reason,
           before={"retired": False}, after={"retired": True, "flags": flags})  # fmt: skip
    return retired


@transaction.atomic
def template_restore(*, template_id: str, reason: str, by: User) -> None:
    """Let new exam variants draw from ``template_id`` again; audited."""
    reason = _checked(template_id=template_id, reason=reason, by=by)
    retired = RetiredTemplate.objects.select_for_update().filter(template_id=template_id).first()
    if retired is None:
        raise AlreadyDecided(_("This template is not retired."))
    retired.delete()
    _audit(action="template_restored", template_id=template_id, by=by, reason=reason,
           before={"retired": True, "flags": retired.flags}, after={"retired": False})  # fmt: skip
