"""The committee's REST API (/api/v1/committee/...), question reports and public verification.

Input is checked by DRF serializers (``committee_input``) that check what the pages' forms
check, and the views call the same services as the pages; a refusal answers the project's one
error body, with a ``detail``, a ``code`` and the fields' errors."""

from __future__ import annotations

from typing import Any, TypeVar

from django.conf import settings
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.translation import get_language
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from judgetrain.accounts.models import User
from judgetrain.parsers import SMALL_BODY, TEXT_BODY
from judgetrain.permissions import require_permission
from judgetrain.typing import AuthenticatedRequest
from quizzes.bank.models.reports import QuestionReport
from quizzes.bank.services import policy_updates
from quizzes.bank.services import question_reports as reports
from quizzes.bank.services.retirement import MANAGE
from quizzes.certification.models import Certificate
from quizzes.certification.services import certification
from quizzes.committee.api_input import (
    BlueprintInputSerializer,
    CertificateIssueSerializer,
    PolicyCompareSerializer,
    ReportDecisionSerializer,
    ReportQuestionSerializer,
    RevokeSerializer,
)
from quizzes.exams.services.blueprints import blueprint_preview
from quizzes.languages import content_language
from quizzes.reports import selectors as sr
from quizzes.reports.tables import TABLES
from quizzes.selectors import question_reportable

S = TypeVar("S", bound=serializers.Serializer[Any])

COMMITTEE = (IsAuthenticated, require_permission(MANAGE))


def _user(request: AuthenticatedRequest) -> User:
    return request.user  # every view here requires a login


def _valid(serializer: type[S], data: Any) -> S:
    """The input, checked (400 with each field's messages otherwise)."""
    given = serializer(data=data)
    given.is_valid(raise_exception=True)
    return given


class CommitteeView(APIView):
    permission_classes = COMMITTEE


# --- blueprints ------------------------------------------------------------------------------


BLUEPRINT_CREATED = inline_serializer(
    "BlueprintCreated",
    {
        "id": serializers.IntegerField(),
        "composition": serializers.JSONField(help_text="The slots as stored."),
        "candidate_instructions": serializers.CharField(),
    },
)


class BlueprintCreateView(CommitteeView):
    max_body_bytes = TEXT_BODY

    @extend_schema(request=BlueprintInputSerializer, responses={201: BLUEPRINT_CREATED})
    def post(self, request: AuthenticatedRequest) -> Response:
        given = _valid(BlueprintInputSerializer, request.data)
        blueprint = given.blueprint()
        blueprint.created_by = _user(request)
        blueprint.save()
        return Response(
            {
                "id": blueprint.pk,
                "composition": blueprint.composition,
                "candidate_instructions": blueprint.candidate_instructions,
            },
            status=status.HTTP_201_CREATED,
        )


class BlueprintPreviewView(CommitteeView):
    max_body_bytes = TEXT_BODY

    @extend_schema(request=BlueprintInputSerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request: AuthenticatedRequest) -> Response:
        given = _valid(BlueprintInputSerializer, request.data)
        blueprint = given.blueprint()
        sample = blueprint_preview(blueprint=blueprint, composition=blueprint.composition)
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


class QuestionReportCreateView(APIView):
    permission_classes = (IsAuthenticated,)
    max_body_bytes = TEXT_BODY

    @extend_schema(request=ReportQuestionSerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request: AuthenticatedRequest, pk: int) -> Response:
        question = question_reportable(user=_user(request), pk=pk)
        if question is None:
            raise NotFound("No such question.")
        given = _valid(ReportQuestionSerializer, request.data)
        report = reports.question_report_create(
            question=question, reporter=_user(request), **given.validated_data
        )
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

    @extend_schema(request=ReportDecisionSerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request: AuthenticatedRequest, pk: int) -> Response:
        """Withdrawing a question answers 409 ``confirmation_required`` with its preview
        first; send the preview's token back as ``confirm`` to apply it."""
        visible = QuestionReport.objects.visible_to(_user(request)).select_related("question")
        report = get_object_or_404(visible, pk=pk)
        given = _valid(ReportDecisionSerializer, request.data).validated_data
        reports.question_report_decide(
            report=report,
            action=given["action"],
            reason=given["reason"],
            by=_user(request),
            preview_token=given["confirm"],
        )
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

    @extend_schema(request=CertificateIssueSerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request: AuthenticatedRequest) -> Response:
        given = _valid(CertificateIssueSerializer, request.data).validated_data
        issued = certification.certificate_issue(
            candidate=given["candidate"],
            level=given["level"],
            by=_user(request),
            attempt_ids=given["attempts"],
            endorsed_by=given["endorsed_by"],
        )
        return Response(_certificate_json(request, issued), status=201)


class CertificateRevokeView(CommitteeView):
    max_body_bytes = TEXT_BODY

    @extend_schema(request=RevokeSerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request: AuthenticatedRequest, pk: int) -> Response:
        certificate = get_object_or_404(Certificate, pk=pk)
        given = _valid(RevokeSerializer, request.data).validated_data
        revoked = certification.certificate_revoke(
            certificate=certificate, reason=given["reason"], by=_user(request)
        )
        return Response(_certificate_json(request, revoked))


class CertificateRenewView(CommitteeView):
    max_body_bytes = SMALL_BODY

    @extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: AuthenticatedRequest, pk: int) -> Response:
        certificate = get_object_or_404(Certificate, pk=pk)
        renewed, created = certification.certificate_renew(
            certificate=certificate, by=_user(request)
        )
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
        scope = sr.report_scope(_user(request))
        if slug not in TABLES:
            raise NotFound("No such report.")
        title, build = TABLES[slug]
        built = build(scope, True, content_language(get_language()))
        return Response({"title": title(), "columns": built.head, "rows": built.rows})


class PolicyImpactView(CommitteeView):
    @extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def get(self, request: AuthenticatedRequest) -> Response:
        given = _valid(PolicyCompareSerializer, request.query_params).validated_data
        old, new = given["old"], given["new"]
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
