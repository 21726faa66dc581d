"""The what-if explorer on the practice feedback and exam result pages: one include line each
(``quizzes/whatif/_explorer.html``), which renders this tag."""

from __future__ import annotations

from typing import Any

from django import template

from quizzes.exams.models.exams import AttemptItem
from quizzes.practice.models import PracticeAnswer
from quizzes.practice.selectors import explorer

register = template.Library()


@register.inclusion_tag("quizzes/whatif/_panel.html", takes_context=True)
def whatif_explorer(
    context: template.Context, source: PracticeAnswer | AttemptItem
) -> dict[str, Any]:
    """The question's deciding facts, each a link to its variant; the page that includes it
    has already checked who may see the key. The stylesheet and script come once a page."""
    request = context.get("request")
    first = request is not None and not getattr(request, "whatif_assets", False)
    if request is not None:
        request.whatif_assets = True
    return {
        "explorer": explorer(source=source),
        "source": source,
        "heading_level": 3 if isinstance(source, AttemptItem) else 2,
        "assets": first,
    }
