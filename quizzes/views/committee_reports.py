"""Reports for the committee (everyone) and mentors (their own cohorts): tables, a chart beside
each (an SVG drawn by pygal, ``quizzes.charts``), CSV."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from typing import Any

from csp.decorators import csp
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils import formats
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from judgetrain.exports import csv_response
from judgetrain.typing import AuthenticatedHttpRequest
from quizzes import charts
from quizzes import selectors_reports as sr
from quizzes.item_names import choice_name, flag_names, template_name
from quizzes.languages import content_language
from quizzes.parts import PART_NAMES
from quizzes.views.committee import TEMPLATES
from rulings.core.explain import labels
from rulings.core.grading import PARTS

LANGUAGE_NAMES = {code.lower(): name for code, name in settings.LANGUAGES}
MAX_SPOKEN = 12  # bars a chart's text alternative names; the table beside it has them all


def _scope(request: AuthenticatedHttpRequest) -> sr.Scope:
    try:
        return sr.report_scope(request.user)
    except sr.ReportForbidden:
        raise PermissionDenied from None


def _pct(value: float | None) -> Decimal | str:
    """A Decimal, not a string: the page writes it the reader's way ("66,7" in pt-BR and es),
    the CSV as digits and a point ("66.7")."""
    return "" if value is None else Decimal(f"{value * 100:.1f}")


def _num(value: float | None) -> Decimal | str:
    return "" if value is None else Decimal(f"{value:.3f}")


def _part_name(part: str) -> str:
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
    first = [_("Question id"), _("Question")] if questions else [_("Template")]
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
            named = [r.key, text]
            bar_label = _("Question %(id)s") % {"id": r.key}
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


def _short(text: str, limit: int = 90) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _language_name(code: str) -> str:
    return str(LANGUAGE_NAMES.get(code.lower(), code))


def _agreement(rows: list[sr.AgreementRow], *, by: str) -> Built:
    name = _part_name if by == "part" else _language_name
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


@require_GET
@login_required
def reports(request: AuthenticatedHttpRequest) -> HttpResponse:
    scope = _scope(request)
    lang = content_language(request.LANGUAGE_CODE)
    tables = []
    for slug, (title, build) in TABLES.items():
        built = build(scope, False, lang)
        tables.append(
            {
                "slug": slug,
                "title": title(),
                "head": built.head,
                "rows": built.rows,
                "chart": bool(built.bars),
                "chart_text": _chart_text(title(), built.bars),
            }
        )
    context = {"tables": tables, "mentor_view": scope.mentor is not None}
    return render(request, TEMPLATES + "reports.html", context)


def _chart_text(title: str, bars: list[tuple[str, float | None]]) -> str:
    """The chart's text alternative: every bar's label and figure, then where the rest is."""
    figures = "; ".join(f"{label}: {charts.shown(value)}" for label, value in bars[:MAX_SPOKEN])
    more = len(bars) - MAX_SPOKEN
    if more > 0:
        figures += "; " + _("and %(n)d more in the table") % {"n": more}
    return _("Chart: %(title)s. %(figures)s.") % {"title": title, "figures": figures}


# The chart's own document: pygal's inline <style> and nothing else, no script.
SVG_POLICY = {"default-src": ["'none'"], "style-src": ["'unsafe-inline'"]}


@require_GET
@login_required
@csp(SVG_POLICY)  # type: ignore[arg-type]  # typed for a plain HttpRequest view
def report_chart(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    scope = _scope(request)
    if slug not in TABLES:
        raise Http404("No such report.")
    title, build = TABLES[slug]
    built = build(scope, False, content_language(request.LANGUAGE_CODE))
    if not built.bars:
        raise Http404("Nothing to chart yet.")
    svg = charts.bar_chart_svg(title=title(), bars=built.bars)
    response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    response["Cache-Control"] = "no-store"  # a report's figures, like every page here
    return response


@require_GET
@login_required
def report_csv(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    scope = _scope(request)
    if slug not in TABLES:
        raise Http404("No such report.")
    built = TABLES[slug][1](scope, True, content_language(request.LANGUAGE_CODE))
    return csv_response(filename=f"{slug}.csv", head=built.head, rows=built.rows)


@require_GET
@login_required
def devset_export(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Corrected gradings as JSONL: `python -m rulings grade-eval --file PATH` reads it."""
    lines = sr.devset_lines(_scope(request))
    body = "".join(line + "\n" for line in lines)
    response = HttpResponse(body, content_type="application/jsonl; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="corrected-gradings.jsonl"'
    return response


def _id_names(value: Any, lang: str) -> str:
    """Vocabulary ids (one, a list, or joined by commas) by their names in ``lang``."""
    if not value:
        return ""
    ids = value if isinstance(value, list | tuple) else str(value).split(",")
    names = labels(lang)["id"]
    return ", ".join(str(names.get(i.strip(), i.strip().replace("_", " "))) for i in ids)


@require_GET
@login_required
def devset_csv(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The same corrected gradings as a spreadsheet: one row per answer, a column per part."""
    head = [
        _("Id"), _("Question id"), _("Game"), _("Language"), _("Template"), _("Answer"),
        *(_("Key: %(part)s") % {"part": _part_name(part)} for part in PARTS),
        *(_("Corrected: %(part)s") % {"part": _part_name(part)} for part in PARTS),
    ]  # fmt: skip
    lang = content_language(request.LANGUAGE_CODE)
    # Walk 4, #14: read by people, so in the page's words, not ids (the JSONL keeps the ids).
    rows = [
        [
            record["id"],
            record["question"],
            record["game"],
            _language_name(record["lang"]),
            template_name(record["topic"], lang),
            record["answer"],
            *(_id_names(record["expected"].get(part), lang) for part in PARTS),
            *(_id_names(record["label"].get(part), lang) for part in PARTS),
        ]
        for record in sr.corrected_gradings(_scope(request))
    ]
    return csv_response(filename="corrected-gradings.csv", head=head, rows=rows)


urlpatterns = [
    path("", reports, name="reports"),
    path("corrected-gradings.csv", devset_csv, name="report-devset-csv"),
    path("<slug:slug>.csv", report_csv, name="report-csv"),
    path("<slug:slug>.svg", report_chart, name="report-chart"),
    path("corrected-gradings.jsonl", devset_export, name="report-devset"),
]
