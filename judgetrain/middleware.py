"""Request-wide rules, applied once for every page and endpoint: refuse an API body over its
view's limit, refuse a NUL character in a URL, query string or form field, and keep responses
out of caches.

Body limits. Each API view declares the largest body it reads (``max_body_bytes``,
judgetrain/parsers.py). DRF reads the whole body into memory before its parser runs, so the
declared limit is checked here against ``Content-Length``, before anything is read: 413
``body_too_large``. (Django's WSGI request reads no more than ``Content-Length``; the parser
checks again what it was given.)

NUL characters. PostgreSQL cannot compare or store text holding a NUL, so a path parameter,
a query filter (``?status=%00`` on the committee's report list, any admin list filter) or a
form field holding one ended in a 500 wherever a view passed it to a query before a form
refused it. Rather than trust every view and filter to refuse it, this middleware answers
400 before any view runs: JSON with ``code`` ``null_character`` under ``/api/``, a page
elsewhere. JSON bodies are the API parser's to check (``judgetrain.parsers``: same code).
The check reads each value once: linear in the size of the request.

Caching. Pages and API answers carry answers, keys, grades and names, and every page holds
the visitor's own CSRF token (the language form), so no response may be kept by a browser's
disk cache or a shared proxy: every response whose view set no ``Cache-Control`` of its own
gets ``no-store, private``, the anonymous landing page and the public certificate
verification (it names the holder) included. A view that wants caching sets its own header
(``/healthz`` and the admin's ``never_cache`` are no-store already); static files are served
by WhiteNoise, before this middleware, with their own long-lived headers.

Error pages. A view's 404 and 403 render the site's own pages (its layout, the user's
language, a way home) with DEBUG on as well as off (``ErrorPagesMiddleware``). So does an
application error no page handled (``judgetrain.errors``): a ``NotFound`` the 404 page, a
``Forbidden`` the 403 page, any other the 400 page with its message.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _

from judgetrain import api_errors
from judgetrain.api_errors import refuse
from judgetrain.errors import ApplicationError, Forbidden, NotFound
from judgetrain.parsers import BodyTooLarge, body_limit

FORM_TYPES = frozenset({"application/x-www-form-urlencoded", "multipart/form-data"})


def holds_nul(data: QueryDict) -> bool:
    """Whether any key or value of a query string or form holds a NUL character."""
    return any(
        "\x00" in key or any("\x00" in value for value in values if isinstance(value, str))
        for key, values in data.lists()
    )


def nul_refusal(request: HttpRequest) -> str | None:
    """What a request with a NUL is refused with (None: it has none)."""
    if "\x00" in request.path:
        return _("The URL may not contain NUL characters.")
    if "\x00" in request.META.get("QUERY_STRING", "") or holds_nul(request.GET):
        return _("The query string may not contain NUL characters.")
    if request.method == "POST" and request.content_type in FORM_TYPES and holds_nul(request.POST):
        return _("Form fields may not contain NUL characters. Nothing was saved.")
    return None


def _content_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class BodyLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        length = _content_length(request)
        if length and request.path.startswith("/api/"):
            try:
                view = getattr(resolve(request.path_info).func, "cls", None)
            except Resolver404:
                view = None
            limit = body_limit(view)
            if length > limit:
                detail = f"The request body is larger than {limit} bytes."
                body = {"detail": detail, "code": BodyTooLarge.default_code}
                return JsonResponse(body, status=BodyTooLarge.status_code)
        return self.get_response(request)


class RejectNulMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        refusal = nul_refusal(request)
        if refusal is not None:
            return refuse(request, refusal, "null_character")
        return self.get_response(request)


NO_STORE = "no-store, private"


class NoStoreMiddleware:
    """``Cache-Control: no-store, private`` on every response without its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not response.has_header("Cache-Control"):
            response["Cache-Control"] = NO_STORE
        return response


class ErrorPagesMiddleware:
    """A page's 404 and 403 in the site's layout, with DEBUG on too: Django shows its
    technical 404 page (which lists the URL patterns) instead of ``handler404`` when DEBUG is
    on, and its bare "403 Forbidden" wherever no ``handler403`` renders one. Here a view's
    Http404 or PermissionDenied goes to the same handlers in both modes (an unknown address,
    which no view saw, still gets the technical page under DEBUG)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, NotFound):
            return api_errors.page_not_found(request, Http404(exception.message))
        if isinstance(exception, Forbidden):
            return api_errors.permission_denied(request, PermissionDenied(exception.message))
        if isinstance(exception, ApplicationError):
            return api_errors.refuse(request, exception.message, exception.code)
        if isinstance(exception, Http404):
            return api_errors.page_not_found(request, exception)
        if isinstance(exception, PermissionDenied):
            return api_errors.permission_denied(request, exception)
        return None
