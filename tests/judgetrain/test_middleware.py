"""A NUL character in a URL, a query string or a form field is refused once, before any view
(judgetrain/middleware.py): 400 with ``null_character`` under /api/, a page elsewhere."""

from __future__ import annotations

import pytest
from django.test import Client

from judgetrain.accounts.models import User
from quizzes.bank.models.reports import QuestionReport
from tests.factories import candidate, committee_member, question

pytestmark = pytest.mark.django_db


@pytest.fixture
def superuser(client: Client) -> User:
    user = User.objects.create_superuser(email="root@example.com", password="x" * 20)
    client.force_login(user)
    return user


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/committee/question-reports?status=%00",
        "/api/v1/committee/question-reports?status=open%00",
        "/api/v1/questions?topic=a&policy_version=%00",
        "/api/v1/committee/question-reports?st%00atus=open",
    ],
)
def test_a_nul_in_an_api_query_string_is_a_coded_400(client, url):
    client.force_login(committee_member())

    response = client.get(url)

    assert response.status_code == 400
    assert response.json() == {
        "detail": "The query string may not contain NUL characters.",
        "code": "null_character",
    }


@pytest.mark.parametrize(
    "url",
    [
        "/admin/quizzes/questionreport/?status=%00",
        "/admin/quizzes/questionreport/?problem__exact=%00",
        "/admin/quizzes/attempt/?closure=a%00b",
        "/admin/quizzes/question/?q=%00",
    ],
)
def test_a_nul_in_an_admin_list_filter_is_a_400_page(client, superuser, url):
    response = client.get(url)

    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    assert "The query string may not contain NUL characters." in response.content.decode()


def test_a_nul_in_a_page_form_field_is_a_400_page_and_saves_nothing(client):
    person = candidate()
    reported = question()
    client.force_login(person)

    response = client.post(
        f"/questions/{reported.pk}/report",
        {"problem": "unclear", "comment": "look\x00again", "next": "/practice/"},
    )

    assert response.status_code == 400
    assert "Form fields may not contain NUL characters." in response.content.decode()
    assert not QuestionReport.objects.exists()


def test_a_nul_in_a_multipart_form_field_name_is_refused(client):
    client.force_login(candidate())

    response = client.post("/practice/", {"a\x00": "x"})  # the test client sends multipart

    assert response.status_code == 400


def test_a_nul_in_the_login_form_is_a_400_page(client):
    response = client.post("/accounts/login/", {"username": "a\x00@example.com", "password": "p"})

    assert response.status_code == 400


@pytest.mark.parametrize(
    "url", ["/api/v1/committee/question-reports?status=%2500", "/practice/?lang=%25%30%30"]
)
def test_an_escaped_percent_sign_is_not_a_nul(client, url):
    client.force_login(committee_member())

    response = client.get(url)

    assert response.status_code != 400 or "NUL" not in response.content.decode()


def test_a_json_body_is_left_to_the_api_parser(client):
    client.force_login(committee_member())

    response = client.post(
        "/api/v1/grading/grade",
        '{"answer": "a\\u0000b", "game": "mtg", "expected": {"penalty": "warning"}}',
        content_type="application/json",
    )

    assert response.status_code == 400
    assert response.json()["code"] == "null_character"
    assert response.json()["detail"] == "Text may not contain NUL characters."


@pytest.mark.parametrize("url", ["/practice/?lang=%00", "/api/v1/questions?topic=%00"])
def test_a_refusal_carries_the_content_security_policy_too(client, url):
    client.force_login(candidate())

    response = client.get(url)

    assert response.status_code == 400
    assert "default-src 'self'" in response["Content-Security-Policy"]
