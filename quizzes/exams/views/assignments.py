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

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django import forms
from django.contrib import messages
from django.db.models import Count, Prefetch, Q
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from judgetrain.accounts.models import Cohort, User
from judgetrain.dates import format_moment, in_zone, validate_displayable
from judgetrain.typing import AuthenticatedHttpRequest
from quizzes.cohorts.selectors import candidates_visible_to
from quizzes.common.confirming import post_or_back
from quizzes.common.refusals import refused
from quizzes.exams.models.exams import (
    VARIANT_JOB_STATES,
    Attempt,
    ExamAssignment,
    ExamBlueprint,
    VariantJob,
)
from quizzes.exams.services import assignments, variants
from quizzes.review.views.mentor import mentor_required
from quizzes.selectors import variant_jobs_visible_to

TEMPLATES = "quizzes/assign/"
LOCAL_MINUTE = "%Y-%m-%dT%H:%M"


class CandidateChoices(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        return f"{obj} ({obj.email})"


class DisplayNameChoice(forms.ModelChoiceField):
    """An exam or cohort by the name the rest of the flow shows, in the page's language."""

    def label_from_instance(self, obj: Any) -> str:
        return str(obj.display_name)


class AssignmentForm(forms.Form):
    blueprint = DisplayNameChoice(
        label=_("Exam blueprint"),
        queryset=ExamBlueprint.objects.none(),
        empty_label=_("Choose a blueprint"),
    )
    cohort = DisplayNameChoice(
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
        self.fields["cohort"].queryset = Cohort.objects.visible_to(user).order_by("name")  # type: ignore[attr-defined]
        self.fields["candidates"].queryset = candidates_visible_to(user)  # type: ignore[attr-defined]


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
    with refused(form) as refusal:
        assigned = variants.exam_assign(
            by=request.user,
            blueprint=form.cleaned_data["blueprint"],
            cohort=form.cleaned_data["cohort"],
            candidates=form.cleaned_data["candidates"],
            opens_at=form.cleaned_data["opens_at"],
            closes_at=form.cleaned_data["closes_at"],
        )
    if refusal:
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
    jobs = variant_jobs_visible_to(request.user).annotate(
        assigned=Count("assignments"),
        cancelled=Count("assignments", filter=Q(assignments__cancelled_at__isnull=False)),
    )  # a cancelled exam says so, not just its variants (walk 5, #7)
    context = {"form": form, "jobs": list(jobs[:10])}
    return render(request, TEMPLATES + "assign.html", context, status=status)


class EditForm(forms.Form):
    closes_at = forms.DateTimeField(
        label=_("Closes"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=LOCAL_MINUTE),
        validators=[validate_displayable],
    )
    note = forms.CharField(
        label=_("Note to the candidates"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Shown with the exam on their Home and exam list."),
    )
    # Ticked on the confirmation, which names the attempts it would cut (walk 8, #19).
    shorten_running = forms.BooleanField(
        label=_("Also shorten the attempts in progress"), required=False
    )


class ExtendForm(forms.Form):
    who = forms.ChoiceField(label=_("Whom to give more time"), required=False)
    closes_at = forms.DateTimeField(
        label=_("New closing time"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=LOCAL_MINUTE),
        validators=[validate_displayable],
    )

    def __init__(self, *args: Any, assignments: list[ExamAssignment], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["who"].choices = [  # type: ignore[attr-defined]
            ("", _("Every candidate")),
            *((str(row.pk), str(row.candidate)) for row in assignments),
        ]


@dataclass(frozen=True)
class Progress:
    """Where one candidate stands with the exam: their latest attempt, or none."""

    state: str
    label: str
    attempt: Attempt | None


def _progress(assignment: ExamAssignment) -> Progress:
    attempts = list(assignment.attempts.all())  # started ones, prefetched
    latest = attempts[-1] if attempts else None
    if latest is None:
        if assignment.cancelled_at is not None:
            return Progress("cancelled", str(_("Cancelled before starting")), None)
        return Progress("not_started", str(_("Not started")), None)
    if latest.status == Attempt.Status.IN_PROGRESS:
        return Progress("in_progress", str(_("In progress")), latest)
    if latest.status == Attempt.Status.SUBMITTED:
        return Progress("submitted", str(_("Submitted, being graded")), latest)
    if getattr(latest, "review_waiting", False):
        return Progress("provisional", str(_("Provisional result: a review is pending")), latest)
    if latest.passed:
        return Progress("graded", str(_("Passed")), latest)
    left = assignment.max_attempts - len(attempts)
    if left > 0 and assignment.cancelled_at is None and assignment.closes_at > timezone.now():
        label = ngettext(
            "Not passed yet: %(n)d attempt left, until %(when)s",
            "Not passed yet: %(n)d attempts left, until %(when)s",
            left,
        ) % {"n": left, "when": format_moment(assignment.closes_at)}
        return Progress("retry", label, latest)
    return Progress("graded", str(_("Not passed")), latest)


def _job_assignments(request: AuthenticatedHttpRequest, job: VariantJob) -> list[ExamAssignment]:
    assigned = (
        job.assignments.visible_to(request.user)
        .select_related("candidate", "blueprint")
        .annotate(ready=Count("variants"))
        .prefetch_related(
            Prefetch("attempts", queryset=Attempt.objects.with_review_waiting().order_by("number"))
        )
    )
    rows: list[ExamAssignment] = list(
        assigned.order_by("candidate__first_name", "candidate__email")
    )
    for row in rows:
        row.progress = _progress(row)  # type: ignore[attr-defined]
    return rows


def _visible_job(request: AuthenticatedHttpRequest, job_id: int) -> VariantJob:
    job = (
        variant_jobs_visible_to(request.user).select_related("blueprint").filter(pk=job_id).first()
    )
    if job is None:
        raise Http404("No such pre-generation job.")
    return job


def _render_job(
    request: AuthenticatedHttpRequest,
    job: VariantJob,
    assigned: list[ExamAssignment],
    *,
    edit_form: EditForm | None = None,
    extend_form: ExtendForm | None = None,
    status: int = 200,
) -> HttpResponse:
    active = [row for row in assigned if row.cancelled_at is None]
    first = active[0] if active else None
    context = {
        "job": job,
        "state": VARIANT_JOB_STATES[job.state],
        "states": VARIANT_JOB_STATES,
        "assignments": assigned,
        "active": active,
        "edit_form": edit_form
        or EditForm(
            prefix="edit",
            initial={
                "closes_at": in_zone(first.closes_at).strftime(LOCAL_MINUTE) if first else None,
                "note": first.note if first else "",
            },
        ),
        "extend_form": extend_form or ExtendForm(prefix="extend", assignments=active),
        # A failed job says why as things stand now, in the reader's language (walk 4, #11).
        "failure": variants.undrawable_reason(job.blueprint) if job.state == "failed" else "",
    }
    return render(request, TEMPLATES + "job.html", context, status=status)


@require_GET
@mentor_required
def variant_job(request: AuthenticatedHttpRequest, job_id: int) -> HttpResponse:
    job = _visible_job(request, job_id)
    return _render_job(request, job, _job_assignments(request, job))


def _confirm(
    request: AuthenticatedHttpRequest,
    job: VariantJob,
    *,
    action: str,
    summary: str,
    url: str,
    note: str | None = None,
    cuts: list[str] | None = None,
) -> HttpResponse:
    """The page that asks before a change: what will happen, the same form data, confirm;
    with ``note``, the note the candidates will read (walk 7, #10: "with the note shown",
    and the note was shown nowhere); with ``cuts``, the attempts in progress the change
    would cut short and the box that allows it (walk 8, #19)."""
    fields = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in ("csrfmiddlewaretoken", "confirm", SHORTEN_FIELD)
        for value in values
    ]
    context = {
        "job": job, "action": action, "summary": summary, "fields": fields, "url": url,
        "note": note, "cuts": cuts or [], "shorten_field": SHORTEN_FIELD,
    }  # fmt: skip
    return render(request, TEMPLATES + "confirm.html", context)


@post_or_back("variant-job", job_id="job_id")
@mentor_required
def assignment_edit(request: AuthenticatedHttpRequest, job_id: int) -> HttpResponse:
    job = _visible_job(request, job_id)
    assigned = _job_assignments(request, job)
    active = [row for row in assigned if row.cancelled_at is None]
    form = EditForm(request.POST, prefix="edit")
    if not form.is_valid():
        return _render_job(request, job, assigned, edit_form=form, status=400)
    closes_at, note = form.cleaned_data["closes_at"], form.cleaned_data["note"]
    shorten = form.cleaned_data["shorten_running"]
    if request.POST.get("confirm") != "1":
        summary = ngettext(
            "The exam of %(n)d candidate will close at %(when)s, with the note below.",
            "The exam of %(n)d candidates will close at %(when)s, with the note below.",
            len(active),
        ) % {"n": len(active), "when": format_moment(closes_at)}
        cuts = assignments.running_cuts(assignments=active, closes_at=closes_at)
        return _confirm(
            request, job, action=str(_("Save the changes")), summary=summary,
            url=reverse("assignment-edit", args=[job.pk]), note=note,
            cuts=[cut_text(cut) for cut in cuts],
        )  # fmt: skip
    with refused(form) as refusal:
        assignments.assignments_edit(
            assignments=active, closes_at=closes_at, note=note, shorten_running=shorten
        )
    if refusal:
        return _render_job(request, job, assigned, edit_form=form, status=400)
    messages.success(request, _("The exam was changed."))
    return redirect("variant-job", job_id=job.pk)


SHORTEN_FIELD = "edit-shorten_running"


def minutes_text(span: timedelta) -> str:
    """A length of time as the confirmation reads it, in whole minutes (never rounded up)."""
    minutes = int(span.total_seconds() // 60)
    if minutes < 1:
        return str(_("less than a minute"))
    return ngettext("%(n)d minute", "%(n)d minutes", minutes) % {"n": minutes}


def cut_text(cut: assignments.Cut) -> str:
    """One attempt a new close would cut short, in the reader's language and time zone."""
    return _(
        "%(name)s: %(before)s left now (until %(until_before)s); with the new closing time,"
        " %(after)s (until %(until_after)s), %(lost)s less."
    ) % {
        "name": cut.attempt.candidate,
        "before": minutes_text(cut.left_before),
        "until_before": format_moment(cut.deadline_before, "time"),
        "after": minutes_text(cut.left_after),
        "until_after": format_moment(cut.deadline_after, "time"),
        "lost": minutes_text(cut.lost),
    }


SHORTER = _(
    "An extension must close later than the exam closes now (%(when)s). To shorten the time,"
    " use “Change the deadline or the note” above."
)


@post_or_back("variant-job", job_id="job_id")
@mentor_required
def assignment_extend(request: AuthenticatedHttpRequest, job_id: int) -> HttpResponse:
    job = _visible_job(request, job_id)
    assigned = _job_assignments(request, job)
    active = [row for row in assigned if row.cancelled_at is None]
    form = ExtendForm(request.POST, prefix="extend", assignments=active)
    if not form.is_valid():
        return _render_job(request, job, assigned, extend_form=form, status=400)
    who, closes_at = int(form.cleaned_data["who"] or 0), form.cleaned_data["closes_at"]
    chosen = [row for row in active if not who or row.pk == who]
    latest = max((row.closes_at for row in chosen), default=None)
    if latest is not None and closes_at <= latest:
        # Refused before the confirmation, which would otherwise announce a shorter deadline.
        form.add_error("closes_at", SHORTER % {"when": format_moment(latest)})
        return _render_job(request, job, assigned, extend_form=form, status=400)
    if request.POST.get("confirm") != "1":
        names = ", ".join(str(row.candidate) for row in chosen)
        summary = _("%(names)s will have until %(when)s.") % {
            "names": names,
            "when": format_moment(closes_at),
        }
        return _confirm(
            request, job, action=str(_("Extend")), summary=summary,
            url=reverse("assignment-extend", args=[job.pk]),
        )  # fmt: skip
    with refused(form) as refusal:
        assignments.assignments_extend(assignments=chosen, closes_at=closes_at)
    if refusal:
        return _render_job(request, job, assigned, extend_form=form, status=400)
    messages.success(request, _("The deadline was extended."))
    return redirect("variant-job", job_id=job.pk)


@post_or_back("variant-job", job_id="job_id")
@mentor_required
def assignment_cancel(request: AuthenticatedHttpRequest, job_id: int) -> HttpResponse:
    job = _visible_job(request, job_id)
    assigned = _job_assignments(request, job)
    active = [row for row in assigned if row.cancelled_at is None]
    started = len([row for row in active if row.progress.attempt is not None])  # type: ignore[attr-defined]
    if request.POST.get("confirm") != "1":
        summary = ngettext(
            "Nobody can start this exam any more (%(n)d candidate). "
            "Attempts already started (%(started)d) are kept with their results.",
            "Nobody can start this exam any more (%(n)d candidates). "
            "Attempts already started (%(started)d) are kept with their results.",
            len(active),
        ) % {"n": len(active), "started": started}
        return _confirm(
            request, job, action=str(_("Cancel the exam")), summary=summary,
            url=reverse("assignment-cancel", args=[job.pk]),
        )  # fmt: skip
    with refused(request=request) as refusal:
        done = assignments.assignments_cancel(assignments=active)
    if refusal:
        return redirect("variant-job", job_id=job.pk)
    messages.success(
        request,
        ngettext(
            "The exam was cancelled for %(n)d candidate; started attempts kept: %(started)d.",
            "The exam was cancelled for %(n)d candidates; started attempts kept: %(started)d.",
            done.cancelled,
        )
        % {"n": done.cancelled, "started": done.kept_started},
    )
    return redirect("variant-job", job_id=job.pk)


@post_or_back("variant-job", job_id="job_id")
@mentor_required
def variant_job_retry(request: AuthenticatedHttpRequest, job_id: int) -> HttpResponse:
    """Prepare a failed job's variants again, once its blueprint can be drawn."""
    job = _visible_job(request, job_id)
    if job.state != "failed":
        return redirect("variant-job", job_id=job.pk)
    with refused(request=request) as refusal:
        variants.variant_job_retry(job=job)
    if not refusal:
        messages.success(request, _("The variants are being prepared again."))
    return redirect("variant-job", job_id=job.pk)


urlpatterns = [
    path("assign/", assign, name="assign"),
    path("assign/jobs/<int:job_id>/", variant_job, name="variant-job"),
    path("assign/jobs/<int:job_id>/edit", assignment_edit, name="assignment-edit"),
    path("assign/jobs/<int:job_id>/retry", variant_job_retry, name="variant-job-retry"),
    path("assign/jobs/<int:job_id>/extend", assignment_extend, name="assignment-extend"),
    path("assign/jobs/<int:job_id>/cancel", assignment_cancel, name="assignment-cancel"),
]
