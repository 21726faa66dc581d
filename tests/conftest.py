"""Shared test set-up.

Tests run Celery eagerly, except those marked ``integration``, which talk to the real
worker, PostgreSQL and Redis. Under CI (``CI=true``) a missing service fails those tests;
on a developer machine without the services they are skipped with the reason.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from tests.waiting import wait_for

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
CHROMIUM = "/usr/bin/chromium"


def pytest_configure(config: pytest.Config) -> None:
    if config.pluginmanager.hasplugin("django"):
        from django.conf import settings

        # Hashing cost is not what the suite measures.
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
        # Nor are the e-mail rate limits, except in their own tests (which set small ones):
        # their counters outlive a test (and, in Redis, a run), so the suite's many resets
        # and invitations from 127.0.0.1 must not add up to a refusal.
        settings.RATE_LIMITS = dict.fromkeys(settings.RATE_LIMITS, "1000000/day")
        # The live server answers each request in its own thread: persistent connections
        # there would outlive the test and block dropping the test database.
        settings.DATABASES["default"]["CONN_MAX_AGE"] = 0
        # pytest-xdist runs the suite in several processes, each with its own test database
        # (pytest-django suffixes its name) but one Redis: each keeps its cache keys (login
        # limits, throttles, locks) apart, or one process's counters refuse another's users.
        worker = os.environ.get("PYTEST_XDIST_WORKER")
        if worker:
            for cache in settings.CACHES.values():
                cache["KEY_PREFIX"] = f"{cache.get('KEY_PREFIX', '')}xdist-{worker}"


# Test modules that read one sample generated once a process (functools.cache) run in the same
# xdist process, so the sample is generated once a run. Under --dist loadfile a file is the unit
# of work; a group here is one unit instead (see `pytest_xdist_make_scheduler` below).
QUESTIONS = "tests/rulings/core/questions/"
SAME_PROCESS = {
    "question samples": tuple(
        QUESTIONS + name
        for name in (
            "test_questions_wrong_part_balance.py",  # samples.wrong_part_items
            "test_questions_wrong_part_lookalike.py",  # samples.wrong_part_items
            "test_questions_settled_and_doubted_parts.py",  # both samples
            "test_questions_options_balanced.py",  # key_rates.thousand_multiple_choice
            "test_questions_review9_options.py",  # key_rates.thousand_multiple_choice
        )
    ),
}

# Directories whose modules all run in one process, one after another: the browser tests share
# one Chromium (a package-scoped fixture), started once a run rather than once a module.
SAME_PROCESS_DIRECTORIES = ("tests/browser/",)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """--dist loadfile, with each `SAME_PROCESS` group and each of the
    `SAME_PROCESS_DIRECTORIES` sent to one process as a whole."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling  # type: ignore[import-untyped]

    group_of = {path: name for name, paths in SAME_PROCESS.items() for path in paths}

    class GroupedLoadFileScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            for directory in SAME_PROCESS_DIRECTORIES:
                if path.startswith(directory):
                    return directory
            return group_of.get(path, path)

    return GroupedLoadFileScheduling(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """`make pytest` runs the integration tests from tests/integration/ alone (collecting the
    other 9,000 tests only to deselect them cost about 15 s of CPU): a test marked integration
    anywhere else would never run there, so it is an error."""
    elsewhere = [
        item.nodeid
        for item in items
        if item.get_closest_marker("integration") is not None
        and "/tests/integration/" not in item.path.as_posix()
    ]
    if elsewhere:
        raise pytest.UsageError(
            f"tests marked integration must live in tests/integration/: {elsewhere}"
        )


def require(condition: bool, reason: str) -> None:
    """Skip locally, fail under CI: CI must never pass by skipping a service test."""
    if condition:
        return
    if IN_CI:
        pytest.fail(f"CI needs this service: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(autouse=True)
def _celery_mode(request: pytest.FixtureRequest) -> Iterator[None]:
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from django.conf import settings

    from judgetrain.celery import app

    integration = request.node.get_closest_marker("integration") is not None
    if integration:
        require(bool(settings.REDIS_URL), "REDIS_URL is not set, so there is no Celery broker")
        require(bool(settings.DATABASE_URL), "DATABASE_URL is not set, so there is no PostgreSQL")
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = not integration
    yield
    app.conf.task_always_eager = previous
    if integration:
        _wait_until_workers_are_idle(app)


@pytest.fixture(autouse=True)
def _site_language_after_each_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """A request through the test client leaves its user's language active on the thread (the
    middleware activates it, as Django's own does); a later test calling a service directly
    would then read Spanish messages. Each test starts in the site's language."""
    yield
    if request.config.pluginmanager.hasplugin("django"):
        from django.utils import translation

        translation.deactivate()


def _wait_until_workers_are_idle(app: Any, seconds: float = 20) -> None:
    """A task the test queued (a grading, the e-mail it sends) may still run on the real
    worker; the test database is flushed next, and a TRUNCATE racing a worker's transaction
    deadlocks. Wait until no worker has a task in hand (bounded: a stuck worker fails loudly
    in the next test, not here)."""
    inspect = app.control.inspect(timeout=0.5)

    def idle() -> bool:
        active = inspect.active() or {}
        reserved = inspect.reserved() or {}
        return not any(active.values()) and not any(reserved.values())

    with contextlib.suppress(AssertionError):
        wait_for(idle, what="every Celery worker idle", seconds=seconds)


@pytest.fixture
def chromium_path() -> str:
    require(
        shutil.which(CHROMIUM) is not None,
        f"{CHROMIUM} is not installed (apt-get install chromium)",
    )
    return CHROMIUM
