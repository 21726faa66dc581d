"""Parts of the load benchmark, small: its committee-report seeding writes rows the current
models accept, its saturated rounds can start the same prepared attempts again, and it judges
each target with its reason.

The benchmark seeds a million graded answers with INSERT ... SELECT; a column added to a model
later (a NOT NULL one without a database default) used to break `make bench` without any test
noticing. This runs the same seeding, small, on PostgreSQL (its SQL uses generate_series)."""

import importlib.util
import sys
from argparse import Namespace
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone

from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.exams.services import exams, variants
from tests.conftest import require
from tests.factories import AssignmentFactory, BlueprintFactory, QuestionFactory, candidate

pytestmark = pytest.mark.django_db

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_load.py"


@pytest.fixture
def bench():
    spec = importlib.util.spec_from_file_location("bench_load", BENCH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_load"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def bench_load(bench):
    require(bool(settings.DATABASE_URL), "DATABASE_URL is not set: the seeding SQL is PostgreSQL's")
    return bench


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


def test_a_saturated_round_can_start_the_same_prepared_attempts_again(bench_load, monkeypatch):
    monkeypatch.setattr(variants, "_queue_job", lambda job_id: None)
    now = timezone.now()
    job = variants.assignments_create(
        blueprint=BlueprintFactory(composition=[{"topic": None, "kind": "free_form", "count": 2}]),
        candidates=[candidate(), candidate()],
        opens_at=now - timedelta(minutes=1),
        closes_at=now + timedelta(days=1),
    )
    variants.assignments_variants_build(assignment_ids=[a.pk for a in job.assignments.all()])

    for _round in range(2):
        started = [
            exams.attempt_start_prepared(candidate_id=a.candidate_id, assignment_id=a.pk)
            for a in job.assignments.all()
        ]
        assert all(start is not None for start in started)
        bench_load.prepared_again(job)

    assert set(Attempt.all_objects.values_list("status", flat=True)) == {Attempt.Status.READY}


def figures(start_p95, trivial_p95, start_rate, trivial_rate, offered=1000):
    def run(p95, rate, n=offered):
        return {"n": n, "errors": 0, "error_kinds": {}, "p50": p95 / 2, "p95": p95,
                "p99": p95, "rate": rate, "load": 1.0}  # fmt: skip

    return {
        "n": offered, "start_spike": run(start_p95, 0), "trivial_spike": run(trivial_p95, 0),
        "start_cap": run(0, start_rate), "trivial_cap": run(0, trivial_rate),
        "save": run(10, 5), "watch": run(10, 10), "accepted": 7, "revisions": 7, "answers": 3,
        "matching": 3, "pregen_s": 20.0, "grade_s": 20.0, "workers": 2,
    }  # fmt: skip


def test_each_target_is_met_or_missed_with_its_reason(bench):
    args = Namespace(spike_seconds=10.0)
    met = {t.name: t for t in bench.layout_targets(args, 1, figures(140, 100, 60, 100))}
    assert all(target.ok for target in met.values())

    missed = {t.name: t for t in bench.layout_targets(args, 2, figures(400, 100, 40, 100))}
    spike = next(t for name, t in missed.items() if name.startswith("exam-start spike"))
    share = next(t for name, t in missed.items() if name.startswith("saturated starts"))
    assert (spike.ok, share.ok) == (False, False)
    assert "4.00x" in spike.figure
    assert "missed by 2.50x" in spike.reason
    assert "offers 100 starts/s" in spike.reason  # 1,000 in 10 s against 40/s saturated
    queued = bench.layout_targets(args, 1, figures(400, 100, 140, 220))[0]
    assert not queued.ok
    assert "loads the start path to 71%" in queued.reason  # 100/s against 140/s saturated
    assert "trivial endpoint to 45%" in queued.reason
    assert "40%" in share.figure
    assert "2.5 trivial requests" in share.reason


def test_the_proxy_spreads_requests_over_both_nodes(bench):
    config = bench.nginx_config("/tmp/x", 8160, [8161, 8162], as_root=False)

    assert "listen 127.0.0.1:8160" in config
    assert "server 127.0.0.1:8161;" in config
    assert "server 127.0.0.1:8162;" in config
    assert "user root" not in config
