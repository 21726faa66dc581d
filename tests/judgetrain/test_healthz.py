import time

import pytest
from django.core.cache import caches

from judgetrain import health
from tests.factories import user
from tests.outage import broker_down, celery_app, dead_port, hung_server, redis_cache

pytestmark = pytest.mark.django_db

TOKEN = "healthz-token-for-tests"


@pytest.fixture(autouse=True)
def _fresh_probe(settings):
    settings.HEALTHZ_TOKEN = TOKEN
    health.forget_celery_answer()
    yield
    health.forget_celery_answer()


def detailed(client, **headers):
    return client.get("/healthz", headers={"X-Healthz-Token": TOKEN, **headers})


def test_healthz_reports_each_check_healthy_on_the_embedded_default(client):
    response = detailed(client)

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert set(body["checks"]) == {"database", "cache", "celery"}
    assert all(check["ok"] for check in body["checks"].values())
    assert body["checks"]["celery"]["detail"] == "eager (in-process)"


def test_healthz_answers_503_and_names_the_failing_check(client, monkeypatch):
    def broken() -> str:
        raise ConnectionError("cache server refused the connection")

    monkeypatch.setitem(health.CHECKS, "cache", broken)

    response = detailed(client)

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "error"
    assert body["checks"]["cache"] == {
        "ok": False,
        "detail": "ConnectionError: cache server refused the connection",
        "ms": body["checks"]["cache"]["ms"],
    }
    assert body["checks"]["database"]["ok"] is True


def test_anonymous_callers_get_only_the_status(client, monkeypatch):
    assert client.get("/healthz").json() == {"status": "ok"}

    monkeypatch.setitem(health.CHECKS, "cache", lambda: 1 / 0)
    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == {"status": "error"}


@pytest.mark.parametrize(
    "headers",
    [{"X-Healthz-Token": "wrong"}, {"Authorization": "Bearer wrong"}, {"Authorization": TOKEN}],
)
def test_a_wrong_token_gets_only_the_status(client, headers):
    assert client.get("/healthz", headers=headers).json() == {"status": "ok"}


def test_a_bearer_token_gets_the_report(client):
    response = client.get("/healthz", headers={"Authorization": f"Bearer {TOKEN}"})

    assert set(response.json()["checks"]) == {"database", "cache", "celery"}


def test_no_token_configured_means_no_token_unlocks_the_report(client, settings):
    settings.HEALTHZ_TOKEN = ""

    assert client.get("/healthz", headers={"X-Healthz-Token": ""}).json() == {"status": "ok"}


def test_staff_get_the_report_and_other_users_do_not(client):
    client.force_login(user())
    assert "checks" not in client.get("/healthz").json()

    client.force_login(user(is_staff=True))
    assert "checks" in client.get("/healthz").json()


def test_healthz_is_never_cached(client):
    response = client.get("/healthz")

    assert "no-cache" in response["Cache-Control"]


def test_healthz_refuses_writes(client):
    assert client.post("/healthz").status_code == 405


def test_healthz_uses_a_bounded_number_of_queries(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(1):
        client.get("/healthz")


def test_a_worker_answering_is_healthy_and_no_task_is_queued(client, monkeypatch):
    with celery_app(broker_url="memory://", task_always_eager=False) as app:
        pings = []
        monkeypatch.setattr(
            app.control, "ping", lambda **kw: pings.append(kw) or [{"w@h": {"ok": "pong"}}]
        )
        monkeypatch.setattr(app, "send_task", lambda *a, **kw: pytest.fail("a task was queued"))

        first = detailed(client)
        second = detailed(client)

    assert first.json()["checks"]["celery"]["detail"] == "worker"
    assert second.status_code == 200
    assert len(pings) == 1  # the answer is reused for HEALTHZ_CELERY_CACHE_SECONDS
    assert pings[0]["limit"] == 1  # returns with the first worker's answer


def test_no_worker_answering_is_unhealthy(client, monkeypatch, settings):
    settings.HEALTHZ_CELERY_TIMEOUT = 1
    with celery_app(broker_url="memory://", task_always_eager=False) as app:
        monkeypatch.setattr(app.control, "ping", lambda **kw: [])

        response = detailed(client)

    assert response.status_code == 503
    assert response.json()["checks"]["celery"]["detail"].startswith(
        "TimeoutError: no worker answered"
    )


def test_a_stopped_redis_fails_fast_and_names_the_checks(client, settings):
    settings.CACHES = redis_cache(dead_port())

    with broker_down():
        response = detailed(client)

    body = response.json()
    assert response.status_code == 503
    assert "Connection refused" in body["checks"]["cache"]["detail"]
    assert "Connection refused" in body["checks"]["celery"]["detail"]
    assert body["checks"]["database"]["ok"] is True


def test_a_hung_redis_answers_within_healthz_celery_timeout(client, settings):
    settings.HEALTHZ_CELERY_TIMEOUT = 1
    with hung_server() as port:
        # Even with a client that would wait 30 s, the answer comes within the budget.
        settings.CACHES = redis_cache(port, socket_timeout=30, socket_connect_timeout=30)
        with broker_down(port):
            started = time.monotonic()
            response = detailed(client)
            elapsed = time.monotonic() - started
        caches["default"].close()

    assert response.status_code == 503
    assert response.json()["checks"]["cache"]["detail"] == "TimeoutError: no answer within 1 s"
    assert elapsed < 3  # the budget is 1 s; 19 s before the fix
