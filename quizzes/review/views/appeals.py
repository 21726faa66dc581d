"""The candidate's side of appeals and reports: contest a mentor's decision to the committee,
and one page listing their appeals and question reports with their status and decision."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from judgetrain.typing import AuthenticatedHttpRequest
from quizzes import access
from quizzes.common.refusals import refused
from quizzes.review import selectors as reads
from quizzes.review.models.appeals import Appeal
from quizzes.review.services import appeals


class ContestForm(forms.Form):
    comment = forms.CharField(
        label=gettext_lazy("Why do you contest your mentor's decision?"), max_length=4000
    )


@require_POST
@login_required
@permission_required("accounts.practise", raise_exception=True)
def appeal_contest(
    request: AuthenticatedHttpRequest, attempt_id: int, position: int
) -> HttpResponse:
    attempt = access.access_attempt_by_id(request.user, attempt_id)
    item = access.access_item(attempt, position)
    appeal = Appeal.objects.filter(item=item).first()
    form = ContestForm(request.POST)
    if appeal is None:
        messages.error(request, _("Appeal this answer first."))
    elif not form.is_valid():
        messages.error(request, " ".join(str(e) for e in form.errors["comment"]))
    else:
        with refused(request=request) as refusal:
            appeals.appeal_contest(appeal=appeal, comment=form.cleaned_data["comment"])
        if not refusal:
            messages.success(request, _("Your appeal was sent to the certification committee."))
    return redirect("exam-result", attempt_id=attempt.pk)


@require_GET
@login_required
def my_appeals_and_reports(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The user's appeals (a candidate's, on their exams) and the question reports they filed,
    each with its status and, once decided, the decision and its reason."""
    context = {
        "appeals": list(reads.appeals_of(request.user)),
        "reports": list(reads.reports_filed_by(request.user)),
    }
    return render(request, "quizzes/exams/my_appeals.html", context)


urlpatterns = [
    path("appeals-and-reports", my_appeals_and_reports, name="my-appeals-and-reports"),
    path(
        "attempts/<int:attempt_id>/items/<int:position>/appeal/contest",
        appeal_contest,
        name="exam-appeal-contest",
    ),
]
