"""The load benchmark's committee-report seeding writes rows the current models accept.

The benchmark seeds a million graded answers with INSERT ... SELECT; a column added to a model
later (a NOT NULL one without a database default) used to break `make bench` without any test
noticing. This runs the same seeding, small, on PostgreSQL (its SQL uses generate_series)."""

import importlib.util
from pathlib import Path

import pytest
from django.conf import settings

from quizzes.models import Attempt, AttemptItem
from tests.conftest import require
from tests.factories import AssignmentFactory, BlueprintFactory, QuestionFactory

pytestmark = pytest.mark.django_db

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_load.py"


@pytest.fixture
def bench_load():
    require(bool(settings.DATABASE_URL), "DATABASE_URL is not set: the seeding SQL is PostgreSQL's")
    spec = importlib.util.spec_from_file_location("bench_load", BENCH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_report_seeding_fills_every_column_with_the_models_defaults(bench_load):
    blueprint = BlueprintFactory()
    AssignmentFactory.create_batch(3, blueprint=blueprint)
    QuestionFactory.create_batch(5)

    bench_load.seed_report(blueprint.pk, 3, 0, 5, 4)

    attempts = Attempt.objects.filter(assignment__blueprint=blueprint)
    assert attempts.count() == 6
    items = AttemptItem.objects.filter(attempt__in=attempts)
    assert items.count() == 24
    assert set(items.values_list("flagged", "flag_revision").distinct()) == {(False, 0)}


def test_the_seeding_sql_names_each_column_once(bench_load):
    for sql, model in (
        (bench_load.REPORT_SEED_SQL, Attempt),
        (bench_load.REPORT_ITEMS_SQL, AttemptItem),
    ):
        filled, _params = bench_load.with_other_columns(sql, {}, model)
        insert = filled[filled.index("INSERT INTO") :]
        columns = [c.strip() for c in insert[insert.index("(") + 1 : insert.index(")")].split(",")]
        assert len(columns) == len(set(columns))
        assert set(columns) == {f.column for f in model._meta.concrete_fields if not f.primary_key}
