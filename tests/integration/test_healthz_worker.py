"""Against the real services CI starts: PostgreSQL, Redis and a Celery worker."""

import pytest

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_healthz_reports_postgresql_redis_and_a_worker_round_trip(client):
    response = client.get("/healthz")

    body = response.json()
    assert response.status_code == 200, body
    assert body["checks"]["database"] == {
        **body["checks"]["database"],
        "ok": True,
        "detail": "postgresql",
    }
    assert body["checks"]["cache"]["detail"] == "RedisCache"
    assert body["checks"]["celery"]["detail"] == "worker"


def test_healthz_reports_a_dead_worker_as_unhealthy(client, settings):
    # No worker consumes this queue: the ping is never answered, as with a dead worker.
    settings.HEALTHZ_CELERY_QUEUE = "nobody-listens-here"
    settings.HEALTHZ_CELERY_TIMEOUT = 1

    response = client.get("/healthz")

    body = response.json()
    assert response.status_code == 503
    assert body["checks"]["celery"]["ok"] is False
    assert "TimeoutError" in body["checks"]["celery"]["detail"]
    assert body["checks"]["database"]["ok"] is True
