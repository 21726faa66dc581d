"""The scenario workbench over REST: rule a story, and save it for a cohort (mentors) or
propose it for the bank (the committee), as the page does (quizzes/workbench/views.py)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from judgetrain.accounts.models import Cohort
from judgetrain.parsers import LARGE_BODY
from judgetrain.throttling import ScopedRateThrottle
from judgetrain.typing import AuthenticatedRequest
from quizzes.review.api import MENTOR
from quizzes.workbench import services as workbench
from rulings import SituationError, ruling_view
from rulings.api.serializers import SituationField
from rulings.models import Language
from rulings.questions import QuestionError


class WorkbenchInputSerializer(serializers.Serializer[Any]):
    situation = SituationField(
        help_text="the story as a situation (GET /api/v1/rulings/situation-schema)"
    )
    lang = serializers.ChoiceField(choices=Language.values)
    trigger_name = serializers.CharField(max_length=80, required=False, default="")
    save_as = serializers.ChoiceField(
        choices=["none", "cohort", "proposal"],
        default="none",
        help_text="none: only rule it; cohort: a practice question for `cohort`; "
        "proposal: propose it for the bank (the committee only)",
    )
    cohort = serializers.IntegerField(required=False, help_text="with save_as=cohort")
    for_exams = serializers.BooleanField(
        default=False, help_text="with save_as=proposal: told with the exam pools' names"
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["save_as"] == "cohort" and attrs.get("cohort") is None:
            raise ValidationError({"cohort": ["is required to save for a cohort."]})
        if not isinstance(attrs["situation"], dict):
            raise ValidationError({"situation": ["must be a JSON object (a situation)."]})
        return attrs


class SavedSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    status = serializers.CharField()
    question = serializers.IntegerField()
    cohort = serializers.IntegerField(allow_null=True)


class WorkbenchOutputSerializer(serializers.Serializer[Any]):
    stem = serializers.CharField()
    key_text = serializers.CharField()
    explanation = serializers.CharField()
    ruling = serializers.JSONField(help_text="each part named in `lang`, with its citation")
    saved = SavedSerializer(allow_null=True)


class WorkbenchView(APIView):
    """Rule a story built on the workbench and, if asked, save it (mentors and the committee;
    candidates 403)."""

    permission_classes = MENTOR
    throttle_classes = (ScopedRateThrottle,)
    throttle_scope = "rulings"
    max_body_bytes = LARGE_BODY

    @extend_schema(
        request=WorkbenchInputSerializer,
        responses={200: WorkbenchOutputSerializer, 201: WorkbenchOutputSerializer},
        description=(
            "An invalid fact answers 400 naming it (e.g. `situation.trigger.kind`); saving for "
            "a cohort the caller does not mentor answers 400 on `cohort`; proposing is for the "
            "committee (403 otherwise)."
        ),
    )
    def post(self, request: AuthenticatedRequest) -> Response:
        given = WorkbenchInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        story = workbench.Story(
            situation=data["situation"], lang=data["lang"], trigger_name=data["trigger_name"]
        )
        try:
            told = workbench.workbench_rule(story=story)
        except SituationError as error:
            raise ValidationError({f"situation.{error.path}": [error.problem]}) from error
        except QuestionError as error:
            raise ValidationError({"situation": [str(error)]}) from error
        saved = self._save(request, data, story)
        body = {
            "stem": told.stem,
            "key_text": told.key_text,
            "explanation": told.explanation,
            "ruling": ruling_view(told.ruling, data["lang"]),
            "saved": saved,
        }
        return Response(body, status=status.HTTP_201_CREATED if saved else status.HTTP_200_OK)

    def _save(
        self, request: AuthenticatedRequest, data: dict[str, Any], story: workbench.Story
    ) -> dict[str, Any] | None:
        user = request.user
        if data["save_as"] == "proposal":
            if not user.has_perm("accounts.manage_certification"):
                raise PermissionDenied("Only the committee proposes bank questions.")
            row = workbench.workbench_propose(story=story, author=user, for_exams=data["for_exams"])
        elif data["save_as"] == "cohort":
            cohort = Cohort.objects.visible_to(user).filter(pk=data["cohort"]).first()
            if cohort is None:
                raise ValidationError({"cohort": ["is not one of your cohorts."]})
            row = workbench.workbench_save_for_cohort(story=story, author=user, cohort=cohort)
        else:
            return None
        return {
            "id": row.pk,
            "status": row.status,
            "question": row.question_id,
            "cohort": row.cohort_id,
        }
