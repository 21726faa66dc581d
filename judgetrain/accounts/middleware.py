import zoneinfo
from collections.abc import Callable
from functools import cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

#: The header the site's own scripts send with the language of the page they run on.
PAGE_LANGUAGE_HEADER = "HTTP_X_PAGE_LANGUAGE"


@cache
def _languages() -> frozenset[str]:
    return frozenset(code for code, _name in settings.LANGUAGES)


def page_language(request: HttpRequest) -> str:
    """The language of the page whose script sent ``request`` (``X-Page-Language``), when it
    is one the site speaks; else "". A page's script shows the texts an API reply carries
    (an exam's clock notices, a refusal) on that page: they must be in its language even
    when the account's language changed in another tab since it loaded (walk 10, #1)."""
    language = request.META.get(PAGE_LANGUAGE_HEADER, "").strip().lower()
    return language if language in _languages() else ""


class PreferredLanguageMiddleware:
    """A signed-in user's chosen language wins over the browser's Accept-Language; the
    language of the page a script asks from (``page_language``) wins over both."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        language = page_language(request) or (
            getattr(user, "preferred_language", "") if user is not None else ""
        )
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
