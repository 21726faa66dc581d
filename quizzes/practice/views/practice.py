"""Practice pages: choose what to practise, answer one question, see part-by-part feedback.

Out of a session, the filters travel in the query string from page to page, so "next
question" keeps them. A session (5, 10 or 20 questions) keeps them itself, with the question
it shows, and ends on a summary.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required, permission_required
from django.http import HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from judgetrain.typing import AuthenticatedHttpRequest
from quizzes import access
from quizzes.bank.models.questions import Question, QuestionKind, Topic
from quizzes.grading import feedback_in, remedy_is_asked
from quizzes.languages import content_language
from quizzes.parts import CORRECTION_LEGENDS, PART_NAMES, part_reading
from quizzes.practice.grade_now import GradeNow, grade_now
from quizzes.practice.models import PracticeAnswer, PracticeSession, TopicMastery
from quizzes.practice.services import (
    SESSION_SIZES,
    NoPracticeQuestion,
    NotSessionQuestion,
    PracticeFilters,
    QuestionNotPractisable,
    SessionFinished,
    practice_answer_submit,
    practice_feedback,
    practice_question_get,
    practice_question_next,
    practice_session_open,
    practice_session_question,
    practice_session_skip,
    practice_session_start,
    practice_session_summary,
    session_filters,
)
from rulings import labels
from rulings import questions as generator
from rulings.grading import MAX_ANSWER_CHARS, PARTS, GradingError
from rulings.models import Game, Language
from rulings.questions import GAMES

PERMISSION = "accounts.practise"
# The session length chosen when none is: long enough to show a trend, short enough to end.
DEFAULT_SIZE = 10
# "No limit": the open-ended round of one question after another, with no summary.
NO_LIMIT = 0
FILTER_KEYS = ("game", "topics", "lang", "kinds", "weakest")
TEMPLATES = "quizzes/practice/"

VERDICT_NAMES = {"wrong": _("wrong"), "right": _("right")}

View = Callable[..., HttpResponse]


def practice_required(view: View) -> View:
    """Signed in (else the login page), then the practise permission (else 403)."""
    return login_required(permission_required(PERMISSION, raise_exception=True)(view))


def interface_language() -> str:
    return content_language(translation.get_language())


def topic_label(slug: str) -> str:
    return generator.topic_name(slug, interface_language())


def topic_choices() -> list[tuple[str, str]]:
    """Topics already banked and those the generator's templates can produce, by name."""
    slugs = set(Topic.objects.values_list("slug", flat=True))
    slugs.update(generator.all_topics())
    return sorted(((slug, topic_label(slug)) for slug in slugs), key=lambda c: c[1].casefold())


def topic_groups(choices: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """The topics in groups for the start page: both games first, then each game's own.

    ``game`` is the game a group belongs to ("" for topics of both games), so the page can
    show only the chosen game's topics.
    """
    by_game = {game: {t for tpl in generator.templates(game) for t in tpl.topics} for game in GAMES}
    shared = set.intersection(*by_game.values())
    groups: list[dict[str, Any]] = [
        {"game": "", "label": _("Topics of both games"), "slugs": shared}
    ]
    groups += [
        {"game": game, "label": Game(game).label, "slugs": slugs - shared}
        for game, slugs in by_game.items()
    ]
    known = set().union(*by_game.values())
    groups.append({"game": "", "label": _("Other topics"), "slugs": set()})
    for slug, _label in choices:
        if slug not in known:
            groups[-1]["slugs"].add(slug)
    return [group for group in groups if group["slugs"]]


def carried_query(params: QueryDict) -> str:
    """The practice filters of ``params`` as a query string, nothing else."""
    kept = QueryDict(mutable=True)
    for key in FILTER_KEYS:
        if key in params:
            kept.setlist(key, params.getlist(key))
    return kept.urlencode()


def round_language(params: QueryDict, question: Question) -> str:
    lang = params.get("lang", "")
    return lang if lang in Language.values else question.language


# --- forms -------------------------------------------------------------------------------


class PracticeFilterForm(forms.Form):
    game = forms.ChoiceField(
        label=_("Game"), choices=[("", _("Any game")), *Game.choices], required=False
    )
    topics = forms.MultipleChoiceField(
        label=_("Topics"), required=False, widget=forms.CheckboxSelectMultiple
    )
    lang = forms.ChoiceField(label=_("Language of the questions"), choices=Language.choices)
    kinds = forms.MultipleChoiceField(
        label=_("Question kinds"),
        choices=QuestionKind.choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    weakest = forms.BooleanField(
        label=_("My weakest topics"),
        required=False,
        help_text=_("Topics due for review and with the lowest mastery come first."),
    )
    size = forms.TypedChoiceField(
        label=_("Questions"),
        choices=[
            *((str(n), str(n)) for n in SESSION_SIZES),
            (str(NO_LIMIT), _("No limit")),
        ],
        coerce=int,
        empty_value=None,
        required=False,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        topics = self.fields["topics"]
        assert isinstance(topics, forms.MultipleChoiceField)
        topics.choices = topic_choices()

    def filters(self) -> PracticeFilters:
        data = self.cleaned_data
        return PracticeFilters(
            lang=data["lang"],
            game=data["game"] or None,
            topics=tuple(data["topics"]),
            kinds=tuple(data["kinds"]),
            weakest=data["weakest"],
        )


def filter_initial(params: QueryDict) -> dict[str, Any]:
    """Pre-fill the start page from a round's query string ("change my choices"); with no
    query string, due topics first (the weakest topics)."""
    return {
        "game": params.get("game", ""),
        "topics": params.getlist("topics"),
        "lang": params.get("lang") or interface_language(),
        "kinds": params.getlist("kinds"),
        "weakest": bool(params.get("weakest")) if params else True,
        "size": params.get("size") or str(DEFAULT_SIZE),
    }


def session_query(session: PracticeSession) -> str:
    """A session's filters as a query string: for "change my choices" and the feedback page's
    key language."""
    filters = session_filters(session)
    kept = QueryDict(mutable=True)
    kept["lang"] = filters.lang
    if filters.game:
        kept["game"] = filters.game
    kept.setlist("topics", list(filters.topics))
    kept.setlist("kinds", list(filters.kinds))
    if filters.weakest:
        kept["weakest"] = "on"
    return kept.urlencode()


class AnswerForm(forms.Form):
    """One response field whose widget fits the question's kind."""

    def __init__(self, *args: Any, question: Question, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["response"] = response_field(question)


def response_field(question: Question) -> forms.Field:
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        options = [(o["label"], f"{o['label']}. {o['text']}") for o in question.options]
        return choice_field(_("Your choice"), options, _("Choose one of the options."))
    if question.kind == QuestionKind.FIND_THE_WRONG_PART and question.part_corrections:
        corrections = [
            (f"{c['part']}:{c['id']}", f"{CORRECTION_LEGENDS[c['part']]} {c['text']}")
            for c in question.part_corrections
        ]
        return choice_field(
            _("The wrong part and what it should be"),
            corrections,
            _("Choose the part that is wrong and what it should be."),
        )
    if question.kind == QuestionKind.FIND_THE_WRONG_PART:
        parts = [(part, PART_NAMES[part]) for part in PARTS]
        return choice_field(_("The wrong part"), parts, _("Choose the part that is wrong."))
    return forms.CharField(
        label=_("Your ruling"),
        help_text=(
            _("State the error, the penalty and the remedy, in your own words.")
            if remedy_is_asked(question)
            else _("State the error and the penalty, in your own words.")
        ),
        max_length=MAX_ANSWER_CHARS,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 6, "aria-describedby": "id_response_helptext"}),
        error_messages={"required": _("Write your ruling before submitting.")},
    )


def choice_field(label: Any, choices: list[tuple[str, Any]], required: Any) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=label,
        choices=choices,
        widget=forms.RadioSelect,
        error_messages={
            "required": required,
            "invalid_choice": _("That is not one of this question's choices."),
        },
    )


# --- views -------------------------------------------------------------------------------


def render_start(request: AuthenticatedHttpRequest, form: PracticeFilterForm, **extra: Any) -> Any:
    status = extra.pop("status", 200)
    topics = form.fields["topics"]
    assert isinstance(topics, forms.MultipleChoiceField)
    game = form.data.get("game") if form.is_bound else form.initial.get("game")
    context = {
        "form": form,
        "topic_groups": topic_groups(list(topics.choices)),  # type: ignore[arg-type]
        "chosen_game": game or "",
        "open_session": practice_session_open(user=request.user),
        **extra,
    }
    return render(request, TEMPLATES + "start.html", context, status=status)


@require_GET
@practice_required
def start(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = PracticeFilterForm(initial=filter_initial(request.GET))
    return render_start(request, form)


@require_GET
@practice_required
def next_question(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = PracticeFilterForm(request.GET)
    if not form.is_valid():
        return render_start(request, form, status=400)
    try:
        question = practice_question_next(user=request.user, filters=form.filters())
    except NoPracticeQuestion:
        error = _("No practice question fits these choices yet. Try fewer filters.")
        return render_start(request, form, error=error)
    url = reverse("practice-question", args=[question.pk])
    return redirect(f"{url}?{carried_query(request.GET)}")


def practice_question_or_none(request: AuthenticatedHttpRequest, pk: int) -> Question | None:
    """None (the "not available" page) alike for an id with no question, an exam variant, a
    question sealed for the user and a withdrawn one: the answer tells nothing about the id."""
    try:
        return practice_question_get(user=request.user, pk=pk)
    except QuestionNotPractisable:
        return None


def render_unavailable(request: AuthenticatedHttpRequest) -> HttpResponse:
    return render(request, TEMPLATES + "unavailable.html", status=404)


def render_question(
    request: AuthenticatedHttpRequest,
    question: Question,
    form: AnswerForm,
    status: int = 200,
    session: PracticeSession | None = None,
) -> HttpResponse:
    context = {
        "question": question,
        "topics": [topic_label(topic.slug) for topic in question.topics.all()],
        "form": form,
        "query": session_query(session) if session else carried_query(request.GET),
        "round_lang": round_language(request.GET, question),
        "session": session,
        "position": session.answered + 1 if session else None,
        "option_keys": option_keys(question),
        "part_keys": part_keys(question),
    }
    return render(request, TEMPLATES + "question.html", context, status=status)


def option_keys(question: Question) -> str:
    """The shortcut keys of a question's choices for the help line: "1-4 or A-D" for four
    options; empty for a free-form question (its text field keeps every key)."""
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        count = len(question.options)
    elif question.kind == QuestionKind.FIND_THE_WRONG_PART:
        count = len(question.part_corrections) or len(PARTS)
    else:
        return ""
    count = min(count, 9)
    return _("1-%(last)s or A-%(letter)s") % {"last": count, "letter": "ABCDEFGHI"[count - 1]}


def part_keys(question: Question) -> str:
    """Find the wrong part with corrections: the keys that open each part's choices ("1-3");
    empty for other questions."""
    if question.kind != QuestionKind.FIND_THE_WRONG_PART or not question.part_corrections:
        return ""
    parts = {choice["part"] for choice in question.part_corrections}
    return "1" if len(parts) == 1 else f"1-{len(parts)}"


@require_GET
@practice_required
def question_page(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    question = practice_question_or_none(request, pk)
    if question is None:
        return render_unavailable(request)
    return render_question(request, question, AnswerForm(question=question))


@require_POST
@practice_required
def answer(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    question = practice_question_or_none(request, pk)
    if question is None:
        return render_unavailable(request)
    form = AnswerForm(request.POST, question=question)
    if form.is_valid():
        try:
            result = practice_answer_submit(
                user=request.user,
                question=question,
                response=form.cleaned_data["response"],
                lang=round_language(request.GET, question),
            )
        except GradingError as error:
            form.add_error("response", _("This answer cannot be graded: %s") % error)
        else:
            url = reverse("practice-feedback", args=[result.answer.pk])
            return see_other(f"{url}?{carried_query(request.GET)}")
    return render_question(request, question, form, status=400)


def see_other(url: str) -> HttpResponseRedirect:
    """303: reloading the feedback page must not post the answer again."""
    response = HttpResponseRedirect(url)
    response.status_code = 303
    return response


def part_rows(
    grade: Mapping[str, Any], names: Mapping[str, str], now: GradeNow | None = None
) -> list[dict[str, Any]]:
    """One row per graded part: its name, whether it was right (as a mentor re-marked it, once
    they have: walk 8, #17), and what was said and due."""
    reviewed = now is not None and now.reviewed
    rows = []
    for part, graded in grade["parts"].items():
        detail = part_detail(
            graded, names, part=part, to_mentor=bool(grade.get("needs_review")) and not reviewed
        )
        correct = now.part_correct(part, graded) if now is not None else graded["correct"]
        if correct != graded["correct"]:
            detail = _("%(detail)s Your mentor changed this part's mark.") % {"detail": detail}
        rows.append({"name": PART_NAMES.get(part, part), "correct": correct, "detail": detail})
    return rows


def part_detail(
    graded: Mapping[str, Any], names: Mapping[str, str], *, part: str = "", to_mentor: bool = False
) -> str:
    """One part's line: what the grader read (or that it read nothing, and whether a mentor
    will check it), then what was expected when the part is wrong."""
    found, expected = graded["found"], graded["expected"]
    if found in VERDICT_NAMES:  # find the wrong part: each part is "wrong" or "right"
        return _("You marked it %(found)s; it is %(expected)s.") % {
            "found": VERDICT_NAMES[found],
            "expected": VERDICT_NAMES[expected],
        }
    read = part_reading(part, found, names, to_mentor=to_mentor, graded=graded)
    if graded["correct"]:
        return read
    return _("%(read)s Expected: %(expected)s.") % {
        "read": read,
        "expected": names.get(expected, expected),
    }


@require_GET
@practice_required
def feedback(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    answer = get_object_or_404(
        PracticeAnswer.objects.select_related(
            "question__policy_version", "review__decided_by", "session"
        ).exclude(question_id__in=access.sealed_question_ids(request.user)),
        pk=pk,
        user=request.user,
    )
    question = answer.question
    if question.for_exams:  # banked for an exam since it was practised: keep its key hidden
        return render_unavailable(request)
    session = answer.session
    # Walk 4, #2: every word of the feedback (the key's parts, what was read and expected,
    # the options' mistakes) in the page's language, as the grader's sentences and the exam
    # result are, whatever language the question was practised in.
    lang = interface_language()
    result = practice_feedback(answer=answer, key_lang=lang, text_lang=lang)
    now = grade_now(answer)  # the mentor's grade once they reviewed it, as on an exam result
    masteries = (
        TopicMastery.objects.filter(user=request.user, topic__questions=question)
        .select_related("topic")
        .order_by("topic__slug")
    )
    context = {
        "answer": answer,
        "question": question,
        "feedback": result,
        "parts": part_rows(answer.grade, labels(lang)["id"], now),
        "grader_feedback": feedback_in(question, answer.grade, lang, reviewed=now.reviewed),
        "score_percent": round((now.score or 0.0) * 100),
        "grader_percent": round(now.grader_score * 100),
        "now": now,
        "wrong_part": PART_NAMES.get(question.key_detail.get("wrong_part", "")),
        "masteries": [(topic_label(m.topic.slug), m) for m in masteries],
        "query": session_query(session) if session else carried_query(request.GET),
        "session": session,
        "next_url": next_url(session, request.GET),
    }
    return render(request, TEMPLATES + "feedback.html", context)


def next_url(session: PracticeSession | None, params: QueryDict) -> str:
    """Where "Next question" leads: the session (its next question or its summary), else the
    next question of the open-ended round."""
    if session is not None:
        return reverse("practice-session", args=[session.pk])
    query = carried_query(params)
    return reverse("practice-next") + (f"?{query}" if query else "")


# --- sessions ----------------------------------------------------------------------------


@require_POST
@practice_required
def session_start(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Start a session of the chosen size; "no limit" goes to the open-ended round."""
    form = PracticeFilterForm(request.POST)
    if not form.is_valid():
        return render_start(request, form, status=400)
    size = form.cleaned_data["size"]
    if size is None:
        size = DEFAULT_SIZE
    if size == NO_LIMIT:
        return see_other(f"{reverse('practice-next')}?{carried_query(request.POST)}")
    session = practice_session_start(user=request.user, size=size, filters=form.filters())
    return see_other(reverse("practice-session", args=[session.pk]))


@require_http_methods(["GET", "POST"])
@practice_required
def session_page(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """GET: the session's current question, or its summary once it is over. POST: answer
    the current question, or skip it."""
    session = get_object_or_404(
        PracticeSession.objects.select_related("current_question"), pk=pk, user=request.user
    )
    if request.method == "POST":
        return session_answer(request, session)
    if session.finished:
        return render_summary(request, session)
    try:
        question = practice_session_question(session=session)
    except SessionFinished:
        return redirect("practice-session", pk=session.pk)
    except NoPracticeQuestion:
        form = PracticeFilterForm(initial=filter_initial(QueryDict(session_query(session))))
        error = _("No practice question fits this session's choices any more. Try fewer filters.")
        return render_start(request, form, error=error)
    return render_question(request, question, AnswerForm(question=question), session=session)


def session_answer(request: AuthenticatedHttpRequest, session: PracticeSession) -> HttpResponse:
    here = reverse("practice-session", args=[session.pk])
    question = session.current_question
    # A stale page (answered in another tab, or twice): back to where the session is.
    if session.finished or question is None or request.POST.get("question") != str(question.pk):
        return see_other(here)
    if "skip" in request.POST:
        practice_session_skip(session=session)
        return see_other(here)
    form = AnswerForm(request.POST, question=question)
    if form.is_valid():
        try:
            result = practice_answer_submit(
                user=request.user,
                question=question,
                response=form.cleaned_data["response"],
                lang=session_filters(session).lang,
                session=session,
            )
        except GradingError as error:
            form.add_error("response", _("This answer cannot be graded: %s") % error)
        except (SessionFinished, NotSessionQuestion, QuestionNotPractisable):
            return see_other(here)
        else:
            return see_other(reverse("practice-feedback", args=[result.answer.pk]))
    return render_question(request, question, form, status=400, session=session)


def render_summary(request: AuthenticatedHttpRequest, session: PracticeSession) -> HttpResponse:
    summary = practice_session_summary(session=session)
    filters = session_filters(session)
    context = {
        "summary": summary,
        "session": session,
        "score_percent": round(summary.overall.score * 100),
        "parts": [
            (PART_NAMES[part], summary.parts[part]) for part in PARTS if part in summary.parts
        ],
        "topics": [
            (topic_label(slug), tally, summary.masteries.get(slug))
            for slug, tally in summary.topics.items()
        ],
        "review_next": [(slug, topic_label(slug)) for slug in summary.review_next],
        "answers": [
            (
                answer,
                [topic_label(topic.slug) for topic in answer.question.topics.all()],
                grade_now(answer),
            )
            for answer in summary.answers
        ],
        "filters": filters,
        "query": session_query(session),
    }
    return render(request, TEMPLATES + "summary.html", context)


urlpatterns = [
    path("", start, name="practice"),
    path("next", next_question, name="practice-next"),
    path("questions/<int:pk>", question_page, name="practice-question"),
    path("questions/<int:pk>/answer", answer, name="practice-answer"),
    path("answers/<int:pk>", feedback, name="practice-feedback"),
    path("sessions", session_start, name="practice-sessions"),
    path("sessions/<int:pk>", session_page, name="practice-session"),
]
