"""Reports for the committee (everyone) and mentors (their own cohorts): tables, a chart beside
each (an SVG drawn by pygal, ``quizzes.reports.charts``), CSV."""

from __future__ import annotations

from typing import Any

from csp.decorators import csp
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from judgetrain.exports import csv_response
from judgetrain.typing import AuthenticatedHttpRequest
from quizzes.committee.views import TEMPLATES
from quizzes.item_names import template_name
from quizzes.languages import content_language
from quizzes.reports import charts
from quizzes.reports import selectors as sr
from quizzes.reports.tables import TABLES, language_name, part_name
from rulings import labels
from rulings.grading import PARTS

MAX_SPOKEN = 12  # bars a chart's text alternative names; the table beside it has them all


def _scope(request: AuthenticatedHttpRequest) -> sr.Scope:
    return sr.report_scope(request.user)  # a candidate: ReportForbidden, the 403 page


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
        *(_("Key: %(part)s") % {"part": part_name(part)} for part in PARTS),
        *(_("Corrected: %(part)s") % {"part": part_name(part)} for part in PARTS),
    ]  # fmt: skip
    lang = content_language(request.LANGUAGE_CODE)
    # Walk 4, #14: read by people, so in the page's words, not ids (the JSONL keeps the ids).
    rows = [
        [
            record["id"],
            record["question"],
            record["game"],
            language_name(record["lang"]),
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
