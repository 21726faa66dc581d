"""Exam pages: assigned exams, an attempt with autosave and a server-side deadline, results."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from judgetrain.typing import AuthenticatedHttpRequest
from quizzes import access, selectors
from quizzes.common.refusals import refused
from quizzes.exams.models.exams import Attempt, AttemptItem, ExamAssignment
from quizzes.exams.services import exams
from quizzes.languages import content_language
from quizzes.review.selectors import with_review_waiting
from rulings.grading import MAX_ANSWER_CHARS
from rulings.models import Language

candidate_only = permission_required("accounts.practise", raise_exception=True)


class AppealForm(forms.Form):
    comment = forms.CharField(
        label=_("Why should this answer be graded differently?"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=4000,
    )


class AnswersForm(forms.Form):
    """Every answer on the attempt page with the revision it was loaded at. Checked as a whole
    before anything is saved: one bad field saves nothing."""

    def __init__(self, data: QueryDict, *, items: list[AttemptItem]) -> None:
        super().__init__(data)
        self.items = items
        for item in items:
            label = _("Question %(n)s") % {"n": item.position}
            self.fields[f"item-{item.position}"] = forms.CharField(
                label=label, required=False, strip=False, max_length=MAX_ANSWER_CHARS
            )
            self.fields[f"revision-{item.position}"] = forms.IntegerField(
                label=label, required=False, min_value=0
            )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for position in self.posted():
            if cleaned.get(f"revision-{position}") is None and f"revision-{position}" in cleaned:
                self.add_error(
                    f"revision-{position}",
                    _("This page is out of date: reload it before saving this answer."),
                )
        return cleaned

    def posted(self) -> list[int]:
        """Positions the page sent (an unanswered choice sends nothing and changes nothing)."""
        return [item.position for item in self.items if f"item-{item.position}" in self.data]

    def answers(self) -> dict[int, exams.Answer]:
        data = self.cleaned_data
        return {
            position: exams.Answer(data[f"item-{position}"], data[f"revision-{position}"])
            for position in self.posted()
        }

    def bad_questions(self) -> list[str]:
        """One line per question with a problem, for the summary above the form."""
        lines = []
        for item in self.items:
            errors = [
                *self.errors.get(f"item-{item.position}", []),
                *self.errors.get(f"revision-{item.position}", []),
            ]
            if errors:
                label = _("Question %(n)s") % {"n": item.position}
                lines.append(f"{label}: {' '.join(errors)}")
        return lines


def _attempt_items(attempt: Attempt) -> list[AttemptItem]:
    """The attempt's items without their questions: a page showing them takes the questions
    from the variant's stored payload (``_render_attempt``)."""
    return list(attempt.items.only(*exams.SERVED_ITEM_COLUMNS).order_by("position"))


def _posted_revision(form: AnswersForm, item: AttemptItem) -> int:
    try:
        return max(0, int(form.data.get(f"revision-{item.position}", item.revision)))
    except ValueError:
        return item.revision


def _render_attempt(
    request: AuthenticatedHttpRequest,
    attempt: Attempt,
    items: list[AttemptItem],
    form: AnswersForm | None = None,
    conflict: exams.StaleRevision | None = None,
    status: int = 200,
) -> HttpResponse:
    """The attempt page; after a refused save it shows what this tab sent, never losing it."""
    exams.items_served(attempt, items)
    if form is not None:
        for item in items:
            if f"item-{item.position}" in form.data:
                posted = form.data[f"item-{item.position}"][: MAX_ANSWER_CHARS + 1]
                item.response = posted.replace("\x00", "")
            item.revision = _posted_revision(form, item)
    stale = conflict.items if conflict else []
    for current in stale:  # saving again now keeps this tab's text: the candidate's choice
        next(
            item for item in items if item.position == current.position
        ).revision = current.revision
    context = {
        "attempt": attempt,
        "items": items,
        "now": timezone.now(),
        "max_chars": MAX_ANSWER_CHARS,
        "form_errors": form.bad_questions() if form is not None and form.errors else [],
        "conflicts": stale,
    }
    return render(request, "quizzes/exams/attempt.html", context, status=status)


@require_GET
@login_required
@candidate_only
def exam_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    groups = selectors.assignments_by_status(request.user)
    return render(request, "quizzes/exams/list.html", {"groups": groups})


def _start_context(assignment: ExamAssignment, interface: str) -> dict[str, Any]:
    """What the start page says before the clock runs, and whether it may run now; the
    questions' language when it is not the page's (the exam's is fixed when its variants are
    prepared: walk 5, #16)."""
    attempts = list(assignment.attempts.order_by("number"))
    in_progress = next((a for a in attempts if a.status == Attempt.Status.IN_PROGRESS), None)
    left = max(0, assignment.max_attempts - len(attempts))
    status = assignment.status()
    prepared = (
        Attempt.all_objects.filter(assignment=assignment, status=Attempt.Status.READY)
        .order_by("number")
        .values_list("language", flat=True)
        .first()
    )
    exam_language = assignment.blueprint.language or prepared or ""
    return {
        "assignment": assignment,
        "blueprint": assignment.blueprint,
        "questions_language": (
            Language(exam_language).label
            if exam_language and exam_language != content_language(interface)
            else ""
        ),
        "attempts_left": left,
        "in_progress": in_progress,
        "status": status,
        "may_start": status == "open" and left > 0 and in_progress is None,
    }


@require_http_methods(["GET", "POST"])
@login_required
@candidate_only
def exam_start(request: AuthenticatedHttpRequest, assignment_id: int) -> HttpResponse:
    """GET: the start page (time limit, pass mark, attempts left, review policy, rules);
    POST from it: the attempt starts and its clock runs."""
    assignment = access.access_assignment_by_id(request.user, assignment_id)
    if request.method == "GET":
        context = _start_context(assignment, request.LANGUAGE_CODE)
        return render(request, "quizzes/exams/start.html", context)
    with refused(request=request) as refusal:
        attempt = exams.attempt_start(
            assignment=assignment, language=content_language(request.LANGUAGE_CODE)
        )
    if refusal:
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
    return _render_attempt(request, attempt, _attempt_items(attempt))


@require_POST
@login_required
@candidate_only
def exam_save(request: AuthenticatedHttpRequest, attempt_id: int) -> HttpResponse:
    """The no-JavaScript path: save every answer on the page at once, or none of them."""
    attempt = access.access_attempt_by_id(request.user, attempt_id)
    refused = _save_page(request, attempt, _attempt_items(attempt))
    if refused is not None:
        return refused
    messages.success(request, _("Your answers are saved."))
    return redirect("exam-attempt", attempt_id=attempt.pk)


def _save_page(
    request: AuthenticatedHttpRequest, attempt: Attempt, items: list[AttemptItem]
) -> HttpResponse | None:
    """Save every answer the page sent, or none; the page or redirect that says why, or None
    when all were saved."""
    form = AnswersForm(request.POST, items=items)
    if not form.is_valid():
        return _render_attempt(request, attempt, items, form, status=400)
    try:
        exams.attempt_answers_save(attempt=attempt, answers=form.answers())
    except exams.StaleRevision as conflict:
        return _render_attempt(request, attempt, items, form, conflict, status=409)
    except exams.AttemptClosed as error:
        messages.error(request, str(error))
        return redirect("exam-result", attempt_id=attempt.pk)
    except exams.ExamError as error:
        messages.error(request, str(error))
        return redirect("exam-attempt", attempt_id=attempt.pk)
    return None


def _flag_request(request: AuthenticatedHttpRequest, position: int) -> tuple[bool, int] | None:
    """The flag the button asks for and the flag revision the page was loaded at."""
    wanted = request.POST.get("flagged")
    try:
        revision = int(request.POST.get(f"flag-revision-{position}", ""))
    except ValueError:
        return None
    if wanted not in ("0", "1") or revision < 0:
        return None
    return wanted == "1", revision


@require_POST
@login_required
@candidate_only
def exam_flag(request: AuthenticatedHttpRequest, attempt_id: int, position: int) -> HttpResponse:
    """The flag button without JavaScript: it posts the whole page, so the answers are saved
    first (as "Save answers" does: nothing typed is lost), then the question is flagged for
    review or its flag removed."""
    attempt = access.access_attempt_by_id(request.user, attempt_id)
    item = access.access_item(attempt, position)
    asked = _flag_request(request, position)
    if asked is None:
        messages.error(request, _("This page is out of date: reload it before flagging."))
        return _render_attempt(request, attempt, _attempt_items(attempt), status=400)
    refused = _save_page(request, attempt, _attempt_items(attempt))
    if refused is not None:
        return refused
    flagged, revision = asked
    try:
        exams.attempt_item_flag(item=item, flagged=flagged, base_revision=revision)
    except exams.StaleFlag as conflict:
        messages.error(request, str(conflict))
        return _render_attempt(request, attempt, _attempt_items(attempt), status=409)
    except exams.AttemptClosed as error:
        messages.error(request, str(error))
        return redirect("exam-result", attempt_id=attempt.pk)
    if flagged:
        done = _("Your answers are saved and question %(n)s is flagged for review.")
    else:
        done = _("Your answers are saved and the flag on question %(n)s is removed.")
    messages.success(request, done % {"n": position})
    return redirect(f"{reverse('exam-attempt', args=[attempt.pk])}#q{position}")


@require_http_methods(["GET", "POST"])
@login_required
@candidate_only
def exam_submit(request: AuthenticatedHttpRequest, attempt_id: int) -> HttpResponse:
    """Two steps: the page's answers are saved and a summary asks to confirm; then submit.
    A GET (a reload, a bookmark, the back button) shows the summary of what is saved, or the
    result once the attempt is closed."""
    attempt = access.access_attempt_by_id(request.user, attempt_id)
    if request.method == "GET":
        attempt = exams.attempt_expire_if_due(attempt=attempt)
        if attempt.status != Attempt.Status.IN_PROGRESS:
            return redirect("exam-result", attempt_id=attempt.pk)
        return _render_summary(request, attempt, _attempt_items(attempt))
    items = _attempt_items(attempt)
    if request.POST.get("confirm") != "1" and attempt.status == Attempt.Status.IN_PROGRESS:
        return _submit_summary(request, attempt, items)
    form = AnswersForm(request.POST, items=items)
    if not form.is_valid():
        return _render_attempt(request, attempt, items, form, status=400)
    try:
        exams.attempt_submit(attempt=attempt, responses=form.answers())
    except exams.StaleRevision as conflict:
        return _render_attempt(request, attempt, items, form, conflict, status=409)
    except exams.AttemptClosed as error:
        messages.error(request, str(error))
    except exams.AlreadySubmitted as error:
        messages.error(request, str(error))
    except exams.ExamError as error:
        messages.error(request, str(error))
        return redirect("exam-attempt", attempt_id=attempt.pk)
    return redirect("exam-result", attempt_id=attempt.pk)


def _submit_summary(
    request: AuthenticatedHttpRequest, attempt: Attempt, items: list[AttemptItem]
) -> HttpResponse:
    """Save what the page sent, then show what is unanswered or flagged (as saved on the
    server, from any tab or device) before submitting."""
    refused = _save_page(request, attempt, items)
    if refused is not None:
        return refused
    return _render_summary(request, attempt, _attempt_items(attempt))


def _render_summary(
    request: AuthenticatedHttpRequest, attempt: Attempt, items: list[AttemptItem]
) -> HttpResponse:
    """The submit page: the clock, what is unanswered or flagged, and "Submit now"."""
    unanswered = [item.position for item in items if not item.response]
    context = {
        "attempt": attempt,
        "items": items,
        "unanswered": unanswered,
        "flagged": [item.position for item in items if item.flagged],
        "answered_count": len(items) - len(unanswered),
    }
    return render(request, "quizzes/exams/confirm.html", context)


@require_GET
@login_required
@candidate_only
def exam_result(request: AuthenticatedHttpRequest, attempt_id: int) -> HttpResponse:
    attempt = access.access_attempt_by_id(request.user, attempt_id)
    attempt = exams.attempt_expire_if_due(attempt=attempt)
    if attempt.status == Attempt.Status.IN_PROGRESS:
        return redirect("exam-attempt", attempt_id=attempt.pk)
    rows = (
        attempt.items.select_related("question", "appeal", "overridden_by", "review")
        .prefetch_related("appeal__corrections")
        .order_by("position")
    )
    # A question of this attempt also in another attempt whose keys are not released (sealed)
    # keeps its key and grading hidden here too.
    items = list(with_review_waiting(access.with_sealed_flag(rows, request.user)))
    context = {
        "attempt": attempt,
        "items": items,
        "reviews_waiting": sum(item.review_waiting for item in items),  # type: ignore[attr-defined]
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
    with refused(request=request) as refusal:
        exams.appeal_create(item=item, comment=form.cleaned_data["comment"])
    if not refusal:
        messages.success(request, _("Your appeal was sent to your mentor."))
    return redirect("exam-result", attempt_id=attempt.pk)


urlpatterns = [
    path("", exam_list, name="exams"),
    path("assignments/<int:assignment_id>/start", exam_start, name="exam-start"),
    path("attempts/<int:attempt_id>/", exam_attempt, name="exam-attempt"),
    path("attempts/<int:attempt_id>/save", exam_save, name="exam-save"),
    path("attempts/<int:attempt_id>/items/<int:position>/flag", exam_flag, name="exam-flag"),
    path("attempts/<int:attempt_id>/submit", exam_submit, name="exam-submit"),
    path("attempts/<int:attempt_id>/result", exam_result, name="exam-result"),
    path("attempts/<int:attempt_id>/items/<int:position>/appeal", exam_appeal, name="exam-appeal"),
]
