"""Every API endpoint that reads a body declares the largest it accepts (``max_body_bytes``,
judgetrain/parsers.py), under ``API_MAX_BODY_BYTES``: one byte more answers 413
``body_too_large`` before anything is decoded, and the largest valid body still fits. Page
forms over ``API_MAX_BODY_BYTES`` (Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE``) or
``FORM_MAX_FIELDS`` answer a 400 page, never a 500.

The endpoints, callers and bodies are the authorization matrix's: each endpoint is called by
a caller it answers with success, so its body is certainly read."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import transaction
from django.test import Client, override_settings
from django.urls import resolve

from judgetrain.parsers import SMALL_BODY, TEXT_BODY, body_limit
from tests.factories import assignment, candidate
from tests.security.test_authorization_matrix import (
    MATRIX,
    ROLES,
    Entry,
    World,
    _world,
    fixed,
    roles,
)
from tests.security.test_input_limits import _api_views_that_read_a_body

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

SUCCESS = (200, 201, 202)
READS_NO_BODY = {"api-committee-certificate-renew"}
"""Renewing takes no body and never reads one: an oversized body is not even read."""


EXTRA = {
    # Starting an exam through the API: the matrix has the page's start, not the API's.
    "api-attempt-list POST": Entry(
        "post",
        fixed("/api/v1/attempts"),
        roles(401, 201, 404, 404, 404, 403, 404),
        lambda w: {"assignment": w.fresh_assignment},
        json=True,
    ),
}


def _json_writes() -> dict[str, Any]:
    return {name: entry for name, entry in (MATRIX | EXTRA).items() if entry.json}


def _padded(size: int) -> str:
    """A JSON object of exactly `size` bytes."""
    return '{"pad": "' + "x" * (size - 11) + '"}'


def _send(client: Client, world: World, name: str, body: str) -> tuple[int, dict[str, Any]]:
    entry = (MATRIX | EXTRA)[name]
    role = next(role for role in ROLES if entry.expected[role] in SUCCESS)
    user = world.users[role]
    assert user is not None  # no route succeeds for an anonymous caller with a body
    client.logout()
    client.force_login(user)
    with transaction.atomic():
        response = getattr(client, entry.method)(
            entry.url(world), body, content_type="application/json"
        )
        transaction.set_rollback(True)
    payload = response.json() if response["Content-Type"] == "application/json" else {}
    return response.status_code, payload


def test_every_view_that_reads_a_body_declares_its_limit():
    undeclared = [
        f"{route} ({view.__name__})"
        for route, view in _api_views_that_read_a_body()
        if "max_body_bytes" not in vars(view)
    ]

    assert undeclared == []


def test_the_matrix_calls_every_view_that_reads_a_body():
    world = _world()
    called = {resolve(entry.url(world)).func.cls for entry in _json_writes().values()}

    assert {view for _, view in _api_views_that_read_a_body()} <= called


def test_one_byte_over_each_endpoints_limit_is_a_413_and_its_limit_is_accepted(client):
    world = _world()
    refused, wrong = {}, []
    for name, entry in sorted(_json_writes().items()):
        limit = body_limit(resolve(entry.url(world)).func.cls)
        status, body = _send(client, world, name, _padded(limit + 1))
        refused[name] = limit
        if name not in READS_NO_BODY and (status, body.get("code")) != (413, "body_too_large"):
            wrong.append(f"{name}: {limit + 1} bytes answered {status} {body}")
        status, body = _send(client, world, name, _padded(limit))
        if status == 413 or status >= 500:
            wrong.append(f"{name}: {limit} bytes answered {status} {body}")

    assert wrong == []
    assert refused["api-attempt-item-flag"] == SMALL_BODY
    assert refused["api-attempt-item"] == TEXT_BODY


@override_settings(API_MAX_BODY_BYTES=8192)
def test_the_setting_caps_every_declared_limit(client):
    world = _world()

    status, body = _send(client, world, "api-rulings-evaluate", _padded(8193))

    assert (status, body["code"]) == (413, "body_too_large")
    assert body["detail"] == "The request body is larger than 8192 bytes."


ESCAPED_EMOJI = "\\ud83d\\ude00"  # one character, twelve bytes of JSON


@pytest.mark.parametrize(
    ("url", "make"),
    [
        ("/api/v1/grading/grade", lambda w: {"question": w.question.pk}),
        ("/api/v1/practice/answers", lambda w: {"question": w.question.pk}),
    ],
)
def test_the_longest_answer_fits_even_fully_escaped(client, url, make):
    world = _world()
    fields = json.dumps(make(world))[1:-1]
    field = "answer" if "grading" in url else "response"
    body = "{" + fields + f', "{field}": "' + ESCAPED_EMOJI * 5000 + '"}'
    client.force_login(world.users["mentor"])

    response = client.post(url, body, content_type="application/json")

    assert len(body.encode()) < TEXT_BODY
    assert response.status_code != 413
    assert response.json().get("code") != "body_too_large"


def test_the_longest_autosave_fits_even_fully_escaped(client):
    person = candidate()
    client.force_login(person)
    started = client.post(
        "/api/v1/attempts", {"assignment": assignment(candidate=person).pk},
        content_type="application/json",
    )  # fmt: skip
    body = '{"revision": 0, "response": "' + ESCAPED_EMOJI * 5000 + '"}'

    response = client.put(
        f"/api/v1/attempts/{started.json()['id']}/items/1", body, content_type="application/json"
    )

    assert response.status_code == 200
    assert len(response.json()["response"]) == 5000


# --- page forms ------------------------------------------------------------------------------


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=4096)
@pytest.mark.parametrize("url", ["/accounts/login/", "/practice/"])
def test_a_page_form_over_the_size_limit_is_a_400_page_saying_so(client, url):
    client.force_login(candidate())

    response = client.post(
        url, "comment=" + "x" * 5000, content_type="application/x-www-form-urlencoded"
    )

    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    assert "larger than this site accepts (4 KB)" in response.content.decode()


@override_settings(DATA_UPLOAD_MAX_NUMBER_FIELDS=100)
def test_a_page_form_with_too_many_fields_is_a_400_page_saying_so(client):
    client.force_login(candidate())

    response = client.post(
        "/practice/",
        "&".join(f"f{n}=x" for n in range(101)),
        content_type="application/x-www-form-urlencoded",
    )

    assert response.status_code == 400
    assert "more fields than this site accepts" in response.content.decode()


def test_a_file_is_refused_where_no_page_takes_one(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(candidate())

    response = client.post("/practice/", {"f": SimpleUploadedFile("a.txt", b"x")})

    assert response.status_code == 400


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=4096)
def test_a_form_body_over_the_limit_on_the_api_is_a_coded_400(client):
    client.force_login(candidate())

    response = client.post(
        "/api/v1/practice/answers",
        "a=" + "x" * 5000,
        content_type="application/x-www-form-urlencoded",
    )

    assert response.status_code == 400
    assert response.json()["code"] == "body_too_large"


def test_the_form_limits_are_set_deliberately():
    from django.conf import settings

    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == settings.API_MAX_BODY_BYTES
    assert settings.DATA_UPLOAD_MAX_NUMBER_FIELDS == settings.FORM_MAX_FIELDS >= 3 * 1000
    assert settings.DATA_UPLOAD_MAX_NUMBER_FILES == 0
