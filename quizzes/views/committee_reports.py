"""Reports for the committee (everyone) and mentors (their own cohorts): tables, SVG bars, CSV."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from judgetrain.exports import csv_response
from judgetrain.typing import AuthenticatedHttpRequest
from quizzes import selectors_reports as sr
from quizzes.views.committee import TEMPLATES


def _scope(request: AuthenticatedHttpRequest) -> sr.Scope:
    try:
        return sr.report_scope(request.user)
    except sr.ReportForbidden:
        raise PermissionDenied from None


def _pct(value: float | None) -> str:
    return "" if value is None else f"{value * 100:.1f}"


def _num(value: float | None) -> str:
    return "" if value is None else f"{value:.3f}"


def _rates(rows: list[sr.RateRow]) -> tuple[list[str], list[list[Any]]]:
    head = [_("Group"), _("Attempts"), _("Passed"), _("Pass rate (%)")]
    return head, [[r.label, r.attempts, r.passed, _pct(r.rate)] for r in rows]


def choices_text(row: sr.ItemRow) -> str:
    """Each choice as "name chosen/offered", e.g. "option:penalty 0/25; option:key 19/25"."""
    return "; ".join(f"{c.name} {c.chosen}/{c.offered}" for c in row.choices)


def _items(rows: list[sr.ItemRow]) -> tuple[list[str], list[list[Any]]]:
    head = [
        _("Item"),
        _("Responses"),
        _("Facility (%)"),
        _("Discrimination"),
        _("Flags"),
        _("Chosen / offered"),
    ]
    return head, [
        [
            r.label,
            r.responses,
            _pct(r.facility),
            _num(r.discrimination),
            " ".join(r.flags),
            choices_text(r),
        ]
        for r in rows
    ]


def _agreement(rows: list[sr.AgreementRow]) -> tuple[list[str], list[list[Any]]]:
    head = [_("Group"), _("Agreeing"), _("Compared"), _("Agreement (%)")]
    return head, [[r.label, r.agreeing, r.total, _pct(r.rate)] for r in rows]


Table = Callable[[sr.Scope], tuple[list[str], list[list[Any]]]]

TABLES: dict[str, tuple[Any, Table]] = {
    "pass-by-cohort": (
        lambda: _("Pass rate by cohort"),
        lambda s: _rates(sr.pass_rates_by_cohort(s)),
    ),
    "pass-by-level": (lambda: _("Pass rate by level"), lambda s: _rates(sr.pass_rates_by_level(s))),
    "pass-by-period": (
        lambda: _("Pass rate by month"),
        lambda s: _rates(sr.pass_rates_by_period(s)),
    ),
    "items-by-template": (
        lambda: _("Item analysis by template"),
        lambda s: _items(sr.item_analysis(s)[0]),
    ),
    "items-by-question": (
        lambda: _("Item analysis by question"),
        lambda s: _items(sr.item_analysis(s)[1]),
    ),
    "agreement-by-part": (
        lambda: _("Grader agreement with overrides, by part"),
        lambda s: _agreement(sr.grader_agreement(s)[0]),
    ),
    "agreement-by-language": (
        lambda: _("Grader agreement with overrides, by language"),
        lambda s: _agreement(sr.grader_agreement(s)[1]),
    ),
}
_BARRED = {"pass-by-cohort": 3, "pass-by-level": 3, "pass-by-period": 3}


def _bars(rows: Iterable[list[Any]], column: int) -> list[dict[str, Any]]:
    return [
        {"label": row[0], "value": row[column], "width": float(row[column] or 0)} for row in rows
    ]


@require_GET
@login_required
def reports(request: AuthenticatedHttpRequest) -> HttpResponse:
    scope = _scope(request)
    tables = []
    for slug, (title, build) in TABLES.items():
        head, rows = build(scope)
        bars = _bars(rows, _BARRED[slug]) if slug in _BARRED else []
        tables.append({"slug": slug, "title": title(), "head": head, "rows": rows, "bars": bars})
    context = {"tables": tables, "mentor_view": scope.mentor is not None}
    return render(request, TEMPLATES + "reports.html", context)


@require_GET
@login_required
def report_csv(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    scope = _scope(request)
    if slug not in TABLES:
        raise Http404("No such report.")
    head, rows = TABLES[slug][1](scope)
    return csv_response(filename=f"{slug}.csv", head=head, rows=rows)


@require_GET
@login_required
def devset_export(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Corrected gradings as JSONL: `python -m rulings grade-eval --file PATH` reads it."""
    lines = sr.devset_lines(_scope(request))
    body = "".join(line + "\n" for line in lines)
    response = HttpResponse(body, content_type="application/jsonl; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="corrected-gradings.jsonl"'
    return response


urlpatterns = [
    path("", reports, name="reports"),
    path("<slug:slug>.csv", report_csv, name="report-csv"),
    path("corrected-gradings.jsonl", devset_export, name="report-devset"),
]
