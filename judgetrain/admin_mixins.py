from typing import Any

from django.http import HttpRequest


class NoAddMixin:
    """For rows made by the application (generated questions, attempts, answers), never by hand."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
