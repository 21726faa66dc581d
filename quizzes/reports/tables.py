"""The committee's and mentors' report tables: what each table shows (heading, rows, the bars
of its chart), built from the report selectors for the pages, the CSV and the REST API alike."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.utils import formats
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from quizzes.item_names import choice_name, flag_names, template_name
from quizzes.parts import PART_NAMES
from quizzes.reports import selectors as sr

LANGUAGE_NAMES = {code.lower(): name for code, name in settings.LANGUAGES}


def _pct(value: float | None) -> Decimal | str:
    """A Decimal, not a string: the page writes it the reader's way ("66,7" in pt-BR and es),
    the CSV as digits and a point ("66.7")."""
    return "" if value is None else Decimal(f"{value * 100:.1f}")


def _num(value: float | None) -> Decimal | str:
    return "" if value is None else Decimal(f"{value:.3f}")


def part_name(part: str) -> str:
    return str(PART_NAMES.get(part, part))


def choices_text(row: sr.ItemRow) -> str:
    """Each choice as "name chosen/offered", e.g. "the key 19/25; wrong penalty 0/25"."""
    return "; ".join(f"{choice_name(c.name)} {c.chosen}/{c.offered}" for c in row.choices)


def _flags(row: sr.ItemRow) -> str:
    return "; ".join(flag_names(row.flags))


@dataclass(frozen=True)
class Built:
    """A report table: its heading row, its rows, and the bars of its chart beside it (label,
    percent or None)."""

    head: list[str]
    rows: list[list[Any]]
    bars: list[tuple[str, float | None]]


def _bar(label: str, value: float | None) -> tuple[str, float | None]:
    return (label, None if value is None else value * 100)


def _rates(rows: list[sr.RateRow], first: str | None = None) -> Built:
    head = [first or _("Group"), _("Attempts"), _("Passed"), _("Pass rate (%)")]
    return Built(
        head,
        [[r.label, r.attempts, r.passed, _pct(r.rate)] for r in rows],
        [_bar(r.label, r.rate) for r in rows],
    )


def _months(rows: list[sr.RateRow], full: bool) -> list[sr.RateRow]:
    """Months by name on the page ("December 2026", "dezembro de 2026"); the CSV keeps
    "2026-12", which a spreadsheet sorts."""
    return rows if full else [replace(row, label=month_name(row.label)) for row in rows]


def month_name(period: str) -> str:
    try:
        first = date.fromisoformat(f"{period}-01")
    except ValueError:
        return period  # "—": no date
    named = formats.date_format(first, "YEAR_MONTH_FORMAT")
    # Portuguese and Spanish write month names in lower case (Django's pt_BR capitalises).
    return named if get_language() == "en" else named[:1].lower() + named[1:]


def _template_labels(template_ids: list[str], lang: str, *, full: bool) -> dict[str, str]:
    """Templates by the topics they train, in the page's language; the id only in the CSV,
    or on the page where two templates would otherwise read the same."""
    names = {template_id: template_name(template_id, lang) for template_id in template_ids}
    seen = Counter(names.values())
    return {
        template_id: f"{name} ({template_id})" if (full or seen[name] > 1) and name != template_id
        else name
        for template_id, name in names.items()
    }  # fmt: skip


def _items(rows: list[sr.ItemRow], *, questions: bool, full: bool, lang: str) -> Built:
    """Templates or questions. Questions carry their id, and their full text in the CSV
    (the page shortens it: the id finds the rest)."""
    first = [_("Exam question"), _("Question")] if questions else [_("Template")]
    head = [
        *first,
        _("Responses"),
        _("Facility (%)"),
        _("Discrimination"),
        _("Flags"),
        _("Chosen / offered"),
    ]
    body = []
    bars = []
    labels = {} if questions else _template_labels([r.key for r in rows], lang, full=full)
    for r in rows:
        if questions:
            text = r.label if full else _short(r.label)
            bar_label = question_name(r)
            named = [bar_label, text]
        else:
            bar_label = labels[r.key]
            named = [bar_label]
        body.append(
            [
                *named,
                r.responses,
                _pct(r.facility),
                _num(r.discrimination),
                _flags(r),
                choices_text(r),
            ]
        )
        bars.append(_bar(bar_label, r.facility))
    return Built(head, body, bars)


def question_name(row: sr.ItemRow) -> str:
    """A question as a reader finds it (walk 8, #8): its exam and position, "Riftbound demo
    exam · Q3", marked when withdrawn; never its database id."""
    where = ", ".join(f"Q{position}" for position in row.positions)
    name = f"{row.exam} · {where}" if row.exam else _short(row.label, 40)
    return _("%(name)s (withdrawn)") % {"name": name} if row.withdrawn else name


def _short(text: str, limit: int = 90) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def language_name(code: str) -> str:
    return str(LANGUAGE_NAMES.get(code.lower(), code))


def _agreement(rows: list[sr.AgreementRow], *, by: str) -> Built:
    name = part_name if by == "part" else language_name
    head = [_("Part") if by == "part" else _("Language"), _("Agreeing"), _("Compared")]
    head.append(_("Agreement (%)"))
    return Built(
        head,
        [[name(r.label), r.agreeing, r.total, _pct(r.rate)] for r in rows],
        [_bar(name(r.label), r.rate) for r in rows],
    )


Table = Callable[[sr.Scope, bool, str], Built]

TABLES: dict[str, tuple[Any, Table]] = {
    "pass-by-cohort": (
        lambda: _("Pass rate by cohort"),
        lambda s, full, lang: _rates(sr.pass_rates_by_cohort(s)),
    ),
    "pass-by-level": (
        lambda: _("Pass rate by level"),
        lambda s, full, lang: _rates(sr.pass_rates_by_level(s), _("Level")),
    ),
    "pass-by-period": (
        lambda: _("Pass rate by month"),
        lambda s, full, lang: _rates(_months(sr.pass_rates_by_period(s), full), _("Month")),
    ),
    "items-by-template": (
        lambda: _("Item analysis by template"),
        lambda s, full, lang: _items(sr.item_analysis(s)[0], questions=False, full=full, lang=lang),
    ),
    "items-by-question": (
        lambda: _("Item analysis by question"),
        lambda s, full, lang: _items(sr.item_analysis(s)[1], questions=True, full=full, lang=lang),
    ),
    "agreement-by-part": (
        lambda: _("Grader agreement with overrides, by part"),
        lambda s, full, lang: _agreement(sr.grader_agreement(s)[0], by="part"),
    ),
    "agreement-by-language": (
        lambda: _("Grader agreement with overrides, by language"),
        lambda s, full, lang: _agreement(sr.grader_agreement(s)[1], by="language"),
    ),
}
