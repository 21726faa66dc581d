"""Load on the production stack: gunicorn, PostgreSQL, Redis and Celery, driven by locust.

    .venv/bin/python bench/bench_load.py [--candidates 1000] [--quick]

Creates its own database (BENCH_DATABASE, default jt_pregen_bench) and uses its own Redis
database (BENCH_REDIS_DB, default 6), starts gunicorn and a Celery worker on 127.0.0.1
(BENCH_PORT, default 8150), runs the scenarios below and prints ONE table in which every figure
stands beside a trivial endpoint's (GET /api/v1/me) measured in the same run. Everything it
started is stopped and its database dropped on the way out, also on an error or Ctrl-C. When
PostgreSQL or Redis is not answering it says which and exits with status 2.

1. cohort pipeline, part 1: 1,000 candidates are assigned a 40-question exam; Celery
   pre-generates their variants (wall time from the assignment's commit to the last variant);
2. exam-start spike: the 1,000 candidates start within 10 s (locust), p50/p95/p99 and errors,
   beside the same spike on the trivial endpoint; then start and trivial throughput when
   saturated (more candidates, 10 concurrent clients);
3. autosave: 200 of them save an answer every 2 to 4 s for 2 minutes; answers stored in the
   database are counted against answers the server accepted;
4. cohort pipeline, part 2: every attempt is filled in and submitted; wall time until Celery
   has graded all of them;
5. committee report over 10k, 100k and 1M graded answers, seeded with generate_series.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
DB_NAME = os.environ.get("BENCH_DATABASE", "jt_pregen_bench")
REDIS = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379")
REDIS_DB = int(os.environ.get("BENCH_REDIS_DB", "6"))
PORT = int(os.environ.get("BENCH_PORT", "8150"))
GUNICORN_WORKERS = int(os.environ.get("BENCH_GUNICORN_WORKERS", "2"))
GUNICORN_THREADS = int(os.environ.get("BENCH_GUNICORN_THREADS", "4"))
CELERY_CONCURRENCY = int(os.environ.get("BENCH_CELERY_CONCURRENCY", "2"))
CSRF = "benchcsrftokenbenchcsrftoken0123"
LOCUST = ROOT / "bench" / "load" / "locust_run.py"

TARGET_START_P95_MS = 300.0
TARGET_START_SHARE = 0.25
TARGET_PIPELINE_S = 60.0
TARGET_REPORT_S = 2.0


class Missing(Exception):
    """A service the bench needs is not there; the message says which and how to fix it."""


# --- services ------------------------------------------------------------------------------


def check_services() -> None:
    import psycopg
    import redis

    try:
        psycopg.connect(f"{PG}/postgres", connect_timeout=3).close()
    except psycopg.Error as error:
        raise Missing(
            f"PostgreSQL is not answering at {PG} ({str(error).strip()}); "
            "start it or set BENCH_PG=postgres://user@host:port"
        ) from error
    try:
        redis.Redis.from_url(f"{REDIS}/{REDIS_DB}", socket_connect_timeout=3).ping()
    except redis.RedisError as error:
        raise Missing(
            f"Redis is not answering at {REDIS} ({error}); start it or set BENCH_REDIS"
        ) from error
    with socket.socket() as sock:
        if sock.connect_ex(("127.0.0.1", PORT)) == 0:
            raise Missing(f"port {PORT} is already in use; set BENCH_PORT to a free one")


def admin_sql(sql: str) -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(sql)


def flush_redis() -> None:
    import redis

    redis.Redis.from_url(f"{REDIS}/{REDIS_DB}").flushdb()


class Stack:
    """The processes and the database this run owns; ``close`` undoes all of it."""

    def __init__(self) -> None:
        self.procs: list[tuple[str, subprocess.Popen[bytes]]] = []
        self.var = tempfile.TemporaryDirectory(prefix="jt-bench-")
        self.db_created = False
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("CELERY_")},
            "DATABASE_URL": f"{PG}/{DB_NAME}",
            "REDIS_URL": f"{REDIS}/{REDIS_DB}",
            "CELERY_TASK_ALWAYS_EAGER": "false",
            "DEBUG": "false",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "JUDGETRAIN_VAR_DIR": self.var.name,
            "LOG_LEVEL": "warning",
            # Bench-only: per-user rate limits would answer 429 to a load test.
            "THROTTLE_GRADING": "1000000/min",
            "THROTTLE_RULINGS": "1000000/min",
        }

    def create_database(self) -> None:
        admin_sql(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')
        admin_sql(f'CREATE DATABASE "{DB_NAME}"')
        self.db_created = True
        flush_redis()

    def start(self, name: str, args: list[str]) -> None:
        log = open(Path(self.var.name) / f"{name}.log", "wb")  # noqa: SIM115 - closed with the dir
        proc = subprocess.Popen(
            args,
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.procs.append((name, proc))

    def log_tail(self, name: str, lines: int = 20) -> str:
        path = Path(self.var.name) / f"{name}.log"
        return (
            "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
            if path.exists()
            else ""
        )

    def start_services(self) -> None:
        python = sys.executable
        self.start(
            "gunicorn",
            [python, "-m", "gunicorn", "judgetrain.wsgi", "--bind", f"127.0.0.1:{PORT}",
             "--workers", str(GUNICORN_WORKERS), "--threads", str(GUNICORN_THREADS),
             "--worker-class", "gthread" if GUNICORN_THREADS > 1 else "sync",
             "--backlog", "4096", "--timeout", "120",
             "--log-level", "warning"],
        )  # fmt: skip
        self.start(
            "celery",
            [python, "-m", "celery", "-A", "judgetrain", "worker", "--loglevel", "WARNING",
             "--concurrency", str(CELERY_CONCURRENCY), "--without-gossip", "--without-mingle",
             "--without-heartbeat", "--hostname", f"bench{PORT}@%h"],
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            for name, proc in self.procs:
                if proc.poll() is not None:
                    raise RuntimeError(f"{name} exited at start:\n{self.log_tail(name)}")
            with suppress(OSError):
                status, _ = request("GET", "/healthz", None)
                if status == 200:
                    return
            time.sleep(0.5)
        raise RuntimeError(f"the stack did not become healthy:\n{self.log_tail('gunicorn')}")

    def close(self) -> None:
        for _name, proc in reversed(self.procs):
            with suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
        for _name, proc in reversed(self.procs):
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)
        self.procs.clear()
        with suppress(Exception):
            from django.db import connections

            connections.close_all()
        if self.db_created:
            with suppress(Exception):
                admin_sql(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')
            with suppress(Exception):
                flush_redis()
            self.db_created = False
        self.var.cleanup()


@contextmanager
def stack() -> Iterator[Stack]:
    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    previous = signal.signal(signal.SIGTERM, stop)
    owned = Stack()
    try:
        owned.create_database()
        yield owned
    finally:
        owned.close()
        signal.signal(signal.SIGTERM, previous)


# --- HTTP and locust -----------------------------------------------------------------------


def request(
    method: str, path: str, session: str | None, body: str | None = None
) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=120)
    headers = {"Content-Type": "application/json", "X-CSRFToken": CSRF}
    if session:
        headers["Cookie"] = f"sessionid={session}; csrftoken={CSRF}"
    try:
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()


def locust(env: dict[str, str], **config: Any) -> dict[str, Any]:
    config.setdefault("host", f"http://127.0.0.1:{PORT}")
    run_env = {**env, "BENCH_LOAD": json.dumps(config)}
    done = subprocess.run(
        [sys.executable, str(LOCUST)], cwd=ROOT, env=run_env, capture_output=True, text=True,
        timeout=config["seconds"] + 300,
    )  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(f"locust failed ({done.returncode}):\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def summary(result: dict[str, Any], name: str) -> dict[str, float]:
    samples = result["samples"].get(name, [])
    times = [ms for _start, ms, _ok in samples]
    errors = sum(1 for _start, _ms, ok in samples if not ok)
    if samples:
        first = min(start for start, _ms, _ok in samples)
        last = max(start + ms / 1000 for start, ms, _ok in samples)
        rate = len(samples) / max(last - first, 1e-9)
    else:
        rate = 0.0
    return {
        "n": len(samples),
        "errors": errors,
        "p50": percentile(times, 0.50),
        "p95": percentile(times, 0.95),
        "p99": percentile(times, 0.99),
        "rate": rate,
    }


def median_ms(call: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        call()
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


# --- data ----------------------------------------------------------------------------------


def django_setup(env: dict[str, str]) -> None:
    for key in ("DATABASE_URL", "REDIS_URL", "CELERY_TASK_ALWAYS_EAGER", "JUDGETRAIN_VAR_DIR"):
        os.environ[key] = env[key]
    os.environ["LOG_LEVEL"] = "warning"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgetrain.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", "--no-input", verbosity=0)


def make_users(prefix: str, count: int, role: str) -> list[tuple[int, str]]:
    """``count`` users with the role, each with a logged-in session: [(user id, session key)]."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import Group
    from django.contrib.sessions.backends.db import SessionStore
    from django.contrib.sessions.models import Session
    from django.utils import timezone

    from judgetrain.accounts.models import User

    password = make_password(secrets.token_urlsafe(16))
    users = User.objects.bulk_create(
        User(email=f"{prefix}{i}@bench.example", password=password, first_name=prefix)
        for i in range(count)
    )
    group = Group.objects.get(name=role)
    User.groups.through.objects.bulk_create(
        User.groups.through(user_id=user.pk, group_id=group.pk) for user in users
    )
    store = SessionStore()
    sessions = []
    for user in users:
        key = secrets.token_hex(16)
        data = {
            SESSION_KEY: str(user.pk),
            BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend",
            HASH_SESSION_KEY: user.get_session_auth_hash(),
        }
        sessions.append(
            Session(
                session_key=key,
                session_data=store.encode(data),
                expire_date=timezone.now() + timedelta(days=1),
            )
        )
    Session.objects.bulk_create(sessions)
    return [(user.pk, session.session_key) for user, session in zip(users, sessions, strict=True)]


def bench_blueprint(questions: int) -> Any:
    from quizzes.models import ExamBlueprint

    return ExamBlueprint.objects.create(
        name=f"Bench exam ({questions} free-form questions)",
        game="mtg",
        composition=[{"topic": None, "kind": "free_form", "count": questions}],
        time_limit_minutes=240,
        review_policy="after_close",
        pass_score=0.6,
    )


def pregenerate(blueprint: Any, candidate_ids: list[int], timeout: float) -> tuple[float, Any]:
    """Assign the exam to the candidates; wall time until Celery has built every variant."""
    from django.utils import timezone

    from judgetrain.accounts.models import User
    from quizzes.models import VariantJob
    from quizzes.services.variants import assignments_create

    now = timezone.now()
    candidates = list(User.objects.filter(pk__in=candidate_ids).order_by("pk"))
    began = time.perf_counter()
    job = assignments_create(
        blueprint=blueprint,
        candidates=candidates,
        opens_at=now - timedelta(minutes=1),
        closes_at=now + timedelta(days=1),
    )
    while time.perf_counter() - began < timeout:
        job = VariantJob.objects.get(pk=job.pk)
        if job.error:
            raise RuntimeError(f"pre-generation failed: {job.error}")
        if job.built >= job.wanted:
            return time.perf_counter() - began, job
        time.sleep(0.25)
    raise RuntimeError(
        f"pre-generation did not finish in {timeout:.0f} s ({job.built}/{job.wanted})"
    )


def assignment_records(job: Any, sessions: dict[int, str]) -> list[dict[str, Any]]:
    return [
        {"session": sessions[candidate_id], "assignment": assignment_id}
        for assignment_id, candidate_id in job.assignments.order_by("pk").values_list(
            "pk", "candidate_id"
        )
    ]


# --- scenarios -----------------------------------------------------------------------------


def submit_and_grade(job: Any, timeout: float) -> tuple[float, int, int]:
    """Fill every answer (half right, half wrong), submit every attempt; wall time until graded."""
    from django.db import connection

    from quizzes.models import Attempt
    from quizzes.services.exams import attempt_submit

    attempts = Attempt.objects.filter(assignment__variant_job=job)
    with connection.cursor() as cursor:
        cursor.execute(
            """
            UPDATE quizzes_attemptitem AS item
               SET response = CASE WHEN item.position %% 2 = 0
                                   THEN question.key_detail ->> 'key_text'
                                   ELSE 'Looking at extra cards, game loss, no remedy' END
              FROM quizzes_question AS question, quizzes_attempt AS attempt,
                   quizzes_examassignment AS assignment
             WHERE item.question_id = question.id AND item.attempt_id = attempt.id
               AND attempt.assignment_id = assignment.id AND assignment.variant_job_id = %s
            """,
            [job.pk],
        )
    total = attempts.count()
    began = time.perf_counter()
    for attempt in attempts.select_related("assignment__blueprint"):
        attempt_submit(attempt=attempt)
    # Grading runs while the submits go on: when it ends soon after them, the submits (one
    # process, one after the other) and not the workers set the pace.
    submitted = attempts.filter(status=Attempt.Status.GRADED).count()
    log(f"  submitted {total} in {time.perf_counter() - began:.1f} s, {submitted} graded by then")
    while time.perf_counter() - began < timeout:
        graded = attempts.filter(status=Attempt.Status.GRADED).count()
        if graded >= total:
            return time.perf_counter() - began, graded, total
        time.sleep(0.25)
    graded = attempts.filter(status=Attempt.Status.GRADED).count()
    raise RuntimeError(f"grading did not finish in {timeout:.0f} s ({graded}/{total})")


def count_stored(accepted: dict[str, list[Any]]) -> tuple[int, int]:
    """(answers whose last accepted text is what the database holds, revisions stored)."""
    from django.db.models import Sum

    from quizzes.models import AttemptItem

    attempt_ids = {int(key.split(":")[0]) for key in accepted}
    rows = AttemptItem.objects.filter(attempt_id__in=attempt_ids).values_list(
        "attempt_id", "position", "response"
    )
    stored = {f"{a}:{p}": text for a, p, text in rows}
    matching = sum(1 for key, (text, _rev) in accepted.items() if stored.get(key) == text)
    revisions = (
        AttemptItem.objects.filter(attempt_id__in=attempt_ids).aggregate(n=Sum("revision"))["n"]
        or 0
    )
    return matching, revisions


REPORT_SEED_SQL = """
WITH numbered AS (
    SELECT g AS n FROM generate_series(%(first)s, %(last)s) AS g
)
INSERT INTO quizzes_attempt (assignment_id, candidate_id, number, language, seed, started_at,
                             deadline, status, closed_at, closure, score, passed, graded_at
                             /*OTHER_COLUMNS*/)
SELECT a.id, a.candidate_id, 1 + n / %(assignments)s, 'en', n, now(), now(), 'graded', now(),
       'submitted', 0, (n %% 5) < 3, now() /*OTHER_VALUES*/
  FROM numbered
  JOIN (SELECT id, candidate_id, row_number() OVER (ORDER BY id) - 1 AS k
          FROM quizzes_examassignment WHERE blueprint_id = %(blueprint)s) AS a
    ON a.k = n %% %(assignments)s
"""

REPORT_ITEMS_SQL = """
INSERT INTO quizzes_attemptitem (attempt_id, position, question_id, response, revision, grade,
                                 score, needs_review, override_reason, override_role, withdrawn
                                 /*OTHER_COLUMNS*/)
SELECT attempt.id, p, question.id, 'bench answer', 1, '{}'::jsonb,
       CASE WHEN random() < 0.6 THEN 1.0 ELSE 0.0 END, false, '', '', false /*OTHER_VALUES*/
  FROM quizzes_attempt AS attempt
  JOIN quizzes_examassignment AS assignment ON assignment.id = attempt.assignment_id
 CROSS JOIN generate_series(1, %(per)s) AS p
  JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM quizzes_question) AS question
    ON question.k = (attempt.seed * 41 + p) %% %(questions)s
 WHERE assignment.blueprint_id = %(blueprint)s AND attempt.seed BETWEEN %(first)s AND %(last)s
"""


def with_other_columns(sql: str, params: dict[str, Any], model: Any) -> tuple[str, dict[str, Any]]:
    """The seeding SQL with every column it does not name filled with the model's default, so
    a column added to the model later does not break the benchmark (a NOT NULL column without
    a database default would otherwise fail the INSERT)."""
    from django.db import connection

    named = sql.split("/*OTHER_COLUMNS*/")[0]
    insert = named[named.index("INSERT INTO") :]
    insert_columns = insert[insert.index("(") + 1 :]
    given = {column.strip() for column in insert_columns.replace("\n", " ").split(",")}
    others = [
        field
        for field in model._meta.concrete_fields
        if not field.primary_key and field.column not in given
    ]
    values = {
        f"default_{field.column}": field.get_db_prep_save(field.get_default(), connection)
        for field in others
    }
    columns = "".join(f", {field.column}" for field in others)
    placeholders = "".join(f", %(default_{field.column})s" for field in others)
    sql = sql.replace("/*OTHER_COLUMNS*/", columns).replace("/*OTHER_VALUES*/", placeholders)
    return sql, {**params, **values}


def seed_report(blueprint_id: int, assignments: int, first: int, last: int, per: int) -> None:
    from django.db import connection

    from quizzes.models import Attempt, AttemptItem, Question

    params: dict[str, Any] = {
        "questions": Question.objects.count(),
        "first": first,
        "last": last,
        "assignments": assignments,
        "blueprint": blueprint_id,
        "per": per,
    }
    with connection.cursor() as cursor:
        cursor.execute(*with_other_columns(REPORT_SEED_SQL, params, Attempt))
        cursor.execute(*with_other_columns(REPORT_ITEMS_SQL, params, AttemptItem))
        # As autovacuum would after a bulk load: without statistics the planner guesses.
        cursor.execute("ANALYZE")


# --- the table -----------------------------------------------------------------------------


def verdict(ok: bool, miss: str) -> str:
    return "met" if ok else f"MISSED {miss}"


def print_table(rows: list[tuple[str, str, str, str, str]], header: str) -> None:
    titles = ("measure", "figure", "trivial endpoint, same run", "ratio", "target")
    widths = [max(len(str(r[i])) for r in [titles, *rows]) for i in range(5)]
    line = "+-" + "-+-".join("-" * w for w in widths) + "-+"
    print()
    print(header)
    print(line)
    print("| " + " | ".join(t.ljust(w) for t, w in zip(titles, widths, strict=True)) + " |")
    print(line)
    for row in rows:
        print("| " + " | ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
    print(line)


def ms(value: float) -> str:
    return f"{value:.0f} ms" if value >= 10 else f"{value:.1f} ms"


def run(args: argparse.Namespace) -> list[tuple[str, str, str, str, str]]:
    with stack() as owned:
        django_setup(owned.env)
        owned.start_services()
        from django.db import connections

        candidates = make_users("candidate", args.candidates + args.capacity, "candidate")
        committee = make_users("committee", 1, "committee")[0][1]
        sessions = dict(candidates)
        blueprint = bench_blueprint(args.questions)
        connections.close_all()
        log(f"pre-generating {args.candidates} x {args.questions} questions")
        pregen_s, job = pregenerate(blueprint, [c for c, _ in candidates[: args.candidates]], 900)
        log(f"  {pregen_s:.1f} s; pre-generating the capacity pool ({args.capacity})")
        _s, capacity_job = pregenerate(
            blueprint, [c for c, _ in candidates[args.candidates :]], 900
        )
        records = assignment_records(job, sessions)

        # Trivial request, idle: the unit for wall-time figures.
        me_ms = median_ms(lambda: request("GET", "/api/v1/me", committee), 30)

        log("exam-start spike")
        spread = args.spike_seconds
        trivial_spike = summary(
            locust(owned.env, scenario="trivial_spike", records=records, users=len(records),
                   spawn_rate=len(records) / spread, seconds=spread + 60),
            "trivial",
        )  # fmt: skip
        start_spike = summary(
            locust(owned.env, scenario="start_spike", records=records, users=len(records),
                   spawn_rate=len(records) / spread, seconds=spread + 120),
            "exam start",
        )  # fmt: skip
        log(f"  start spike {start_spike}; trivial spike {trivial_spike}")
        log("throughput, saturated")
        capacity_records = assignment_records(capacity_job, sessions)
        start_cap = summary(
            locust(owned.env, scenario="start_capacity", records=capacity_records,
                   users=args.clients, spawn_rate=args.clients, seconds=120,
                   expected=args.clients),
            "exam start",
        )  # fmt: skip
        trivial_cap = summary(
            locust(owned.env, scenario="trivial_capacity", records=records, users=args.clients,
                   spawn_rate=args.clients, seconds=120, requests=len(capacity_records) * 2,
                   expected=args.clients),
            "trivial",
        )  # fmt: skip

        log(f"  start {start_cap['rate']:.1f}/s, trivial {trivial_cap['rate']:.1f}/s")
        log(f"autosave: {args.savers} candidates for {args.autosave_seconds} s")
        from quizzes.models import Attempt

        attempt_rows = list(
            Attempt.objects.filter(assignment__variant_job=job)
            .order_by("pk")
            .values_list("pk", "candidate_id")[: args.savers]
        )
        save_records = [
            {"session": sessions[c], "attempt": a, "positions": args.questions}
            for a, c in attempt_rows
        ]
        saving = locust(
            owned.env, scenario="autosave", records=save_records, users=len(save_records),
            watchers=10, spawn_rate=50, seconds=args.autosave_seconds,
        )  # fmt: skip
        connections.close_all()
        save = summary(saving, "autosave")
        watch = summary(saving, "trivial")
        accepted = sum(1 for _s, _ms, ok in saving["samples"].get("autosave", []) if ok)
        matching, revisions = count_stored(saving["accepted"])

        log(f"  autosave {save}; trivial {watch}; accepted {accepted}, stored {revisions}")
        log("grading every attempt")
        grade_s, graded, _total = submit_and_grade(job, 900)

        log(f"  graded {graded} attempts in {grade_s:.1f} s")
        log("committee report")
        report_bp = bench_blueprint(args.questions)
        report_bp.name = "Bench report exam"
        report_bp.save(update_fields=["name"])
        from django.utils import timezone

        from quizzes.models import ExamAssignment

        now = timezone.now()
        ExamAssignment.objects.bulk_create(
            ExamAssignment(
                blueprint=report_bp, candidate_id=c, opens_at=now, closes_at=now + timedelta(days=1)
            )
            for c, _s in candidates[: args.candidates]
        )
        per = 40
        report_times: list[tuple[int, float]] = []
        seeded = 0
        path = f"/api/v1/reports/exams?blueprint={report_bp.pk}"
        for size in args.report_sizes:
            want_attempts = size // per
            seed_report(report_bp.pk, args.candidates, seeded, want_attempts - 1, per)
            seeded = want_attempts
            connections.close_all()
            status, body = request("GET", path, committee)
            assert status == 200, body[:500]
            assert json.loads(body)["attempts"] == want_attempts, body[:300]
            report_times.append((size, median_ms(lambda: request("GET", path, committee), 3)))
            log(f"  report over {size} answers: {report_times[-1][1]:.0f} ms")

    figures = {
        "n": len(records),
        "me_ms": me_ms,
        "pregen_s": pregen_s,
        "grade_s": grade_s,
        "graded": graded,
        "start_spike": start_spike,
        "trivial_spike": trivial_spike,
        "start_cap": start_cap,
        "trivial_cap": trivial_cap,
        "save": save,
        "watch": watch,
        "sent": saving["sent"],
        "accepted": accepted,
        "answers": len(saving["accepted"]),
        "matching": matching,
        "revisions": revisions,
        "report_times": report_times,
        "savers": len(save_records),
    }
    return table_rows(args, figures)


Row = tuple[str, str, str, str, str]


def times(a: float, b: float) -> str:
    return f"{a / b:.1f}x" if b else "n/a"


def spike_rows(args: argparse.Namespace, f: dict[str, Any]) -> list[Row]:
    start, trivial = f["start_spike"], f["trivial_spike"]
    p95 = start["p95"]
    p95_miss = f"by {p95 - TARGET_START_P95_MS:.0f} ms ({p95 / TARGET_START_P95_MS:.1f}x)"
    errors_ok = start["errors"] == 0 and start["n"] == f["n"]
    cap, trivial_cap = f["start_cap"], f["trivial_cap"]
    share = cap["rate"] / trivial_cap["rate"] if trivial_cap["rate"] else 0.0
    share_miss = f"by {(TARGET_START_SHARE - share) * 100:.0f} points"
    spread = f"{f['n']} starts in {args.spike_seconds:.0f} s"
    return [
        (f"exam-start spike ({spread}): p50", ms(start["p50"]), ms(trivial["p50"]),
         times(start["p50"], trivial["p50"]), ""),
        ("exam-start spike: p95", ms(p95), ms(trivial["p95"]), times(p95, trivial["p95"]),
         f"<= 300 ms: {verdict(p95 <= TARGET_START_P95_MS, p95_miss)}"),
        ("exam-start spike: p99", ms(start["p99"]), ms(trivial["p99"]),
         times(start["p99"], trivial["p99"]), ""),
        ("exam-start spike: errors", f"{start['errors']} of {start['n']}",
         f"{trivial['errors']} of {trivial['n']}", "",
         f"0: {verdict(errors_ok, str(start['errors']))}"),
        (f"throughput, saturated ({args.clients} clients)", f"{cap['rate']:.0f} starts/s",
         f"{trivial_cap['rate']:.0f} requests/s", f"{share:.0%}",
         f">= 25%: {verdict(share >= TARGET_START_SHARE, share_miss)}"),
    ]  # fmt: skip


def autosave_rows(args: argparse.Namespace, f: dict[str, Any]) -> list[Row]:
    save, watch = f["save"], f["watch"]
    # Every accepted save adds one revision; fewer revisions than accepted saves is a loss.
    lost = max(0, f["accepted"] - f["revisions"])
    kept = f["matching"] == f["answers"]
    who = f"{f['savers']} candidates, {args.autosave_seconds:.0f} s"
    return [
        (f"autosave ({who}): throughput", f"{save['rate']:.1f} saves/s",
         f"{watch['rate']:.1f} requests/s (10 clients at 1/s)", "", ""),
        ("autosave: p50 / p95", f"{ms(save['p50'])} / {ms(save['p95'])}",
         f"{ms(watch['p50'])} / {ms(watch['p95'])}",
         f"{times(save['p50'], watch['p50'])} / {times(save['p95'], watch['p95'])}", ""),
        ("autosave: stored / accepted / sent",
         f"{f['revisions']} / {f['accepted']} / {f['sent']} ({save['errors']} errors)",
         f"{watch['errors']} errors",
         f"last text kept {f['matching']}/{f['answers']}",
         f"0 lost: {verdict(lost == 0 and kept, f'{lost} lost')}"),
    ]  # fmt: skip


def pipeline_rows(args: argparse.Namespace, f: dict[str, Any]) -> list[Row]:
    me = f["me_ms"]
    total = f["pregen_s"] + f["grade_s"]
    miss = f"by {total - TARGET_PIPELINE_S:.0f} s ({total / TARGET_PIPELINE_S:.1f}x)"
    answers = f["graded"] * args.questions
    return [
        (f"cohort: pre-generate {f['n']} x {args.questions} questions", f"{f['pregen_s']:.1f} s",
         ms(me), f"{f['pregen_s'] * 1000 / me:.0f}x", ""),
        (f"cohort: grade {f['graded']} attempts ({answers} answers)", f"{f['grade_s']:.1f} s",
         ms(me), f"{f['grade_s'] * 1000 / me:.0f}x", ""),
        ("cohort pipeline: wall time", f"{total:.1f} s", ms(me), f"{total * 1000 / me:.0f}x",
         f"<= 60 s: {verdict(total <= TARGET_PIPELINE_S, miss)}"),
    ]  # fmt: skip


def report_rows(f: dict[str, Any]) -> list[Row]:
    me = f["me_ms"]
    sizes: list[tuple[int, float]] = f["report_times"]
    rows: list[Row] = []
    for size, took in sizes:
        target = ""
        if size == sizes[-1][0]:
            ok = took <= TARGET_REPORT_S * 1000
            target = f"<= 2 s: {verdict(ok, f'by {took / 1000 - TARGET_REPORT_S:.1f} s')}"
        rows.append(
            (f"committee report: {size:,} answers", ms(took), ms(me), times(took, me), target)
        )
    (small, t_small), (big, t_big) = sizes[0], sizes[-1]
    growth = (t_big / t_small) / (big / small)
    rows.append(
        (f"committee report: growth {small:,} -> {big:,}", f"{t_big / t_small:.1f}x the time",
         f"{big / small:.0f}x the answers", f"{growth:.2f} of linear",
         f"<= linear: {verdict(growth <= 1.0, f'{growth:.2f}x linear')}")
    )  # fmt: skip
    return rows


def table_rows(args: argparse.Namespace, f: dict[str, Any]) -> list[Row]:
    return [*spike_rows(args, f), *autosave_rows(args, f), *pipeline_rows(args, f), *report_rows(f)]


def log(message: str) -> None:
    print(f"[bench_load {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", type=int, default=1000)
    parser.add_argument("--questions", type=int, default=40)
    parser.add_argument("--spike-seconds", type=float, default=10.0)
    parser.add_argument("--capacity", type=int, default=300, help="extra candidates, saturated")
    parser.add_argument("--clients", type=int, default=10, help="concurrent clients, saturated")
    parser.add_argument("--savers", type=int, default=200)
    parser.add_argument("--autosave-seconds", type=float, default=120.0)
    parser.add_argument(
        "--report-sizes", type=lambda s: [int(x) for x in s.split(",")],
        default=[10_000, 100_000, 1_000_000],
    )  # fmt: skip
    parser.add_argument("--quick", action="store_true", help="a small smoke run (about a minute)")
    args = parser.parse_args()
    if args.quick:
        args.candidates, args.capacity, args.savers = 100, 100, 20
        args.autosave_seconds, args.report_sizes = 15.0, [4_000, 40_000]
    try:
        check_services()
    except Missing as missing:
        print(f"bench_load: cannot run: {missing}", file=sys.stderr)
        return 2
    began = time.perf_counter()
    rows = run(args)
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print_table(
        rows,
        f"load bench {when}: gunicorn ({GUNICORN_WORKERS} workers x {GUNICORN_THREADS} threads), "
        "Celery "
        f"({CELERY_CONCURRENCY} processes), PostgreSQL, Redis and locust on one machine "
        f"({os.cpu_count()} cores); {args.questions}-question free-form mtg exam; "
        f"took {time.perf_counter() - began:.0f} s",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
