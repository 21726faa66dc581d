from collections.abc import Iterator
from typing import Any

import pytest

BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """One Chromium for the browser tests; each test gets its own context (cookies, storage).

    Package scope, not session: Playwright's event loop (and the async-unsafe allowance it
    needs) must end with the browser tests, before any other test or subprocess runs. The
    browser modules run in one xdist process, one after another (`SAME_PROCESS_DIRECTORIES`
    in tests/conftest.py), so the package is entered once and Chromium starts once a run."""
    import os
    import shutil

    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM, require

    require(shutil.which(CHROMIUM) is not None, f"{CHROMIUM} is not installed")
    # Playwright's sync API keeps an event loop in this thread; the ORM calls the test makes
    # itself (factories, assertions) are still synchronous and safe.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        yield browser
        browser.close()
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def page(chromium_path: str, browser: Any) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 375, "height": 740})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


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
