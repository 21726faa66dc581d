import pytest
from django.db import transaction


@pytest.fixture
def on_commit_now(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run on-commit callbacks (queued tasks) at once: each test runs inside one transaction
    that never commits, so without this a task queued on commit would never run."""

    def run_now(func, using=None, robust=False):
        func()

    monkeypatch.setattr(transaction, "on_commit", run_now)
