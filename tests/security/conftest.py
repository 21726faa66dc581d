"""Shared set-up of the security tests: every test here is marked ``security``."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "/tests/security/" in str(item.path):
            item.add_marker(pytest.mark.security)


@pytest.fixture
def on_commit_now(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run on-commit callbacks at once (the test's transaction never commits)."""
    from django.db import transaction

    def run_now(func, using=None, robust=False):
        func()

    monkeypatch.setattr(transaction, "on_commit", run_now)
