"""Pre-generation progress for mentors and the committee: how many exam variants are ready."""

from __future__ import annotations

from django.db.models import QuerySet
from rest_framework import generics, serializers
from rest_framework.permissions import IsAuthenticated

from judgetrain.permissions import require_permission
from judgetrain.typing import AuthenticatedRequest
from quizzes.exams.models.exams import VariantJob
from quizzes.selectors import variant_jobs_visible_to as visible_jobs

MENTOR_OR_COMMITTEE = (IsAuthenticated, require_permission("accounts.mentor_candidates"))


class VariantJobSerializer(serializers.ModelSerializer[VariantJob]):
    blueprint = serializers.CharField(source="blueprint.name")
    state = serializers.CharField()
    percent = serializers.IntegerField()

    class Meta:
        model = VariantJob
        fields = (
            "id",
            "blueprint",
            "created_at",
            "wanted",
            "built",
            "percent",
            "state",
            "error",
            "finished_at",
        )


class VariantJobListView(generics.ListAPIView[VariantJob]):
    """Pre-generation jobs, newest first: variants built of wanted, and their state."""

    permission_classes = MENTOR_OR_COMMITTEE
    serializer_class = VariantJobSerializer
    request: AuthenticatedRequest

    def get_queryset(self) -> QuerySet[VariantJob]:
        return visible_jobs(self.request.user)


class VariantJobDetailView(generics.RetrieveAPIView[VariantJob]):
    permission_classes = MENTOR_OR_COMMITTEE
    serializer_class = VariantJobSerializer
    request: AuthenticatedRequest

    def get_queryset(self) -> QuerySet[VariantJob]:
        return visible_jobs(self.request.user)
