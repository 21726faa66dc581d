from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation


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
