import zoneinfo
from collections.abc import Callable
from functools import cache

from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation


class PreferredLanguageMiddleware:
    """A signed-in user's chosen language wins over the browser's Accept-Language."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        language = getattr(user, "preferred_language", "") if user is not None else ""
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = translation.get_language()
        response = self.get_response(request)
        if language:
            response.headers.setdefault("Content-Language", language)
        return response


@cache
def _time_zone_names() -> frozenset[str]:
    """Read once per process: ``available_timezones()`` walks the zone files (about 10 ms),
    and every request of a user with a time zone asks."""
    return frozenset(zoneinfo.available_timezones())


def valid_time_zone(name: str) -> bool:
    return bool(name) and name in _time_zone_names()


class TimeZoneMiddleware:
    """Dates and times are rendered in the signed-in user's time zone (UTC until one is known)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        name = getattr(user, "time_zone", "") if user is not None else ""
        if name and valid_time_zone(name):
            timezone.activate(zoneinfo.ZoneInfo(name))
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
