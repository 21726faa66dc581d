"""No response is kept in a cache: every route of the authorization matrix, for every caller,
answers ``Cache-Control`` with ``no-store`` (judgetrain.middleware.NoStoreMiddleware).

Pages and API answers carry answers, keys, grades and names; a shared computer's browser
cache or a proxy must keep none of them. The routes, callers and bodies are the
authorization matrix's (tests/security/test_authorization_matrix.py), built once here.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction
from django.test import Client

from tests.security.test_authorization_matrix import (
    ADMIN_MODELS,
    MATRIX,
    ROLES,
    World,
    _world,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def _cache_control(client: Client, world: World, role: str, method: str, url: str, **kw: Any):
    user = world.users[role]
    client.logout()
    if user is not None:
        client.force_login(user)
    with transaction.atomic():
        response = getattr(client, method)(url, **kw)
        transaction.set_rollback(True)
    return response.status_code, response.get("Cache-Control", "")


def test_every_route_answers_every_caller_with_no_store(client):
    world = _world()
    cached: list[str] = []
    for name, entry in sorted(MATRIX.items()):
        url = entry.url(world)
        body = entry.body(world) if entry.body else None
        for role in ROLES:
            if entry.json:
                kw: dict[str, Any] = {"data": body, "content_type": "application/json"}
            else:
                kw = {"data": body} if body is not None else {}
            status, header = _cache_control(client, world, role, entry.method, url, **kw)
            if "no-store" not in header:
                cached.append(f"{name} as {role}: {status} {header!r}")

    assert cached == []


def test_every_admin_list_and_form_answers_with_no_store(client):
    world = _world()
    cached: list[str] = []
    for label in sorted(ADMIN_MODELS):
        app, model = label.split(".")
        for role in ("committee", "admin"):
            for suffix in ("", "add/"):
                url = f"/admin/{app}/{model}/{suffix}"
                status, header = _cache_control(client, world, role, "get", url)
                if "no-store" not in header:
                    cached.append(f"{url} as {role}: {status} {header!r}")

    assert cached == []


@pytest.mark.parametrize(
    "url", ["/", "/accounts/login/", "/api/v1/questions", "/no-such-page", "/api/v1/nothing"]
)
def test_anonymous_pages_and_errors_are_not_stored_either(client, url):
    response = client.get(url)

    assert "no-store" in response["Cache-Control"]


def test_a_view_that_sets_its_own_cache_control_keeps_it(client):
    response = client.get("/healthz")

    assert response["Cache-Control"].startswith("max-age=0")  # never_cache's own header
    assert "no-store" in response["Cache-Control"]
