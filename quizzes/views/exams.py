"""Exam pages: assigned exams, an attempt with autosave and a server-side deadline, results."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from judgetrain.typing import AuthenticatedHttpRequest
from quizzes import access, selectors
from quizzes.languages import content_language
from quizzes.models import Attempt
from quizzes.services import exams
from rulings.core.grading import MAX_ANSWER_CHARS

candidate_only = permission_required("accounts.practise", raise_exception=True)


class AppealForm(forms.Form):
    comment = forms.CharField(
        label=_("Why should this answer be graded differently?"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=4000,
    )


def _responses_from(request: AuthenticatedHttpRequest, attempt: Attempt) -> dict[int, str]:
    return {
        item.position: request.POST[f"item-{item.position}"][: MAX_ANSWER_CHARS + 1]
        for item in attempt.items.all()
        if f"item-{item.position}" in request.POST
    }


@require_GET
@login_required
@candidate_only
def exam_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    groups = selectors.assignments_by_status(request.user)
    return render(request, "quizzes/exams/list.html", {"groups": groups})


@require_POST
@login_required
@candidate_only
def exam_start(request: AuthenticatedHttpRequest, assignment_id: int) -> HttpResponse:
    assignment = access.access_assignment_by_id(request.user, assignment_id)
    try:
        attempt = exams.attempt_start(
            assignment=assignment, language=content_language(request.LANGUAGE_CODE)
        )
    except exams.ExamError as error:
        messages.error(request, str(error))
        return redirect("exams")
    return redirect("exam-attempt", attempt_id=attempt.pk)


@require_GET
@login_required
@candidate_only
def exam_attempt(request: AuthenticatedHttpRequest, attempt_id: int) -> HttpResponse:
    attempt = access.access_attempt_by_id(request.user, attempt_id)
    attempt = exams.attempt_expire_if_due(attempt=attempt)
    if attempt.status != Attempt.Status.IN_PROGRESS:
        return redirect("exam-result", attempt_id=attempt.pk)
    items = attempt.items.select_related("question").prefetch_related("question__topics")
    context = {
        "attempt": attempt,
        "items": items,
        "now": timezone.now(),
        "max_chars": MAX_ANSWER_CHARS,
    }
    return render(request, "quizzes/exams/attempt.html", context)


@require_POST
@login_required
@candidate_only
def exam_save(request: AuthenticatedHttpRequest, attempt_id: int) -> HttpResponse:
    """The no-JavaScript path: save every answer on the page at once."""
    attempt = access.access_attempt_by_id(request.user, attempt_id)
    try:
        for item in attempt.items.select_related("attempt"):
            key = f"item-{item.position}"
            if key in request.POST:
                exams.attempt_item_save(item=item, response=request.POST[key], base_revision=None)
    except exams.AttemptClosed as error:
        messages.error(request, str(error))
        return redirect("exam-result", attempt_id=attempt.pk)
    except exams.ExamError as error:
        messages.error(request, str(error))
        return redirect("exam-attempt", attempt_id=attempt.pk)
    messages.success(request, _("Your answers are saved."))
    return redirect("exam-attempt", attempt_id=attempt.pk)


@require_POST
@login_required
@candidate_only
def exam_submit(request: AuthenticatedHttpRequest, attempt_id: int) -> HttpResponse:
    attempt = access.access_attempt_by_id(request.user, attempt_id)
    try:
        exams.attempt_submit(attempt=attempt, responses=_responses_from(request, attempt))
    except exams.AttemptClosed as error:
        messages.error(request, str(error))
    except exams.ExamError as error:
        messages.error(request, str(error))
        return redirect("exam-attempt", attempt_id=attempt.pk)
    return redirect("exam-result", attempt_id=attempt.pk)


@require_GET
@login_required
@candidate_only
def exam_result(request: AuthenticatedHttpRequest, attempt_id: int) -> HttpResponse:
    attempt = access.access_attempt_by_id(request.user, attempt_id)
    attempt = exams.attempt_expire_if_due(attempt=attempt)
    if attempt.status == Attempt.Status.IN_PROGRESS:
        return redirect("exam-attempt", attempt_id=attempt.pk)
    items = attempt.items.select_related("question", "appeal").order_by("position")
    context = {
        "attempt": attempt,
        "items": items,
        "details_visible": access.details_visible(attempt),
        "appeal_form": AppealForm(),
    }
    return render(request, "quizzes/exams/result.html", context)


@require_POST
@login_required
@candidate_only
def exam_appeal(request: AuthenticatedHttpRequest, attempt_id: int, position: int) -> HttpResponse:
    attempt = access.access_attempt_by_id(request.user, attempt_id)
    item = access.access_item(attempt, position)
    form = AppealForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(error) for error in form.errors["comment"]))
        return redirect("exam-result", attempt_id=attempt.pk)
    try:
        exams.appeal_create(item=item, comment=form.cleaned_data["comment"])
    except exams.ExamError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Your appeal was sent to your mentor."))
    return redirect("exam-result", attempt_id=attempt.pk)


urlpatterns = [
    path("", exam_list, name="exams"),
    path("assignments/<int:assignment_id>/start", exam_start, name="exam-start"),
    path("attempts/<int:attempt_id>/", exam_attempt, name="exam-attempt"),
    path("attempts/<int:attempt_id>/save", exam_save, name="exam-save"),
    path("attempts/<int:attempt_id>/submit", exam_submit, name="exam-submit"),
    path("attempts/<int:attempt_id>/result", exam_result, name="exam-result"),
    path("attempts/<int:attempt_id>/items/<int:position>/appeal", exam_appeal, name="exam-appeal"),
]
