"""Every JSON endpoint refuses deep nesting and NUL characters with a 400, and oversized
bodies with a 413, that carry a ``code``, and oversized fields with a named field error: never
a 500."""

from __future__ import annotations

import json

import pytest
from django.test import override_settings

from judgetrain.accounts.models import User
from judgetrain.parsers import json_depth
from tests.factories import assignment, question
from tests.quizzes.mentor.conftest import flagged_review

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

DEEP = "[" * 1000 + "]" * 1000
DEEP_OBJECT = '{"a":' * 500 + "1" + "}" * 500  # under the smallest body limit (4 KiB)


@pytest.fixture
def superuser(client) -> User:
    user = User.objects.create_superuser(email="root@example.com", password="x" * 20)
    client.force_login(user)
    return user


@pytest.fixture
def writes(client, superuser) -> list[tuple[str, str]]:
    """(method, url) of every endpoint that reads a JSON body, reachable by the caller."""
    job = assignment(candidate=superuser)
    started = client.post(
        "/api/v1/attempts", {"assignment": job.pk}, content_type="application/json"
    )
    attempt = started.json()["id"]
    review = flagged_review()
    return [
        ("post", "/api/v1/rulings/evaluate"),
        ("post", "/api/v1/grading/grade"),
        ("post", "/api/v1/practice/answers"),
        ("post", "/api/v1/attempts"),
        ("put", f"/api/v1/attempts/{attempt}/items/1"),
        ("post", f"/api/v1/attempts/{attempt}/items/1/appeal"),
        ("post", f"/api/v1/attempts/{attempt}/submit"),
        ("post", "/api/v1/committee/blueprints"),
        ("post", "/api/v1/committee/templates/rb-trigger-impact/retire"),
        ("post", f"/api/v1/mentor/reviews/{review.pk}/decide"),
        ("post", "/api/v1/assignments"),
        ("post", "/api/v1/rulings/diff"),
        ("post", "/api/v1/mentor/workbench"),
    ]


def _send(client, method: str, url: str, body: str):
    return getattr(client, method)(url, body, content_type="application/json")


@pytest.mark.parametrize("body", [DEEP, DEEP_OBJECT])
def test_json_nested_hundreds_deep_is_refused_by_every_json_endpoint(client, writes, body):
    for method, url in writes:
        response = _send(client, method, url, body)

        assert response.status_code == 400, url
        assert response.json()["code"] == "json_too_deep", url
        assert response.json()["detail"]


@override_settings(API_MAX_BODY_BYTES=2048)
def test_a_body_over_the_size_limit_is_refused_by_every_json_endpoint(client, writes):
    body = json.dumps({"response": "x" * 4000})

    for method, url in writes:
        response = _send(client, method, url, body)

        assert response.status_code == 413, url
        assert response.json()["code"] == "body_too_large", url


def test_a_nul_character_in_any_json_text_is_refused(client, writes):
    for method, url in writes:
        response = _send(client, method, url, '{"response": "a\\u0000b", "comment": "\\u0000"}')

        assert response.status_code == 400, url
        assert response.json()["code"] == "null_character", url


def test_an_escaped_backslash_before_u0000_is_plain_text(client, writes):
    method, url = writes[4]  # the autosave

    response = _send(client, method, url, json.dumps({"response": "C:\\u0000 path", "revision": 0}))

    assert response.status_code == 200
    assert response.json()["response"] == "C:\\u0000 path"


def test_nesting_within_the_limit_still_parses(client, writes):
    situation = {"game": "riftbound", "players": ["a", "b"], "turn_player": "a"}
    body = json.dumps({**situation, "trigger": {"kind": "point_total", "controller": "a"}})

    response = _send(client, "post", "/api/v1/rulings/evaluate", body)

    assert response.status_code == 200


def test_brackets_inside_strings_do_not_count_as_depth():
    assert json_depth(json.dumps({"a": "[[[[[[{{{{{{" * 100})) == 1
    assert json_depth('[[1], {"a": [2]}]') == 3


@pytest.mark.parametrize(
    ("url", "body", "field"),
    [
        ("/api/v1/grading/grade", {"question": 1, "answer": "x" * 5001}, "answer"),
        ("/api/v1/practice/answers", {"question": 1, "response": "x" * 5001}, "response"),
        ("/api/v1/rulings/evaluate", {"game": "x" * 100_000}, "game"),
        ("/api/v1/rulings/diff", {"before": {"game": "x" * 100_000}, "after": {}}, "before.game"),
    ],
)
def test_oversized_fields_are_named_and_not_echoed(client, superuser, url, body, field):
    question()

    response = client.post(url, body, content_type="application/json")

    assert response.status_code == 400
    assert field in response.json()
    assert len(response.content) < 2000


def test_an_oversized_choice_is_not_echoed_in_full(client, superuser):
    response = client.post(
        "/api/v1/grading/grade",
        {"expected": {"infraction": "y" * 60_000}, "game": "mtg", "answer": "a"},
        content_type="application/json",
    )

    assert response.status_code == 400
    assert len(response.content) < 2000
    assert response.json()["code"] == "invalid"


def test_ten_thousand_players_are_refused_at_once(client, superuser):
    situation = {
        "game": "riftbound",
        "players": [f"p{i}" for i in range(10_000)],
        "turn_player": "p0",
        "trigger": {"kind": "point_total", "controller": "p0"},
    }

    response = client.post("/api/v1/rulings/evaluate", situation, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["players"] == ["must have at most 16 items"]


@pytest.mark.parametrize(
    "query",
    [
        "/api/v1/questions?topic=" + "t" * 5000,
        "/api/v1/questions?policy_version=" + "v" * 5000,
        "/api/v1/practice/next?topics=" + ",".join(["t"] * 500),
        "/api/v1/policies/?game=" + "g" * 5000,
        "/accounts/settings/?q=" + "x" * 5000,
    ],
)
def test_oversized_query_parameters_are_refused_or_ignored_never_a_500(client, superuser, query):
    response = client.get(query)

    assert response.status_code in (200, 400, 404)
    assert len(response.content) < 20_000


def test_an_oversized_page_form_is_a_400_not_a_500(client):
    response = client.post("/accounts/login/", {"username": "a", "password": "p" * 2_000_000})

    assert response.status_code == 400


def test_an_oversized_login_name_and_user_agent_are_a_form_error(client):
    from axes.models import AccessAttempt

    response = client.post(
        "/accounts/login/",
        {"username": "u" * 100_000, "password": "p"},
        HTTP_USER_AGENT="a" * 100_000,
    )

    assert response.status_code == 200
    assert response.context["form"].errors
    recorded = AccessAttempt.objects.get()  # the lockout's record fits its columns
    assert len(recorded.username) <= 255
    assert len(recorded.user_agent) <= 255


@pytest.mark.parametrize(
    "url", ["/api/v1/policies/a%00b/", "/api/v1/questions?policy_version=%00", "/practice/a%00"]
)
def test_a_nul_character_in_the_url_is_a_400(client, superuser, url):
    response = client.get(url)

    assert response.status_code == 400


@pytest.mark.parametrize("template", ["includes/field.html", "quizzes/practice/_choices.html"])
def test_a_page_form_error_quotes_at_most_a_few_hundred_characters(template):
    from django import forms
    from django.template.loader import render_to_string

    class Form(forms.Form):
        choice = forms.ChoiceField(choices=[("a", "A")], widget=forms.RadioSelect)

    form = Form(data={"choice": "x" * 100_000})
    assert not form.is_valid()

    html = render_to_string(template, {"field": form["choice"]})

    assert len(html) < 2000


def _api_views_that_read_a_body() -> list[tuple[str, type]]:
    """(route, view class) of every DRF view in the URL conf with a POST, PUT or PATCH handler,
    found by walking the resolver, so an endpoint added later is covered without editing a list."""
    from django.urls import URLPattern, URLResolver, get_resolver

    found: list[tuple[str, type]] = []

    def walk(patterns, prefix: str) -> None:
        for entry in patterns:
            if isinstance(entry, URLResolver):
                walk(entry.url_patterns, prefix + str(entry.pattern))
            elif isinstance(entry, URLPattern):
                view_class = getattr(entry.callback, "cls", None)
                if view_class is None:
                    continue
                actions = getattr(entry.callback, "actions", None) or {}
                methods = set(actions) or {
                    name for name in ("post", "put", "patch") if hasattr(view_class, name)
                }
                if methods & {"post", "put", "patch"}:
                    found.append((prefix + str(entry.pattern), view_class))

    walk(get_resolver().url_patterns, "/")
    return found


def test_every_api_view_that_reads_a_body_parses_it_with_the_bounded_parser():
    from judgetrain.parsers import JSONParser

    views = _api_views_that_read_a_body()
    unbounded = [
        f"{route} ({view_class.__name__}: {parser.__name__})"
        for route, view_class in views
        for parser in view_class.parser_classes
        if not issubclass(parser, JSONParser)
    ]

    assert len(views) >= 7  # the walk finds the endpoints the dynamic tests above call
    assert unbounded == []


def test_the_dynamic_limit_tests_call_an_endpoint_of_every_api_module(writes):
    """The body tests above send hostile JSON to a list of URLs; every module that has a
    write endpoint must be represented there, so a new family of endpoints is not missed."""
    modules = {view_class.__module__ for _, view_class in _api_views_that_read_a_body()}
    from django.urls import resolve

    called = {resolve(url.split("?")[0]).func.cls.__module__ for _, url in writes}

    assert modules - called == set()
