"""Against the real services CI starts: PostgreSQL, Redis and a Celery worker."""

import os

import pytest
import redis

from judgetrain import health
from tests.conftest import require
from tests.outage import celery_app

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

TOKEN = "integration-healthz-token"


@pytest.fixture(autouse=True)
def _token(settings):
    settings.HEALTHZ_TOKEN = TOKEN
    health.forget_celery_answer()
    yield
    health.forget_celery_answer()


def test_healthz_reports_postgresql_redis_and_a_live_worker(client):
    response = client.get("/healthz", headers={"X-Healthz-Token": TOKEN})

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
    # A broker no worker listens to: the ping is never answered, as with a dead worker.
    url = os.environ.get("FAULT_REDIS_URL", "")
    require(bool(url), "FAULT_REDIS_URL is not set (a Redis database no worker uses)")
    redis.Redis.from_url(url).flushdb()
    settings.HEALTHZ_CELERY_TIMEOUT = 1

    with celery_app(broker_url=url, result_backend=url, task_always_eager=False):
        response = client.get("/healthz", headers={"X-Healthz-Token": TOKEN})

    body = response.json()
    assert response.status_code == 503
    assert body["checks"]["celery"]["ok"] is False
    detail = body["checks"]["celery"]["detail"]
    # Either the ping's own wait or the whole check's bound ran out first: no worker answered.
    assert "no worker answered" in detail or "no answer within" in detail
    assert body["checks"]["database"]["ok"] is True
