import re
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django import template
from django.urls import reverse
from django.utils import timezone
from django.utils.timesince import timeuntil
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from judgetrain.accounts.time_zones import display
from judgetrain.dates import date_text, format_date, format_moment
from judgetrain.names import localized_name
from quizzes.bank.models.questions import QuestionKind
from quizzes.exams.models.exams import AttemptItem
from quizzes.grading import feedback_in, remedy_is_asked
from quizzes.languages import content_language
from quizzes.parts import CORRECTION_LEGENDS, REVIEWED_PART_NAMES, THE_PART, part_reading
from quizzes.practice.grade_now import grade_now
from quizzes.review.models.review import Review
from rulings import labels
from rulings import questions as generator

register = template.Library()


@register.filter
def vocab(value: str | None, lang: str | None = None) -> str:
    """The judge-community name of a vocabulary id in the page's (or the given) language."""
    if not value:
        return "—"
    names = labels(content_language(lang or get_language()))["id"]
    return str(names.get(value, value.replace("_", " ")))


@register.simple_tag
def part_read(name: str, part: dict[str, Any], to_mentor: bool = False) -> str:
    """What the grader read for one part of a written answer, in the page's language, for a
    column headed "What we read" (so without "We read:")."""
    names = labels(content_language(get_language()))["id"]
    return part_reading(
        name, part.get("found"), names, to_mentor=bool(to_mentor), graded=part, short=True
    )


@register.filter
def labelled(row: Iterable[object], head: Iterable[object]) -> list[tuple[object, object]]:
    """A table row's cells each with its column's heading (``row|labelled:table.head``), for
    tables whose rows stack on a phone with each value named (``data-label``)."""
    names = list(head)
    return [(names[i] if i < len(names) else "", cell) for i, cell in enumerate(row)]


@register.filter
def clock(seconds: int | None) -> str:
    """Seconds left as the exam clock shows them (minutes:seconds), before exam.js runs."""
    left = max(0, int(seconds or 0))
    return f"{left // 60}:{left % 60:02d}"


@register.filter
def percent(value: float | None) -> str:
    return "—" if value is None else f"{round(value * 100)}%"


@register.filter
def response_display(item: AttemptItem) -> str:
    """A saved response as the candidate chose it: an option's text, a part's name."""
    question, response = item.question, item.response
    if not response:
        return ""
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        texts = {option["label"]: option["text"] for option in question.options}
        return f"{response}. {texts[response]}" if response in texts else response
    if question.kind == QuestionKind.FIND_THE_WRONG_PART:
        part, _sep, correction = response.partition(":")
        named = str(THE_PART.get(part, part))
        for choice in question.part_corrections:
            if (choice["part"], choice["id"]) == (part, correction):
                return f"{named}: {choice['text']}"
        return named
    return response


@register.filter
def by_part(corrections: list[dict[str, str]]) -> list[dict[str, Any]]:
    """Find the wrong part's corrections grouped by part, each group with its legend
    ("The infraction is wrong; it should be:") and each choice with its response value."""
    groups: dict[str, list[dict[str, str]]] = {}
    for choice in corrections:
        value = f"{choice['part']}:{choice['id']}"
        groups.setdefault(choice["part"], []).append({**choice, "value": value})
    return [
        {"part": part, "legend": CORRECTION_LEGENDS[part], "choices": choices}
        for part, choices in groups.items()
    ]


@register.filter
def topic_name(slug: str) -> str:
    """A question topic's name in the page's language."""
    return generator.topic_name(slug, content_language(get_language()))


@register.filter
def template_title(template_id: str) -> str:
    """A question template as a person reads it (what it asks, in the page's language when
    translated), never its raw id; an id no template has any more stays as it is."""
    from quizzes.item_names import template_summary

    return template_summary(template_id, content_language(get_language()))[0] or template_id


@register.filter
def when(value: datetime | None, kind: str = "datetime") -> str:
    """A moment for a person to read, the one format every page uses (``format_moment``):
    ``value|when`` (date, 24-hour time and the zone's name), ``value|when:"time"``,
    ``value|when:"date"``. ``local_date`` is for machine-read attributes (``"c"``)."""
    if value is None:
        return "—"
    if isinstance(value, datetime):
        return format_moment(value, kind)
    return date_text(value)


@register.filter
def zone_label(name: object) -> str:
    """A zone (its IANA name or a ``tzinfo``) named as every page names it now: "São Paulo
    (UTC-3)" (``time_zones.display``)."""
    return display(str(getattr(name, "key", name) or "UTC"))


@register.filter
def local_date(value: datetime | None, format_name: str = "DATE_FORMAT") -> str:
    """Django's ``date`` filter (same formats, e.g. ``"c"`` or ``"SHORT_DATETIME_FORMAT"``) in
    the user's time zone, or in UTC for a moment that zone cannot hold (``judgetrain.dates``):
    templates use it instead of ``date``, which fails on such a moment."""
    if value is None or value == "":
        return ""
    if isinstance(value, datetime):
        return format_date(value, format_name)
    return date_text(value, format_name)


@register.filter
def due_label(value: datetime | None) -> str:
    """ "due now" for a review date already reached, else "next review in …"."""
    if value is None:
        return ""
    if value <= timezone.now():
        return str(_("due now"))
    return str(_("next review in %(due)s") % {"due": timeuntil(value)})


@register.filter
def content_name(value: str) -> str:
    """A name stored as data (a demo exam, a cohort) in the page's language, when translated."""
    return gettext(value) if value else value


@register.filter
def has_attempt_in_progress(assignment: Any) -> bool:
    """An attempt still open: "continue" it rather than start another (uses prefetched rows)."""
    return any(attempt.status == "in_progress" for attempt in assignment.attempts.all())


@register.filter
def attempts_left(assignment: Any) -> int:
    """Attempts the candidate may still start (uses prefetched rows)."""
    return max(0, int(assignment.max_attempts) - len(assignment.attempts.all()))


# How a review's reason is stored: "penalty: why; remedy: why" (``review.review_decide``).
STORED_PART_REASON = re.compile(r"(^|; )(infraction|penalty|remedy|answer): ")


@register.filter
def reviewed_part(value: str) -> str:
    """A reviewed part's id as a label in the page's language: "penalty" → "Penalty"."""
    return str(REVIEWED_PART_NAMES.get(value, value))


@register.filter
def part_reasons(value: str | None) -> str:
    """A review's reason with each part named in the page's language, not by its id
    ("penalty: hedged" → "Penalidade: hedged")."""
    return STORED_PART_REASON.sub(
        lambda found: f"{found.group(1)}{reviewed_part(found.group(2))}: ", value or ""
    )


@register.filter
def part_name(value: str) -> str:
    """ "The infraction", "The penalty", "The remedy" in the page's language."""
    return str(THE_PART.get(value, value))


@register.filter
def feedback_now(item: AttemptItem) -> str:
    """The grader's sentences in the page's language, whatever language the attempt had;
    once a person has graded the answer, without "A mentor will review this grading"."""
    reviewed = grade_now(item).reviewed
    return feedback_in(
        item.question, item.grade or {}, content_language(get_language()), reviewed=reviewed
    )


@register.filter
def decided_review(item: AttemptItem) -> Review | None:
    """The answer's review once a mentor or the committee decided it (None before)."""
    return grade_now(item).review


@register.filter
def part_decision(review: Review | None, name: str) -> dict[str, Any] | None:
    """A decided review's decision on one part: decision, percent and reason."""
    if review is None:
        return None
    decided = review.parts.get(name)
    return decided if isinstance(decided, dict) else None


@register.inclusion_tag("quizzes/committee/_pools_warning.html")
def exam_pools_warning() -> dict[str, Any]:
    """The committee's warning when exam stems would show public material (the same finding
    as ``manage.py check --deploy``'s quizzes.W001 and W002)."""
    from quizzes.bank.pool_directory import PoolDirectoryError
    from quizzes.bank.services.pools import exam_pools_gaps

    try:
        gaps = exam_pools_gaps()
    except PoolDirectoryError:
        return {"broken": True}
    return {
        "public": gaps == ["all"],
        "gaps": [] if gaps == ["all"] else _gap_names(gaps),
        "pools_url": reverse("admin:quizzes_questionpool_changelist"),
    }


def _gap_names(gaps: list[str]) -> list[str]:
    """Each kind of gap once, its games or languages together (walk 4, #20: "the sentences
    that tell the story (en), the sentences that tell the story (pt-BR), …")."""
    games: list[str] = []
    languages: list[str] = []
    cards = False
    for gap in gaps:
        kind, _sep, which = gap.partition(":")
        if kind == "names":
            games.append(which)
        elif kind == "cards":
            cards = True
        else:
            languages.append(which)
    named = []
    if games:
        named.append(gettext("player names (%(game)s)") % {"game": ", ".join(games)})
    if cards:
        named.append(gettext("cards"))
    if languages:
        named.append(
            gettext("the sentences that tell the story (%(language)s)")
            % {"language": ", ".join(languages)}
        )
    return named


@register.filter
def exam_name(row: dict[str, Any]) -> str:
    """The exam of a stored row (a correction's preview) in the page's language: its
    translation, else the catalog's, else as typed (walk 4, #22)."""
    return localized_name(str(row.get("exam") or ""), row.get("exam_names"))


@register.filter
def ruling_label(question: Any) -> str:
    """A written answer's label, asking for what the stem asks: the remedy only where the
    question asks for one. An exam question as served (a payload without its key) does not
    say, so its label points to the stem's own question."""
    if isinstance(question, dict):
        return str(_("Your ruling, as the question above asks it"))
    if remedy_is_asked(question):
        return str(_("Your ruling: the error, the penalty and the remedy"))
    return str(_("Your ruling: the error and the penalty"))
