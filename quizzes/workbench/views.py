"""The scenario workbench pages: build a story from facts, rule it, save it for a cohort
(mentors) or propose it for the bank (the committee), and the committee's proposals."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from judgetrain.accounts.models import Cohort
from judgetrain.typing import AuthenticatedHttpRequest
from quizzes.common.confirming import post_or_back
from quizzes.common.refusals import refused
from quizzes.languages import content_language
from quizzes.review.views.mentor import committee_required, mentor_required
from quizzes.workbench import services as workbench
from quizzes.workbench.forms import SaveForm, WorkbenchForm, derived_words
from quizzes.workbench.models import WorkbenchStory
from rulings import SituationError, ruling_view
from rulings.questions import QuestionError

TEMPLATES = "quizzes/workbench/"
ACTIONS = ("show", "rule", "save", "propose")


def _is_committee(request: AuthenticatedHttpRequest) -> bool:
    return request.user.has_perm("accounts.manage_certification")


def _cohort_choices(request: AuthenticatedHttpRequest) -> list[tuple[int, str]]:
    return [(c.pk, c.display_name) for c in Cohort.objects.visible_to(request.user)]


def _story(form: WorkbenchForm) -> workbench.Story:
    facts = {k: v for k, v in form.data.items() if k in form.fields}
    return workbench.Story(
        situation=form.situation(),
        lang=str(form.cleaned_data["language"]),
        trigger_name=str(form.cleaned_data.get("trigger_name") or ""),
        facts=facts,
    )


def _typed(request: AuthenticatedHttpRequest, action: str) -> dict[str, Any] | None:
    """What was typed, as the form's initial values (an unticked box stays unticked)."""
    if not action:
        return None
    typed: dict[str, Any] = request.POST.dict()
    for name, field in WorkbenchForm.base_fields.items():
        if isinstance(field, forms.BooleanField):
            typed[name] = name in request.POST
    return typed


def _asked_story(request: AuthenticatedHttpRequest) -> WorkbenchStory | None:
    """The story being revised: ``?story=<id>`` when "Revise it" opens the form, then the
    form's ``revise`` field; one of the user's cohorts' stories, else None."""
    if request.method == "GET":
        wanted = request.GET.get("story", "")
    else:
        wanted = request.POST.get("revise", "")
    if not (wanted.isascii() and wanted.isdigit()) or len(wanted) > 12:
        return None
    visible = Cohort.objects.visible_to(request.user).values("pk")
    return (
        WorkbenchStory.objects.select_related("question", "cohort", "decided_by")
        .filter(pk=int(wanted), cohort__in=visible)
        .first()
    )


def _revised(story: WorkbenchStory) -> dict[str, Any]:
    """The facts of one of the user's cohorts' stories, to revise it (walk 5, #9: a rejected
    story could be neither revised nor suggested again)."""
    typed: dict[str, Any] = dict(story.facts)
    for name, field in WorkbenchForm.base_fields.items():
        if isinstance(field, forms.BooleanField):
            typed[name] = bool(story.facts.get(name))
    return typed


@mentor_required
@require_http_methods(["GET", "POST"])
def workbench_page(request: AuthenticatedHttpRequest) -> HttpResponse:
    lang = content_language(request.LANGUAGE_CODE)
    action = request.POST.get("action", "show") if request.method == "POST" else ""
    asked = _asked_story(request)
    # walk 6, #15: saving a revision replaces the story it revises, for the same cohort
    revising = asked if asked is not None and asked.status in workbench.REVISABLE else None
    form, save_form = _forms(request, action, asked, lang)
    context: dict[str, Any] = {
        "form": form,
        "save_form": save_form,
        "lang": lang,
        "saving": action in ("save", "propose"),  # "Rule it" saves nothing (walk 5, #23)
        "revising": revising,
    }
    status = 200
    if action in ("rule", "save", "propose") and form.is_valid():
        story = _ruled(form, lang, context)
        if story is not None and action in ("save", "propose"):
            saved = _save(request, action, story, save_form, revising)
            if saved is not None:
                return saved
    if form.is_bound and (form.errors or save_form.errors):
        status = 400
    context["is_committee"] = _is_committee(request)
    context["stories"] = workbench.cohort_stories(
        cohort_ids=Cohort.objects.visible_to(request.user).values("pk")
    )
    return render(request, TEMPLATES + "workbench.html", context, status=status)


def _forms(
    request: AuthenticatedHttpRequest, action: str, asked: WorkbenchStory | None, lang: str
) -> tuple[WorkbenchForm, SaveForm]:
    """The story's form, bound to what was posted to rule or save it, and the saving form."""
    if action in ("rule", "save", "propose"):
        form = WorkbenchForm(request.POST, lang=lang)
    else:  # a first visit, or "show the fields": what was typed comes back, without errors
        opened = _revised(asked) if asked is not None and request.method == "GET" else None
        form = WorkbenchForm(initial=_typed(request, action) or opened, lang=lang)
    save_form = SaveForm(
        request.POST if action in ("save", "propose") else None, cohorts=_cohort_choices(request)
    )
    return form, save_form


def _ruled(form: WorkbenchForm, lang: str, context: dict[str, Any]) -> workbench.Story | None:
    """Rule the form's story, the question told and its ruling put in the page's context; the
    story, or None when the engine or the generator refused it (said on the form)."""
    try:
        story = _story(form)
        told = workbench.workbench_rule(story=story)
    except SituationError as error:
        form.add_engine_error(error)
    except QuestionError:
        form.add_error(None, _("The workbench cannot tell this story yet."))
    else:
        context["question"] = told
        context["ruling"] = ruling_view(told.ruling, lang)
        context["derived"] = derived_words(context["ruling"]["derived"])
        return story
    return None


def _save(
    request: AuthenticatedHttpRequest,
    action: str,
    story: workbench.Story,
    save_form: SaveForm,
    revising: WorkbenchStory | None,
) -> HttpResponse | None:
    if not save_form.is_valid():
        return None
    if action == "save" and revising is not None:
        return _save_revision(request, story, save_form, revising)
    with refused(save_form) as refusal:
        if action == "propose":
            if not _is_committee(request):
                raise Http404
            proposed = workbench.workbench_propose(
                story=story, author=request.user, for_exams=save_form.cleaned_data["for_exams"]
            )
            if proposed.cohort is not None:
                messages.success(
                    request,
                    _(
                        "This story was saved for %(cohort)s: that question is now proposed "
                        "for the bank, under Proposed questions."
                    )
                    % {"cohort": proposed.cohort.display_name},
                )
            else:
                messages.success(request, _("Proposed: the committee decides on it."))
            return redirect("workbench")
        cohort_id = save_form.cleaned_data.get("cohort")
        visible = Cohort.objects.visible_to(request.user)
        cohort = visible.filter(pk=cohort_id).first() if cohort_id else None
        if cohort is None:
            save_form.add_error("cohort", _("Choose one of your cohorts."))
            return None
        workbench.workbench_save_for_cohort(story=story, author=request.user, cohort=cohort)
    if refusal:
        return None
    messages.success(
        request,
        _("Saved: the candidates of %(cohort)s get it in practice.")
        % {"cohort": cohort.display_name},
    )
    return redirect("workbench")


def _save_revision(
    request: AuthenticatedHttpRequest,
    story: workbench.Story,
    save_form: SaveForm,
    original: WorkbenchStory,
) -> HttpResponse | None:
    with refused(save_form) as refusal:
        revision = workbench.workbench_revise(story=story, author=request.user, original=original)
    if refusal:
        return None
    messages.success(
        request,
        _(
            "Revised: the candidates of %(cohort)s are given this version instead of the "
            "earlier one. Suggest it for the bank when it is ready."
        )
        % {"cohort": revision.cohort.display_name if revision.cohort else ""},
    )
    return redirect(reverse("workbench") + f"#story-{revision.pk}")


@mentor_required
@require_POST
def story_suggest(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """A mentor sends a story saved for one of their cohorts to the committee (walk 4, #6)."""
    visible = Cohort.objects.visible_to(request.user).values("pk")
    story = WorkbenchStory.objects.filter(pk=pk, cohort__in=visible).first()
    if story is None:
        raise Http404("No such story.")
    with refused(request=request) as refusal:
        workbench.workbench_suggest(story=story)
    if not refusal:
        messages.success(
            request,
            _(
                "Suggested for the bank: the committee accepts or rejects it. Your cohort "
                "keeps it in practice meanwhile."
            ),
        )
    return redirect("workbench")


@post_or_back("workbench")
@mentor_required
def story_retire(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """First a page that asks (which story, for whom, what stays), then (``confirm``) the
    removal of a story saved for one of the mentor's cohorts (walk 4, #8)."""
    visible = Cohort.objects.visible_to(request.user).values("pk")
    story = (
        WorkbenchStory.objects.select_related("question", "cohort")
        .filter(pk=pk, cohort__in=visible, status=WorkbenchStory.Status.COHORT)
        .first()
    )
    if story is None:
        raise Http404("No such story.")
    if request.POST.get("confirm") != "1":
        return render(request, TEMPLATES + "retire.html", {"story": story})
    with refused(request=request) as refusal:
        workbench.workbench_retire(story=story, by=request.user)
    if not refusal:
        messages.success(
            request,
            _(
                "Removed: the candidates of %(cohort)s are no longer given it. The answers "
                "they gave stay in their history."
            )
            % {"cohort": story.cohort.display_name if story.cohort else ""},
        )
    return redirect("workbench")


class DecisionForm(forms.Form):
    decision = forms.ChoiceField(
        choices=[("accept", gettext_lazy("Accept")), ("reject", gettext_lazy("Reject"))]
    )
    reason = forms.CharField(
        label=gettext_lazy("Reason"), max_length=2000, required=False, widget=forms.Textarea
    )
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)


@committee_required
def proposal_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    lang = content_language(request.LANGUAGE_CODE)
    proposals = [
        (story, ruling_view(story.question.ruling, lang)) for story in workbench.proposals_open()
    ]
    context = {"proposals": proposals, "decided": workbench.proposals_decided()}
    return render(request, TEMPLATES + "proposals.html", context)


@committee_required
@require_POST
def proposal_decide(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """Accept at once; reject only with a reason (its author reads it) and after a page that
    asks (walk 5, #9: an empty Reject rejected at once, with nothing said to the author)."""
    story = (
        WorkbenchStory.objects.select_related("question", "author", "cohort")
        .filter(pk=pk, status=WorkbenchStory.Status.PROPOSED)
        .first()
    )
    form = DecisionForm(request.POST)
    if story is None or not form.is_valid():
        raise Http404("No such proposal.")
    accept = form.cleaned_data["decision"] == "accept"
    if not accept and not form.cleaned_data["reason"].strip():
        messages.error(
            request,
            _("Say why you reject this story: its author reads your reason, then can revise it."),
        )
        return redirect(reverse("workbench-proposals") + f"#proposal-{story.pk}")
    if not accept and not form.cleaned_data["confirm"]:
        confirm = DecisionForm(
            initial={"decision": "reject", "reason": form.cleaned_data["reason"], "confirm": True}
        )
        return render(request, TEMPLATES + "reject_confirm.html", {"story": story, "form": confirm})
    with refused(request=request) as refusal:
        workbench.workbench_decide(
            story=story, accept=accept, by=request.user, reason=form.cleaned_data["reason"]
        )
    if not refusal:  # walk 4, #10: say what the decision did
        messages.success(
            request,
            _("Accepted into the bank: candidates get it in practice.")
            if accept
            else _("Rejected: it stays out of the bank."),
        )
    return redirect("workbench-proposals")


urlpatterns = [
    path("workbench/", workbench_page, name="workbench"),
    path("workbench/proposals/", proposal_list, name="workbench-proposals"),
    path("workbench/proposals/<int:pk>/decide", proposal_decide, name="workbench-decide"),
    path("workbench/stories/<int:pk>/suggest", story_suggest, name="workbench-suggest"),
    path("workbench/stories/<int:pk>/remove", story_retire, name="workbench-retire"),
]
