from typing import Any

from rest_framework import serializers

from rulings.models import Language, PolicyStatement, PolicyVersion

LANGUAGES = Language.values


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
