"""Reads for the committee's item analysis (its page and its API): each template's
statistics and flags, with its retirement (``quizzes.bank.services.retirement``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import get_language

from judgetrain.accounts.models import User
from quizzes.bank.models.reports import RetiredTemplate
from quizzes.item_names import choice_name, flag_names, template_name, template_summary
from quizzes.languages import content_language
from quizzes.reports import selectors as sr


@dataclass(frozen=True)
class TemplateStatus:
    """A template as the committee sees it: its statistics (None: no graded answer yet) and
    its retirement (None: exams draw from it)."""

    template_id: str
    row: sr.ItemRow | None
    retired: RetiredTemplate | None

    @property
    def name(self) -> str:
        return template_name(self.template_id, content_language(get_language()))

    @property
    def summary(self) -> tuple[str, str]:
        """(text, language): in the page's language when translated."""
        return template_summary(self.template_id, content_language(get_language()))

    @property
    def flags(self) -> list[str]:
        return flag_names(self.row.flags) if self.row else []

    @property
    def choices(self) -> list[tuple[str, sr.Choice]]:
        """Each choice in plain words, with its counts."""
        return [(choice_name(c.name), c) for c in self.row.choices] if self.row else []


def template_statuses(viewer: User) -> list[TemplateStatus]:
    """Every template with answers or a retirement, flagged ones first (two queries)."""
    rows = {row.key: row for row in sr.item_analysis(sr.Scope(mentor=None, viewer=viewer))[0]}
    retired = {r.template_id: r for r in RetiredTemplate.objects.select_related("retired_by")}
    statuses = [
        TemplateStatus(template_id, rows.get(template_id), retired.get(template_id))
        for template_id in sorted(set(rows) | set(retired))
    ]
    return sorted(statuses, key=lambda s: (not (s.row and s.row.flags), s.template_id))


def template_status(viewer: User, template_id: str) -> TemplateStatus:
    """One template's statistics and retirement (two queries)."""
    scope = sr.Scope(mentor=None, viewer=viewer)
    rows = sr.item_analysis(scope, template_id=template_id)[0]
    retired = RetiredTemplate.objects.select_related("retired_by").filter(template_id=template_id)
    return TemplateStatus(template_id, rows[0] if rows else None, retired.first())
