"""HTTP Basic for the API (judgetrain/authentication.py)."""

from __future__ import annotations

import base64

import pytest
from axes.models import AccessAttempt

from tests.factories import DEFAULT_PASSWORD, candidate

pytestmark = pytest.mark.django_db


def _basic(credentials: bytes) -> str:
    return "Basic " + base64.b64encode(credentials).decode()


@pytest.mark.parametrize(
    "credentials",
    [
        b"\x00:x",
        b"ana\x00@example.com:secret",
        b"candidate@example.com:pass\x00word",
        b"\x00",  # no colon: refused as malformed, as before
    ],
)
@pytest.mark.parametrize("url", ["/api/v1/me", "/api/v1/questions", "/api/v1/policies/"])
def test_a_nul_in_the_basic_credentials_answers_401_and_records_nothing(client, credentials, url):
    response = client.get(url, HTTP_AUTHORIZATION=_basic(credentials))

    assert response.status_code == 401
    assert response["WWW-Authenticate"] == 'Basic realm="JudgeTrain API"'
    body = response.json()
    assert body["code"] == "authentication_failed"
    assert "NUL" in body["detail"] or b":" not in credentials
    assert not AccessAttempt.objects.exists()


def test_the_right_password_still_logs_in_beside_the_nul_check(client):
    user = candidate()

    response = client.get(
        "/api/v1/me", HTTP_AUTHORIZATION=_basic(f"{user.email}:{DEFAULT_PASSWORD}".encode())
    )

    assert response.status_code == 200
