"""Rate-limited endpoints still answer while the cache holding their counters is down."""

import logging

import pytest

from tests.factories import TREASURE_HUNTER_SITUATION, mentor
from tests.outage import dead_port, hung_server, redis_cache

pytestmark = pytest.mark.django_db

GRADE = "/api/v1/grading/grade"
BODY = {"game": "mtg", "expected": {"penalty": "warning"}, "answer": "Warning"}


def test_grading_answers_with_the_cache_down_and_logs_the_missing_limit(client, settings, caplog):
    settings.CACHES = redis_cache(dead_port())
    client.force_login(mentor())

    with caplog.at_level(logging.WARNING, logger="judgetrain.throttling"):
        response = client.post(GRADE, BODY, content_type="application/json")

    assert response.status_code == 200, response.content
    [warning] = [r for r in caplog.records if r.name == "judgetrain.throttling"]
    assert "rate limit 'grading' not applied" in warning.getMessage()


def test_grading_answers_with_a_hung_cache(client, settings):
    client.force_login(mentor())
    with hung_server() as port:
        settings.CACHES = redis_cache(port, socket_timeout=0.2, socket_connect_timeout=0.2)

        response = client.post(GRADE, BODY, content_type="application/json")

    assert response.status_code == 200, response.content


def test_evaluate_answers_with_the_cache_down(client, settings):
    settings.CACHES = redis_cache(dead_port())
    client.force_login(mentor())

    response = client.post(
        "/api/v1/rulings/evaluate", TREASURE_HUNTER_SITUATION, content_type="application/json"
    )

    assert response.status_code == 200, response.content


def test_logging_in_works_with_redis_down(client, settings):
    """The login page and login itself do not wait on the cache or the broker."""
    from django.urls import reverse

    from tests.factories import DEFAULT_PASSWORD, candidate
    from tests.outage import broker_down

    settings.CACHES = redis_cache(dead_port())
    candidate(email="ana@example.com")

    with broker_down():
        page = client.get(reverse("login"))
        login = client.post(
            reverse("login"), {"username": "ana@example.com", "password": DEFAULT_PASSWORD}
        )

    assert page.status_code == 200
    assert login.status_code == 302
