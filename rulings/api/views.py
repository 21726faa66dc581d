from typing import Any

from django.db.models import Count, QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

import rulings as engine
from judgetrain.parsers import LARGE_BODY
from judgetrain.permissions import require_permission
from judgetrain.throttling import ScopedRateThrottle
from rulings import sided
from rulings.api.serializers import (
    DiffRequestSerializer,
    DiffResponseSerializer,
    EvaluateQuerySerializer,
    PolicyFilterSerializer,
    PolicyVersionDetailSerializer,
    PolicyVersionSerializer,
    RulingResponseSerializer,
)
from rulings.models import PolicyVersion


def _versions() -> QuerySet[PolicyVersion]:
    # Aggregation drops Meta.ordering, so the order is spelled out for stable pages.
    return (
        PolicyVersion.objects.select_related("document")
        .annotate(statement_total=Count("statements"))
        .order_by("document__game", "version_id")
    )


@extend_schema(parameters=[PolicyFilterSerializer])
class PolicyListView(generics.ListAPIView[PolicyVersion]):
    """Every policy version: Riftbound TR and Magic IPG, with how many statements each holds."""

    serializer_class = PolicyVersionSerializer

    def get_queryset(self) -> QuerySet[PolicyVersion]:
        filters = PolicyFilterSerializer(data=self.request.query_params)
        filters.is_valid(raise_exception=True)
        game = filters.validated_data.get("game")
        return _versions().filter(document__game=game) if game else _versions()


class PolicyDetailView(generics.RetrieveAPIView[PolicyVersion]):
    """One policy version with every statement: section, kind, source and paraphrases."""

    serializer_class = PolicyVersionDetailSerializer
    lookup_field = "version_id"

    def get_queryset(self) -> QuerySet[PolicyVersion]:
        return _versions().prefetch_related("statements")


def _situation_from(data: Any, prefix: str = "") -> engine.Situation:
    """A situation, or 400 naming the invalid field (after `prefix`, e.g. "before.")."""
    if not isinstance(data, dict):
        name = prefix.rstrip(".") or "situation"
        raise ValidationError({name: ["must be a JSON object (a situation)."]})
    try:
        return engine.Situation.from_dict(data)
    except engine.SituationError as error:
        raise ValidationError({prefix + error.path: [error.problem]}) from error


class EvaluateView(APIView):
    """Rule a situation: the infraction, penalty steps, remedy, accountability, citations."""

    permission_classes = (IsAuthenticated, require_permission("rulings.evaluate_situation"))
    throttle_classes = (ScopedRateThrottle,)
    throttle_scope = "rulings"
    max_body_bytes = LARGE_BODY

    @extend_schema(
        request=OpenApiTypes.OBJECT,
        parameters=[EvaluateQuerySerializer],
        responses=RulingResponseSerializer,
        description=(
            "The body is a situation as described by GET /api/v1/rulings/situation-schema "
            "(the engine's JSON Schema). Tell a trigger's story as `events`, the form questions "
            "are stored in: the ruling then carries `derived`, each conclusion the engine drew "
            "with its citation. The old `play` conclusion fields (acknowledged, "
            "following_action(_by), controller_active_role) still work for one policy cycle. "
            "Events may name their `phase` (one of the game's phases). `asked_about` names "
            "the player the question asks for: a silent witness's own ruling is then the main "
            "one, the erring player's additional. An invalid field, or an `asked_about` the "
            "policy does not rule on, answers 400 naming the field."
        ),
    )
    def post(self, request: Request) -> Response:
        query = EvaluateQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        situation = _situation_from(request.data)
        try:
            ruling = engine.evaluate(situation)
        except engine.SituationError as error:  # e.g. asked_about: a player with no ruling
            raise ValidationError({error.path: [error.problem]}) from error
        explanation = engine.explain(ruling, query.validated_data["lang"])
        return Response({"ruling": ruling.to_dict(), "explanation": explanation})


class DiffView(APIView):
    """What changes between two situations: the facts that differ and each part of the ruling
    whose outcome changed (infraction, accountability, penalty and its steps, remedy steps,
    rewind authority, round cycle, other players, explanation steps), with citations."""

    permission_classes = (IsAuthenticated, require_permission("rulings.evaluate_situation"))
    throttle_classes = (ScopedRateThrottle,)
    throttle_scope = "rulings"
    max_body_bytes = LARGE_BODY

    @extend_schema(
        request=DiffRequestSerializer,
        responses=DiffResponseSerializer,
        description=(
            'The body is {"before": situation, "after": situation}, both of one game and '
            "policy version (a situation as described by GET /api/v1/rulings/situation-schema). "
            'An invalid field answers 400 naming it, e.g. "after.trigger.kind".'
        ),
    )
    def post(self, request: Request) -> Response:
        body = request.data
        if not isinstance(body, dict):
            raise ValidationError({"body": ["must be an object with before and after."]})
        missing = [name for name in ("before", "after") if name not in body]
        unknown = sorted(str(key) for key in body if key not in ("before", "after"))
        if missing or unknown:
            raise ValidationError(
                {name: ["is required."] for name in missing}
                | {name[:80]: ["unknown field."] for name in unknown[:4]}
            )
        request_body = DiffRequestSerializer(data=body)
        request_body.is_valid(raise_exception=True)
        before = _situation_from(request_body.validated_data["before"], "before.")
        after = _situation_from(request_body.validated_data["after"], "after.")
        try:
            changes = engine.diff_rulings(before, after)
        except engine.SituationError as error:
            raise ValidationError({sided(error.path): [error.problem]}) from error
        return Response(changes.to_dict())


class SituationSchemaView(APIView):
    """The JSON Schema of a situation, as accepted by the evaluate endpoint (mentors and the
    committee, like evaluate itself)."""

    permission_classes = (IsAuthenticated, require_permission("rulings.evaluate_situation"))

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request) -> Response:
        return Response(engine.situation_schema())
