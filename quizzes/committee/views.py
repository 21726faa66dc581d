"""The certification committee's pages: blueprints, question reports, policy updates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.db.models import Count, Q
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from judgetrain.typing import AuthenticatedHttpRequest
from quizzes.bank.models.questions import QuestionKind
from quizzes.bank.models.reports import QuestionReport
from quizzes.bank.services import policy_updates
from quizzes.bank.services import question_reports as reports
from quizzes.certification.models import Certificate
from quizzes.committee.forms import (
    BlueprintForm,
    DecisionForm,
    PolicyCompareForm,
    ReportQuestionForm,
    SlotFormSet,
    slot_initial,
)
from quizzes.common.refusals import refused
from quizzes.exams.models.exams import ExamBlueprint
from quizzes.exams.services.blueprints import (
    PreviewError,
    blueprint_preview,
    slot_undrawable,
    slots_with_few_situations,
)
from quizzes.languages import content_language
from quizzes.review.services import appeals
from quizzes.selectors import question_reportable
from quizzes.workbench import services as workbench
from rulings import questions as generator

MANAGE = "accounts.manage_certification"
MENTOR = "accounts.mentor_candidates"
TEMPLATES = "quizzes/committee/"
View = Callable[..., HttpResponse]


def committee_required(view: View) -> View:
    """Logged in, and a member of the committee (403 otherwise)."""
    return login_required(permission_required(MANAGE, raise_exception=True)(view))


@require_GET
@committee_required
def home(request: AuthenticatedHttpRequest) -> HttpResponse:
    context = {
        "open_reports": QuestionReport.objects.visible_to(request.user)
        .filter(status=QuestionReport.Status.OPEN)
        .count(),
        "blueprints": ExamBlueprint.objects.count(),
        "certificates": Certificate.objects.filter(revoked_at__isnull=True).count(),
        "proposals": workbench.proposals_waiting_count(),
    }
    return render(request, TEMPLATES + "home.html", context)


# --- blueprints ------------------------------------------------------------------------------


@require_GET
@committee_required
def blueprint_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    # Assigned counts the assignments still standing; cancelled ones are shown apart (walk 3,
    # #28: a blueprint whose only assignment was cancelled still read "Assigned: 1").
    blueprints = ExamBlueprint.objects.select_related("policy_version").annotate(
        assigned=Count("assignments", filter=Q(assignments__cancelled_at__isnull=True)),
        cancelled=Count("assignments", filter=Q(assignments__cancelled_at__isnull=False)),
    )
    return render(request, TEMPLATES + "blueprints.html", {"blueprints": blueprints})


@require_http_methods(["GET", "POST"])
@committee_required
def blueprint_edit(request: AuthenticatedHttpRequest, pk: int | None = None) -> HttpResponse:
    blueprint = get_object_or_404(ExamBlueprint, pk=pk) if pk is not None else None
    if request.method == "GET":
        form = BlueprintForm(instance=blueprint)
        slots = SlotFormSet(initial=slot_initial(blueprint), prefix="slots")
        return _render_blueprint(request, form, slots, blueprint)
    slots = SlotFormSet(request.POST, prefix="slots", game=request.POST.get("game"))
    composition = slots.composition() if slots.is_valid() else None
    form = BlueprintForm(request.POST, instance=blueprint, composition=composition)
    if not (form.is_valid() and composition):
        return _render_blueprint(request, form, slots, blueprint, status=400)
    draft = form.save(commit=False)
    try:  # saving checks the slots can be drawn, as the preview does
        sample = blueprint_preview(blueprint=draft, composition=composition)
    except PreviewError as error:
        slots.mark_undrawable(error.slot)
        cause = slot_undrawable(
            blueprint=draft,
            composition=composition,
            index=error.slot,
            lang=content_language(request.LANGUAGE_CODE),
        )
        # Walk 4, #12: a retired or withdrawn template is named as the cause.
        form.add_error(
            None,
            cause.reason(content_language(request.LANGUAGE_CODE))
            if cause.excluded
            else _("The generator cannot draw these slots; change topics or counts."),
        )
        return _render_blueprint(request, form, slots, blueprint, status=400)
    if "preview" in request.POST:
        # The rows again, as drawn, and an empty one to add a slot (walk 3, #11).
        slots = SlotFormSet(initial=slot_initial(draft), prefix="slots", game=draft.game)
        thin = slots_with_few_situations(sample=sample, composition=composition)
        return _render_blueprint(request, form, slots, blueprint, sample=sample, thin=thin)
    if draft.created_by_id is None:
        draft.created_by = request.user
    draft.save()
    messages.success(request, _("The exam blueprint was saved."))
    return redirect("committee-blueprints")


def _render_blueprint(
    request: AuthenticatedHttpRequest,
    form: BlueprintForm,
    slots: Any,
    blueprint: ExamBlueprint | None,
    status: int = 200,
    sample: list[Any] | None = None,
    thin: list[dict[str, int]] | None = None,
) -> HttpResponse:
    lang = content_language(request.LANGUAGE_CODE)
    rows = [
        {
            "question": question,
            "topics": ", ".join(generator.topic_name(topic, lang) for topic in question.topics),
            "kind": QuestionKind(question.kind).label,
        }
        for question in sample or []
    ]
    context = {
        "form": form,
        "slots": slots,
        "blueprint": blueprint,
        "sample": rows,
        "thin": thin or [],
        # A preview saves nothing: its errors are not headed "Nothing was saved" (walk 5, #15).
        "saving": "preview" not in request.POST,
    }
    return render(request, TEMPLATES + "blueprint_form.html", context, status=status)


# --- question problem reports ----------------------------------------------------------------


def _back(request: AuthenticatedHttpRequest) -> HttpResponseRedirect:
    target = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure())
    return HttpResponseRedirect(target if safe and target else reverse("home"))


@require_POST
@login_required
def question_report(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    question = question_reportable(user=request.user, pk=pk)
    if question is None:
        return render(request, TEMPLATES + "not_found.html", status=404)
    form = ReportQuestionForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(str(error) for error in errors))
        return _back(request)
    with refused(request=request) as refusal:
        reports.question_report_create(
            question=question, reporter=request.user, **form.cleaned_data
        )
    if not refusal:
        messages.success(request, _("Thank you: your report was sent to the committee."))
    return _back(request)


@require_GET
@committee_required
def report_queue(request: AuthenticatedHttpRequest) -> HttpResponse:
    status = request.GET.get("status", QuestionReport.Status.OPEN)
    if status not in QuestionReport.Status.values:
        status = QuestionReport.Status.OPEN
    queue = (
        QuestionReport.objects.visible_to(request.user)
        .filter(status=status)
        .select_related("question", "reporter", "resolved_by")
        .prefetch_related("question__topics")
        .annotate(
            others=Count(
                "question__reports", filter=Q(question__reports__status=QuestionReport.Status.OPEN)
            )
        )
        .order_by("created_at")
    )
    rows = list(queue)
    for report in rows:  # each form its own ids: several open reports share the page
        report.form = DecisionForm(auto_id=f"id_report{report.pk}_%s")  # type: ignore[attr-defined]
    context = {"queue": rows, "status": status, "statuses": QuestionReport.Status.choices}
    return render(request, TEMPLATES + "reports_queue.html", context)


@require_POST
@committee_required
def report_decide(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    visible = QuestionReport.objects.visible_to(request.user).select_related("question")
    report = get_object_or_404(visible, pk=pk)
    form = DecisionForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(str(error) for error in errors))
        return redirect("committee-question-reports")
    try:
        reports.question_report_decide(
            report=report,
            action=form.cleaned_data["action"],
            reason=form.cleaned_data["reason"],
            by=request.user,
            preview_token=form.cleaned_data["confirm"],
        )
    except appeals.PreviewChanged as changed:
        if form.cleaned_data["confirm"]:
            messages.warning(request, str(changed))
        context = {"report": report, "form": form, "preview": changed.preview}
        return render(request, TEMPLATES + "report_withdraw_preview.html", context)
    except reports.ReportError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The decision was recorded."))
    return redirect("committee-question-reports")


# --- policy updates --------------------------------------------------------------------------


@require_GET
@committee_required
def policy_update(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = PolicyCompareForm(request.GET or None)
    context: dict[str, Any] = {"form": form}
    status = 200
    if request.GET and form.is_valid():
        old, new = form.cleaned_data["old"], form.cleaned_data["new"]
        context["impact"] = policy_updates.policy_impact(old=old, new=new)
        regrade = policy_updates.regrade_dry_run(old=old, new=new)
        context["regrade"] = regrade
        context["outcome_rows"] = [row for row in regrade if row.changes_outcome]
        context["other_rows"] = [row for row in regrade if not row.changes_outcome]
        context["statements"] = policy_updates.statement_changes(
            old=old, new=new, lang=request.LANGUAGE_CODE
        )
        context["old_blueprints"] = list(
            ExamBlueprint.objects.filter(policy_version=old).order_by("name")
        )
    elif request.GET:
        status = 400
    return render(request, TEMPLATES + "policy_update.html", context, status=status)


urlpatterns = [
    path("", home, name="committee"),
    path("blueprints/", blueprint_list, name="committee-blueprints"),
    path("blueprints/new", blueprint_edit, name="committee-blueprint-new"),
    path("blueprints/<int:pk>/", blueprint_edit, name="committee-blueprint-edit"),
    path("question-reports/", report_queue, name="committee-question-reports"),
    path("question-reports/<int:pk>/decide", report_decide, name="committee-report-decide"),
    path("policy-updates/", policy_update, name="committee-policy-update"),
]

report_urlpatterns = [
    path("questions/<int:pk>/report", question_report, name="question-report"),
]
