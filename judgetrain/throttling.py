"""Rate limits that fail open: when the cache holding the counters is unreachable, the
request is served and the outage logged.

The limits guard against one user hogging the grading and evaluate endpoints, and against
anyone using the site to send e-mail in bulk (password resets, cohort invitations); they
protect no data. During a Redis outage, refusing every request would stop an exam for
everyone, while serving unthrottled for a few minutes costs only CPU (and a few e-mails), so
the throttle lets requests through (and `/healthz` reports the cache as failing).

API views use ``ScopedRateThrottle``; pages count with ``limits_wait``, the same sliding
window over the same cache, one counter per scope of ``settings.RATE_LIMITS`` and key (a
client address, an account, an e-mail address: stored hashed).
"""

from __future__ import annotations

import hashlib
import logging
import math

from django.conf import settings
from redis.exceptions import RedisError
from rest_framework import throttling
from rest_framework.request import Request
from rest_framework.views import APIView

logger = logging.getLogger(__name__)

#: What the cache raises when its server is down or too slow.
CACHE_ERRORS: tuple[type[BaseException], ...] = (RedisError, OSError)


class ScopedRateThrottle(throttling.ScopedRateThrottle):
    """DRF's ScopedRateThrottle, failing open when the cache is down."""

    def allow_request(self, request: Request, view: APIView) -> bool:
        try:
            return super().allow_request(request, view)
        except CACHE_ERRORS as error:
            logger.warning(
                "rate limit %r not applied: the cache is unavailable (%s: %s)",
                getattr(self, "scope", None),
                error.__class__.__name__,
                error,
            )
            return True


class _Window(throttling.SimpleRateThrottle):
    """DRF's sliding window for one scope and key, outside a DRF view."""

    def __init__(self, scope: str, key: str) -> None:  # no super(): it reads DRF's rates
        self.scope = scope
        self.rate = settings.RATE_LIMITS[scope]
        self.num_requests, self.duration = self.parse_rate(self.rate)
        self.ident = hashlib.sha256(key.encode()).hexdigest()

    def get_cache_key(self, request: object, view: object) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.ident}


def limits_wait(*checks: tuple[str, str]) -> int:
    """Count one request against each ``(scope, key)`` in turn; 0 when all allow it, else the
    seconds to wait before the first that refuses allows another (nothing after it is
    counted). The cache down: 0, logged (fail open)."""
    for scope, key in checks:
        window = _Window(scope, key)
        try:
            allowed = window.allow_request(None, None)  # type: ignore[arg-type]
        except CACHE_ERRORS as error:
            logger.warning(
                "rate limit %r not applied: the cache is unavailable (%s: %s)",
                scope,
                error.__class__.__name__,
                error,
            )
            continue
        if not allowed:
            return max(1, math.ceil(window.wait() or 1))
    return 0
