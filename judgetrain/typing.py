from django.http import HttpRequest

from judgetrain.accounts.models import User


class AuthenticatedHttpRequest(HttpRequest):
    """The request a ``login_required`` view receives: its user is a real account."""

    user: User
