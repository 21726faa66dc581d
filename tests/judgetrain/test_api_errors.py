"""Every API error carries ``detail`` and ``code``; anonymous calls get a 401 challenge."""

from __future__ import annotations

import pytest

from tests.factories import candidate, mentor

pytestmark = pytest.mark.django_db


def test_a_missing_object_answers_404_with_a_code(client):
    client.force_login(candidate())

    response = client.get("/api/v1/attempts/999999")

    assert response.status_code == 404
    assert response.json() == {"detail": "No such attempt.", "code": "not_found"}


def test_an_unknown_policy_answers_404_with_a_code(client):
    client.force_login(candidate())

    response = client.get("/api/v1/policies/nope/")

    assert response.json()["code"] == "not_found"


def test_an_unknown_api_route_answers_json_404_with_a_code(client):
    client.force_login(candidate())

    response = client.get("/api/v1/no-such-thing")

    assert response.status_code == 404
    assert response.json() == {"detail": "Not found.", "code": "not_found"}


def test_an_unknown_page_still_answers_a_page(client):
    response = client.get("/no-such-page/")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_anonymous_api_calls_answer_401_with_a_basic_challenge(client):
    response = client.get("/api/v1/questions")

    assert response.status_code == 401
    assert response["WWW-Authenticate"] == 'Basic realm="JudgeTrain API"'
    assert response.json()["code"] == "not_authenticated"


def test_the_sites_own_scripts_get_403_without_a_challenge(client):
    response = client.get("/api/v1/questions", HTTP_X_CSRFTOKEN="token")

    assert response.status_code == 403
    assert "WWW-Authenticate" not in response
    assert response.json()["code"] == "not_authenticated"


def test_a_wrong_basic_password_answers_401(client):
    user = candidate()

    response = client.get("/api/v1/me", HTTP_AUTHORIZATION=_basic(user.email, "wrong"))

    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


def test_a_right_basic_password_is_accepted(client):
    from tests.factories import DEFAULT_PASSWORD

    user = candidate()

    response = client.get("/api/v1/me", HTTP_AUTHORIZATION=_basic(user.email, DEFAULT_PASSWORD))

    assert response.status_code == 200


def test_validation_errors_carry_detail_and_code_beside_the_fields(client):
    client.force_login(mentor())

    response = client.post("/api/v1/grading/grade", {}, content_type="application/json")

    body = response.json()
    assert response.status_code == 400
    assert (body["detail"], body["code"]) == ("Invalid input.", "invalid")
    assert "answer" in body


def test_an_error_message_echoes_at_most_a_few_hundred_characters(client):
    client.force_login(candidate())

    response = client.get("/api/v1/practice/next?game=" + "g" * 100_000)

    assert response.status_code == 400
    assert len(response.json()["game"][0]) <= 300


def _basic(email: str, password: str) -> str:
    import base64

    return "Basic " + base64.b64encode(f"{email}:{password}".encode()).decode()
