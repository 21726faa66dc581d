"""The committee's REST API (/api/v1/committee/...), question reports and public verification.

Input is checked by the same forms as the pages, so a value the page refuses is refused here
too, with a ``detail``, a ``code`` and the fields' errors."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.http import QueryDict
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.translation import get_language
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import APIException, NotFound, PermissionDenied
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from judgetrain.accounts.models import User
from judgetrain.parsers import SMALL_BODY, TEXT_BODY
from judgetrain.permissions import require_permission
from judgetrain.typing import AuthenticatedRequest
from quizzes import selectors_reports as sr
from quizzes.api.mentor import _preview_body
from quizzes.forms.committee import (
    BlueprintForm,
    DecisionForm,
    IssueForm,
    PolicyCompareForm,
    ReportQuestionForm,
    RevokeForm,
    SlotFormSet,
)
from quizzes.languages import content_language
from quizzes.models import Certificate, QuestionReport
from quizzes.report_tables import TABLES
from quizzes.selectors import question_reportable
from quizzes.services import appeals, certification, policy_updates
from quizzes.services import question_reports as reports
from quizzes.services.blueprints import PreviewError, blueprint_preview
from quizzes.services.retirement import MANAGE

COMMITTEE = (IsAuthenticated, require_permission(MANAGE))


class Refused(APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "invalid"
    default_detail = "The request was refused."


def _invalid(*forms_: forms.BaseForm | forms.BaseFormSet[Any]) -> Refused:
    errors: dict[str, Any] = {}
    for form in forms_:
        if isinstance(form, forms.BaseFormSet):
            errors["slots"] = form.errors
            if form.non_form_errors():
                errors["slots_errors"] = list(form.non_form_errors())
        else:
            errors.update({k: [str(e) for e in v] for k, v in form.errors.items()})
    refused = Refused(detail="Some values are invalid; see errors.", code="invalid")
    refused.errors = errors  # type: ignore[attr-defined]
    return refused


def _user(request: AuthenticatedRequest) -> User:
    return request.user  # every view here requires a login


def _body(request: AuthenticatedRequest) -> dict[str, Any]:
    data = request.data
    if not isinstance(data, dict):
        raise Refused(detail="The body must be a JSON object.", code="invalid_body")
    return dict(data)


def _refusal_response(error: Refused) -> Response:
    data: dict[str, Any] = {
        "detail": str(error.detail),
        "code": getattr(error.detail, "code", None) or error.default_code,
    }
    if hasattr(error, "errors"):
        data["errors"] = error.errors
    return Response(data, status=error.status_code)


class RefusingView(APIView):
    """Answers a Refused with its detail, code and every field's errors."""

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, Refused):
            return _refusal_response(exc)
        return super().handle_exception(exc)


class CommitteeView(RefusingView):
    permission_classes = COMMITTEE


# --- blueprints ------------------------------------------------------------------------------


def _blueprint_forms(body: dict[str, Any]) -> tuple[BlueprintForm, Any, list[dict[str, Any]]]:
    slots = body.get("slots")
    if not isinstance(slots, list):
        raise Refused(detail="slots must be a list of {topic, kind, count}.", code="invalid_slots")
    data = QueryDict(mutable=True)
    for key in (*BlueprintForm.Meta.fields, "pass_percent", "margin_percent"):
        value = body.get(key)
        data[key] = "" if value is None else str(value)
    data.update(
        {
            "slots-TOTAL_FORMS": str(len(slots)),
            "slots-INITIAL_FORMS": "0",
            "slots-MIN_NUM_FORMS": "0",
            "slots-MAX_NUM_FORMS": "20",
        }
    )
    for index, slot in enumerate(slots):
        if not isinstance(slot, dict):
            raise Refused(detail=f"slot {index} must be an object.", code="invalid_slots")
        for key in ("topic", "kind", "count"):
            value = slot.get(key)
            data[f"slots-{index}-{key}"] = "" if value is None else str(value)
    slot_forms = SlotFormSet(data, prefix="slots", game=data.get("game"))
    composition = slot_forms.composition() if slot_forms.is_valid() else None
    form = BlueprintForm(data, composition=composition)
    if not (form.is_valid() and composition):
        raise _invalid(form, slot_forms)
    return form, slot_forms, composition


class BlueprintCreateView(CommitteeView):
    max_body_bytes = TEXT_BODY

    @extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: AuthenticatedRequest) -> Response:
        form, _slots, _composition = _blueprint_forms(_body(request))
        blueprint = form.save(commit=False)
        blueprint.created_by = _user(request)
        blueprint.save()
        return Response(
            {"id": blueprint.pk, "composition": blueprint.composition},
            status=status.HTTP_201_CREATED,
        )


class BlueprintPreviewView(CommitteeView):
    max_body_bytes = TEXT_BODY

    @extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: AuthenticatedRequest) -> Response:
        form, _slots, composition = _blueprint_forms(_body(request))
        try:
            sample = blueprint_preview(blueprint=form.save(commit=False), composition=composition)
        except PreviewError as error:
            raise Refused(
                detail=f"The generator cannot draw {error}.", code="cannot_draw"
            ) from error
        return Response(
            {
                "questions": [
                    {
                        "template_id": q.template_id,
                        "kind": q.kind,
                        "stem": q.stem,
                        "key": q.key_text,
                    }
                    for q in sample
                ]
            }
        )


# --- question reports ------------------------------------------------------------------------


def _report_json(report: QuestionReport) -> dict[str, Any]:
    return {
        "id": report.pk,
        "question": report.question_id,
        "template_id": report.question.template_id,
        "problem": report.problem,
        "comment": report.comment,
        "status": report.status,
        "reporter": str(report.reporter),
        "created_at": report.created_at,
        "resolution": report.resolution,
    }


class QuestionReportCreateView(RefusingView):
    permission_classes = (IsAuthenticated,)
    max_body_bytes = TEXT_BODY

    @extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: AuthenticatedRequest, pk: int) -> Response:
        question = question_reportable(user=_user(request), pk=pk)
        if question is None:
            raise NotFound("No such question.")
        form = ReportQuestionForm(_body(request))
        if not form.is_valid():
            raise _invalid(form)
        try:
            report = reports.question_report_create(
                question=question, reporter=_user(request), **form.cleaned_data
            )
        except reports.ReportError as error:
            raise Refused(detail=str(error), code="invalid") from error
        return Response({"id": report.pk, "status": report.status}, status=201)


class QuestionReportListView(CommitteeView):
    @extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def get(self, request: AuthenticatedRequest) -> Response:
        wanted = request.query_params.get("status", QuestionReport.Status.OPEN)
        visible = QuestionReport.objects.visible_to(_user(request))
        queue = visible.filter(status=wanted).select_related("question", "reporter")
        return Response({"results": [_report_json(report) for report in queue]})


class QuestionReportDecisionView(CommitteeView):
    max_body_bytes = TEXT_BODY

    @extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: AuthenticatedRequest, pk: int) -> Response:
        visible = QuestionReport.objects.visible_to(_user(request)).select_related("question")
        report = get_object_or_404(visible, pk=pk)
        form = DecisionForm(_body(request))
        if not form.is_valid():
            raise _invalid(form)
        try:
            reports.question_report_decide(
                report=report,
                action=form.cleaned_data["action"],
                reason=form.cleaned_data["reason"],
                by=_user(request),
                preview_token=form.cleaned_data["confirm"],
            )
        except appeals.PreviewChanged as changed:
            code = "preview_changed" if form.cleaned_data["confirm"] else "confirmation_required"
            body = {"detail": str(changed), "code": code, "preview": _preview_body(changed.preview)}
            return Response(body, status=409)
        except reports.ReportError as error:
            raise Refused(detail=str(error), code="already_decided") from error
        report.refresh_from_db()
        return Response(_report_json(report))


# --- certificates ----------------------------------------------------------------------------


def _certificate_json(request: AuthenticatedRequest, certificate: Certificate) -> dict[str, Any]:
    url = reverse("certificate-verify", args=[certificate.code])
    return {
        "id": certificate.pk,
        "candidate": certificate.candidate_id,
        "level": certificate.level_id,
        "issued_at": certificate.issued_at,
        "expires_at": certificate.expires_at,
        "status": certificate.status(),
        "verify_url": request.build_absolute_uri(url),
        "evidence": certificate.evidence,
    }


class CertificateIssueView(CommitteeView):
    max_body_bytes = TEXT_BODY  # ids: a few thousand attempts

    @extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: AuthenticatedRequest) -> Response:
        body = _body(request)
        attempts = body.get("attempts") or []
        if not isinstance(attempts, list):
            raise Refused(detail="attempts must be a list of attempt ids.", code="invalid")
        data = QueryDict(mutable=True)
        for key in ("candidate", "level", "endorsed_by"):
            data[key] = "" if body.get(key) is None else str(body[key])
        data.setlist("attempts", [str(a) for a in attempts])
        choices = [(a, str(a)) for a in attempts if isinstance(a, int)]
        form = IssueForm(data, attempt_choices=choices)
        if not form.is_valid():
            raise _invalid(form)
        try:
            issued = certification.certificate_issue(
                candidate=form.cleaned_data["candidate"],
                level=form.cleaned_data["level"],
                by=_user(request),
                attempt_ids=form.cleaned_data["attempts"],
                endorsed_by=form.cleaned_data["endorsed_by"],
            )
        except certification.CertificationError as error:
            raise Refused(detail=str(error), code="not_eligible") from error
        return Response(_certificate_json(request, issued), status=201)


class CertificateRevokeView(CommitteeView):
    max_body_bytes = TEXT_BODY

    @extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: AuthenticatedRequest, pk: int) -> Response:
        certificate = get_object_or_404(Certificate, pk=pk)
        form = RevokeForm(_body(request))
        if not form.is_valid():
            raise _invalid(form)
        try:
            revoked = certification.certificate_revoke(
                certificate=certificate, reason=form.cleaned_data["reason"], by=_user(request)
            )
        except certification.CertificationError as error:
            raise Refused(detail=str(error), code="already_revoked") from error
        return Response(_certificate_json(request, revoked))


class CertificateRenewView(CommitteeView):
    max_body_bytes = SMALL_BODY

    @extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: AuthenticatedRequest, pk: int) -> Response:
        certificate = get_object_or_404(Certificate, pk=pk)
        try:
            renewed, created = certification.certificate_renew(
                certificate=certificate, by=_user(request)
            )
        except certification.CertificationError as error:
            raise Refused(detail=str(error), code="cannot_renew") from error
        return Response(_certificate_json(request, renewed), status=201 if created else 200)


class CertificateVerifyView(APIView):
    """Public: the certificate's number, the holder's name (null when none was given; never
    the e-mail address), level, dates and status only."""

    permission_classes = (AllowAny,)
    authentication_classes = ()

    @extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def get(self, request: AuthenticatedRequest, code: str) -> Response:
        certificate = (
            Certificate.objects.select_related("candidate", "level").filter(code=code).first()
        )
        if certificate is None:
            raise NotFound("No certificate has this code.")
        return Response(
            {
                "id": certificate.pk,
                # The holder's name, or null when their account has none: never the e-mail.
                "name": certificate.holder_name or None,
                "level": certificate.level.name,
                "level_display": certificate.level.display_name,
                "issuer": settings.CERTIFICATE_ISSUER_NAME,
                "issued_at": certificate.issued_at,
                "expires_at": certificate.expires_at,
                "status": certificate.status(),
                "revoked": certificate.revoked_at is not None,
                "revoked_at": certificate.revoked_at,
            }
        )


# --- reports and policy updates --------------------------------------------------------------


class ReportView(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def get(self, request: AuthenticatedRequest, slug: str) -> Response:
        try:
            scope = sr.report_scope(_user(request))
        except sr.ReportForbidden:
            raise PermissionDenied("Reports are for mentors and the committee.") from None
        if slug not in TABLES:
            raise NotFound("No such report.")
        title, build = TABLES[slug]
        built = build(scope, True, content_language(get_language()))
        return Response({"title": title(), "columns": built.head, "rows": built.rows})


class PolicyImpactView(CommitteeView):
    @extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def get(self, request: AuthenticatedRequest) -> Response:
        form = PolicyCompareForm(request.query_params)
        if not form.is_valid():
            raise _invalid(form)
        old, new = form.cleaned_data["old"], form.cleaned_data["new"]
        impact = policy_updates.policy_impact(old=old, new=new)
        regrade = policy_updates.regrade_dry_run(old=old, new=new)
        return Response(
            {
                "changed_statements": impact.changed,
                "templates": impact.templates,
                "questions": [q.pk for q in impact.questions],
                "open_assignments": [a.pk for a in impact.open_assignments],
                "certificates": [c.pk for c in impact.certificates],
                "regrade": [
                    {
                        "attempt": row.attempt.pk,
                        "candidate": row.attempt.candidate_id,
                        "old_score": row.old_score,
                        "new_score": row.new_score,
                        "old_passed": row.old_passed,
                        "new_passed": row.new_passed,
                        "needs_person": row.manual,
                    }
                    for row in regrade
                ],
            }
        )


urlpatterns = [
    path("committee/blueprints", BlueprintCreateView.as_view(), name="api-committee-blueprints"),
    path(
        "committee/blueprints/preview",
        BlueprintPreviewView.as_view(),
        name="api-committee-blueprint-preview",
    ),
    path(
        "committee/question-reports",
        QuestionReportListView.as_view(),
        name="api-committee-question-reports",
    ),
    path(
        "committee/question-reports/<int:pk>/decision",
        QuestionReportDecisionView.as_view(),
        name="api-committee-report-decision",
    ),
    path(
        "committee/certificates", CertificateIssueView.as_view(), name="api-committee-certificates"
    ),
    path(
        "committee/certificates/<int:pk>/revoke",
        CertificateRevokeView.as_view(),
        name="api-committee-certificate-revoke",
    ),
    path(
        "committee/certificates/<int:pk>/renew",
        CertificateRenewView.as_view(),
        name="api-committee-certificate-renew",
    ),
    path("committee/reports/<slug:slug>", ReportView.as_view(), name="api-committee-report"),
    path("committee/policy-impact", PolicyImpactView.as_view(), name="api-committee-policy-impact"),
    path(
        "questions/<int:pk>/reports",
        QuestionReportCreateView.as_view(),
        name="api-question-report",
    ),
    path(
        "certificates/verify/<str:code>",
        CertificateVerifyView.as_view(),
        name="api-certificate-verify",
    ),
]
