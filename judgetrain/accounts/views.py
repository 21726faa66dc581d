from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseRedirect,
    JsonResponse,
)
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from judgetrain.accounts import time_zones
from judgetrain.accounts.forms import CeleryPasswordResetForm, TimeZoneForm
from judgetrain.accounts.lockout import client_address
from judgetrain.accounts.middleware import valid_time_zone
from judgetrain.throttling import limits_wait
from judgetrain.typing import AuthenticatedHttpRequest

SUPPORTED_LANGUAGES = frozenset(code for code, _name in settings.LANGUAGES)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's, rate-limited: per client address (``THROTTLE_PASSWORD_RESET_IP``), then per
    address asked for (``THROTTLE_PASSWORD_RESET_ADDRESS``), counted whether or not an account
    uses it, so being refused tells nothing about accounts either. Refused: the form again,
    429, saying how long to wait."""

    form_class = CeleryPasswordResetForm

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        wait = limits_wait(("password_reset_ip", client_address(request)))
        if wait:
            return self._refused(self.get_form(), wait)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: Any) -> HttpResponse:
        address = form.cleaned_data["email"].strip().lower()
        wait = limits_wait(("password_reset_address", address))
        if wait:
            return self._refused(form, wait)
        return super().form_valid(form)

    def _refused(self, form: Any, wait: int) -> HttpResponse:
        context = self.get_context_data(form=form, wait_minutes=max(1, -(-wait // 60)))
        response = self.render_to_response(context, status=429)
        response["Retry-After"] = str(wait)
        return response


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


#: The longest time zone search the settings page reads (longer text is cut, not refused).
ZONE_QUERY_MAX = 64


@login_required
def account_settings(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The user's time zone (detected from the browser at first, changeable here). A GET
    with ``q`` narrows the list (the search without JavaScript; with it, site.js filters the
    list as one types)."""
    user = request.user
    query = request.GET.get("q", "").strip()[:ZONE_QUERY_MAX]
    if request.method == "POST":
        form = TimeZoneForm(request.POST, groups=time_zones.grouped(user.time_zone))
        if form.is_valid():
            user.time_zone = form.cleaned_data["time_zone"]
            user.save(update_fields=["time_zone"])
            messages.success(request, _("Your time zone is saved."))
            return redirect("account-settings")
        return _render_settings(request, form, "", status=400)
    groups = time_zones.grouped(user.time_zone, query)
    form = TimeZoneForm(initial={"time_zone": user.time_zone or "UTC"}, groups=groups)
    found = sum(time_zones.matches(item, query) for _label, items in groups for item in items)
    return _render_settings(request, form, query, found=found)


def _render_settings(
    request: AuthenticatedHttpRequest,
    form: TimeZoneForm,
    query: str,
    found: int = 0,
    status: int = 200,
) -> HttpResponse:
    """The settings page: the search, the grouped list and how many zones it shows."""
    choices = form.fields["time_zone"].widget.choices
    shown = sum(len(options) for _label, options in choices)
    context = {
        "form": form,
        "query": query,
        "shown": shown,
        "found": found,
        "query_max": ZONE_QUERY_MAX,
        "current": time_zones.display(request.user.time_zone or "UTC"),
    }
    return render(request, "registration/settings.html", context, status=status)


@require_POST
@login_required
def detected_time_zone(request: AuthenticatedHttpRequest) -> JsonResponse:
    """The browser's zone, sent once by site.js; it never replaces a zone the user chose."""
    name = request.POST.get("time_zone", "")
    if not valid_time_zone(name):
        return JsonResponse(
            {"detail": _("Unknown time zone."), "code": "invalid_time_zone"}, status=400
        )
    user = request.user
    if not user.time_zone:
        user.time_zone = name
        user.save(update_fields=["time_zone"])
    return JsonResponse({"time_zone": user.time_zone})


@receiver(user_logged_in)
def keep_language_chosen_before_login(
    sender: object, request: HttpRequest, user: Any, **_kw: Any
) -> None:
    """A language picked on the login page (a cookie) becomes the user's preferred language."""
    if request is None:
        return
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "").lower()
    if chosen in SUPPORTED_LANGUAGES and chosen != user.preferred_language:
        user.preferred_language = chosen
        user.save(update_fields=["preferred_language"])
