from functools import cache

from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.views import APIView


@cache
def require_permission(perm: str) -> type[BasePermission]:
    """A DRF permission class granting access to users holding the Django permission ``perm``."""

    class _HasPermission(BasePermission):
        message = f"You need the {perm} permission."

        def has_permission(self, request: Request, view: APIView) -> bool:
            return bool(request.user and request.user.has_perm(perm))

    _HasPermission.__name__ = f"RequirePermission[{perm}]"
    return _HasPermission
