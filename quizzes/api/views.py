from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.serializers import BaseSerializer
from rest_framework.views import APIView

from judgetrain.parsers import TEXT_BODY, JSONParser
from judgetrain.permissions import require_permission
from judgetrain.throttling import ScopedRateThrottle
from judgetrain.typing import AuthenticatedRequest
from quizzes import access
from quizzes.api.serializers import (
    GradeRequestSerializer,
    GradeSerializer,
    QuestionFilterSerializer,
    QuestionSerializer,
    QuestionWithKeySerializer,
)
from quizzes.bank.models.questions import Question
from quizzes.grading import grade_as_dict, grade_for_question
from rulings.grading import Expected, GradingError, grade_answer

KEY_PERMISSION = access.KEY_PERMISSION
# Filters only key holders may use: difficulty is computed from the ruling (a hint at the key),
# and the policy version is one of the generator's inputs, which nothing a candidate receives
# may name.
KEY_HOLDER_FILTERS = {
    "difficulty_min": "difficulty",
    "difficulty_max": "difficulty",
    "policy_version": "policy version",
}


def filter_questions(queryset: QuerySet[Question], filters: dict[str, Any]) -> QuerySet[Question]:
    lookups = {
        "game": "game",
        "language": "language",
        "kind": "kind",
        "policy_version": "policy_version__version_id",
        "topic": "topics__slug",
        "difficulty_min": "difficulty__gte",
        "difficulty_max": "difficulty__lte",
    }
    return queryset.filter(**{lookups[name]: value for name, value in filters.items()})


class QuestionMixin(generics.GenericAPIView[Question]):
    request: AuthenticatedRequest

    def get_queryset(self) -> QuerySet[Question]:
        questions = Question.objects.select_related("policy_version").prefetch_related("topics")
        # Exam variants stay out of candidates' sight, before and after their exam, and out
        # of the sight of a mentor or committee member who is sitting one.
        return access.questions_visible(self.request.user, questions)

    def get_serializer_class(self) -> type[BaseSerializer[Question]]:
        if access.keys_visible(self.request.user):
            return QuestionWithKeySerializer
        return QuestionSerializer


@extend_schema(
    parameters=[QuestionFilterSerializer], responses=QuestionWithKeySerializer(many=True)
)
class QuestionListView(QuestionMixin, generics.ListAPIView[Question]):
    """The question bank. Keys, situations and explanations only for mentors and the committee."""

    def get_queryset(self) -> QuerySet[Question]:
        filters = QuestionFilterSerializer(data=self.request.query_params)
        filters.is_valid(raise_exception=True)
        if not access.keys_visible(self.request.user):
            refused = [name for name in KEY_HOLDER_FILTERS if name in filters.validated_data]
            if refused:
                raise ValidationError(
                    {
                        name: [
                            "Only mentors and the committee can filter by "
                            f"{KEY_HOLDER_FILTERS[name]}."
                        ]
                        for name in refused
                    }
                )
        return filter_questions(super().get_queryset(), filters.validated_data).distinct()


@extend_schema(responses=QuestionWithKeySerializer)
class QuestionDetailView(QuestionMixin, generics.RetrieveAPIView[Question]):
    """One question of the bank, with its key only for mentors and the committee."""


class GradeView(APIView):
    """Grade a free-form answer part by part against a bank question or an expected ruling."""

    parser_classes = (JSONParser,)
    max_body_bytes = TEXT_BODY
    permission_classes = (IsAuthenticated, require_permission("quizzes.grade_answers"))
    throttle_classes = (ScopedRateThrottle,)
    throttle_scope = "grading"

    @extend_schema(request=GradeRequestSerializer, responses=GradeSerializer)
    def post(self, request: AuthenticatedRequest) -> Response:
        serializer = GradeRequestSerializer(data=request.data)
        # Grading against an exam variant would reveal its key: not while sitting an exam.
        serializer.fields["question"].queryset = access.questions_visible(  # type: ignore[attr-defined]
            request.user,
            Question.objects.all(),
        )
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            if "question" in data:
                grade = grade_for_question(data["question"], data["answer"], lang=data.get("lang"))
            else:
                expected = Expected(**data["expected"])
                grade = grade_answer(
                    data["answer"], expected, game=data["game"], lang=data.get("lang")
                )
        except GradingError as error:
            raise ValidationError({"answer": [str(error)]}) from error
        return Response(grade_as_dict(grade))
