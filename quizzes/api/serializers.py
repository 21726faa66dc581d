from typing import Any

from rest_framework import serializers

from quizzes.bank.models.questions import Question, QuestionKind, Topic
from rulings import INFRACTIONS, PENALTIES, REMEDIES
from rulings.grading import DOUBT_NAMES, MAX_ANSWER_CHARS
from rulings.models import Game, Language


class ExpectedSerializer(serializers.Serializer[Any]):
    infraction = serializers.ChoiceField(choices=INFRACTIONS, required=False)
    penalty = serializers.ChoiceField(choices=PENALTIES, required=False)
    remedy = serializers.ChoiceField(choices=REMEDIES, required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs:
            raise serializers.ValidationError("Give at least one part to grade.")
        return attrs


class GradeRequestSerializer(serializers.Serializer[Any]):
    """Either a bank question's id, or an expected ruling and its game; plus the answer."""

    question = serializers.PrimaryKeyRelatedField(
        queryset=Question.objects.all(), required=False, allow_null=False
    )
    expected = ExpectedSerializer(required=False)
    game = serializers.ChoiceField(choices=Game.choices, required=False)
    answer = serializers.CharField(
        trim_whitespace=False, allow_blank=False, max_length=MAX_ANSWER_CHARS
    )
    lang = serializers.ChoiceField(choices=Language.choices, required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("question" in attrs) == ("expected" in attrs):
            raise serializers.ValidationError("Give either a question id or an expected ruling.")
        if "expected" in attrs and "game" not in attrs:
            raise serializers.ValidationError({"game": ["The game is required with expected."]})
        return attrs


class PartGradeSerializer(serializers.Serializer[Any]):
    expected = serializers.CharField()
    found = serializers.CharField(allow_null=True)
    correct = serializers.BooleanField()
    confidence = serializers.FloatField()
    rule = serializers.CharField(
        required=False, help_text="The grader's decision rule that decided the part."
    )
    doubt = serializers.ChoiceField(
        choices=DOUBT_NAMES,
        allow_blank=True,
        required=False,
        help_text="Why the grader doubts a part its rule decided (docs/grading.md, "
        '"Confidence"); its confidence is that doubt\'s record. "" for none.',
    )
    evidence = serializers.DictField(allow_null=True)


class GradeSerializer(serializers.Serializer[Any]):
    parts = serializers.DictField(child=PartGradeSerializer())
    score = serializers.FloatField()
    confidence = serializers.FloatField()
    needs_review = serializers.BooleanField()
    review_reasons = serializers.ListField(child=serializers.CharField())
    feedback = serializers.CharField()
    language = serializers.CharField()
    lexicon_version = serializers.CharField()


class QuestionSerializer(serializers.ModelSerializer[Question]):
    """What a candidate sees of a bank question: never its key, nor anything that names the
    generator's inputs (template, seed, policy version, content hash) or hints at the key
    (difficulty is computed from the ruling)."""

    topics = serializers.SlugRelatedField[Topic](many=True, read_only=True, slug_field="slug")

    class Meta:
        model = Question
        fields: tuple[str, ...] = (
            "id",
            "game",
            "language",
            "kind",
            "stem",
            "options",
            "stated_ruling",
            "part_corrections",
            "topics",
        )


class ExamQuestionSerializer(serializers.ModelSerializer[Question]):
    """An exam item's question: what the candidate answers, and nothing that identifies it."""

    class Meta:
        model = Question
        fields: tuple[str, ...] = (
            "language",
            "kind",
            "stem",
            "options",
            "stated_ruling",
            "part_corrections",
        )


class QuestionWithKeySerializer(QuestionSerializer):
    """For mentors and the committee: how it was generated, the situation, the engine's
    ruling and explanation."""

    policy_version = serializers.CharField(source="policy_version.version_id")
    key = serializers.SerializerMethodField()

    class Meta(QuestionSerializer.Meta):
        fields = (
            *QuestionSerializer.Meta.fields,
            "policy_version",
            "template_id",
            "template_version",
            "seed",
            "difficulty",
            "content_hash",
            "situation",
            "ruling",
            "key",
            "key_detail",
            "explanation",
        )
        extra_kwargs = {
            "situation": {
                "help_text": (
                    "The story as the engine reads it (GET /api/v1/rulings/situation-schema), "
                    "told as events for a trigger: the engine derives the play conclusions, "
                    "listed in the ruling's `derived`. A story the events would not tell the "
                    "same stays in the old conclusions form, which still works for one policy "
                    "cycle."
                )
            },
            "ruling": {"help_text": "The engine's ruling of `situation`, with every citation."},
        }

    def get_key(self, obj: Question) -> dict[str, str]:
        return {
            "infraction": obj.key_infraction,
            "penalty": obj.key_penalty,
            "remedy": obj.key_remedy,
        }


class QuestionFilterSerializer(serializers.Serializer[Any]):
    game = serializers.ChoiceField(choices=Game.choices, required=False)
    topic = serializers.SlugField(required=False)
    language = serializers.ChoiceField(choices=Language.choices, required=False)
    policy_version = serializers.CharField(required=False)
    kind = serializers.ChoiceField(choices=QuestionKind.choices, required=False)
    difficulty_min = serializers.FloatField(required=False)
    difficulty_max = serializers.FloatField(required=False)
