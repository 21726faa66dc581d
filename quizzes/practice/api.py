"""Practice in the REST API: the next question (never its key), answers, mastery per topic,
and sessions of 5, 10 or 20 questions with their progress and summary."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils import translation
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from judgetrain.accounts.models import User
from judgetrain.parsers import SMALL_BODY, TEXT_BODY, JSONParser
from judgetrain.permissions import require_permission
from judgetrain.typing import AuthenticatedRequest
from quizzes.api.serializers import GradeSerializer, QuestionSerializer
from quizzes.bank.models.questions import QuestionKind
from quizzes.languages import content_language
from quizzes.practice.models import PracticeSession, TopicMastery
from quizzes.practice.services import (
    SESSION_SIZES,
    PracticeFilters,
    SessionFinished,
    mastery_list,
    practice_answer_submit,
    practice_feedback,
    practice_question_get,
    practice_question_next,
    practice_session_question,
    practice_session_start,
    practice_session_summary,
)
from rulings.grading import MAX_ANSWER_CHARS, GradingError
from rulings.models import Game, Language

PERMISSIONS = (IsAuthenticated, require_permission("accounts.practise"))
FORBIDDEN = OpenApiResponse(description="Not signed in, or without the practise permission.")


class ListParamField(serializers.ListField):
    """A query parameter given repeated (``?kinds=a&kinds=b``) or comma-separated (``a,b``)."""

    def get_value(self, dictionary: Any) -> Any:
        if not hasattr(dictionary, "getlist") or self.field_name not in dictionary:
            return serializers.empty
        values = dictionary.getlist(self.field_name)
        return [item.strip() for value in values for item in value.split(",") if item.strip()]


class PracticeFiltersSerializer(serializers.Serializer[Any]):
    """What a round or a session is asked for (its subclasses name the fields)."""

    def filters(self, *, default_lang: str) -> PracticeFilters:
        data = self.validated_data
        return PracticeFilters(
            lang=data.get("lang", default_lang),
            game=data.get("game"),
            topics=tuple(data.get("topics", ())),
            kinds=tuple(data.get("kinds", ())),
            weakest=data["weakest"],
        )


class PracticeNextQuerySerializer(PracticeFiltersSerializer):
    game = serializers.ChoiceField(choices=Game.choices, required=False)
    topics = ListParamField(child=serializers.SlugField(), required=False, max_length=50)
    lang = serializers.ChoiceField(choices=Language.choices, required=False)
    kinds = ListParamField(
        child=serializers.ChoiceField(choices=QuestionKind.choices), required=False
    )
    weakest = serializers.BooleanField(required=False, default=False)


class PracticeAnswerRequestSerializer(serializers.Serializer[Any]):
    question = serializers.IntegerField(min_value=1)
    response = serializers.CharField(
        trim_whitespace=False, allow_blank=False, max_length=MAX_ANSWER_CHARS
    )
    lang = serializers.ChoiceField(
        choices=Language.choices,
        required=False,
        help_text="The answer's language; omitted, the grader detects it.",
    )
    session = serializers.IntegerField(
        min_value=1,
        required=False,
        help_text="Your practice session: the question must be its current one.",
    )


class PracticeGradeSerializer(GradeSerializer):
    """The shape ``grade_response`` returns for every kind of question."""

    chosen = serializers.CharField(
        required=False, help_text="Multiple choice: the option; find the wrong part: the part."
    )


class PracticeKeyPartSerializer(serializers.Serializer[Any]):
    id = serializers.CharField()
    name = serializers.CharField(help_text="The part's name in the answer's language.")
    citation = serializers.CharField()


class PracticeKeySerializer(serializers.Serializer[Any]):
    infraction = PracticeKeyPartSerializer()
    penalty = PracticeKeyPartSerializer()
    remedy = PracticeKeyPartSerializer()


class PracticeStatementSerializer(serializers.Serializer[Any]):
    statement = serializers.CharField()
    citation = serializers.CharField()
    section = serializers.CharField()
    text = serializers.CharField()


class PracticeMasterySerializer(serializers.ModelSerializer[TopicMastery]):
    topic = serializers.CharField(source="topic.slug")
    enough_answers = serializers.BooleanField(
        read_only=True,
        help_text="False below 3 answers: the mastery is not shown as a level yet.",
    )

    class Meta:
        model = TopicMastery
        fields = ("topic", "mastery", "answered", "correct", "due_at", "enough_answers")


class PracticeOptionPartSerializer(serializers.Serializer[Any]):
    part = serializers.CharField()
    name = serializers.CharField(help_text="The part's name in the interface language.")
    said = serializers.CharField(help_text="What the option says for this part.")
    key = serializers.CharField(help_text="What the key says for this part.")


class PracticeOptionReviewSerializer(serializers.Serializer[Any]):
    label = serializers.CharField()  # type: ignore[assignment]
    text = serializers.CharField()
    correct = serializers.BooleanField()
    wrong_parts = PracticeOptionPartSerializer(many=True)


class PracticeAnswerResultSerializer(serializers.Serializer[Any]):
    answer = serializers.IntegerField()
    question = serializers.IntegerField()
    grade = PracticeGradeSerializer()
    key = PracticeKeySerializer()
    explanation = serializers.CharField()
    citations = serializers.DictField(child=serializers.CharField())
    statements = PracticeStatementSerializer(many=True)
    options = PracticeOptionReviewSerializer(
        many=True, help_text="Multiple choice: why each option is right or wrong."
    )
    mastery = PracticeMasterySerializer(many=True)


def practising_user(request: AuthenticatedRequest) -> User:
    """The permission classes have already refused anonymous users."""
    return request.user


class NextQuestionView(APIView):
    """The next practice question for these filters, from the bank or freshly generated."""

    permission_classes = PERMISSIONS

    @extend_schema(
        parameters=[
            PracticeNextQuerySerializer,
            OpenApiParameter(
                "topics", str, many=True, description="Topic slugs, repeated or comma-separated."
            ),
            OpenApiParameter(
                "kinds", str, many=True, description="Question kinds, repeated or comma-separated."
            ),
        ],
        responses={
            200: QuestionSerializer,
            400: OpenApiResponse(description="An invalid filter, named by field."),
            403: FORBIDDEN,
            404: OpenApiResponse(description="No practice question fits these filters."),
        },
    )
    def get(self, request: AuthenticatedRequest) -> Response:
        query = PracticeNextQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        filters = query.filters(default_lang=content_language(translation.get_language()))
        question = practice_question_next(user=practising_user(request), filters=filters)
        return Response(QuestionSerializer(question).data)


class AnswerView(APIView):
    """Grade a practice answer; returns the grade, the key, the policy it rests on and mastery."""

    parser_classes = (JSONParser,)
    max_body_bytes = TEXT_BODY
    permission_classes = PERMISSIONS

    @extend_schema(
        request=PracticeAnswerRequestSerializer,
        responses={
            201: PracticeAnswerResultSerializer,
            400: OpenApiResponse(
                description="An invalid or ungradable response, or a withdrawn question."
            ),
            403: FORBIDDEN,
            404: OpenApiResponse(
                description="No question you may practise has this id (none, an exam "
                "variant or one of your own exam's: alike)."
            ),
        },
    )
    def post(self, request: AuthenticatedRequest) -> Response:
        body = PracticeAnswerRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        user = practising_user(request)
        lang = data.get("lang")  # None: the grader detects the answer's language
        session = None
        if "session" in data:
            session = get_object_or_404(PracticeSession, pk=data["session"], user=user)
        try:
            question = practice_question_get(user=user, pk=data["question"])
            result = practice_answer_submit(
                user=user,
                question=question,
                response=data["response"],
                lang=lang,
                session=session,
            )
        except GradingError as error:
            raise ValidationError({"response": [str(error)]}) from error
        shown_lang = lang or result.answer.grade.get("language") or question.language
        shown = practice_feedback(answer=result.answer, key_lang=shown_lang, text_lang=shown_lang)
        payload = {
            "answer": result.answer.pk,
            "question": question.pk,
            **shown,
            "mastery": result.masteries,
        }
        return Response(PracticeAnswerResultSerializer(payload).data, status=201)


class MasteryView(APIView):
    """The user's mastery per topic with its next review date, due topics first."""

    permission_classes = PERMISSIONS

    @extend_schema(responses={200: PracticeMasterySerializer(many=True), 403: FORBIDDEN})
    def get(self, request: AuthenticatedRequest) -> Response:
        masteries: QuerySet[TopicMastery] = mastery_list(user=practising_user(request))
        return Response(PracticeMasterySerializer(masteries, many=True).data)


class PracticeSessionRequestSerializer(PracticeFiltersSerializer):
    """A JSON body: the filters of ``next`` (lists as JSON arrays) and the size."""

    size = serializers.ChoiceField(choices=SESSION_SIZES, help_text="5, 10 or 20 questions.")
    game = serializers.ChoiceField(choices=Game.choices, required=False)
    topics = serializers.ListField(child=serializers.SlugField(), required=False, max_length=50)
    lang = serializers.ChoiceField(choices=Language.choices, required=False)
    kinds = serializers.ListField(
        child=serializers.ChoiceField(choices=QuestionKind.choices), required=False
    )
    weakest = serializers.BooleanField(
        required=False, default=True, help_text="Due topics first (the default)."
    )


class PracticeTallySerializer(serializers.Serializer[Any]):
    answered = serializers.IntegerField()
    right = serializers.IntegerField(help_text="Answers fully right.")
    score = serializers.FloatField(help_text="The average score, 0 to 1.")


class PracticeSummarySerializer(serializers.Serializer[Any]):
    overall = PracticeTallySerializer()
    parts = serializers.DictField(child=PracticeTallySerializer(), help_text="By part.")
    topics = serializers.DictField(
        child=PracticeTallySerializer(), help_text="By topic slug, weakest first."
    )
    review_next = serializers.ListField(
        child=serializers.CharField(), help_text="Topic slugs to practise next."
    )
    answers = serializers.ListField(child=serializers.IntegerField(), help_text="Answer ids.")


class PracticeSessionSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    size = serializers.IntegerField()
    answered = serializers.IntegerField()
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    question = QuestionSerializer(
        allow_null=True, help_text="The question to answer now; null once the session is over."
    )
    summary = PracticeSummarySerializer(
        allow_null=True, help_text="Once the session is over: how it went."
    )


def session_payload(session: PracticeSession) -> dict[str, Any]:
    """The session's state: its current question while it runs, its summary once over."""
    question = None
    if not session.finished:
        try:
            question = practice_session_question(session=session)
        except SessionFinished:
            session.refresh_from_db()
    summary = None
    if session.finished:
        found = practice_session_summary(session=session)
        summary = {
            "overall": found.overall,
            "parts": found.parts,
            "topics": found.topics,
            "review_next": found.review_next,
            "answers": [answer.pk for answer in found.answers],
        }
    return {
        "id": session.pk,
        "size": session.size,
        "answered": session.answered,
        "started_at": session.started_at,
        "finished_at": session.finished_at,
        "question": question,
        "summary": summary,
    }


class SessionListView(APIView):
    """Start a practice session of 5, 10 or 20 questions (your unfinished one ends); the
    answer carries its first question. Answer with ``session`` set on ``answers``."""

    parser_classes = (JSONParser,)
    max_body_bytes = SMALL_BODY
    permission_classes = PERMISSIONS

    @extend_schema(
        request=PracticeSessionRequestSerializer,
        responses={
            201: PracticeSessionSerializer,
            400: OpenApiResponse(description="An invalid size or filter, named by field."),
            403: FORBIDDEN,
            404: OpenApiResponse(description="No practice question fits these filters."),
        },
    )
    def post(self, request: AuthenticatedRequest) -> Response:
        body = PracticeSessionRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        filters = body.filters(default_lang=content_language(translation.get_language()))
        session = practice_session_start(
            user=practising_user(request), size=body.validated_data["size"], filters=filters
        )
        return Response(PracticeSessionSerializer(session_payload(session)).data, status=201)


class SessionDetailView(APIView):
    """Your practice session: its progress and the question to answer now (the same one
    until it is answered), or its summary once over."""

    permission_classes = PERMISSIONS

    @extend_schema(
        responses={
            200: PracticeSessionSerializer,
            403: FORBIDDEN,
            404: OpenApiResponse(description="No session of yours has this id."),
        }
    )
    def get(self, request: AuthenticatedRequest, pk: int) -> Response:
        session = get_object_or_404(PracticeSession, pk=pk, user=practising_user(request))
        return Response(PracticeSessionSerializer(session_payload(session)).data)


urlpatterns = [
    path("next", NextQuestionView.as_view(), name="api-practice-next"),
    path("answers", AnswerView.as_view(), name="api-practice-answers"),
    path("mastery", MasteryView.as_view(), name="api-practice-mastery"),
    path("sessions", SessionListView.as_view(), name="api-practice-sessions"),
    path("sessions/<int:pk>", SessionDetailView.as_view(), name="api-practice-session"),
]
