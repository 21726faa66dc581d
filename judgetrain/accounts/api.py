from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from judgetrain.typing import AuthenticatedRequest


class MeSerializer(serializers.Serializer[Any]):
    email = serializers.EmailField()
    name = serializers.CharField()
    roles = serializers.ListField(child=serializers.CharField())
    preferred_language = serializers.CharField(allow_blank=True)


class MeView(APIView):
    """Who the caller is: e-mail, name, roles and interface language."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(responses=MeSerializer)
    def get(self, request: AuthenticatedRequest) -> Response:
        user = request.user
        return Response(
            {
                "email": user.email,
                "name": str(user),
                "roles": [role.value for role in user.roles],
                "preferred_language": user.preferred_language,
            }
        )
