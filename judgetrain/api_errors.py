from typing import Any

from django.db import InterfaceError, OperationalError
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.exceptions import APIException
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


class DatabaseUnavailable(APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "database_unavailable"


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, plus a machine-readable ``code`` beside every ``detail`` message,
    so clients can tell "attempt_closed" from "permission_denied" without parsing text.

    A lost or failing database connection answers 503 ``database_unavailable``: the request's
    transaction was rolled back, so the client may simply retry."""
    if isinstance(exc, (OperationalError, InterfaceError)):
        exc = DatabaseUnavailable(
            _("The service is briefly unavailable and nothing was saved; try again in a moment.")
        )
        response = drf_exception_handler(exc, context)
        if response is not None:
            response["Retry-After"] = "5"
    else:
        response = drf_exception_handler(exc, context)
    if response is not None and isinstance(exc, APIException) and isinstance(response.data, dict):
        detail = response.data.get("detail")
        if detail is not None and "code" not in response.data:
            response.data["code"] = getattr(detail, "code", None) or exc.default_code
    return response
