"""Helpers for migration tests: move the test database to a migration and back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(target: list[tuple[str, str]]) -> Any:
    """Migrate the test database to ``target``; the apps registry of that state."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def migrate_to_latest() -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.fixture(autouse=True)
def _latest_schema_after() -> Iterator[None]:
    """Whatever happens, leave the database at the newest migrations for the next tests."""
    yield
    migrate_to_latest()
