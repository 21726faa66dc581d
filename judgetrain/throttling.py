"""Rate limits that fail open: when the cache holding the counters is unreachable, the
request is served and the outage logged.

The limits guard against one user hogging the grading and evaluate endpoints; they protect
no data. During a Redis outage, refusing every request would stop an exam for everyone, while
serving unthrottled for a few minutes costs only CPU, so the throttle lets requests through
(and `/healthz` reports the cache as failing).
"""

from __future__ import annotations

import logging

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
