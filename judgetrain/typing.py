"""The typed requests views receive once their user is signed in: ``user`` is a real account,
never ``AnonymousUser``. Pages (``login_required``) take ``AuthenticatedHttpRequest``; API views
whose permissions require a login (``IsAuthenticated``) take ``AuthenticatedRequest``."""

from django.http import HttpRequest
from rest_framework.request import Request

from judgetrain.accounts.models import User


class AuthenticatedHttpRequest(HttpRequest):
    """The request a ``login_required`` view receives: its user is a real account."""

    user: User


class AuthenticatedRequest(Request):
    """The request an API view behind ``IsAuthenticated`` receives: its user is a real
    account. A generic view reading ``self.request.user`` declares ``request:
    AuthenticatedRequest`` in its class body."""

    user: User
