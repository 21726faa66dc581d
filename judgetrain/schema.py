"""drf-spectacular extensions for the project's own API classes."""

from drf_spectacular.authentication import BasicScheme


class LockoutBasicScheme(BasicScheme):
    """Documents judgetrain's lockout-aware HTTP Basic as plain HTTP Basic."""

    target_class = "judgetrain.authentication.BasicAuthentication"
