"""The committee's item analysis page: each template's statistics and flags, and retiring or
restoring a template (``quizzes.services.retirement``)."""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from judgetrain.typing import AuthenticatedHttpRequest
from quizzes import selectors_reports as sr
from quizzes.item_names import (
    FLAG_NAMES,
    choice_name,
    flag_names,
    template_name,
    template_summary,
)
from quizzes.languages import content_language
from quizzes.models import RetiredTemplate
from quizzes.services import retirement
from quizzes.views.committee import TEMPLATES, committee_required


class ReasonForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=retirement.MAX_REASON_CHARS,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


@dataclass(frozen=True)
class TemplateStatus:
    """A template as the committee sees it: its statistics (None: no graded answer yet) and
    its retirement (None: exams draw from it)."""

    template_id: str
    row: sr.ItemRow | None
    retired: RetiredTemplate | None

    @property
    def name(self) -> str:
        return template_name(self.template_id, content_language(get_language()))

    @property
    def summary(self) -> str:
        return template_summary(self.template_id)

    @property
    def flags(self) -> list[str]:
        return flag_names(self.row.flags) if self.row else []

    @property
    def choices(self) -> list[tuple[str, sr.Choice]]:
        """Each choice in plain words, with its counts."""
        return [(choice_name(c.name), c) for c in self.row.choices] if self.row else []


def template_statuses(viewer: retirement.User) -> list[TemplateStatus]:
    """Every template with answers or a retirement, flagged ones first (two queries)."""
    rows = {row.key: row for row in sr.item_analysis(sr.Scope(mentor=None, viewer=viewer))[0]}
    retired = {r.template_id: r for r in RetiredTemplate.objects.select_related("retired_by")}
    statuses = [
        TemplateStatus(template_id, rows.get(template_id), retired.get(template_id))
        for template_id in sorted(set(rows) | set(retired))
    ]
    return sorted(statuses, key=lambda s: (not (s.row and s.row.flags), s.template_id))


def template_status(viewer: retirement.User, template_id: str) -> TemplateStatus:
    """One template's statistics and retirement (two queries)."""
    scope = sr.Scope(mentor=None, viewer=viewer)
    rows = sr.item_analysis(scope, template_id=template_id)[0]
    retired = RetiredTemplate.objects.select_related("retired_by").filter(template_id=template_id)
    return TemplateStatus(template_id, rows[0] if rows else None, retired.first())


@require_GET
@committee_required
def item_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    context = {
        "statuses": template_statuses(request.user),
        "reason_max": retirement.MAX_REASON_CHARS,
        "flag_names": FLAG_NAMES,
        "thresholds": {
            "too_easy": sr.TOO_EASY,
            "too_hard": sr.TOO_HARD,
            "discrimination": sr.LOW_DISCRIMINATION,
            "min_responses": sr.MIN_RESPONSES,
            "unchosen_after": sr.UNCHOSEN_AFTER,
        },
    }
    return render(request, TEMPLATES + "items.html", context)


def _decide(request: AuthenticatedHttpRequest, template_id: str, *, retire: bool) -> HttpResponse:
    form = ReasonForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(str(error) for error in errors))
        return redirect("committee-items")
    act = retirement.template_retire if retire else retirement.template_restore
    try:
        act(template_id=template_id, reason=form.cleaned_data["reason"], by=request.user)
    except retirement.RetirementError as error:
        messages.error(request, str(error))
    else:
        done = _("The template was retired.") if retire else _("The template was restored.")
        messages.success(request, done)
    return redirect("committee-items")


@require_POST
@committee_required
def item_retire(request: AuthenticatedHttpRequest, template_id: str) -> HttpResponse:
    return _decide(request, template_id, retire=True)


@require_POST
@committee_required
def item_restore(request: AuthenticatedHttpRequest, template_id: str) -> HttpResponse:
    return _decide(request, template_id, retire=False)


urlpatterns = [
    path("items/", item_list, name="committee-items"),
    path("items/<slug:template_id>/retire", item_retire, name="committee-item-retire"),
    path("items/<slug:template_id>/restore", item_restore, name="committee-item-restore"),
]
