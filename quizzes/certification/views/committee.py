"""Levels and certificates (committee), and the public verification page and PDF."""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from judgetrain.typing import AuthenticatedHttpRequest
from quizzes.certification.models import Certificate, CertificationLevel, with_revoked_renewal
from quizzes.certification.services import certification
from quizzes.certification.services.certificate_pdf import certificate_pdf
from quizzes.committee.forms import (
    IssueForm,
    IssueStartForm,
    LevelForm,
    RequirementFormSet,
    RevokeForm,
)
from quizzes.committee.views import TEMPLATES, committee_required
from quizzes.common.confirming import post_or_back
from quizzes.common.refusals import refused
from quizzes.exams.models.exams import Attempt, AttemptItem, ExamBlueprint
from quizzes.item_names import template_summary
from quizzes.languages import content_language
from rulings import PolicyError, policy_title
from rulings import questions as generator
from rulings.models import PolicyVersion


@require_GET
@committee_required
def level_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    levels = CertificationLevel.objects.prefetch_related("requirements__blueprint")
    return render(request, TEMPLATES + "levels.html", {"levels": levels})


@require_http_methods(["GET", "POST"])
@committee_required
def level_edit(request: AuthenticatedHttpRequest, pk: int | None = None) -> HttpResponse:
    level = get_object_or_404(CertificationLevel, pk=pk) if pk is not None else None
    form = LevelForm(request.POST or None, instance=level)
    requirements = RequirementFormSet(
        request.POST or None, instance=level, prefix="req", game=request.POST.get("game")
    )
    if request.method == "POST":
        if form.is_valid() & requirements.is_valid():
            with transaction.atomic():
                saved = form.save()
                requirements.instance = saved
                requirements.save()
            messages.success(request, _("The level was saved."))
            return redirect("committee-levels")
        status = 400
    else:
        status = 200
    context = {"form": form, "requirements": requirements, "level": level}
    return render(request, TEMPLATES + "level_form.html", context, status=status)


@require_GET
@committee_required
def certificate_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    certificates = Certificate.objects.select_related("candidate", "level")
    return render(request, TEMPLATES + "certificates.html", {"certificates": certificates})


def _attempt_choices(candidate_id: int) -> list[tuple[int, str]]:
    attempts = (
        Attempt.objects.filter(candidate_id=candidate_id, status=Attempt.Status.GRADED, passed=True)
        .select_related("assignment__blueprint")
        .order_by("-graded_at")
    )
    return [
        (a.pk, f"{a.assignment.blueprint.display_name} #{a.number}: {round((a.score or 0) * 100)}%")
        for a in attempts
    ]


@require_http_methods(["GET", "POST"])
@committee_required
def certificate_issue(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Step 1 (GET) picks the candidate and level; step 2 (POST) chooses the evidence."""
    start = IssueStartForm(request.GET or None)
    if request.method == "GET":
        if not request.GET or not start.is_valid():
            status = 400 if request.GET else 200
            return render(request, TEMPLATES + "issue_start.html", {"form": start}, status=status)
        with refused(start) as refusal:  # no second step for a candidate with no evidence
            certification.evidence_choose(
                candidate=start.cleaned_data["candidate"], level=start.cleaned_data["level"]
            )
        if refusal:
            return render(request, TEMPLATES + "issue_start.html", {"form": start}, status=400)
        choices = _attempt_choices(start.cleaned_data["candidate"].pk)
        form = IssueForm(initial=request.GET.dict(), attempt_choices=choices)
        return render(request, TEMPLATES + "issue.html", {"form": form})
    # The evidence offered is the chosen candidate's: read only once the candidate is valid
    # (a non-numeric id in a query is a 500; the form names the error instead).
    chosen = IssueStartForm(request.POST)
    choices = _attempt_choices(chosen.cleaned_data["candidate"].pk) if chosen.is_valid() else []
    form = IssueForm(request.POST, attempt_choices=choices)
    if form.is_valid():
        with refused(form) as refusal:
            issued = certification.certificate_issue(
                candidate=form.cleaned_data["candidate"],
                level=form.cleaned_data["level"],
                by=request.user,
                attempt_ids=form.cleaned_data["attempts"],
                endorsed_by=form.cleaned_data["endorsed_by"],
            )
        if not refusal:
            messages.success(request, _("The certificate was issued."))
            return redirect("committee-certificate", pk=issued.pk)
    return render(request, TEMPLATES + "issue.html", {"form": form}, status=400)


@require_GET
@committee_required
def certificate_detail(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    certificate = get_object_or_404(
        Certificate.objects.select_related(
            "candidate", "level", "issued_by", "endorsed_by", "renewed_from"
        ),
        pk=pk,
    )
    context = {
        "certificate": certificate,
        "revoke_form": RevokeForm(),
        "renewal": certificate.renewal,
        "evidence": _evidence_rows(certificate.evidence, request.LANGUAGE_CODE),
    }
    return render(request, TEMPLATES + "certificate.html", context)


def _evidence_rows(evidence: dict[str, Any], language: str) -> list[dict[str, Any]]:
    """The evidence as a person reads it: each exam by its name and each item's topics and
    policy version by title, in the reader's language (two queries), beside the ids and seeds
    that let it be regraded exactly."""
    lang = content_language(language)
    attempts = (evidence or {}).get("attempts", [])
    slugs = {item.get("policy_version") for attempt in attempts for item in attempt["items"]}
    titles = dict(
        PolicyVersion.objects.filter(version_id__in=slugs).values_list("version_id", "title")
    )
    for slug in titles:
        # A version the engine's data no longer has keeps its stored title.
        with suppress(PolicyError):
            titles[slug] = policy_title(slug, lang)
    blueprint_ids = {attempt.get("blueprint") for attempt in attempts}
    exams = {b.pk: b.display_name for b in ExamBlueprint.objects.filter(pk__in=blueprint_ids)}
    templates = {template.id: template for template in generator.all_templates()}
    # Withdrawn since (a key found wrong): shown, but the attempt's score leaves it out.
    withdrawn = set(
        AttemptItem.objects.filter(
            attempt_id__in={attempt.get("attempt") for attempt in attempts}, withdrawn=True
        ).values_list("attempt_id", "position")
    )
    rows = []
    for attempt in attempts:
        items = []
        for item in attempt.get("items", []):
            template_id = item.get("template_id", "")
            template = templates.get(template_id)
            topics = template.topics if template is not None else ()
            items.append(
                {
                    **item,
                    "topics": ", ".join(generator.topic_name(t, lang) for t in topics),
                    "template_summary": template_summary(template_id, lang)[0] or template_id,
                    "policy_title": titles.get(item.get("policy_version"), ""),
                    "withdrawn": (attempt.get("attempt"), item.get("position")) in withdrawn,
                }
            )
        name = exams.get(attempt.get("blueprint")) or attempt.get("blueprint_name", "")
        rows.append({**attempt, "blueprint_name": name, "items": items})
    return rows


@post_or_back("committee-certificate", pk="pk")
@committee_required
def certificate_revoke(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    certificate = get_object_or_404(Certificate.objects.select_related("candidate", "level"), pk=pk)
    form = RevokeForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the reason for revoking this certificate."))
        return redirect("committee-certificate", pk=pk)
    if not form.cleaned_data["confirm"]:
        confirm = RevokeForm(initial={"reason": form.cleaned_data["reason"], "confirm": True})
        context = {"certificate": certificate, "form": confirm}
        return render(request, TEMPLATES + "certificate_revoke.html", context)
    with refused(request=request) as refusal:
        certification.certificate_revoke(
            certificate=certificate, reason=form.cleaned_data["reason"], by=request.user
        )
    if not refusal:
        messages.success(request, _("The certificate was revoked."))
    return redirect("committee-certificate", pk=pk)


@post_or_back("committee-certificate", pk="pk")
@committee_required
def certificate_renew(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """The first post shows the new validity period; the confirmed one renews (once: a
    second submission lands on the renewal already made)."""
    certificate = get_object_or_404(Certificate.objects.select_related("candidate", "level"), pk=pk)
    if request.POST.get("confirm") != "1":
        starts, ends = certification.renewal_period(certificate=certificate)
        context = {
            "certificate": certificate,
            "renewal": certificate.renewal,
            "starts": starts,
            "ends": ends,
            "extends": certificate.is_valid(),
        }
        return render(request, TEMPLATES + "certificate_renew.html", context)
    with refused(request=request) as refusal:
        renewed, created = certification.certificate_renew(certificate=certificate, by=request.user)
    if refusal:
        return redirect("committee-certificate", pk=pk)
    if created:
        messages.success(request, _("The certificate was renewed; the holder is told by e-mail."))
    else:
        messages.info(request, _("This certificate was already renewed: here is its renewal."))
    return redirect("committee-certificate", pk=renewed.pk)


def _public(code: str) -> Certificate:
    certificates = Certificate.objects.select_related("candidate", "level", "renewed_from")
    return get_object_or_404(with_revoked_renewal(certificates), code=code)


@require_GET
def verify(request: Any, code: str) -> HttpResponse:
    """Public, no login: who, which level, when, and whether it still holds. Nothing else."""
    certificate = _public(code)
    context = {
        "certificate": certificate,
        "status": certificate.status(),
        "renewal": certificate.renewal,
        "issuer": settings.CERTIFICATE_ISSUER_NAME,
    }
    response = render(request, TEMPLATES + "verify.html", context)
    response["X-Robots-Tag"] = "noindex"
    return response


@require_GET
def verify_pdf(request: Any, code: str) -> HttpResponse:
    certificate = _public(code)
    url = request.build_absolute_uri(reverse("certificate-verify", args=[code]))
    response = HttpResponse(certificate_pdf(certificate, url), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="certificate-{certificate.pk}.pdf"'
    return response


urlpatterns = [
    path("levels/", level_list, name="committee-levels"),
    path("levels/new", level_edit, name="committee-level-new"),
    path("levels/<int:pk>/", level_edit, name="committee-level-edit"),
    path("certificates/", certificate_list, name="committee-certificates"),
    path("certificates/issue", certificate_issue, name="committee-certificate-issue"),
    path("certificates/<int:pk>/", certificate_detail, name="committee-certificate"),
    path("certificates/<int:pk>/revoke", certificate_revoke, name="committee-certificate-revoke"),
    path("certificates/<int:pk>/renew", certificate_renew, name="committee-certificate-renew"),
]

public_urlpatterns = [
    path("verify/<str:code>", verify, name="certificate-verify"),
    path("verify/<str:code>/pdf", verify_pdf, name="certificate-pdf"),
]
