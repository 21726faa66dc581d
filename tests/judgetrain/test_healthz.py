import pytest

from judgetrain import health

pytestmark = pytest.mark.django_db


def test_healthz_reports_each_check_healthy_on_the_embedded_default(client):
    response = client.get("/healthz")

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

    response = client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "error"
    assert body["checks"]["cache"] == {
        "ok": False,
        "detail": "ConnectionError: cache server refused the connection",
        "ms": body["checks"]["cache"]["ms"],
    }
    assert body["checks"]["database"]["ok"] is True


def test_healthz_is_never_cached(client):
    response = client.get("/healthz")

    assert "no-cache" in response["Cache-Control"]


def test_healthz_refuses_writes(client):
    assert client.post("/healthz").status_code == 405


def test_healthz_uses_a_bounded_number_of_queries(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(1):
        client.get("/healthz")
