"""The admin's guard for exam secrets, shared by every admin page that shows a question's key."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import HttpRequest

from quizzes import access


class SealedRowsMixin:
    """Leaves out the rows about a question sealed for the user
    (``access.sealed_question_ids``: one of their own exam's, before its keys are released to
    them), whatever their roles: these rows show its key, explanation or grading. A change page
    of such a row answers as for a row that does not exist."""

    sealed_question_fields: tuple[str, ...] = ("question",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        rows: QuerySet[Any] = super().get_queryset(request)  # type: ignore[misc]
        sealed = access.sealed_question_ids(request.user)
        for field in self.sealed_question_fields:
            rows = rows.exclude(**{f"{field}__in": sealed})
        return rows
