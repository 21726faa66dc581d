"""Mentor pages: dashboard, cohort progress and membership, invitations, the review queue and
appeals (the committee decides contested appeals on its own page).

Mentors see only their own cohorts' candidates; the committee sees everyone; candidates get
403. Anything outside what a user may see answers 404, never a hint.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, cast
from urllib.parse import urlencode

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required, permission_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from judgetrain.accounts.lockout import client_address
from judgetrain.accounts.models import Cohort, User, sees_everyone
from judgetrain.throttling import limits_wait
from judgetrain.typing import AuthenticatedHttpRequest
from quizzes.bank.models.questions import QuestionKind
from quizzes.cohorts import selectors as cohort_reads
from quizzes.cohorts import services as cohorts
from quizzes.common.confirming import post_or_back
from quizzes.common.refusals import refuse_into, refused
from quizzes.languages import content_language
from quizzes.parts import REVIEWED_PART_NAMES
from quizzes.practice.services import practice_key, practice_statements
from quizzes.review import selectors as reads
from quizzes.review.models.appeals import Appeal
from quizzes.review.models.review import QuestionCorrection, Review
from quizzes.review.services import appeals, review
from quizzes.review.services.regrade import ManualChoice
from quizzes.workbench import services as workbench
from rulings import INFRACTIONS, PENALTIES, REMEDIES, labels
from rulings import questions as generator
from rulings.grading import PARTS, ruling_ids

TEMPLATES = "quizzes/mentor/"
View = Callable[..., HttpResponse]

WAITING = (Appeal.Status.OPEN, Appeal.Status.CONTESTED)
UNDO_KEY = "cohort_removal_undo"
UNDO_SECONDS = 30 * 60  # how long a removal can be undone without a new invitation


def mentor_required(view: View) -> View:
    """Signed in (else the login page), then a mentor or the committee (else 403)."""
    return login_required(
        permission_required("accounts.mentor_candidates", raise_exception=True)(view)
    )


def committee_required(view: View) -> View:
    return login_required(
        permission_required("accounts.manage_certification", raise_exception=True)(view)
    )


def _cohort(user: User, cohort_id: int) -> Cohort:
    cohort = Cohort.objects.visible_to(user).with_mentor().filter(pk=cohort_id).first()
    if cohort is None:
        raise Http404("No such cohort.")
    return cohort


# --- forms -------------------------------------------------------------------------------


class EmailForm(forms.Form):
    email = forms.EmailField(label=_("E-mail address"), max_length=254)


class InviteForm(EmailForm):
    """The one way into a cohort: an invitation the candidate accepts, whether or not they
    have an account. The mentor says which language to write it in (the page's language
    unless changed); an account's own language wins when the e-mail is sent."""

    language = forms.ChoiceField(
        label=_("Language of the e-mail"), choices=settings.LANGUAGES, required=False
    )


class PartsForm(forms.Form):
    """Accept or override each part; an override needs a percentage and a reason.

    ``decided`` (a decided review's ``parts``) starts the form at that decision, so changing
    one part does not silently put the others back to the grader's verdict."""

    def __init__(
        self,
        data: Any = None,
        *,
        parts: dict[str, dict[str, Any]],
        decided: dict[str, dict[str, Any]] | None = None,
    ) -> None:
        super().__init__(data)
        self.parts = parts
        for name in parts:
            label = REVIEWED_PART_NAMES.get(name, name)
            before = (decided or {}).get(name) or {}
            overridden = before.get("decision") == "overridden"
            initial = None  # walk 6, #26: nothing pre-selected, no acceptance by accident
            if before:
                initial = "override" if overridden else "accept"
            self.fields[f"{name}-decision"] = forms.ChoiceField(
                label=label,
                choices=[("accept", _("Accept the grader's verdict")), ("override", _("Override"))],
                widget=forms.RadioSelect,
                initial=initial,
                error_messages={
                    "required": _("Accept the grader's verdict on this part or override it.")
                },
            )
            self.fields[f"{name}-percent"] = forms.IntegerField(
                label=_("Score for this part (%)"),
                min_value=0,
                max_value=100,
                required=False,
                initial=before.get("percent") if overridden else None,
            )
            self.fields[f"{name}-reason"] = forms.CharField(
                label=_("Reason"),
                required=False,
                max_length=2000,
                widget=forms.Textarea(attrs={"rows": 2}),
                initial=before.get("reason") or "",
            )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for name in self.parts:
            if cleaned.get(f"{name}-decision") != "override":
                continue
            if cleaned.get(f"{name}-percent") is None and f"{name}-percent" not in self.errors:
                self.add_error(f"{name}-percent", _("Enter the score from 0 to 100."))
            if not (cleaned.get(f"{name}-reason") or "").strip():
                self.add_error(f"{name}-reason", _("Give the reason: the candidate will see it."))
        return cleaned

    def error_label(self, name: str) -> str:
        """A field named with its part, for the error summary ("Penalty: Score for this
        part (%)"): every part has the same three fields."""
        part, _sep, _field = name.rpartition("-")
        return f"{REVIEWED_PART_NAMES.get(part, part)}: {self.fields[name].label}"

    def decisions(self) -> dict[str, review.PartDecision]:
        data = self.cleaned_data
        return {
            name: review.PartDecision(
                override=data[f"{name}-decision"] == "override",
                percent=data.get(f"{name}-percent"),
                reason=data.get(f"{name}-reason") or "",
            )
            for name in self.parts
        }

    def rows(self) -> list[dict[str, Any]]:
        return [
            {
                "name": name,
                "label": REVIEWED_PART_NAMES.get(name, name),
                "part": part,
                "decision": self[f"{name}-decision"],
                "percent": self[f"{name}-percent"],
                "reason": self[f"{name}-reason"],
            }
            for name, part in self.parts.items()
        ]


class AppealDecisionForm(forms.Form):
    decision = forms.ChoiceField(
        label=_("Decision"),
        choices=[("uphold", _("Uphold: the answer deserves a new score")), ("reject", _("Reject"))],
        widget=forms.RadioSelect,
    )
    percent = forms.IntegerField(
        label=_("New score for the answer (%)"),
        min_value=0,
        max_value=100,
        required=False,
        help_text=_("Needed to uphold, unless the committee corrects or withdraws the key."),
    )
    reason = forms.CharField(
        label=_("Reason"), max_length=4000, widget=forms.Textarea(attrs={"rows": 3})
    )

    def clean(self) -> dict[str, Any]:
        """Upholding needs the new score, beside its field (the service checks it too),
        unless the committee corrects or withdraws the key."""
        cleaned = super().clean() or {}
        upholds = cleaned.get("decision") == "uphold"
        missing = cleaned.get("percent") is None and "percent" not in self.errors
        if upholds and missing and not cleaned.get("key_action"):
            self.add_error(
                "percent", _("Upholding an appeal needs the answer's new score (0 to 100).")
            )
        return cleaned


class AttemptChoicesField(forms.Field):
    """Checkboxes sharing one name (``regrade_manual``): attempt ids, or "all"."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value: Any) -> list[str]:
        values = [str(v) for v in (value or [])]
        if any(v != "all" and not v.isdigit() for v in values):
            raise forms.ValidationError(_("Choose among the gradings listed."))
        return values


class CommitteeDecisionForm(AppealDecisionForm):
    """The committee's decision on a contested appeal. Only a free-form question's key can be
    corrected (a choice question's options were written against its key): on any other
    question the form offers withdrawing alone, and says so. A correction offers, part by
    part, only the ids the question's game rules with, named in the page's language."""

    KEY_ACTIONS = [
        ("", _("The key is right")),
        (QuestionCorrection.Action.WITHDRAW, _("Withdraw this question for everyone")),
        (QuestionCorrection.Action.CORRECT, _("Correct the key for everyone")),
    ]
    key_action = forms.ChoiceField(
        label=_("The key"),
        choices=KEY_ACTIONS,
        required=False,
        widget=forms.RadioSelect,
    )
    infraction = forms.ChoiceField(required=False, choices=[])
    penalty = forms.ChoiceField(required=False, choices=[])
    remedy = forms.ChoiceField(required=False, choices=[])
    confirm = forms.CharField(required=False, widget=forms.HiddenInput, max_length=128)
    # Walk 10, #6: the gradings set by hand whose regrade replaces them (none by default).
    regrade_manual = AttemptChoicesField(required=False)

    # Walk 7, #21: a key found wrong is a decision of its own. It applies to everyone, and
    # the regrade decides this answer: the appeal is upheld if the key now agrees with it on
    # a changed part, or the answer gains by it (walk 11, #3).
    DECISIONS = [
        ("uphold", _("Uphold: the answer deserves a new score")),
        ("reject", _("Reject: the grade stands")),
        ("key", _("The key is wrong: withdraw the question or correct its key for everyone")),
    ]

    def __init__(
        self,
        *args: Any,
        lang: str = "en",
        kind: str = "free_form",
        game: str = "",
        key: dict[str, str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.lang = lang
        self.correctable = kind == QuestionKind.FREE_FORM
        decision = cast(forms.ChoiceField, self.fields["decision"])
        decision.choices = self.DECISIONS
        decision.help_text = _(
            "A withdrawal or key correction applies to every attempt holding this question. "
            "The appeal is then upheld if the corrected key agrees with this answer on a part "
            "it changes, or the answer gains by the regrade; the candidate is told which part "
            "is now right and what it means for their score."
        )
        if not self.correctable:
            action = cast(forms.ChoiceField, self.fields["key_action"])
            action.choices = [
                c for c in self.KEY_ACTIONS if c[0] != QuestionCorrection.Action.CORRECT
            ]
            action.help_text = _(
                "Only a free-form question's key can be corrected: the options of this "
                "question were written against its key. If the key is wrong, withdraw the "
                "question."
            )
            for name in PARTS:
                del self.fields[name]
            return
        headings = labels(lang)["heading"]
        for name, choices in key_part_choices(lang, game).items():
            self.fields[name].label = headings[name]
            self.fields[name].choices = choices  # type: ignore[attr-defined]
            # The current key is the start: a correction usually changes one part.
            self.fields[name].initial = (key or {}).get(name, "")

    def clean(self) -> dict[str, Any]:
        """ "The key is wrong" needs the withdrawal or the correction; a withdrawal or
        correction chosen beside Uphold or Reject is that decision too (the regrade decides
        the answer, and the preview says how)."""
        cleaned = super().clean()
        if cleaned.get("decision") == "key" and not cleaned.get("key_action"):
            self.add_error(
                "key_action", _("Choose to withdraw the question or to correct its key.")
            )
        return cleaned

    def corrected_key(self) -> list[tuple[str, str]]:
        """The corrected key the preview shows, each part's heading and name in the page's
        language ([] when the key is withdrawn or kept)."""
        if not self.is_valid() or self.cleaned_data.get("key_action") != (
            QuestionCorrection.Action.CORRECT
        ):
            return []
        names, headings = labels(self.lang)["id"], labels(self.lang)["heading"]
        return [
            (str(headings[part]), str(names.get(value, value)))
            for part in PARTS
            if (value := self.cleaned_data.get(part) or "")
        ]

    def correction(self) -> appeals.KeyCorrection | None:
        action = self.cleaned_data.get("key_action")
        if not action:
            return None
        chosen = self.cleaned_data.get("regrade_manual") or []
        return appeals.KeyCorrection(
            action=action,
            infraction=self.cleaned_data.get("infraction") or "",
            penalty=self.cleaned_data.get("penalty") or "",
            remedy=self.cleaned_data.get("remedy") or "",
            manual=ManualChoice(
                regrade=frozenset(int(v) for v in chosen if v.isdigit()),
                regrade_all="all" in chosen,
            ),
        )

    def regrade_chosen(self) -> list[str]:
        """The ``regrade_manual`` values sent (for the preview's checkboxes)."""
        return list(self.cleaned_data.get("regrade_manual") or []) if self.is_valid() else []


def _second(pair: tuple[str, str]) -> str:
    return pair[1]


def key_part_choices(lang: str, game: str = "") -> dict[str, list[tuple[str, str]]]:
    """Each part of a key offers only its own vocabulary's ids (of ``game`` alone, when
    given: what its keys may name), named in the page's language and sorted by name:
    infractions, penalties (in ladder order), remedies."""
    names = labels(lang)["id"]
    every = {
        "infraction": INFRACTIONS,
        "penalty": PENALTIES,
        "remedy": REMEDIES,
    }

    def named(part: str) -> list[tuple[str, str]]:
        ids = every[part]
        if game:
            allowed = set(ruling_ids(game, part))
            ids = tuple(i for i in ids if i in allowed)
        pairs = [(i, str(names.get(i, i))) for i in ids]
        return [("", "—"), *(pairs if part == "penalty" else sorted(pairs, key=_second))]

    return {part: named(part) for part in PARTS}


class InvitationAcceptForm(forms.Form):
    first_name = forms.CharField(label=_("First name"), max_length=150)
    last_name = forms.CharField(label=_("Last name"), max_length=150, required=False)
    password1 = forms.CharField(label=_("Password"), widget=forms.PasswordInput, max_length=128)
    password2 = forms.CharField(
        label=_("Password again"), widget=forms.PasswordInput, max_length=128
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("password1") != cleaned.get("password2"):
            self.add_error("password2", _("The two passwords differ."))
        return cleaned


# --- dashboard and cohorts ---------------------------------------------------------------


@require_GET
@mentor_required
def dashboard(request: AuthenticatedHttpRequest) -> HttpResponse:
    context = {
        "cohorts": cohort_reads.cohorts_overview(user=request.user),
        "pending": reads.pending_counts(user=request.user),
        "is_committee": sees_everyone(request.user),
        "rejected_stories": workbench.rejected_unrevised_count(author=request.user),
    }
    return render(request, TEMPLATES + "dashboard.html", context)


def _render_cohort(
    request: AuthenticatedHttpRequest,
    cohort: Cohort,
    *,
    invite_form: InviteForm | None = None,
    status: int = 200,
) -> HttpResponse:
    lang = content_language(request.LANGUAGE_CODE)
    try:
        focus = int(request.GET.get("candidate", ""))
    except ValueError:
        focus = None
    heatmap = cohort_reads.cohort_heatmap(
        progress=cohort_reads.cohort_progress(cohort=cohort),
        topic_name=lambda slug: generator.topic_name(slug, lang),
        order=request.GET.get("order", "name"),
        topic_order=request.GET.get("topics", "name"),
        candidate_id=focus,
    )
    context = {
        "cohort": cohort,
        "heatmap": heatmap,
        "candidate_orders": [
            ("name", _("Candidate")),
            ("due", _("Topics due")),
            ("attempts", _("Exam attempts")),
            ("last", _("Last score")),
            ("best", _("Best score")),
            ("reviews", _("Gradings to review")),
        ],
        "topic_orders": [
            ("name", _("Topic name")),
            ("weakest", _("Weakest first")),
            ("strongest", _("Strongest first")),
        ],
        "invitations": list(cohort_reads.invitations_pending(cohort=cohort)),
        "undo_candidate": _undoable(request, cohort),
        "invite_form": invite_form
        or InviteForm(prefix="invite", initial={"language": request.LANGUAGE_CODE}),
    }
    return render(request, TEMPLATES + "cohort.html", context, status=status)


@require_GET
@mentor_required
def cohort_detail(request: AuthenticatedHttpRequest, cohort_id: int) -> HttpResponse:
    return _render_cohort(request, _cohort(request.user, cohort_id))


def _too_many_invitations(wait: int) -> str:
    minutes = max(1, -(-wait // 60))
    return ngettext(
        "Too many invitations from you, from here or to this address: try again in %(n)d minute.",
        "Too many invitations from you, from here or to this address: try again in %(n)d minutes.",
        minutes,
    ) % {"n": minutes}


@require_POST
@mentor_required
def cohort_invite(request: AuthenticatedHttpRequest, cohort_id: int) -> HttpResponse:
    cohort = _cohort(request.user, cohort_id)
    form = InviteForm(request.POST, prefix="invite")
    if not form.is_valid():
        return _render_cohort(request, cohort, invite_form=form, status=400)
    wait = limits_wait(
        ("invitation_ip", client_address(request)),
        ("invitation_user", request.user.email),
        ("invitation_address", form.cleaned_data["email"].strip().lower()),
    )
    if wait:
        form.add_error(None, _too_many_invitations(wait))
        response = _render_cohort(request, cohort, invite_form=form, status=429)
        response["Retry-After"] = str(wait)
        return response
    with refused(form) as refusal:
        cohorts.invitation_create(
            cohort=cohort,
            email=form.cleaned_data["email"],
            by=request.user,
            language=form.cleaned_data["language"] or request.LANGUAGE_CODE,
        )
    if refusal:
        return _render_cohort(request, cohort, invite_form=form, status=400)
    # The same answer for every address, with an account or without: nothing here says
    # which (the service does not look).
    messages.success(
        request,
        _("An invitation was sent to %(email)s: they join the cohort once they accept it.")
        % {"email": form.cleaned_data["email"].strip().lower()},
    )
    return redirect("mentor-cohort", cohort_id=cohort.pk)


@post_or_back("mentor-cohort", cohort_id="cohort_id")
@mentor_required
def cohort_member_remove(
    request: AuthenticatedHttpRequest, cohort_id: int, candidate_id: int
) -> HttpResponse:
    """First a page that asks (who, what stays, how to undo), then (``confirm``) the removal,
    which can be undone from the cohort's page for a while, without a new invitation."""
    cohort = _cohort(request.user, cohort_id)
    member = cohort.candidates.filter(pk=candidate_id).first()
    if member is None:
        raise Http404("This candidate is not in the cohort.")
    if request.POST.get("confirm") != "1":
        return render(
            request, TEMPLATES + "cohort_remove.html", {"cohort": cohort, "member": member}
        )
    cohorts.cohort_member_remove(cohort=cohort, candidate_id=candidate_id)  # not one: 404
    request.session[UNDO_KEY] = {
        "cohort": cohort.pk,
        "candidate": member.pk,
        "until": int(time.time()) + UNDO_SECONDS,
    }
    messages.success(request, _("You removed %(name)s from the cohort.") % {"name": str(member)})
    return redirect("mentor-cohort", cohort_id=cohort.pk)


def _undoable(request: AuthenticatedHttpRequest, cohort: Cohort) -> int | None:
    """The candidate this user removed from this cohort within ``UNDO_SECONDS``, if any."""
    undo = request.session.get(UNDO_KEY) or {}
    if undo.get("cohort") != cohort.pk or undo.get("until", 0) < time.time():
        return None
    return int(undo["candidate"])


@require_POST
@mentor_required
def cohort_member_restore(request: AuthenticatedHttpRequest, cohort_id: int) -> HttpResponse:
    cohort = _cohort(request.user, cohort_id)
    candidate_id = _undoable(request, cohort)
    if candidate_id is None:
        messages.error(request, _("Too late to undo: invite the candidate again."))
        return redirect("mentor-cohort", cohort_id=cohort.pk)
    with refused(request=request) as refusal:
        member = cohorts.cohort_member_restore(cohort=cohort, candidate_id=candidate_id)
    if refusal:
        return redirect("mentor-cohort", cohort_id=cohort.pk)
    del request.session[UNDO_KEY]
    messages.success(request, _("%(name)s is back in the cohort.") % {"name": str(member)})
    return redirect("mentor-cohort", cohort_id=cohort.pk)


# --- review queue ------------------------------------------------------------------------


class QueueFilterForm(forms.Form):
    """The review queue's filters, read from the query string; they stay in the links to each
    review so that "save and next" walks the same narrowed queue."""

    source = forms.ChoiceField(label=_("Source"), required=False)
    exam = forms.TypedChoiceField(label=_("Exam"), required=False, coerce=int, empty_value=None)
    candidate = forms.TypedChoiceField(
        label=_("Candidate"), required=False, coerce=int, empty_value=None
    )
    reason = forms.ChoiceField(label=_("Why it is in the queue"), required=False)

    def __init__(self, data: Any, *, choices: dict[str, list[tuple[int, str]]] | None) -> None:
        super().__init__(data)
        everything = [("", _("All"))]
        self.fields["source"].choices = [  # type: ignore[attr-defined]
            *everything,
            ("exam", _("Exam gradings")),
            ("practice", _("Practice gradings")),
        ]
        self.fields["reason"].choices = [  # type: ignore[attr-defined]
            *everything,
            (Review.Cause.FLAGGED, _("Flagged by the grader")),
            (Review.Cause.BORDERLINE, _("Borderline attempt")),
            (Review.Cause.EVERY, _("Every written answer reviewed")),
            (reads.APPEAL, _("Appealed by the candidate")),
        ]
        if choices is None:  # reading the filters only: any id narrows (to nothing if unseen)
            self.fields["exam"] = forms.IntegerField(required=False, min_value=1)
            self.fields["candidate"] = forms.IntegerField(required=False, min_value=1)
            return
        self.fields["exam"].choices = [*everything, *choices["exams"]]  # type: ignore[attr-defined]
        self.fields["candidate"].choices = [*everything, *choices["candidates"]]  # type: ignore[attr-defined]

    def narrow(self) -> reads.QueueFilter:
        if not self.is_valid():
            return reads.QueueFilter()
        data = self.cleaned_data
        return reads.QueueFilter(
            source=data.get("source") or "",
            exam=data.get("exam"),
            candidate=data.get("candidate"),
            reason=data.get("reason") or "",
        )

    def query(self) -> str:
        """The filters as a query string ("" when none), to carry from page to page."""
        narrow = self.narrow()
        pairs = {
            "source": narrow.source,
            "exam": narrow.exam or "",
            "candidate": narrow.candidate or "",
            "reason": narrow.reason,
        }
        return urlencode({k: v for k, v in pairs.items() if v})


def _queue_filter(request: AuthenticatedHttpRequest) -> QueueFilterForm:
    return QueueFilterForm(request.GET, choices=None)


def _with_query(url: str, query: str) -> str:
    return f"{url}?{query}" if query else url


@require_GET
@mentor_required
def review_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    decided = request.GET.get("show") == "decided"
    filters = QueueFilterForm(request.GET, choices=reads.review_queue_choices(user=request.user))
    narrow = _queue_filter(request).narrow()
    if decided:
        rows = list(reads.reviews_decided(user=request.user, narrow=narrow)[:100])
    else:
        rows = list(reads.review_queue(user=request.user, narrow=narrow))
    context = {
        "reviews": rows,
        "decided": decided,
        "filters": filters,
        "query": _queue_filter(request).query(),
    }
    return render(request, TEMPLATES + "reviews.html", context)


@post_or_back("mentor-reviews")
@mentor_required
def review_accept_bulk(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Accept the grader's reading of the chosen gradings: first a page that lists them and
    asks to confirm, then (``confirm``) every one decided in one transaction."""
    query = _queue_filter(request).query()
    back = _with_query(reverse("mentor-reviews"), query)
    try:
        ids = sorted({int(value) for value in request.POST.getlist("review")})
    except ValueError as error:
        raise Http404("No such review.") from error
    if not ids:
        messages.error(request, _("Choose at least one grading to accept."))
        return redirect(back)
    chosen = list(reads.review_queue(user=request.user).filter(pk__in=ids))
    if len(chosen) != len(ids):
        # Not visible to this user, or no longer waiting: the same answer as an unknown id.
        if Review.objects.visible_to(request.user).filter(pk__in=ids).count() != len(ids):
            raise Http404("No such review.")
        messages.error(request, _("Someone decided one of these gradings meanwhile: choose again."))
        return redirect(back)
    if request.POST.get("confirm") != "1":
        context = {"reviews": chosen, "query": query, "back": back}
        return render(request, TEMPLATES + "reviews_accept.html", context)
    with refused(request=request) as refusal:
        review.reviews_accept_bulk(reviews=chosen, by=request.user)
    if refusal:
        return redirect(back)
    messages.success(
        request,
        ngettext(
            "The grader's reading of %(n)d grading was accepted.",
            "The grader's reading of %(n)d gradings was accepted.",
            len(chosen),
        )
        % {"n": len(chosen)},
    )
    return redirect(back)


def _visible_review(user: User, review_id: int) -> Review:
    found = reads.review_visible(user=user, review_id=review_id)
    if found is None:
        raise Http404("No such review.")
    return found


def _answer_context(request: AuthenticatedHttpRequest, question: Any, language: str) -> dict:
    page_lang = content_language(request.LANGUAGE_CODE)
    return {
        "question": question,
        "key": practice_key(question=question, lang=page_lang),
        "statements": practice_statements(question=question, lang=page_lang),
        "answer_language": language,
    }


def _render_review(
    request: AuthenticatedHttpRequest, found: Review, form: PartsForm, status: int = 200
) -> HttpResponse:
    answer = found.answer()
    grade, score = found.grading()
    context = {
        "review": found,
        "query": _queue_filter(request).query(),
        "response": answer.response,
        "grade": grade,
        "grader_score": score,
        "form": form,
        "audit": reads.review_audit(review=found),
        **_answer_context(request, answer.question, found.answer_language()),
    }
    return render(request, TEMPLATES + "review.html", context, status=status)


@require_http_methods(["GET", "POST"])
@mentor_required
def review_detail(request: AuthenticatedHttpRequest, review_id: int) -> HttpResponse:
    found = _visible_review(request.user, review_id)
    parts = review.review_parts(found)
    if request.method == "GET":
        decided = found.parts if found.status != Review.Status.PENDING else None
        return _render_review(request, found, PartsForm(parts=parts, decided=decided))
    queue = _queue_filter(request)
    query = queue.query()
    if request.POST.get("then") == "skip":  # walk 6, #26: on to the next, nothing saved
        return _review_following(request, found, queue)
    form = PartsForm(request.POST, parts=parts)
    if not form.is_valid():
        return _render_review(request, found, form, status=400)
    with refused(form) as refusal:
        review.review_decide(review=found, by=request.user, decisions=form.decisions())
    if refusal:
        return _render_review(request, found, form, status=400)
    messages.success(request, _("Your decision was saved."))
    if request.POST.get("then") == "next":
        return _review_following(request, found, queue)
    return redirect(_with_query(reverse("mentor-reviews"), query))


def _review_following(
    request: AuthenticatedHttpRequest, found: Review, queue: QueueFilterForm
) -> HttpResponse:
    """The next grading waiting in the queue (as filtered), or the queue after the last."""
    query = queue.query()
    following = reads.review_next(user=request.user, after=found, narrow=queue.narrow())
    if following is not None:
        return redirect(_with_query(reverse("mentor-review", args=[following.pk]), query))
    messages.info(request, _("That was the last grading waiting in this queue."))
    return redirect(_with_query(reverse("mentor-reviews"), query))


# --- appeals -----------------------------------------------------------------------------


def _render_appeals(
    request: AuthenticatedHttpRequest, statuses: tuple[str, ...], committee: bool
) -> HttpResponse:
    """Walk 7, #6: a contested appeal stays on the mentor's page, under Decided, marked "with
    the committee", and then shows the committee's ruling. A committee member sees what
    waits for the committee first, and apart from what waits for a mentor."""
    rows = list(reads.appeal_list(user=request.user, statuses=statuses))
    deciding = committee or sees_everyone(request.user)
    waiting = Appeal.Status.CONTESTED if deciding else Appeal.Status.OPEN
    with_mentor = Appeal.Status.OPEN if deciding else None
    context = {
        "waiting": [row for row in rows if row.status == waiting],
        "with_mentor": [row for row in rows if row.status == with_mentor],
        "decided": [row for row in rows if row.status not in (waiting, with_mentor)],
        "committee": committee,
        "deciding": deciding,
    }
    return render(request, TEMPLATES + "appeals.html", context)


@require_GET
@mentor_required
def appeal_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    return _render_appeals(request, tuple(Appeal.Status), committee=False)


@require_GET
@committee_required
def committee_appeal_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    statuses = (Appeal.Status.CONTESTED, Appeal.Status.UPHELD, Appeal.Status.REJECTED)
    return _render_appeals(request, statuses, committee=True)


def _visible_appeal(user: User, appeal_id: int) -> Appeal:
    found = reads.appeal_visible(user=user, appeal_id=appeal_id)
    if found is None:
        raise Http404("No such appeal.")
    return found


def _decision_form(
    request: AuthenticatedHttpRequest, found: Appeal, data: Any = None
) -> AppealDecisionForm | None:
    if not appeals.appeal_decidable_by(found, request.user):
        return None
    if found.status == Appeal.Status.CONTESTED:
        question = found.item.question
        return CommitteeDecisionForm(
            data,
            lang=content_language(request.LANGUAGE_CODE),
            kind=question.kind,
            game=question.game,
            key={
                "infraction": question.key_infraction,
                "penalty": question.key_penalty,
                "remedy": question.key_remedy,
            },
        )
    return AppealDecisionForm(data)


def _waiting_for(found: Appeal) -> str:
    if found.status == Appeal.Status.OPEN:
        return str(
            _(
                "This appeal waits for the candidate's mentor. The committee decides it only "
                "if the candidate contests the mentor's decision."
            )
        )
    return str(_("This appeal is not waiting for your decision."))


def _render_appeal(
    request: AuthenticatedHttpRequest,
    found: Appeal,
    form: AppealDecisionForm | None,
    status: int = 200,
    preview: appeals.CorrectionPreview | None = None,
) -> HttpResponse:
    item = found.item
    action = form.cleaned_data.get("key_action") if preview is not None and form else ""
    context = {
        "preview": preview,
        "preview_outcome": (
            appeals.key_outcome(preview.changes, item.attempt_id, action)
            if preview is not None and action
            else None
        ),
        "corrected_key": form.corrected_key() if isinstance(form, CommitteeDecisionForm) else [],
        "regrade_chosen": form.regrade_chosen() if isinstance(form, CommitteeDecisionForm) else [],
        "appeal": found,
        "item": item,
        "response": item.response,
        "grade": item.grade or {},
        "form": form,
        "committee_form": isinstance(form, CommitteeDecisionForm),
        "waiting_for": _waiting_for(found) if form is None and found.status in WAITING else "",
        "audit": list(
            found.audit.select_related("actor", "item").order_by("created_at")
        ),  # this appeal's changes
        "corrections": list(found.corrections.order_by("-created_at")),
        **_answer_context(request, item.question, item.attempt.language),
    }
    return render(request, TEMPLATES + "appeal.html", context, status=status)


@require_http_methods(["GET", "POST"])
@mentor_required
def appeal_detail(request: AuthenticatedHttpRequest, appeal_id: int) -> HttpResponse:
    found = _visible_appeal(request.user, appeal_id)
    if request.method == "GET":
        return _render_appeal(request, found, _decision_form(request, found))
    form = _decision_form(request, found, request.POST)
    if form is None:
        messages.error(request, _waiting_for(found))
        return redirect("mentor-appeal", appeal_id=found.pk)
    if not form.is_valid():
        return _render_appeal(request, found, form, status=400)
    correction = form.correction() if isinstance(form, CommitteeDecisionForm) else None
    try:
        appeals.appeal_decide(
            appeal=found,
            by=request.user,
            uphold=form.cleaned_data["decision"] == "uphold",
            reason=form.cleaned_data["reason"],
            percent=form.cleaned_data.get("percent"),
            correction=correction,
            # "Update the preview" (the choice of manual grades changed): no confirmation.
            preview_token=""
            if "update" in request.POST
            else form.cleaned_data.get("confirm") or "",
        )
    except appeals.PreviewChanged as changed:
        # Nothing applied: show what would change, first on the page, and ask for the
        # confirmation.
        if form.cleaned_data.get("confirm"):
            messages.warning(request, str(changed))
        else:
            messages.info(
                request, _("Nothing is applied yet: check the preview and confirm to apply it.")
            )
        return _render_appeal(request, found, form, preview=changed.preview)
    except appeals.AppealError as error:
        refuse_into(form, error)
        return _render_appeal(request, found, form, status=400)
    messages.success(request, _("Your decision was saved and the candidate told."))
    return redirect("mentor-appeal", appeal_id=found.pk)


@require_GET
@committee_required
def correction_detail(request: AuthenticatedHttpRequest, correction_id: int) -> HttpResponse:
    correction = reads.corrections_visible_to(request.user).filter(pk=correction_id).first()
    if correction is None:
        raise Http404("No such correction.")
    changed = [row for row in correction.changes if row["passed_before"] != row["passed_after"]]
    context = {"correction": correction, "changed": changed}
    return render(request, TEMPLATES + "correction.html", context)


# --- invitations (public: the signed link is the credential) -----------------------------


def _invitation_context(request: AuthenticatedHttpRequest, invitation: Any) -> dict[str, Any]:
    """What the link's holder may do: an account with the invited address logs in and
    accepts; the logged-in owner of that address accepts; anyone else holding the link sees
    who it is for; someone new creates the account. Anyone holding it may decline."""
    user = request.user if request.user.is_authenticated else None
    context: dict[str, Any] = {"invitation": invitation, "form": None, "login_first": False}
    if user is None:
        if cohort_reads.invitation_has_account(invitation):
            context["login_first"] = True
        else:
            context["form"] = InvitationAcceptForm(request.POST or None)
    else:
        context["other_account"] = user.email != invitation.email
    return context


@require_http_methods(["GET", "POST"])
def invitation_accept(request: AuthenticatedHttpRequest, token: str) -> HttpResponse:
    with refused() as refusal:
        invitation = cohorts.invitation_from_token(token)
    if refusal:
        return render(
            request, TEMPLATES + "invitation.html", {"error": refusal.message}, status=400
        )
    user = request.user if request.user.is_authenticated else None
    context = _invitation_context(request, invitation)
    if request.method == "GET":
        return render(request, TEMPLATES + "invitation.html", context)
    if request.POST.get("action") == "decline":
        with refused() as refusal:
            cohorts.invitation_decline(invitation=invitation)
        if refusal:
            context["error"] = refusal.message
            return render(request, TEMPLATES + "invitation.html", context, status=400)
        messages.success(request, _("You declined the invitation: you were not added."))
        return redirect("home")
    form = context["form"]
    if form is not None and not form.is_valid():
        return render(request, TEMPLATES + "invitation.html", context, status=400)
    fields: dict[str, str] = (
        {}
        if form is None
        else {
            "first_name": form.cleaned_data["first_name"],
            "last_name": form.cleaned_data["last_name"],
            "password": form.cleaned_data["password1"],
        }
    )
    with refused() as refusal:
        accepted = cohorts.invitation_accept(invitation=invitation, user=user, **fields)
    if refusal:
        context["error"] = refusal.message
        return render(request, TEMPLATES + "invitation.html", context, status=400)
    if user is None:
        login(request, accepted, backend="django.contrib.auth.backends.ModelBackend")
    messages.success(
        request, _("Welcome to the cohort %(cohort)s.") % {"cohort": invitation.cohort.display_name}
    )
    return redirect("home")


urlpatterns = [
    path("", dashboard, name="mentor"),
    path("cohorts/<int:cohort_id>/", cohort_detail, name="mentor-cohort"),
    path("cohorts/<int:cohort_id>/invite", cohort_invite, name="mentor-cohort-invite"),
    path(
        "cohorts/<int:cohort_id>/members/<int:candidate_id>/remove",
        cohort_member_remove,
        name="mentor-cohort-remove",
    ),
    path(
        "cohorts/<int:cohort_id>/undo-remove", cohort_member_restore, name="mentor-cohort-restore"
    ),
    path("reviews/", review_list, name="mentor-reviews"),
    path("reviews/accept", review_accept_bulk, name="mentor-reviews-accept"),
    path("reviews/<int:review_id>/", review_detail, name="mentor-review"),
    path("appeals/", appeal_list, name="mentor-appeals"),
    path("appeals/<int:appeal_id>/", appeal_detail, name="mentor-appeal"),
    path("committee/appeals/", committee_appeal_list, name="committee-appeals"),
    path("committee/corrections/<int:correction_id>/", correction_detail, name="mentor-correction"),
    path("invitations/<str:token>/", invitation_accept, name="mentor-invitation-accept"),
]
