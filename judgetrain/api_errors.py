from typing import Any

from rest_framework.exceptions import APIException
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, plus a machine-readable ``code`` beside every ``detail`` message,
    so clients can tell "attempt_closed" from "permission_denied" without parsing text."""
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(exc, APIException) and isinstance(response.data, dict):
        detail = response.data.get("detail")
        if detail is not None and "code" not in response.data:
            response.data["code"] = getattr(detail, "code", None) or exc.default_code
    return response
