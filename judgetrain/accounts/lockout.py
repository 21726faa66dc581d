"""django-axes hooks: which name a failed login counts against, and the lockout answer."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from judgetrain.authentication import LockedOut


def username(request: HttpRequest, credentials: dict[str, Any] | None) -> str:
    """The login page posts ``username``; DRF's Basic passes the e-mail as ``email``.
    Lower-cased, so ``Ana@…`` and ``ana@…`` share one counter."""
    credentials = credentials or {}
    name = credentials.get("username") or credentials.get("email")
    if name is None:
        name = request.POST.get("username", "")
    return str(name).strip().lower()[:254]


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: Any = None
) -> HttpResponse:
    """429 for the API (JSON with ``code``); a page explaining the wait elsewhere."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    if request.path.startswith("/api/"):
        body = {"detail": str(LockedOut.default_detail), "code": LockedOut.default_code}
        return JsonResponse(body, status=LockedOut.status_code)
    context = {"minutes": minutes}
    return render(request, "registration/locked_out.html", context, status=429)


def client_address(request: HttpRequest) -> str:
    """The address failures count against. Behind ``LOGIN_PROXY_COUNT`` proxies it is the
    one the outermost proxy saw, read from the right of X-Forwarded-For: the entries to its
    left are whatever the client sent, so trusting them would let it pick a fresh address
    for each guess."""
    proxies = settings.LOGIN_PROXY_COUNT
    remote = str(request.META.get("REMOTE_ADDR", ""))
    if not proxies:
        return remote
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [address for address in forwarded if address]
    return forwarded[-proxies] if len(forwarded) >= proxies else remote
