"""Exam API: attempts (start, autosave, submit, result) and appeals."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import generics, serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from judgetrain.parsers import CEILING, SMALL_BODY, TEXT_BODY, JSONParser
from judgetrain.permissions import require_permission
from judgetrain.typing import AuthenticatedRequest
from quizzes import access
from quizzes.api.serializers import ExamQuestionSerializer
from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.exams.services import exams
from quizzes.languages import content_language
from quizzes.review.selectors import with_review_waiting
from rulings.grading import MAX_ANSWER_CHARS
from rulings.models import Language

CANDIDATE = (IsAuthenticated, require_permission("accounts.practise"))


@extend_schema_field(ExamQuestionSerializer)
class ServedQuestionField(serializers.JSONField):
    """The item's question as stored with its variant (``item.served``, set by
    ``exams.items_served``): rendered once when the variant was built, never rebuilt here."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(source="served", read_only=True, **kwargs)


class ItemSerializer(serializers.ModelSerializer[AttemptItem]):
    """An item is named by its position; its question carries no id, seed or template."""

    question = ServedQuestionField()

    class Meta:
        model = AttemptItem
        fields = (
            "position",
            "question",
            "response",
            "revision",
            "saved_at",
            "flagged",
            "flag_revision",
        )


class AttemptSerializer(serializers.ModelSerializer[Attempt]):
    assignment = serializers.IntegerField(source="assignment_id")
    name = serializers.CharField(source="assignment.blueprint.name")
    seconds_left = serializers.SerializerMethodField()

    class Meta:
        model = Attempt
        fields: tuple[str, ...] = (
            "id",
            "assignment",
            "name",
            "number",
            "language",
            "status",
            "started_at",
            "deadline",
            "seconds_left",
            "deadline_changed_at",
            "closed_at",
            "closure",
            "score",
            "passed",
        )

    def get_seconds_left(self, obj: Attempt) -> int:
        return obj.seconds_left() if obj.status == Attempt.Status.IN_PROGRESS else 0


class StartedItemSerializer(serializers.Serializer[Any]):
    position = serializers.IntegerField()
    revision = serializers.IntegerField()


class AttemptStartedSerializer(AttemptSerializer):
    """A start's answer: the attempt and its questions' positions (with each answer's revision,
    for autosave), never the questions themselves: they come page by page from
    ``GET /api/v1/attempts/{id}/items``, so starting stays a small write even for a long exam."""

    items = serializers.SerializerMethodField()

    class Meta(AttemptSerializer.Meta):
        fields = (*AttemptSerializer.Meta.fields, "items")

    @extend_schema_field(StartedItemSerializer(many=True))
    def get_items(self, obj: Attempt) -> list[dict[str, int]]:
        if obj.known_revisions is not None:  # a fresh start: every answer at revision 0
            return [
                {"position": position, "revision": revision}
                for position, revision in obj.known_revisions
            ]
        return [
            {"position": position, "revision": revision}
            for position, revision in AttemptItem.objects.filter(attempt=obj)
            .order_by("position")
            .values_list("position", "revision")
        ]


_WHEN = serializers.DateTimeField()


def _started(attempt: Attempt, name: str) -> dict[str, Any]:
    """What ``AttemptStartedSerializer`` renders, built directly: a start is exam day's
    busiest request, and a ModelSerializer builds its fields anew for every instance (about
    1 ms, a third of a trivial request). A test keeps the two the same."""
    if attempt.known_revisions is not None:  # a fresh start: every answer at revision 0
        revisions = attempt.known_revisions
    else:
        rows = AttemptItem.objects.filter(attempt=attempt).order_by("position")
        revisions = list(rows.values_list("position", "revision"))
    return {
        "id": attempt.pk,
        "assignment": attempt.assignment_id,
        "name": name,
        "number": attempt.number,
        "language": attempt.language,
        "status": attempt.status,
        "started_at": _WHEN.to_representation(attempt.started_at),
        "deadline": _WHEN.to_representation(attempt.deadline),
        "seconds_left": attempt.seconds_left()
        if attempt.status == Attempt.Status.IN_PROGRESS
        else 0,
        "deadline_changed_at": _WHEN.to_representation(attempt.deadline_changed_at)
        if attempt.deadline_changed_at
        else None,
        "closed_at": _WHEN.to_representation(attempt.closed_at) if attempt.closed_at else None,
        "closure": attempt.closure,
        "score": attempt.score,
        "passed": attempt.passed,
        "items": [{"position": position, "revision": revision} for position, revision in revisions],
    }


class AttemptDetailSerializer(AttemptSerializer):
    items = ItemSerializer(many=True)

    class Meta(AttemptSerializer.Meta):
        fields = (*AttemptSerializer.Meta.fields, "items")


class StartSerializer(serializers.Serializer[Any]):
    assignment = serializers.IntegerField()
    language = serializers.ChoiceField(
        choices=Language.choices,
        required=False,
        help_text=(
            "Only for a variant drawn on the spot when none was prepared: a prepared attempt "
            "starts in the language it was prepared in (the exam's)."
        ),
    )


class SaveSerializer(serializers.Serializer[Any]):
    response = serializers.CharField(
        allow_blank=True, trim_whitespace=False, max_length=MAX_ANSWER_CHARS
    )
    revision = serializers.IntegerField(
        min_value=0, help_text="The revision of this answer you loaded or last saved."
    )


class FlagSerializer(serializers.Serializer[Any]):
    flagged = serializers.BooleanField(help_text="true flags the question for review.")
    revision = serializers.IntegerField(
        min_value=0, help_text="The flag revision you loaded or last saved (flag_revision)."
    )


class SubmitSerializer(serializers.Serializer[Any]):
    responses = serializers.DictField(
        child=SaveSerializer(),
        required=False,
        help_text="Final answers by question position, each with the revision it replaces.",
    )

    def validate_responses(self, value: dict[str, dict[str, Any]]) -> dict[int, exams.Answer]:
        try:
            return {
                int(position): exams.Answer(answer["response"], answer["revision"])
                for position, answer in value.items()
            }
        except ValueError:
            raise serializers.ValidationError(
                "Keys must be question positions (numbers)."
            ) from None


class AppealSerializer(serializers.Serializer[Any]):
    comment = serializers.CharField(max_length=4000)


def _own_item_and_body(
    request: AuthenticatedRequest,
    attempt_id: int,
    position: int,
    body: type[serializers.Serializer[Any]],
) -> tuple[AttemptItem, serializers.Serializer[Any]]:
    """The caller's own item (404 otherwise) and the request body, validated (400 otherwise)."""
    attempt = access.access_attempt_by_id(request.user, attempt_id)
    item = access.access_item(attempt, position)
    data = body(data=request.data)
    data.is_valid(raise_exception=True)
    return item, data


def _served_items(attempt_id: int) -> QuerySet[AttemptItem]:
    """The attempt's items without their questions (those come from the stored payload)."""
    return (
        AttemptItem.objects.filter(attempt_id=attempt_id)
        .only(*exams.SERVED_ITEM_COLUMNS)
        .order_by("position")
    )


def _attempt_detail(attempt_id: int) -> dict[str, Any]:
    attempt = (
        Attempt.objects.select_related("assignment__blueprint")
        .prefetch_related(Prefetch("items", queryset=_served_items(attempt_id)))
        .get(pk=attempt_id)
    )
    exams.items_served(attempt, list(attempt.items.all()))  # the prefetched rows, served
    return AttemptDetailSerializer(attempt).data


class AttemptListView(APIView):
    permission_classes = CANDIDATE
    parser_classes = (JSONParser,)
    max_body_bytes = SMALL_BODY

    @extend_schema(responses=AttemptSerializer(many=True))
    def get(self, request: AuthenticatedRequest) -> Response:
        attempts = Attempt.objects.filter(candidate=request.user.pk).select_related(
            "assignment__blueprint"
        )
        return Response(AttemptSerializer(attempts, many=True).data)

    @extend_schema(request=StartSerializer, responses={201: AttemptStartedSerializer})
    def post(self, request: AuthenticatedRequest) -> Response:
        """Start an attempt (or get the one in progress): a variant generated for you.

        The answer lists the questions' positions only; read the questions from
        ``GET /api/v1/attempts/{id}/items``."""
        data = StartSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        assignment_id = data.validated_data["assignment"]
        language = data.validated_data.get("language") or content_language(request.LANGUAGE_CODE)
        # Exam day's common case in one statement, which also checks the assignment is theirs.
        started = exams.attempt_start_prepared(
            candidate_id=request.user.pk,
            assignment_id=assignment_id,
        )
        if started is not None:
            body = _started(started.attempt, started.exam_name)
            return Response(body, status=status.HTTP_201_CREATED)
        assignment = access.access_assignment_by_id(request.user, assignment_id)
        attempt = exams.attempt_start(assignment=assignment, language=language)
        body = _started(attempt, assignment.blueprint.name)
        return Response(body, status=status.HTTP_201_CREATED)


class AttemptDetailView(APIView):
    permission_classes = CANDIDATE

    @extend_schema(responses=AttemptDetailSerializer)
    def get(self, request: AuthenticatedRequest, attempt_id: int) -> Response:
        attempt = access.access_attempt_by_id(request.user, attempt_id)
        exams.attempt_expire_if_due(attempt=attempt)
        return Response(_attempt_detail(attempt.pk))


class ItemPagination(PageNumberPagination):
    page_size = 10
    page_size_query_param = "page_size"
    max_page_size = 50


class AttemptItemListView(generics.ListAPIView[AttemptItem]):
    """The questions of your attempt in progress, page by page (``page``; ``page_size`` up to
    50, 10 by default), each with your saved answer and its revision. Only while the attempt is
    open: afterwards its result shows the questions."""

    permission_classes = CANDIDATE
    serializer_class = ItemSerializer
    pagination_class = ItemPagination
    request: AuthenticatedRequest

    def get_queryset(self) -> QuerySet[AttemptItem]:
        if getattr(self, "swagger_fake_view", False):  # the schema generator
            return AttemptItem.objects.none()
        user = self.request.user
        attempt = access.access_attempt_by_id(user, self.kwargs["attempt_id"])
        attempt = exams.attempt_expire_if_due(attempt=attempt)
        if attempt.status != Attempt.Status.IN_PROGRESS:
            raise exams.attempt_closed_error(attempt)
        self.attempt = attempt
        return _served_items(attempt.pk)

    def paginate_queryset(self, queryset: Any) -> Any:
        page = super().paginate_queryset(queryset)
        if page is not None:
            exams.items_served(self.attempt, page)  # the questions, from the stored payload
        return page

    @extend_schema(
        responses={
            200: ItemSerializer(many=True),
            403: OpenApiResponse(description="The attempt is closed: see its result."),
        }
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class ItemSaveView(APIView):
    permission_classes = CANDIDATE
    parser_classes = (JSONParser,)
    max_body_bytes = TEXT_BODY
    error_fields = {"answers": "response"}

    @extend_schema(
        request=SaveSerializer,
        responses={
            200: ItemSerializer,
            403: OpenApiResponse(description="The attempt is closed."),
            409: OpenApiResponse(description="Changed in another tab: the current text."),
        },
    )
    def put(self, request: AuthenticatedRequest, attempt_id: int, position: int) -> Response:
        """Autosave one answer; send the revision you loaded to detect another tab's edit."""
        item, data = _own_item_and_body(request, attempt_id, position, SaveSerializer)
        saved = exams.attempt_item_save(
            item=item,
            response=data.validated_data["response"],
            base_revision=data.validated_data["revision"],
        )
        return Response(
            {
                "position": saved.position,
                "response": saved.response,
                "revision": saved.revision,
                "saved_at": saved.saved_at,
            }
        )


class ItemFlagView(APIView):
    permission_classes = CANDIDATE
    parser_classes = (JSONParser,)
    max_body_bytes = SMALL_BODY

    @extend_schema(
        request=FlagSerializer,
        responses={
            200: OpenApiResponse(description="The flag as saved: position, flagged, revision."),
            403: OpenApiResponse(description="The attempt is closed."),
            409: OpenApiResponse(description="Changed in another tab: the current flag."),
        },
    )
    def put(self, request: AuthenticatedRequest, attempt_id: int, position: int) -> Response:
        """Flag a question for review (or remove the flag) while the attempt is open; send the
        flag revision you loaded to detect another tab's change."""
        item, data = _own_item_and_body(request, attempt_id, position, FlagSerializer)
        saved = exams.attempt_item_flag(
            item=item,
            flagged=data.validated_data["flagged"],
            base_revision=data.validated_data["revision"],
        )
        return Response(
            {"position": saved.position, "flagged": saved.flagged, "revision": saved.flag_revision}
        )


class SubmitView(APIView):
    permission_classes = CANDIDATE
    parser_classes = (JSONParser,)
    max_body_bytes = CEILING  # every answer of the attempt: up to the setting
    error_fields = {"answers": "responses"}

    @extend_schema(
        request=SubmitSerializer,
        responses={
            200: AttemptSerializer,
            403: OpenApiResponse(description="The attempt closed at its deadline."),
            409: OpenApiResponse(
                description="Answers changed in another tab, or already submitted otherwise."
            ),
        },
    )
    def post(self, request: AuthenticatedRequest, attempt_id: int) -> Response:
        """Submit. Repeating the same submit is harmless; late or different final answers are
        refused (403 ``attempt_closed``, 409 ``already_submitted`` or ``stale_revision``)."""
        attempt = access.access_attempt_by_id(request.user, attempt_id)
        data = SubmitSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        attempt = exams.attempt_submit(
            attempt=attempt, responses=data.validated_data.get("responses")
        )
        attempt.refresh_from_db()
        return Response(AttemptSerializer(attempt).data)


def _result_item(item: AttemptItem, visible: bool) -> dict[str, Any]:
    row: dict[str, Any] = {
        "position": item.position,
        "stem": item.question.stem,
        "response": item.response,
        "appeal": None,
    }
    if hasattr(item, "appeal"):
        row["appeal"] = {
            "status": item.appeal.status,
            "comment": item.appeal.comment,
            "resolution": item.appeal.resolution,
            "decided_by_level": item.appeal.resolved_level or None,
            "can_contest": item.appeal.can_contest,
        }
    if visible:
        row.update(
            score=item.final_score,
            grade=item.grade,
            key={
                "infraction": item.question.key_infraction,
                "penalty": item.question.key_penalty,
                "remedy": item.question.key_remedy,
            },
            explanation=item.question.explanation,
            override=None
            if item.override_score is None
            else {
                "score": item.override_score,
                "reason": item.override_reason,
                "by": str(item.overridden_by) if item.overridden_by else None,
                "role": item.override_role or None,
            },
            withdrawn=item.withdrawn,
        )
    return row


class ResultView(APIView):
    permission_classes = CANDIDATE

    @extend_schema(
        responses={
            200: OpenApiResponse(
                description="Score, and per question what the review policy allows."
            )
        }
    )
    def get(self, request: AuthenticatedRequest, attempt_id: int) -> Response:
        attempt = access.access_attempt_by_id(request.user, attempt_id)
        attempt = exams.attempt_expire_if_due(attempt=attempt)
        if attempt.status == Attempt.Status.IN_PROGRESS:
            raise PermissionDenied(detail="Submit the attempt first.", code="in_progress")
        visible = access.details_visible(attempt)
        rows = attempt.items.select_related("question", "appeal", "overridden_by").order_by(
            "position"
        )
        rows = access.with_sealed_flag(rows, request.user)
        items = list(with_review_waiting(rows))
        waiting = sum(item.review_waiting for item in items)  # type: ignore[attr-defined]
        return Response(
            {
                **AttemptSerializer(attempt).data,
                # Answers a mentor has yet to review: until none is left, the score and
                # "passed" are provisional.
                "reviews_waiting": waiting,
                "provisional": waiting > 0,
                "details_visible": visible,
                "items": [
                    _result_item(item, visible and not item.sealed)  # type: ignore[attr-defined]
                    for item in items
                ],
            }
        )


class AppealView(APIView):
    permission_classes = CANDIDATE
    parser_classes = (JSONParser,)
    max_body_bytes = TEXT_BODY

    @extend_schema(
        request=AppealSerializer,
        responses={
            201: OpenApiResponse(description="Appeal recorded."),
            409: OpenApiResponse(description="This answer was already appealed."),
        },
    )
    def post(self, request: AuthenticatedRequest, attempt_id: int, position: int) -> Response:
        item, data = _own_item_and_body(request, attempt_id, position, AppealSerializer)
        appeal = exams.appeal_create(item=item, comment=data.validated_data["comment"])
        return Response(
            {"status": appeal.status, "comment": appeal.comment}, status=status.HTTP_201_CREATED
        )
