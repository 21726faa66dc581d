"""Exam assignments: a candidate lists their own; a mentor or the committee assigns a blueprint.

``POST /api/v1/assignments`` does what the assignment page (/mentor/assign/) does, through the
same service, ``variants.exam_assign``, so the same rules refuse the same input. A mentor names
only their own cohorts and their candidates, the committee any cohort's. The answer is 202: the
assignments exist, their variants are being prepared by a Celery job queued on commit, whose
progress is ``GET /api/v1/variant-jobs/{id}``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from judgetrain import dates
from judgetrain.accounts.models import Cohort, User
from judgetrain.parsers import TEXT_BODY, JSONParser
from judgetrain.permissions import require_permission
from judgetrain.typing import AuthenticatedRequest
from quizzes import selectors
from quizzes.cohorts.selectors import candidates_visible_to
from quizzes.exams.models.exams import ExamAssignment, ExamBlueprint
from quizzes.exams.services import variants

CANDIDATE = (IsAuthenticated, require_permission("accounts.practise"))
ASSIGNER = (IsAuthenticated, require_permission("accounts.mentor_candidates"))
# Candidates named one by one in a request; a whole cohort is named by its id instead.
MAX_CANDIDATES = 500
MAX_ID = 2**63 - 1  # a bigint key: a larger id cannot exist
# The service names the admin's and the model's field; the API calls it as a blueprint does.
API_FIELDS = {"max_attempts": "attempts_allowed"}


class AssignmentSerializer(serializers.ModelSerializer[ExamAssignment]):
    name = serializers.CharField(source="blueprint.name")
    game = serializers.CharField(source="blueprint.game")
    question_count = serializers.IntegerField(source="blueprint.question_count")
    time_limit_minutes = serializers.IntegerField(source="blueprint.time_limit_minutes")
    status = serializers.SerializerMethodField()
    attempts = serializers.SerializerMethodField()

    class Meta:
        model = ExamAssignment
        fields = (
            "id",
            "name",
            "game",
            "question_count",
            "time_limit_minutes",
            "opens_at",
            "closes_at",
            "max_attempts",
            "cooldown_minutes",
            "status",
            "attempts",
        )

    def get_status(self, obj: ExamAssignment) -> str:
        return obj.status()

    def get_attempts(self, obj: ExamAssignment) -> list[int]:
        return [attempt.pk for attempt in obj.attempts.all()]


def _id_field(**kwargs: Any) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=1, max_value=MAX_ID, **kwargs)


class AssignmentCreateSerializer(serializers.Serializer[Any]):
    """A blueprint, a cohort or candidates, the opening and closing times; optionally the
    attempts allowed and the cooldown (the blueprint's by default)."""

    blueprint = _id_field(help_text="The exam blueprint's id.")
    cohort = _id_field(
        required=False, help_text="A cohort's id: all its candidates (not with candidates)."
    )
    candidates = serializers.ListField(
        child=_id_field(),
        required=False,
        help_text=f"Candidates' ids, each once, at most {MAX_CANDIDATES} (not with cohort).",
    )
    opens_at = dates.DateTimeField(validators=[dates.validate_displayable])
    closes_at = dates.DateTimeField(validators=[dates.validate_displayable])
    attempts_allowed = serializers.IntegerField(
        required=False, allow_null=True, help_text="Default: the blueprint's attempts allowed."
    )
    cooldown_minutes = serializers.IntegerField(
        required=False,
        allow_null=True,
        max_value=2**31 - 1,
        help_text="Minutes between attempts. Default: the blueprint's cooldown.",
    )

    @property
    def user(self) -> User:
        return cast(User, self.context["user"])

    def validate_blueprint(self, value: int) -> ExamBlueprint:
        blueprint = ExamBlueprint.objects.filter(pk=value).first()
        if blueprint is None:
            raise serializers.ValidationError(
                _("No such exam blueprint."), code="unknown_blueprint"
            )
        return blueprint

    def validate_cohort(self, value: int) -> Cohort:
        cohort = Cohort.objects.visible_to(self.user).filter(pk=value).first()
        if cohort is None:
            raise serializers.ValidationError(
                _("No such cohort among those you may assign to."), code="unknown_cohort"
            )
        return cohort

    def validate_candidates(self, value: list[int]) -> list[User]:
        if not value:
            raise serializers.ValidationError(
                _("Name at least one candidate."), code="no_candidates"
            )
        if len(value) > MAX_CANDIDATES:
            raise serializers.ValidationError(
                _("Name at most %(count)d candidates; assign a whole cohort by its id.")
                % {"count": MAX_CANDIDATES},
                code="too_many_candidates",
            )
        if repeated := sorted(pk for pk, count in Counter(value).items() if count > 1):
            raise serializers.ValidationError(
                _("Name each candidate once; named more than once: %(ids)s.")
                % {"ids": _ids(repeated)},
                code="duplicate_candidates",
            )
        found = list(candidates_visible_to(self.user).filter(pk__in=value))
        if missing := sorted(set(value) - {person.pk for person in found}):
            raise serializers.ValidationError(
                _("Not candidates of a cohort you may assign to: %(ids)s.")
                % {"ids": _ids(missing)},
                code="candidate_not_in_your_cohorts",
            )
        return found

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "cohort" in attrs and "candidates" in attrs:
            raise serializers.ValidationError(
                _("Name a cohort or candidates, not both."), code="cohort_or_candidates"
            )
        return attrs


def _ids(pks: list[int]) -> str:
    shown = ", ".join(str(pk) for pk in pks[:20])
    return shown + (", …" if len(pks) > 20 else "")


def _first_error(errors: Any) -> ErrorDetail:
    """The first message in a serializer's errors (a list, or a dict of them, nested)."""
    while not isinstance(errors, ErrorDetail):
        errors = next(iter(errors.values())) if isinstance(errors, dict) else errors[0]
    return errors


class AssignmentsCreatedSerializer(serializers.Serializer[Any]):
    job = serializers.IntegerField(help_text="The job preparing the exam variants.")
    progress_url = serializers.CharField(help_text="The job's progress: built of wanted.")
    assignments = serializers.ListField(
        child=serializers.IntegerField(), help_text="The new assignments' ids."
    )
    skipped = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Candidates left as they were: they already have this exam open or upcoming.",
    )
    attempts_allowed = serializers.IntegerField()
    cooldown_minutes = serializers.IntegerField()


class AssignmentListView(APIView):
    parser_classes = (JSONParser,)
    max_body_bytes = TEXT_BODY  # up to 500 candidates' ids
    error_fields = API_FIELDS  # every rule broken, under the API's name of its field

    def get_permissions(self) -> list[BasePermission]:
        classes = ASSIGNER if self.request.method == "POST" else CANDIDATE
        return [permission() for permission in classes]

    @extend_schema(responses=AssignmentSerializer(many=True))
    def get(self, request: AuthenticatedRequest) -> Response:
        """Your own exam assignments: open, then upcoming, then closed."""
        groups = selectors.assignments_by_status(request.user)
        rows = [a for status_ in ("open", "upcoming", "closed") for a in groups[status_]]
        return Response(AssignmentSerializer(rows, many=True).data)

    @extend_schema(
        request=AssignmentCreateSerializer,
        responses={
            202: AssignmentsCreatedSerializer,
            400: OpenApiResponse(
                description="Refused, nothing assigned: ``detail``, ``code`` and the field."
            ),
            403: OpenApiResponse(description="Only mentors and the committee assign exams."),
        },
    )
    def post(self, request: AuthenticatedRequest) -> Response:
        """Assign a blueprint to a cohort or to chosen candidates (mentors: their own cohorts';
        the committee: any), opening and closing at the times given (ISO 8601; not in the
        past). Whoever already has this exam open or upcoming is skipped. The variants are
        prepared in the background: follow ``progress_url``."""
        user = request.user
        data = AssignmentCreateSerializer(data=request.data, context={"user": user})
        if not data.is_valid():
            first = _first_error(data.errors)
            raise ValidationError({"detail": str(first), "code": first.code, **data.errors})
        given = data.validated_data
        assigned = variants.exam_assign(
            by=user,
            blueprint=given["blueprint"],
            cohort=given.get("cohort"),
            candidates=given.get("candidates", []),
            opens_at=given["opens_at"],
            closes_at=given["closes_at"],
            max_attempts=given.get("attempts_allowed"),
            cooldown_minutes=given.get("cooldown_minutes"),
        )
        progress = reverse("api-variant-job-detail", args=[assigned.job.pk])
        body = {
            "job": assigned.job.pk,
            "progress_url": progress,
            "assignments": assigned.assignment_ids,
            "skipped": [person.pk for person in assigned.skipped],
            "attempts_allowed": assigned.max_attempts,
            "cooldown_minutes": assigned.cooldown_minutes,
        }
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": progress})
