"""Fault tests against the real services: a worker killed mid-grading, Redis unavailable,
the database lost mid-request.

The kill tests run their own Celery workers against a dedicated Redis (``FAULT_REDIS_URL``,
a database or server nothing else uses), so killing them never disturbs the worker CI runs.
The Redis tests point the broker and cache at a dead port instead of stopping the shared
Redis.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest
import redis
from django.db import connection
from django.utils import timezone

from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams
from tests.conftest import require
from tests.factories import assignment, candidate
from tests.outage import broker_down, celery_app, dead_port, hung_server, redis_cache
from tests.waiting import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
GRADE_TASK = "quizzes.attempt_grade"


def status_of(attempt: Attempt) -> str:
    attempt.refresh_from_db()
    return attempt.status


def database_url() -> str:
    db = connection.settings_dict
    auth = quote(db["USER"] or "")
    if db["PASSWORD"]:
        auth += ":" + quote(db["PASSWORD"])
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def side_connection() -> psycopg.Connection:
    """A second connection to the test database, outside Django."""
    return psycopg.connect(database_url().replace("postgres://", "postgresql://", 1))


# --- Workers of our own, on a Redis nobody else uses --------------------------------------


@pytest.fixture
def fault_redis() -> Iterator[str]:
    url = os.environ.get("FAULT_REDIS_URL", "")
    require(bool(url), "FAULT_REDIS_URL is not set (a Redis database the fault tests may flush)")
    client = redis.Redis.from_url(url)
    try:
        client.ping()
    except redis.RedisError as error:
        require(False, f"FAULT_REDIS_URL={url} does not answer: {error}")
    client.flushdb()
    yield url
    client.flushdb()
    client.close()


class Workers:
    """Celery workers started as process groups, so SIGKILL takes the whole worker."""

    def __init__(self, broker: str, logs: Path) -> None:
        self.broker = broker
        self.logs = logs
        self.started: list[subprocess.Popen[bytes]] = []

    def start(self, name: str, **env: str) -> subprocess.Popen[bytes]:
        log = (self.logs / f"{name}.log").open("wb")
        process = subprocess.Popen(
            [
                *(sys.executable, "-m", "celery", "-A", "judgetrain", "worker"),
                *("--loglevel=INFO", "--concurrency=1", "--pool=prefork"),
                *("--without-gossip", "--without-mingle", "--without-heartbeat"),
                *("--hostname", f"{name}@fault-test"),
            ],
            cwd=ROOT,
            env={
                **os.environ,
                "DATABASE_URL": database_url(),
                "REDIS_URL": self.broker,
                "CELERY_TASK_ALWAYS_EAGER": "false",
                **env,
            },
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.started.append(process)
        with celery_app(broker_url=self.broker, result_backend=self.broker) as app:
            wait_for(
                lambda: (
                    bool(app.control.ping(destination=[f"{name}@fault-test"], timeout=0.5))
                    or process.poll() is not None
                ),
                what=f"worker {name} answering a ping (or exiting)",
                seconds=90,
            )
        assert process.poll() is None, self.log(name)
        return process

    def log(self, name: str) -> str:
        return (self.logs / f"{name}.log").read_text(errors="replace")

    @staticmethod
    def kill(process: subprocess.Popen[bytes]) -> None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)

    def stop_all(self) -> None:
        for process in self.started:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    self.kill(process)


@pytest.fixture
def workers(fault_redis: str, tmp_path: Path) -> Iterator[Workers]:
    running = Workers(fault_redis, tmp_path)
    yield running
    running.stop_all()


def submitted_attempt(broker: str) -> Attempt:
    """A submitted attempt whose grading waits in the fault broker's queue."""
    attempt = exams.attempt_start(assignment=assignment(), language="en")
    with celery_app(broker_url=broker, result_backend=broker):
        exams.attempt_submit(
            attempt=attempt, responses={1: exams.Answer("Missed trigger, no penalty", 0)}
        )
    assert redis.Redis.from_url(broker).llen("celery") == 1
    return attempt


def lock_row(attempt: Attempt) -> psycopg.Connection:
    """Hold the attempt's row lock, so a worker grading it waits mid-task."""
    side = side_connection()
    side.execute("SELECT 1 FROM quizzes_attempt WHERE id = %s FOR UPDATE", [attempt.pk])
    return side


def waiting_for_a_lock() -> bool:
    with side_connection() as side:
        row = side.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        ).fetchone()
    return bool(row and row[0])


def drained(broker: str) -> bool:
    client = redis.Redis.from_url(broker)
    return client.llen("celery") == 0 and client.hlen("unacked") == 0


def children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in path.read_text().split()]


def assert_graded_exactly_once(attempt: Attempt, workers: Workers, broker: str, *names: str):
    graded_at = attempt.graded_at
    wait_for(lambda: drained(broker), what="the queue draining", seconds=30)
    attempt.refresh_from_db()
    assert attempt.graded_at == graded_at  # nothing graded it again
    assert all(item.grade is not None for item in attempt.items.all())
    successes = sum(
        f"Task {GRADE_TASK}[" in line and "] succeeded in" in line
        for name in names
        for line in workers.log(name).splitlines()
    )
    assert successes == 1, "\n".join(workers.log(name) for name in names)


def test_a_grading_whose_worker_process_is_killed_is_redelivered_at_once(workers, fault_redis):
    attempt = submitted_attempt(fault_redis)
    side = lock_row(attempt)
    worker = workers.start("prompt")
    wait_for(waiting_for_a_lock, what="the worker holding the grading task", seconds=60)

    [child] = children(worker.pid)
    os.kill(child, signal.SIGKILL)  # the pool process grading it dies (OOM killer, kill -9)
    side.rollback()
    side.close()

    # Rejected on worker loss and back on the queue at once, well before the visibility
    # timeout (90 s by default) or the beat sweep.
    wait_for(
        lambda: status_of(attempt) == Attempt.Status.GRADED, what="the attempt graded", seconds=45
    )
    assert_graded_exactly_once(attempt, workers, fault_redis, "prompt")


def test_a_grading_held_by_a_worker_killed_with_sigkill_is_graded_once_by_another(
    workers, fault_redis
):
    attempt = submitted_attempt(fault_redis)
    side = lock_row(attempt)
    limits = {
        "CELERY_TASK_TIME_LIMIT": "4",
        "CELERY_TASK_SOFT_TIME_LIMIT": "3",
        "CELERY_BROKER_VISIBILITY_TIMEOUT": "6",
    }
    first = workers.start("doomed", **limits)
    wait_for(waiting_for_a_lock, what="the worker holding the grading task", seconds=60)

    workers.kill(first)  # the whole worker, main process and pool, with SIGKILL
    side.rollback()
    side.close()
    assert redis.Redis.from_url(fault_redis).hlen("unacked") == 1  # not acknowledged
    workers.start("rescuer", **limits)

    # The rescuer puts the unacknowledged task back once it is older than the visibility
    # timeout (checked every 5 s): graded within about 6 + 5 s, not the sweep's minutes.
    wait_for(
        lambda: status_of(attempt) == Attempt.Status.GRADED, what="the attempt graded", seconds=60
    )
    assert_graded_exactly_once(attempt, workers, fault_redis, "doomed", "rescuer")


# --- Redis unavailable ----------------------------------------------------------------------


def post(client, url, body=None):
    started = time.monotonic()
    response = client.post(url, body or {}, content_type="application/json")
    return response, time.monotonic() - started


@pytest.mark.parametrize("outage", ["stopped", "hung"])
def test_with_redis_unavailable_exams_answer_quickly_and_grading_catches_up(
    client, settings, outage
):
    student = candidate()
    client.force_login(student)
    first, second = assignment(candidate=student), assignment(candidate=student)
    # Every Redis client: the cache (throttles, sessions if cached) and the broker.
    bound = 3 * settings.REDIS_SOCKET_TIMEOUT + settings.REDIS_CONNECT_TIMEOUT
    real_cache = settings.CACHES
    with hung_server() as hung:
        port = hung if outage == "hung" else dead_port()
        settings.CACHES = redis_cache(port)
        with broker_down(port):
            started, start_time = post(
                client, "/api/v1/attempts", {"assignment": first.pk, "language": "en"}
            )
            url = f"/api/v1/attempts/{started.json()['id']}"
            submitted, submit_time = post(
                client,
                f"{url}/submit",
                {"responses": {"1": {"response": "Warning", "revision": 0}}},
            )
            left_open, _ = post(
                client, "/api/v1/attempts", {"assignment": second.pk, "language": "en"}
            )
    settings.CACHES = real_cache

    assert (started.status_code, submitted.status_code, left_open.status_code) == (201, 200, 201)
    assert start_time < bound  # 19 s before the fix
    assert submit_time < bound
    done = Attempt.objects.get(pk=started.json()["id"])
    assert done.status == Attempt.Status.SUBMITTED
    assert done.items.get(position=1).response == "Warning"

    # Redis is back: the beat sweep closes the attempt left open past its deadline and queues
    # grading for both; the real worker grades them.
    open_one = Attempt.objects.get(pk=left_open.json()["id"])
    Attempt.objects.filter(pk=open_one.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    closed = exams.attempts_close_overdue()
    later = timezone.now() + exams.grading_grace() + timedelta(seconds=1)
    requeued = exams.attempts_regrade_stuck(now=later, exclude=closed)

    assert closed == [open_one.pk]
    assert done.pk in requeued
    for attempt in (done, open_one):
        wait_for(
            lambda a=attempt: status_of(a) == Attempt.Status.GRADED,
            what="the attempt graded",
            seconds=60,
        )


# --- The database lost mid-request ----------------------------------------------------------


def test_losing_the_database_mid_start_answers_503_and_leaves_no_attempt(client, monkeypatch):
    student = candidate()
    client.force_login(student)
    job = assignment(candidate=student)
    insert_items = exams.attempt_items_insert

    def lose_the_database(**kwargs):
        # The attempt row is written; the server now drops this request's connection.
        pid = connection.connection.info.backend_pid
        with side_connection() as side:
            side.execute("SELECT pg_terminate_backend(%s)", [pid])
        return insert_items(**kwargs)

    monkeypatch.setattr(exams, "attempt_items_insert", lose_the_database)

    response, _ = post(client, "/api/v1/attempts", {"assignment": job.pk, "language": "en"})

    assert response.status_code == 503
    assert response.json()["code"] == "database_unavailable"
    connection.close()
    assert not Attempt.all_objects.filter(assignment=job).exists()
