"""Refuse a NUL character in the URL path: PostgreSQL cannot compare text holding one, so a
path parameter such as a policy version id with ``%00`` would otherwise end in a 500.
(Query parameters and form fields are refused by their form or serializer fields.)"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse


class RejectNulInPathMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path:
            if request.path.startswith("/api/"):
                body = {
                    "detail": "The URL may not contain NUL characters.",
                    "code": "null_character",
                }
                return JsonResponse(body, status=400)
            return HttpResponseBadRequest("The URL may not contain NUL characters.")
        return self.get_response(request)
