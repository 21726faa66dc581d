"""Every API error answers a ``detail`` message and a machine-readable ``code``.

An application error (``judgetrain.errors.ApplicationError``, whatever service raised it)
is mapped here once: its status, ``detail`` (the message), ``code``, every problem's message
under its field, and the error's payload."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.exceptions import APIException, ErrorDetail, ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from judgetrain.errors import ApplicationError

# An error message quotes at most this much of the input it refuses (a ChoiceField echoes
# the value: a 100 KB value made a 100 KB error).
MAX_MESSAGE_CHARS = 300


def refuse(request: HttpRequest, message: str, code: str) -> HttpResponse:
    """A 400: JSON with ``detail`` and ``code`` under /api/, the site's page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": message, "code": code}, status=400)
    return render(request, "400.html", {"message": message}, status=400)


_CODES_BY_STATUS = {
    status.HTTP_400_BAD_REQUEST: "invalid",
    status.HTTP_401_UNAUTHORIZED: "not_authenticated",
    status.HTTP_403_FORBIDDEN: "permission_denied",
    status.HTTP_404_NOT_FOUND: "not_found",
    status.HTTP_405_METHOD_NOT_ALLOWED: "method_not_allowed",
    status.HTTP_409_CONFLICT: "conflict",
    status.HTTP_429_TOO_MANY_REQUESTS: "throttled",
}


def clip(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _clipped(data: Any) -> Any:
    if isinstance(data, ErrorDetail):
        return ErrorDetail(clip(str(data)), code=data.code)
    if isinstance(data, str):
        return clip(data)
    if isinstance(data, list):
        return [_clipped(item) for item in data]
    if isinstance(data, dict):
        return {clip(str(key), 200): _clipped(value) for key, value in data.items()}
    return data


def _code(detail: Any, exc: Exception, status_code: int) -> str:
    code = getattr(detail, "code", None)
    if code:
        return str(code)
    if isinstance(exc, APIException):
        return str(exc.default_code)
    return _CODES_BY_STATUS.get(status_code, "error")


def application_error_body(error: ApplicationError, view: Any = None) -> dict[str, Any]:
    """The one error body: ``detail`` and ``code``; when any problem names a field, every
    problem's message under its field (``non_field_errors`` for the request as a whole), as
    DRF lists a serializer's errors; then the error's payload (the current text, a preview).

    A field is named as the service names it (its keyword argument); a view whose input
    calls it otherwise says so in ``error_fields`` (the service's name → the API's)."""
    rename: dict[str, str] = getattr(view, "error_fields", {})
    body: dict[str, Any] = {"detail": clip(error.message), "code": error.code}
    problems = error.problems
    if any(problem.field for problem in problems):
        for problem in problems:
            name = rename.get(problem.field, problem.field) if problem.field else None
            body.setdefault(name or "non_field_errors", []).append(clip(problem.message))
    body.update(error.payload())
    return body


class DatabaseUnavailable(APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "database_unavailable"


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, plus a ``code`` beside every ``detail`` message (so clients can tell
    "attempt_closed" from "permission_denied" without parsing text), a ``detail`` and
    ``code`` on validation errors beside the per-field messages, and messages cut short.

    A lost or failing database connection answers 503 ``database_unavailable``: the request's
    transaction was rolled back, so the client may simply retry.

    An application error answers ``application_error_body`` with the error's status."""
    if isinstance(exc, ApplicationError):
        set_rollback()
        return Response(application_error_body(exc, context.get("view")), status=exc.status)
    if isinstance(exc, (OperationalError, InterfaceError)):
        exc = DatabaseUnavailable(
            _("The service is briefly unavailable and nothing was saved; try again in a moment.")
        )
        response = drf_exception_handler(exc, context)
        if response is not None:
            response["Retry-After"] = "5"
    else:
        response = drf_exception_handler(exc, context)
    if response is None:
        return None
    data = _clipped(response.data)
    if isinstance(data, list):  # ValidationError("...") at the top level
        data = {"non_field_errors": data}
    if isinstance(data, dict):
        if "detail" not in data:
            data = {"detail": str(ValidationError.default_detail), "code": "invalid", **data}
        elif "code" not in data:
            data["code"] = _code(data["detail"], exc, response.status_code)
    response.data = data
    return response


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A request Django refused before any view (a body over ``API_MAX_BODY_BYTES``, a form with
    more than ``FORM_MAX_FIELDS`` fields, a file where no page takes one, a bad host): 400 with
    a message that says which, JSON with a ``code`` under /api/, the site's page elsewhere."""
    if isinstance(exception, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024
        message = _(
            "What you sent is larger than this site accepts (%(limit)d KB). Nothing was saved."
        ) % {"limit": limit}
        return refuse(request, message, "body_too_large")
    if isinstance(exception, (TooManyFieldsSent, TooManyFilesSent)):
        message = _("The form sent has more fields than this site accepts. Nothing was saved.")
        return refuse(request, message, "too_many_fields")
    return refuse(request, _("The request could not be understood."), "bad_request")


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A JSON 404 under /api/ (an unknown route); Django's page elsewhere."""
    if _is_api(request):
        return JsonResponse({"detail": "Not found.", "code": "not_found"}, status=404)
    from judgetrain import views

    return views.page_not_found(request, exception)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A JSON 403 under /api/; the site's page elsewhere."""
    if _is_api(request):
        body = {"detail": "You do not have permission to do this.", "code": "permission_denied"}
        return JsonResponse(body, status=403)
    from judgetrain import views

    return views.permission_denied(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """A JSON 500 under /api/; Django's page elsewhere."""
    if _is_api(request):
        body = {"detail": "Server error.", "code": "server_error"}
        return JsonResponse(body, status=500)
    from judgetrain import views

    return views.server_error(request)
