"""A holder's own certificates (list, page, signed badge files), the public badge check and the
published signing keys.

A certificate's page belongs to its holder alone: anyone else, staff included, is answered 404
as for a certificate that does not exist (the committee has its own pages). The badge check and
the key set are public.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

import segno
from django import forms
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from judgetrain.signing import jwks
from judgetrain.typing import AuthenticatedHttpRequest
from quizzes.certification.models import Certificate
from quizzes.certification.services import badges
from quizzes.common.refusals import refused

TEMPLATES = "quizzes/certificates/"
LINKEDIN_ADD = "https://www.linkedin.com/profile/add"


def qr_svg(url: str, label: str) -> SafeString:
    """The QR code of ``url`` as inline SVG, named for screen readers by ``label``."""
    svg = segno.make(url, error="m").svg_inline(
        scale=4, border=2, title=None, svgclass="qr", lineclass=None, omitsize=True, light="#fff"
    )
    labelled = svg.replace("<svg ", '<svg role="img" aria-labelledby="qr-label" ', 1)
    caption = format_html('<span id="qr-label" class="visually-hidden">{}</span>', label)
    return mark_safe(caption + labelled)  # segno's markup, an escaped label


def linkedin_url(certificate: Certificate, verify_url: str) -> str:
    """LinkedIn's documented "Add to profile" link for a certification, filled in."""
    issued, expires = certificate.issued_at, certificate.expires_at
    return (
        LINKEDIN_ADD
        + "?"
        + urlencode(
            {
                "startTask": "CERTIFICATION_NAME",
                "name": certificate.level.display_name,
                "organizationName": settings.CERTIFICATE_ISSUER_NAME,
                "issueYear": issued.year,
                "issueMonth": issued.month,
                "expirationYear": expires.year,
                "expirationMonth": expires.month,
                "certUrl": verify_url,
                "certId": certificate.pk,
            }
        )
    )


def _own(request: AuthenticatedHttpRequest, pk: int) -> Certificate:
    return get_object_or_404(
        Certificate.objects.select_related("level", "candidate"), pk=pk, candidate=request.user
    )


@require_GET
@login_required
def my_certificates(request: AuthenticatedHttpRequest) -> HttpResponse:
    certificates = Certificate.objects.filter(candidate=request.user).select_related("level")
    return render(request, TEMPLATES + "list.html", {"certificates": certificates})


@require_GET
@login_required
def my_certificate(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    certificate = _own(request, pk)
    url = request.build_absolute_uri(reverse("certificate-verify", args=[certificate.code]))
    status = certificate.status()
    context = {
        "certificate": certificate,
        "status": status,
        "issuer": settings.CERTIFICATE_ISSUER_NAME,
        "verify_url": url,
        "qr": qr_svg(url, _("QR code of the verification link: %(url)s") % {"url": url}),
        "linkedin_url": linkedin_url(certificate, url) if status != "revoked" else "",
    }
    return render(request, TEMPLATES + "detail.html", context)


def _download(body: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
@login_required
def badge_jwt(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    certificate = _own(request, pk)
    return _download(
        badges.badge_jwt(certificate),
        badges.JWT_MEDIA_TYPE,
        f"certificate-{certificate.pk}-badge.jwt",
    )


@require_GET
@login_required
def badge_json(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    certificate = _own(request, pk)
    return _download(
        json.dumps(badges.badge_envelope(certificate), indent=2),
        "application/json",
        f"certificate-{certificate.pk}-badge.json",
    )


class BadgeForm(forms.Form):
    badge = forms.CharField(
        label=gettext_lazy("The badge file's contents"),
        help_text=gettext_lazy("A .jwt or .json badge file from this site, as text."),
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false", "autocomplete": "off"}),
        strip=False,
        # Longer than any badge (the check says "too big"), shorter than the page's body limit.
        max_length=badges.MAX_BADGE_BYTES * 2,
        error_messages={"max_length": gettext_lazy("The text is too long to be a badge.")},
    )


@require_http_methods(["GET", "POST"])
def badge_verify(request: HttpRequest) -> HttpResponse:
    """Anyone hands in a badge (a file the page reads, or pasted text) and sees what holds."""
    form = BadgeForm(request.POST or None)
    context: dict[str, Any] = {
        "form": form,
        "issuer": settings.CERTIFICATE_ISSUER_NAME,
        "max_bytes": badges.MAX_BADGE_BYTES,
        "max_kb": badges.MAX_BADGE_BYTES // 1024,
    }
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            with refused() as refusal:
                check = badges.badge_verify(form.cleaned_data["badge"].encode())
            if refusal:
                context["error"] = refusal.message
            else:
                context["check"] = check
                status = 200
    response = render(request, TEMPLATES + "verify_badge.html", context, status=status)
    response["X-Robots-Tag"] = "noindex"
    return response


@require_GET
def key_set(request: HttpRequest) -> JsonResponse:
    """The public keys badges are signed with (RFC 7517), for any verifier to fetch, from any
    origin. Not cached, as no response is (judgetrain.middleware): a rotation shows at once."""
    response = JsonResponse(jwks())
    response["Access-Control-Allow-Origin"] = "*"
    return response


urlpatterns = [
    path("", my_certificates, name="my-certificates"),
    path("<int:pk>/", my_certificate, name="my-certificate"),
    path("<int:pk>/badge.jwt", badge_jwt, name="my-certificate-badge"),
    path("<int:pk>/badge.json", badge_json, name="my-certificate-badge-json"),
    path("verify-badge", badge_verify, name="badge-verify"),
]

well_known_urlpatterns = [path("jwks.json", key_set, name="jwks")]
