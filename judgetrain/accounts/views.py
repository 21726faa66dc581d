from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from judgetrain.typing import AuthenticatedHttpRequest

SUPPORTED_LANGUAGES = frozenset(code for code, _name in settings.LANGUAGES)


@require_POST
@login_required
def set_preferred_language(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Store the user's interface language; empty means "follow the browser"."""
    language = request.POST.get("language", "").lower()
    if language and language not in SUPPORTED_LANGUAGES:
        return HttpResponseBadRequest(_("Unsupported language."))
    user = request.user
    user.preferred_language = language
    user.save(update_fields=["preferred_language"])
    next_url = request.POST.get("next", "/")
    if not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = "/"
    response = HttpResponseRedirect(next_url)
    if language:
        response.set_cookie(settings.LANGUAGE_COOKIE_NAME, language, samesite="Lax")
    else:
        response.delete_cookie(settings.LANGUAGE_COOKIE_NAME)
    return response
