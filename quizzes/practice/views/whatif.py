"""The what-if explorer's pages (issue 30, point 4): each variant's permalink renders the whole
page (no JavaScript needed); with ``?partial=1`` it renders only the variant, which
``whatif.js`` puts in place on the feedback and result pages."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import path
from django.views.decorators.http import require_GET

from judgetrain.typing import AuthenticatedHttpRequest
from quizzes.exams.models.exams import AttemptItem
from quizzes.practice.models import PracticeAnswer
from quizzes.practice.selectors import explorer, whatif_attempt_item, whatif_practice_answer

TEMPLATES = "quizzes/whatif/"


def render_explorer(
    request: AuthenticatedHttpRequest, source: PracticeAnswer | AttemptItem, fact: str | None
) -> HttpResponse:
    found = explorer(source=source, fact=fact)
    context = {
        "explorer": found,
        "source": source,
        "item": source if isinstance(source, AttemptItem) else None,
        "answer": source if isinstance(source, PracticeAnswer) else None,
        "heading_level": 2,
    }
    if request.GET.get("partial") and found.variant is not None:
        return render(request, TEMPLATES + "_variant.html", context)
    return render(request, TEMPLATES + "page.html", context)


@require_GET
@login_required
def practice_whatif(
    request: AuthenticatedHttpRequest, answer_id: int, fact: str | None = None
) -> HttpResponse:
    answer = whatif_practice_answer(user=request.user, answer_id=answer_id)
    return render_explorer(request, answer, fact)


@require_GET
@login_required
def exam_whatif(
    request: AuthenticatedHttpRequest, attempt_id: int, position: int, fact: str | None = None
) -> HttpResponse:
    item = whatif_attempt_item(user=request.user, attempt_id=attempt_id, position=position)
    return render_explorer(request, item, fact)


urlpatterns = [
    path("practice/<int:answer_id>", practice_whatif, name="whatif-practice"),
    path("practice/<int:answer_id>/<slug:fact>", practice_whatif, name="whatif-practice-fact"),
    path("exams/<int:attempt_id>/<int:position>", exam_whatif, name="whatif-exam"),
    path(
        "exams/<int:attempt_id>/<int:position>/<slug:fact>",
        exam_whatif,
        name="whatif-exam-fact",
    ),
]
