from collections.abc import Iterator
from typing import Any

import pytest

BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


@pytest.fixture
def page(chromium_path: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop in this thread; the ORM calls the test makes
    # itself (factories, assertions) are still synchronous and safe.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=BROWSER_ARGS)
        context = browser.new_context(viewport={"width": 375, "height": 740})
        page = context.new_page()
        page.set_default_timeout(15_000)
        yield page
        context.close()
        browser.close()


@pytest.fixture(scope="session", autouse=True)
def _end_live_server_sessions(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """The live server answers in daemon threads; one still finishing a request when the run
    ends would keep a PostgreSQL session open and block dropping the test database."""
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
