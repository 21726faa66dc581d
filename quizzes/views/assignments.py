"""Assigning an exam blueprint to a cohort or to chosen candidates, and watching its variants
being pre-generated.

Mentors assign to their own cohorts' candidates, the committee to any cohort's; candidates get
403. The form checks the input's types and whom the user may choose; the rules (times, nobody
given the exam twice) are ``variants.exam_assign``'s, shared with ``POST /api/v1/assignments``;
it queues the pre-generation job once the assignments are committed. The job's page shows its
progress, updated in place by ``quizzes/variant_job.js`` from ``/api/v1/variant-jobs/<id>`` (a
refresh link without it).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.contrib import messages
from django.db.models import Count
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods

from judgetrain.accounts.models import Cohort, User
from judgetrain.dates import validate_displayable
from judgetrain.typing import AuthenticatedHttpRequest
from quizzes.models import ExamBlueprint
from quizzes.models.exams import VARIANT_JOB_STATES
from quizzes.selectors import variant_jobs_visible_to
from quizzes.services import cohorts, variants
from quizzes.views.mentor import mentor_required

TEMPLATES = "quizzes/assign/"
LOCAL_MINUTE = "%Y-%m-%dT%H:%M"


class CandidateChoices(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        return f"{obj} ({obj.email})"


class AssignmentForm(forms.Form):
    blueprint = forms.ModelChoiceField(
        label=_("Exam blueprint"), queryset=ExamBlueprint.objects.none()
    )
    cohort = forms.ModelChoiceField(
        label=_("The whole cohort"),
        queryset=Cohort.objects.none(),
        required=False,
        empty_label=_("No cohort: only the candidates chosen below"),
    )
    candidates = CandidateChoices(
        label=_("Chosen candidates"),
        queryset=User.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("With a cohort too, the exam goes to the cohort and to these candidates."),
    )
    opens_at = forms.DateTimeField(
        label=_("Opens"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=LOCAL_MINUTE),
        validators=[validate_displayable],
    )
    closes_at = forms.DateTimeField(
        label=_("Closes"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=LOCAL_MINUTE),
        validators=[validate_displayable],
    )

    def __init__(self, *args: Any, user: User, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["blueprint"].queryset = ExamBlueprint.objects.order_by("name")  # type: ignore[attr-defined]
        self.fields["cohort"].queryset = cohorts.cohorts_visible_to(user).order_by("name")  # type: ignore[attr-defined]
        self.fields["candidates"].queryset = cohorts.candidates_visible_to(user)  # type: ignore[attr-defined]


def _initial(request: AuthenticatedHttpRequest) -> dict[str, Any]:
    opens = timezone.localtime().replace(second=0, microsecond=0)
    return {
        "blueprint": request.GET.get("blueprint", ""),
        "cohort": request.GET.get("cohort", ""),
        "opens_at": opens,
        "closes_at": opens + timedelta(days=7),
    }


@require_http_methods(["GET", "POST"])
@mentor_required
def assign(request: AuthenticatedHttpRequest) -> HttpResponse:
    if request.method == "GET":
        form = AssignmentForm(user=request.user, initial=_initial(request))
        return _render_assign(request, form)
    form = AssignmentForm(request.POST, user=request.user)
    if not form.is_valid():
        return _render_assign(request, form, status=400)
    try:
        assigned = variants.exam_assign(
            by=request.user,
            blueprint=form.cleaned_data["blueprint"],
            cohort=form.cleaned_data["cohort"],
            candidates=form.cleaned_data["candidates"],
            opens_at=form.cleaned_data["opens_at"],
            closes_at=form.cleaned_data["closes_at"],
        )
    except variants.AssignmentError as error:
        for problem in error.every:
            form.add_error(problem.field if problem.field in form.fields else None, str(problem))
        return _render_assign(request, form, status=400)
    messages.success(request, _("The exam was assigned; its variants are being prepared."))
    if assigned.skipped:
        names = ", ".join(str(person) for person in assigned.skipped)
        messages.info(
            request,
            _("Left as they were (they already have this exam open or upcoming): %(names)s.")
            % {"names": names},
        )
    return redirect("variant-job", job_id=assigned.job.pk)


def _render_assign(
    request: AuthenticatedHttpRequest, form: AssignmentForm, status: int = 200
) -> HttpResponse:
    context = {"form": form, "jobs": list(variant_jobs_visible_to(request.user)[:10])}
    return render(request, TEMPLATES + "assign.html", context, status=status)


@require_GET
@mentor_required
def variant_job(request: AuthenticatedHttpRequest, job_id: int) -> HttpResponse:
    job = variant_jobs_visible_to(request.user).filter(pk=job_id).first()
    if job is None:
        raise Http404("No such pre-generation job.")
    assigned = job.assignments.select_related("candidate").annotate(ready=Count("variants"))
    if not request.user.has_perm("accounts.manage_certification"):
        assigned = assigned.filter(candidate__in=cohorts.candidates_visible_to(request.user))
    context = {
        "job": job,
        "state": VARIANT_JOB_STATES[job.state],
        "states": VARIANT_JOB_STATES,
        "assignments": list(assigned.order_by("candidate__first_name", "candidate__email")),
    }
    return render(request, TEMPLATES + "job.html", context)


urlpatterns = [
    path("assign/", assign, name="assign"),
    path("assign/jobs/<int:job_id>/", variant_job, name="variant-job"),
]
