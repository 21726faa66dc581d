"""The committee API's input: DRF serializers, never page forms fed emulated POST data.

Each checks what its page's form checks (the same limits and choices, the same messages where
the form words one), and the view calls the same service as the page. A refusal answers the
project's one error body (``judgetrain.api_errors``): ``detail``, ``code`` and each field's
messages, a slot's under ``slots`` at its index."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Model, QuerySet
from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.fields import empty

from judgetrain.accounts.models import User
from judgetrain.accounts.roles import Role
from quizzes.bank.models.questions import QuestionKind
from quizzes.bank.models.reports import QuestionReport
from quizzes.bank.services.retirement import MAX_REASON_CHARS
from quizzes.certification.models import CertificationLevel
from quizzes.exams.models.exams import ExamBlueprint, topic_errors
from quizzes.exams.services.variants import MAX_ATTEMPTS
from rulings.models import PolicyVersion

MAX_ID = 2**63 - 1  # a bigint key: a larger id cannot exist
MAX_SLOTS = 20  # as many rows as the blueprint page offers
REPORT_ACTIONS = ("withdraw_question", "withdraw_template", "dismiss")


class RowField(serializers.IntegerField):
    """A row named by its id among ``queryset`` (an unknown id is this field's error)."""

    def __init__(self, queryset: QuerySet[Any], **kwargs: Any) -> None:
        super().__init__(min_value=1, max_value=MAX_ID, **kwargs)
        self.queryset = queryset

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool):
            self.fail("invalid")
        return int(super().to_internal_value(data))

    def run_validation(self, data: Any = empty) -> Model | None:
        pk = super().run_validation(data)  # an id in range, or None when allowed
        if pk is None:
            return None
        found = self.queryset.filter(pk=pk).first()
        if found is None:
            message = serializers.PrimaryKeyRelatedField.default_error_messages["does_not_exist"]
            raise serializers.ValidationError(
                str(message).format(pk_value=pk), code="does_not_exist"
            )
        return found

    def to_representation(self, value: Any) -> Any:
        return getattr(value, "pk", value)


def _people(role: Role) -> QuerySet[User]:
    return User.objects.filter(groups__name=role.value)


class SlotSerializer(serializers.Serializer[Any]):
    """One slot of questions: a topic (any when null), a kind, how many (a row without a count
    is skipped, as on the page)."""

    topic = serializers.CharField(required=False, allow_null=True, allow_blank=True, max_length=80)
    kind = serializers.ChoiceField(choices=QuestionKind.choices)
    count = serializers.IntegerField(min_value=1, max_value=50, required=False, allow_null=True)


class BlueprintInputSerializer(serializers.ModelSerializer[ExamBlueprint]):
    """A blueprint as the blueprint page takes it; the pass mark and margin in percent."""

    pass_percent = serializers.IntegerField(min_value=1, max_value=100)
    margin_percent = serializers.IntegerField(
        min_value=0, max_value=100, required=False, allow_null=True
    )
    policy_version = RowField(
        PolicyVersion.objects.select_related("document"), required=False, allow_null=True
    )
    slots = serializers.ListField(child=SlotSerializer(), allow_empty=False, max_length=MAX_SLOTS)

    class Meta:
        model = ExamBlueprint
        fields = (*ExamBlueprint.COMMITTEE_FIELDS, "pass_percent", "margin_percent", "slots")
        extra_kwargs = {
            "time_limit_minutes": {"min_value": 1, "max_value": 600},
            "attempts_allowed": {"min_value": 1, "max_value": MAX_ATTEMPTS},
            "cooldown_minutes": {"max_value": 2**31 - 1},
        }

    def validate_name(self, value: str) -> str:
        """Names tell blueprints apart where they are chosen (as on the page)."""
        if ExamBlueprint.objects.filter(name__iexact=value.strip()).exists():
            raise serializers.ValidationError(
                _("Another exam blueprint has this name: give this one a name of its own.")
            )
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        version = attrs.get("policy_version")
        if version is not None and version.document.game != attrs["game"]:
            raise serializers.ValidationError(
                {"policy_version": [_("This policy version is for another game.")]}
            )
        composition = [
            {"topic": slot.get("topic") or None, "kind": slot["kind"], "count": slot["count"]}
            for slot in attrs.pop("slots")
            if slot.get("count")
        ]
        if not composition:
            raise serializers.ValidationError({"slots": [_("Add at least one slot of questions.")]})
        if topic_errors(attrs["game"], composition):
            raise serializers.ValidationError(
                {"slots": [_("No question template covers this topic in this game.")]}
            )
        attrs["composition"] = composition
        attrs["pass_score"] = attrs.pop("pass_percent") / 100
        margin = attrs.pop("margin_percent", None)
        if margin is not None:
            attrs["review_margin"] = margin / 100
        try:
            ExamBlueprint(**attrs).clean()
        except DjangoValidationError as error:
            raise serializers.ValidationError(error.message_dict) from error
        return attrs

    def blueprint(self) -> ExamBlueprint:
        """The blueprint as given, not saved."""
        return ExamBlueprint(**self.validated_data)


class ReportQuestionSerializer(serializers.Serializer[Any]):
    problem = serializers.ChoiceField(choices=QuestionReport.Problem.choices)
    comment = serializers.CharField(max_length=2000)


class ReportDecisionSerializer(serializers.Serializer[Any]):
    action = serializers.ChoiceField(choices=REPORT_ACTIONS)
    reason = serializers.CharField(max_length=2000)
    # Withdrawing a question regrades the attempts holding it: applied only with the token
    # of the preview answered first.
    confirm = serializers.CharField(required=False, allow_blank=True, max_length=200, default="")


class CertificateIssueSerializer(serializers.Serializer[Any]):
    candidate = RowField(_people(Role.CANDIDATE))
    level = RowField(CertificationLevel.objects.all())
    attempts = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        required=False,
        default=list,
        max_length=1000,
    )
    endorsed_by = RowField(_people(Role.MENTOR), required=False, allow_null=True, default=None)


class RevokeSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=2000)


class ReasonSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=MAX_REASON_CHARS)


class PolicyCompareSerializer(serializers.Serializer[Any]):
    old = RowField(PolicyVersion.objects.all())
    new = RowField(PolicyVersion.objects.all())

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        old, new = attrs["old"], attrs["new"]
        if old == new:
            raise serializers.ValidationError(_("Choose two different versions."))
        if old.document_id != new.document_id:
            raise serializers.ValidationError(_("Choose two versions of the same game's policy."))
        return attrs
