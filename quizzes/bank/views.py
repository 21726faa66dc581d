"""The committee's item analysis page: each template's statistics and flags, and retiring or
restoring a template (``quizzes.bank.services.retirement``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from judgetrain.typing import AuthenticatedHttpRequest
from quizzes.bank.selectors import template_statuses
from quizzes.bank.services import retirement
from quizzes.committee.views import TEMPLATES, committee_required
from quizzes.common.refusals import refused
from quizzes.exams.services.blueprints import blueprints_drawing_on
from quizzes.item_names import FLAG_NAMES, template_name
from quizzes.languages import content_language
from quizzes.reports import selectors as sr


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
    form = retirement.ReasonForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(str(error) for error in errors))
        return redirect("committee-items")
    if retire and request.POST.get("confirm") != "1":
        # Walk 4, #11: say which saved blueprints draw on it before it is retired.
        dependent = blueprints_drawing_on(template_id=template_id)
        if dependent and template_id in retirement.known_template_ids():
            context = {
                "template_id": template_id,
                "name": template_name(template_id, content_language(request.LANGUAGE_CODE)),
                "reason": form.cleaned_data["reason"],
                "dependent": dependent,
            }
            return render(request, TEMPLATES + "item_retire_confirm.html", context)
    act = retirement.template_retire if retire else retirement.template_restore
    with refused(request=request) as refusal:
        act(template_id=template_id, reason=form.cleaned_data["reason"], by=request.user)
    if not refusal:
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
