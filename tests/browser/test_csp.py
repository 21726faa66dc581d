"""Under the strict Content-Security-Policy the pages and the API docs still work, and the
browser reports no blocked script or style."""

import pytest

from judgetrain.accounts.models import User
from tests.browser.helpers import log_in
from tests.factories import DEFAULT_PASSWORD, candidate

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _violations(page) -> list[str]:
    found: list[str] = []
    page.on(
        "console",
        lambda message: (
            found.append(f"{message.text} @ {message.location}")
            if "Content Security Policy" in message.text
            else None
        ),
    )
    return found


def test_the_candidate_pages_load_without_csp_violations(live_server, page):
    violations = _violations(page)
    candidate(email="ana@example.com", first_name="Ana")

    log_in(page, live_server.url, "ana@example.com")
    for path in ("/", "/practice/", "/exams/", "/accounts/password/"):
        page.goto(f"{live_server.url}{path}")
        page.wait_for_load_state("load")

    assert violations == []


def test_the_api_docs_render_their_operations_under_the_csp(live_server, page):
    violations = _violations(page)
    User.objects.create_superuser(email="root@example.com", password=DEFAULT_PASSWORD)
    log_in(page, live_server.url, "root@example.com")

    page.goto(f"{live_server.url}/api/docs/")
    page.locator(".opblock").first.wait_for()

    assert page.locator(".opblock").count() > 10
    assert violations == []


def test_the_admin_loads_without_csp_violations(live_server, page):
    violations = _violations(page)
    User.objects.create_superuser(email="root@example.com", password=DEFAULT_PASSWORD)
    log_in(page, live_server.url, "root@example.com")

    for path in ("/admin/", "/admin/quizzes/examblueprint/add/"):
        page.goto(f"{live_server.url}{path}")
        page.wait_for_load_state("load")

    assert violations == []


def test_the_browsable_api_loads_without_csp_violations(live_server, page):
    violations = _violations(page)
    User.objects.create_superuser(email="root@example.com", password=DEFAULT_PASSWORD)
    log_in(page, live_server.url, "root@example.com")

    for path in ("/api/v1/questions", "/api/v1/attempts", "/api/v1/committee/blueprints"):
        page.goto(f"{live_server.url}{path}")
        page.wait_for_load_state("load")
        assert page.locator(".response-info").count() == 1, path

    assert violations == []
