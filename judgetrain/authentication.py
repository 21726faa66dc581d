"""HTTP Basic for the API, watched by django-axes like the login page."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import authentication, status
from rest_framework.exceptions import APIException, AuthenticationFailed
from rest_framework.request import Request


class LockedOut(APIException):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_detail = "Too many failed logins: logging in is blocked for a while."
    default_code = "locked_out"


class BasicAuthentication(authentication.BasicAuthentication):
    """DRF's Basic authentication; a locked-out client gets 429 ``locked_out``, not 401.

    A user name or password holding a NUL character is refused (401) before any lookup:
    PostgreSQL cannot compare text holding one, so the user query and django-axes' record
    of the failure ended in a 500 on every API endpoint. No account can hold one (every form
    field refuses NUL), so nothing that could log in is refused.

    Its challenge makes anonymous API calls answer 401 with ``WWW-Authenticate``, except
    for the site's own pages' scripts (they send ``X-CSRFToken``): a Basic challenge there
    would pop up the browser's password dialog, so they get 403 ``not_authenticated``.
    """

    www_authenticate_realm = "JudgeTrain API"

    def authenticate_credentials(
        self, userid: str, password: str, request: Request | None = None
    ) -> tuple[Any, None]:
        if "\x00" in userid or "\x00" in password:
            raise AuthenticationFailed(
                _("The user name and password may not contain NUL characters.")
            )
        try:
            return super().authenticate_credentials(userid, password, request)
        except AuthenticationFailed:
            # django-axes flags the request it refuses (DRF's Request holds the flag).
            if getattr(request, "axes_locked_out", False):
                raise LockedOut() from None
            raise

    def authenticate_header(self, request: Request) -> str | None:
        if request.META.get("HTTP_X_CSRFTOKEN"):
            return None
        return str(super().authenticate_header(request))
