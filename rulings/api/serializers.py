from typing import Any

from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from rulings import DIFF_CHANGES, DIFF_PARTS
from rulings.models import Language, PolicyStatement, PolicyVersion

LANGUAGES = Language.values

SITUATION_KEYS = 64
"""More top-level keys than any situation has (about twenty fields): an object with more is
refused before it is read, so its size costs nothing (the input-linearity test sends one with
thousands)."""


class SituationField(serializers.JSONField):
    """A situation as JSON, refused early when it has more fields than any situation has."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict) and len(data) > SITUATION_KEYS:
            raise ValidationError(f"a situation has at most {SITUATION_KEYS} fields.")
        return super().to_internal_value(data)


class PolicyStatementSerializer(serializers.ModelSerializer[PolicyStatement]):
    id = serializers.CharField(source="statement_id")
    text = serializers.SerializerMethodField()

    class Meta:
        model = PolicyStatement
        fields = ("id", "section", "kind", "source", "text")

    def get_text(self, obj: PolicyStatement) -> dict[str, str]:
        return {lang: obj.text(lang) for lang in LANGUAGES}


class PolicyVersionSerializer(serializers.ModelSerializer[PolicyVersion]):
    id = serializers.CharField(source="version_id")
    game = serializers.CharField(source="document.game")
    document = serializers.CharField(source="document.name")
    default = serializers.BooleanField(source="is_default")
    statement_count = serializers.IntegerField(source="statement_total")
    url = serializers.HyperlinkedIdentityField(
        view_name="api-policy-detail", lookup_field="version_id"
    )

    class Meta:
        model = PolicyVersion
        fields: tuple[str, ...] = (
            "id",
            "game",
            "document",
            "title",
            "default",
            "extends",
            "source",
            "statement_count",
            "url",
        )


class PolicyVersionDetailSerializer(PolicyVersionSerializer):
    statements = PolicyStatementSerializer(many=True)

    class Meta(PolicyVersionSerializer.Meta):
        fields = (*PolicyVersionSerializer.Meta.fields, "statements")


class PolicyFilterSerializer(serializers.Serializer[Any]):
    game = serializers.ChoiceField(choices=("riftbound", "mtg"), required=False)


class EvaluateQuerySerializer(serializers.Serializer[Any]):
    lang = serializers.ChoiceField(choices=Language.choices, default=Language.EN)


class RulingResponseSerializer(serializers.Serializer[Any]):
    """The engine's ruling (see docs/rulings.md) and a judge-readable explanation."""

    ruling = serializers.JSONField()
    explanation = serializers.CharField()


class DiffRequestSerializer(serializers.Serializer[Any]):
    """Two situations ruled under the same policy version (the schema of each: GET
    /api/v1/rulings/situation-schema)."""

    before = SituationField(help_text="the first situation")
    after = SituationField(help_text="the second situation, same game and policy version")


class FactChangeSerializer(serializers.Serializer[Any]):
    path = serializers.CharField(help_text="the fact's path, e.g. play.controller_active_role")
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)


class DiffCitationSerializer(serializers.Serializer[Any]):
    statement = serializers.CharField(help_text="statement id in the policy version")
    citation = serializers.CharField(help_text="its section, e.g. IPG 2.1")


class RulingChangeSerializer(serializers.Serializer[Any]):
    part = serializers.ChoiceField(choices=DIFF_PARTS)
    change = serializers.ChoiceField(choices=DIFF_CHANGES)
    before = serializers.JSONField(allow_null=True, help_text="null when the part was added")
    after = serializers.JSONField(allow_null=True, help_text="null when the part was removed")
    citations = DiffCitationSerializer(many=True)


class DiffResponseSerializer(serializers.Serializer[Any]):
    """The facts that differ and every part of the ruling whose outcome changed."""

    game = serializers.CharField()
    policy_version = serializers.CharField()
    same_ruling = serializers.BooleanField()
    facts = FactChangeSerializer(many=True)
    changes = RulingChangeSerializer(many=True)
