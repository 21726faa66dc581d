"""Repeated wrong passwords lock a login out for a while, on the page and in HTTP Basic."""

from __future__ import annotations

import base64

import pytest

from tests.factories import DEFAULT_PASSWORD, candidate

pytestmark = pytest.mark.django_db

LIMIT = 5


def _login(client, email: str, password: str, ip: str = "10.0.0.1"):
    return client.post(
        "/accounts/login/", {"username": email, "password": password}, REMOTE_ADDR=ip
    )


def _basic(client, email: str, password: str, ip: str = "10.0.0.1"):
    token = base64.b64encode(f"{email}:{password}".encode()).decode()
    return client.get("/api/v1/me", HTTP_AUTHORIZATION=f"Basic {token}", REMOTE_ADDR=ip)


def test_the_login_page_locks_out_after_five_wrong_passwords(client):
    user = candidate()
    for _ in range(LIMIT - 1):
        assert _login(client, user.email, "wrong").status_code == 200

    locked = _login(client, user.email, "wrong")

    assert locked.status_code == 429
    assert "Too many failed logins" in locked.content.decode()
    assert 'href="/accounts/password/reset/"' in locked.content.decode()


def test_the_right_password_is_refused_while_locked_out(client):
    user = candidate()
    for _ in range(LIMIT):
        _login(client, user.email, "wrong")

    response = _login(client, user.email, DEFAULT_PASSWORD)

    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_lockout_counts_case_variants_of_the_email_together(client):
    user = candidate()
    for index in range(LIMIT):
        email = user.email.upper() if index % 2 else user.email
        response = _login(client, email, "wrong")

    assert response.status_code == 429


def test_another_address_is_not_locked_out(client):
    user = candidate()
    for _ in range(LIMIT):
        _login(client, user.email, "wrong", ip="10.0.0.1")

    response = _login(client, user.email, DEFAULT_PASSWORD, ip="10.0.0.2")

    assert response.status_code == 302


def test_a_successful_login_resets_the_count(client):
    user = candidate()
    for _ in range(LIMIT - 1):
        _login(client, user.email, "wrong")
    assert _login(client, user.email, DEFAULT_PASSWORD).status_code == 302
    client.logout()

    response = _login(client, user.email, "wrong")

    assert response.status_code == 200


def test_http_basic_locks_out_with_a_coded_429(client):
    user = candidate()
    for _ in range(LIMIT - 1):
        assert _basic(client, user.email, "wrong").status_code == 401

    locked = _basic(client, user.email, "wrong")
    still = _basic(client, user.email, DEFAULT_PASSWORD)

    assert locked.status_code == 429
    assert locked.json()["code"] == "locked_out"
    assert still.status_code == 429
    assert still.json()["code"] == "locked_out"


def test_page_and_basic_failures_share_one_counter(client):
    user = candidate()
    for _ in range(LIMIT - 1):
        _login(client, user.email, "wrong")

    response = _basic(client, user.email, "wrong")

    assert response.status_code == 429


def test_a_forged_forwarded_for_header_does_not_escape_the_lockout(client):
    user = candidate()
    for index in range(LIMIT):
        response = client.post(
            "/accounts/login/",
            {"username": user.email, "password": "wrong"},
            REMOTE_ADDR="10.0.0.1",
            HTTP_X_FORWARDED_FOR=f"192.0.2.{index}",
        )

    assert response.status_code == 429


def test_behind_a_proxy_the_address_the_proxy_saw_is_counted(client, settings):
    settings.LOGIN_PROXY_COUNT = 1
    user = candidate()
    for index in range(LIMIT):
        response = client.post(
            "/accounts/login/",
            {"username": user.email, "password": "wrong"},
            REMOTE_ADDR="10.9.9.9",  # the proxy
            HTTP_X_FORWARDED_FOR=f"192.0.2.{index}, 203.0.113.7",
        )
    other_client = _login(client, user.email, DEFAULT_PASSWORD, ip="10.9.9.9")

    assert response.status_code == 429
    assert other_client.status_code == 302  # no forwarded header: another client
