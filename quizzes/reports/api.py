"""Committee reports: aggregates over graded exam answers, computed in SQL."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from judgetrain.permissions import require_permission
from judgetrain.typing import AuthenticatedRequest
from quizzes import selectors


class ReportFilterSerializer(serializers.Serializer[Any]):
    blueprint = serializers.IntegerField(min_value=1, required=False)


class ExamReportView(APIView):
    permission_classes = (IsAuthenticated, require_permission("accounts.manage_certification"))

    @extend_schema(
        parameters=[ReportFilterSerializer],
        responses={
            200: OpenApiResponse(
                description="Pass rate over graded attempts; per template, answers and facility."
            )
        },
    )
    def get(self, request: AuthenticatedRequest) -> Response:
        """Pass rate and per-template facility over graded answers (optionally one blueprint)."""
        filters = ReportFilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        return Response(
            selectors.committee_report(
                blueprint_id=filters.validated_data.get("blueprint"),
                viewer=request.user,
            )
        )
