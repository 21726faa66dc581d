"""Exam day on the production stack: gunicorn, PostgreSQL, Redis and Celery, driven by locust.

    .venv/bin/python bench/bench_load.py [--candidates 1000] [--nodes 1,2] [--quick]

Creates its own database (BENCH_DATABASE, default jt_pregen_bench) and uses its own Redis
database (BENCH_REDIS_DB, default 6), runs the exam day once per layout and prints ONE table in
which every figure stands beside a trivial endpoint's (GET /api/v1/me) measured in the same run,
then each target as met or missed with the reason. Everything it started is stopped and its
database dropped on the way out, also on an error or Ctrl-C. When PostgreSQL or Redis is not
answering it says which and exits with status 2.

Layouts (``--nodes``): ``1``, one gunicorn and one Celery worker on 127.0.0.1:BENCH_PORT
(default 8150); ``2``, two gunicorn nodes (BENCH_PORT+1, BENCH_PORT+2) behind Debian's nginx
on BENCH_PORT and two Celery workers, the web and worker processes split between them (the same
total as one node: the same cores, another layout). nginx is installed with apt-get when it is
missing. Both layouts share the database and Redis; each sits its own candidates.

The exam day, per layout:

1. cohort pipeline, part 1: the candidates are assigned a 40-question exam; Celery
   pre-generates their variants, each with its prepared attempt (wall time from the
   assignment's commit to the last variant);
2. exam-start spike: the candidates start within 10 s (locust), p50/p95/p99 and errors,
   beside the same spike on the trivial endpoint; then start and trivial throughput when
   saturated (more candidates, 10 concurrent clients);
3. autosave: 200 of them save an answer every 2 to 4 s for 2 minutes; answers stored in the
   database are counted against answers the server accepted;
4. cohort pipeline, part 2: every attempt is filled in and submitted; wall time until Celery
   has graded all of them;
5. two nodes only: state shared across nodes (a session, a CSRF token, a rate limit, an
   exam's start and its answers' revisions, each used on one node and then the other).

Then, once: the committee report over 10k, 100k and 1M graded answers, seeded with
generate_series.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

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

# The targets, all against the trivial endpoint measured in the same run on the same machine.
TARGET_SPIKE_RATIO = 1.5  # exam-start spike p95 <= 1.5x the trivial spike's p95
TARGET_START_SHARE = 0.50  # saturated starts/s >= 50% of saturated trivial requests/s
TARGET_PIPELINE_S = 60.0
TARGET_REPORT_S = 2.0
# The state check's rate limit: the grading API allows this many calls a minute per user
# (the load never calls it); counted per process, two nodes would allow twice as many.
CHECK_RATE = 8

LAYOUT_NAMES = {1: "one node", 2: "two nodes"}


class Missing(Exception):
    """Something the bench needs is not there; the message says what and how to fix it."""


# --- services ------------------------------------------------------------------------------


def ports(nodes: int) -> list[int]:
    """The ports a layout listens on: the entry point first (gunicorn, or the proxy)."""
    return [PORT] if nodes == 1 else [PORT, PORT + 1, PORT + 2]


def check_services(layouts: list[int]) -> None:
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
    for port in sorted({port for nodes in layouts for port in ports(nodes)}):
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                raise Missing(f"port {port} is already in use; set BENCH_PORT to a free one")


NGINX = ("/usr/sbin/nginx", "nginx")


def nginx_binary() -> str | None:
    found = [
        path for path in (NGINX[0], shutil.which(NGINX[1])) if path and os.access(path, os.X_OK)
    ]
    return found[0] if found else None


def ensure_nginx() -> str:
    """Debian's nginx, installed with apt-get when it is missing (as .ci/run installs
    chromium); Missing, saying what to do, when it cannot be."""
    binary = nginx_binary()
    if binary is not None:
        return binary
    if shutil.which("apt-get") is None:
        raise Missing("the two-node run needs nginx and this machine has no apt-get: install "
                      "nginx, or run with --nodes 1")  # fmt: skip
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    if sudo and shutil.which("sudo") is None:
        raise Missing("the two-node run needs nginx: run `apt-get install nginx` as root, or "
                      "run with --nodes 1")  # fmt: skip
    log("installing Debian's nginx for the two-node run")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "nginx"]):
        done = subprocess.run([*sudo, *command], env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise Missing(
                f"could not install nginx ({' '.join(command)} failed: "
                f"{(done.stderr or done.stdout).strip()[-300:]}); install it with "
                "`apt-get install nginx`, or run with --nodes 1"
            )
    binary = nginx_binary()
    if binary is None:
        raise Missing("nginx was installed but no nginx binary is on the PATH or in /usr/sbin")
    return binary


def nginx_config(var: str, listen: int, upstreams: list[int], as_root: bool) -> str:
    """A reverse proxy on 127.0.0.1:``listen`` spreading requests over ``upstreams`` (round
    robin), its files in ``var``; as production would run it, minus TLS."""
    servers = "\n".join(f"        server 127.0.0.1:{port};" for port in upstreams)
    return f"""
{"user root;" if as_root else ""}
worker_processes 1;
worker_rlimit_nofile 16384;
pid {var}/nginx.pid;
error_log {var}/nginx-error.log warn;
events {{ worker_connections 8192; }}
http {{
    access_log off;
    client_body_temp_path {var}/nginx-body;
    proxy_temp_path {var}/nginx-proxy;
    fastcgi_temp_path {var}/nginx-fastcgi;
    uwsgi_temp_path {var}/nginx-uwsgi;
    scgi_temp_path {var}/nginx-scgi;
    client_max_body_size 1m;
    upstream judgetrain {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{listen} backlog=4096;
        location / {{
            proxy_pass http://judgetrain;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 120s;
        }}
    }}
}}
"""


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
        self.nodes = 0
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("CELERY_")},
            "DATABASE_URL": f"{PG}/{DB_NAME}",
            "REDIS_URL": f"{REDIS}/{REDIS_DB}",
            "CELERY_TASK_ALWAYS_EAGER": "false",
            "DEBUG": "false",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "JUDGETRAIN_VAR_DIR": self.var.name,
            "LOG_LEVEL": "warning",
            # The state check's limit (the load never calls the grading API); the rulings API
            # raised: a load test is not abuse.
            "THROTTLE_GRADING": f"{CHECK_RATE}/min",
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

    def _gunicorn(self, name: str, port: int, workers: int) -> None:
        self.start(
            name,
            [sys.executable, "-m", "gunicorn", "judgetrain.wsgi", "--bind", f"127.0.0.1:{port}",
             "--workers", str(workers), "--threads", str(GUNICORN_THREADS),
             "--worker-class", "gthread" if GUNICORN_THREADS > 1 else "sync",
             "--backlog", "4096", "--timeout", "120", "--log-level", "warning"],
        )  # fmt: skip

    def _celery(self, name: str, concurrency: int) -> None:
        self.start(
            name,
            [sys.executable, "-m", "celery", "-A", "judgetrain", "worker", "--loglevel", "WARNING",
             "--concurrency", str(concurrency), "--without-gossip", "--without-mingle",
             "--without-heartbeat", "--hostname", f"bench{PORT}-{name}@%h"],
        )  # fmt: skip

    def start_layout(self, nodes: int) -> None:
        """One node, or two nodes behind nginx with two workers: the same number of web and
        worker processes in all (split between the nodes), on the same cores."""
        self.nodes = nodes
        if nodes == 1:
            self._gunicorn("web", PORT, GUNICORN_WORKERS)
            self._celery("worker", CELERY_CONCURRENCY)
        else:
            nginx = ensure_nginx()
            for index in (1, 2):
                self._gunicorn(f"web{index}", PORT + index, max(1, GUNICORN_WORKERS // 2))
                self._celery(f"worker{index}", max(1, CELERY_CONCURRENCY // 2))
            config = Path(self.var.name) / "nginx.conf"
            config.write_text(
                nginx_config(self.var.name, PORT, [PORT + 1, PORT + 2], os.geteuid() == 0)
            )
            self.start(
                "nginx",
                [nginx, "-p", self.var.name, "-c", str(config),
                 "-e", f"{self.var.name}/nginx-error.log", "-g", "daemon off;"],
            )  # fmt: skip
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            for name, proc in self.procs:
                if proc.poll() is not None:
                    raise RuntimeError(f"{name} exited at start:\n{self.log_tail(name)}")
            with suppress(OSError):
                if all(request("GET", "/healthz", None, port=p)[0] == 200 for p in ports(nodes)):
                    return
            time.sleep(0.5)
        names = ", ".join(name for name, _proc in self.procs)
        raise RuntimeError(
            f"the stack ({names}) did not become healthy:\n{self.log_tail(self.procs[0][0])}"
        )

    def stop_layout(self) -> None:
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
        self.nodes = 0

    def close(self) -> None:
        self.stop_layout()
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
    method: str,
    path: str,
    session: str | None,
    body: str | None = None,
    *,
    port: int = PORT,
    csrf: str = CSRF,
    form: bool = False,
) -> tuple[int, str]:
    status, text, _cookies = http_call(method, path, session, body, port=port, csrf=csrf, form=form)
    return status, text


def http_call(
    method: str,
    path: str,
    session: str | None,
    body: str | None = None,
    *,
    port: int = PORT,
    csrf: str = CSRF,
    form: bool = False,
) -> tuple[int, str, dict[str, str]]:
    """(status, body, cookies set by the answer)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    kind = "application/x-www-form-urlencoded" if form else "application/json"
    headers = {"Content-Type": kind, "X-CSRFToken": csrf}
    cookies = [f"csrftoken={csrf}"]
    if session:
        cookies.append(f"sessionid={session}")
    headers["Cookie"] = "; ".join(cookies)
    try:
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        set_cookies = {}
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            set_cookies[name.strip()] = rest.split(";")[0]
        return response.status, response.read().decode(), set_cookies
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


def summary(result: dict[str, Any], name: str) -> dict[str, Any]:
    samples = result["samples"].get(name, [])
    times = [ms for _start, ms, _ok in samples]
    errors = sum(1 for _start, _ms, ok in samples if not ok)
    if samples:
        first = min(start for start, _ms, _ok in samples)
        last = max(start + ms / 1000 for start, ms, _ok in samples)
        rate = len(samples) / max(last - first, 1e-9)
    else:
        rate = 0.0
    kinds = {key: n for key, n in result.get("errors", {}).items() if key.startswith(f"{name}:")}
    return {
        "n": len(samples),
        "errors": errors,
        "error_kinds": kinds,
        "p50": percentile(times, 0.50),
        "p95": percentile(times, 0.95),
        "p99": percentile(times, 0.99),
        "rate": rate,
        "load": os.getloadavg()[0],
    }


def pooled(*runs: dict[str, Any]) -> dict[str, Any]:
    """Several locust runs' samples and errors as one run's."""
    samples: dict[str, list[Any]] = {}
    errors: dict[str, int] = {}
    for result in runs:
        for name, rows in result["samples"].items():
            samples.setdefault(name, []).extend(rows)
        for kind, count in result.get("errors", {}).items():
            errors[kind] = errors.get(kind, 0) + count
    return {"samples": samples, "errors": errors}


def summary_of_runs(runs: list[dict[str, Any]], name: str) -> dict[str, Any]:
    """The runs' samples pooled; the rate is requests over the time the runs took in all
    (each from its first request's start to its last one's end)."""
    figures = summary(pooled(*runs), name)
    window = 0.0
    for result in runs:
        samples = result["samples"].get(name, [])
        if samples:
            first = min(start for start, _ms, _ok in samples)
            window += max(start + ms / 1000 for start, ms, _ok in samples) - first
    figures["rate"] = figures["n"] / window if window else 0.0
    return figures


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


def make_users(
    prefix: str, count: int, role: str, password: str | None = None
) -> list[tuple[int, str]]:
    """``count`` users with the role, each with a logged-in session: [(user id, session key)].
    Their password is random unless given."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import Group
    from django.contrib.sessions.backends.db import SessionStore
    from django.contrib.sessions.models import Session
    from django.utils import timezone

    from judgetrain.accounts.models import User

    password = make_password(password or secrets.token_urlsafe(16))
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
    from quizzes.exams.models.exams import ExamBlueprint

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
    from quizzes.exams.models.exams import VariantJob
    from quizzes.exams.services.variants import assignments_create

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

    from quizzes.exams.models.exams import Attempt
    from quizzes.exams.services.exams import attempt_submit

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


def prepared_again(job: Any) -> None:
    """Set the job's started attempts back to prepared (they were only started: no answer,
    no grade), so the saturated run can start them again in its next round."""
    from quizzes.exams.models.exams import Attempt

    Attempt.all_objects.filter(
        assignment__variant_job=job, status=Attempt.Status.IN_PROGRESS
    ).update(status=Attempt.Status.READY)


def count_stored(accepted: dict[str, list[Any]]) -> tuple[int, int]:
    """(answers whose last accepted text is what the database holds, revisions stored)."""
    from django.db.models import Sum

    from quizzes.exams.models.exams import AttemptItem

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

    from quizzes.bank.models.questions import Question
    from quizzes.exams.models.exams import Attempt, AttemptItem

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


# --- the exam day, per layout --------------------------------------------------------------


@dataclass
class Pool:
    """One layout's candidates: those of the spike and those of the saturated run."""

    spike: list[tuple[int, str]]
    capacity: list[tuple[int, str]]


def exam_day(
    args: argparse.Namespace, owned: Stack, pool: Pool, committee: str, blueprint: Any
) -> dict[str, Any]:
    from django.db import connections

    from quizzes.exams.models.exams import Attempt

    name = LAYOUT_NAMES[owned.nodes]
    sessions = dict(pool.spike + pool.capacity)
    connections.close_all()
    log(f"{name}: pre-generating {len(pool.spike)} x {args.questions} questions")
    pregen_s, job = pregenerate(blueprint, [c for c, _ in pool.spike], 900)
    log(f"  {pregen_s:.1f} s; pre-generating the capacity pool ({len(pool.capacity)})")
    _s, capacity_job = pregenerate(blueprint, [c for c, _ in pool.capacity], 900)
    records = assignment_records(job, sessions)

    # Trivial request, idle: the unit for wall-time figures.
    me_ms = median_ms(lambda: request("GET", "/api/v1/me", committee), 30)

    log(f"{name}: exam-start spike, between two trivial spikes")
    spread = args.spike_seconds

    def spike(scenario: str, extra: float) -> dict[str, Any]:
        return locust(owned.env, scenario=scenario, records=records, users=len(records),
                      spawn_rate=len(records) / spread, seconds=spread + extra)  # fmt: skip

    # The trivial spike before and after the starts, pooled: a machine whose load drifts
    # during the run favours neither.
    before = spike("trivial_spike", 60)
    start_spike = summary(spike("start_spike", 120), "exam start")
    trivial_spike = summary(pooled(before, spike("trivial_spike", 60)), "trivial")
    log(f"  start spike {brief(start_spike)}; trivial spikes {brief(trivial_spike)}")

    log(f"{name}: throughput, saturated, {args.rounds} rounds of trivial requests then starts")
    capacity_records = assignment_records(capacity_job, sessions)
    trivial_runs, start_runs = [], []
    for round_ in range(args.rounds):
        trivial_runs.append(
            locust(owned.env, scenario="trivial_capacity", records=records, users=args.clients,
                   spawn_rate=args.clients, seconds=120, requests=len(capacity_records) * 2,
                   expected=args.clients)
        )  # fmt: skip
        start_runs.append(
            locust(owned.env, scenario="start_capacity", records=capacity_records,
                   users=args.clients, spawn_rate=args.clients, seconds=120,
                   expected=args.clients)
        )  # fmt: skip
        if round_ < args.rounds - 1:
            prepared_again(capacity_job)
    start_cap = summary_of_runs(start_runs, "exam start")
    trivial_cap = summary_of_runs(trivial_runs, "trivial")
    log(f"  start {start_cap['rate']:.1f}/s, trivial {trivial_cap['rate']:.1f}/s")

    log(f"{name}: autosave, {args.savers} candidates for {args.autosave_seconds:.0f} s")
    attempt_rows = list(
        Attempt.objects.filter(assignment__variant_job=job)
        .order_by("pk")
        .values_list("pk", "candidate_id")[: args.savers]
    )
    save_records = [
        {"session": sessions[c], "attempt": a, "positions": args.questions} for a, c in attempt_rows
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
    log(
        f"  autosave {brief(save)}; trivial {brief(watch)}; accepted {accepted}, stored {revisions}"
    )

    log(f"{name}: grading every attempt")
    grade_s, graded, _total = submit_and_grade(job, 900)
    log(f"  graded {graded} attempts in {grade_s:.1f} s")
    return {
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
        "savers": len(save_records),
        "web": GUNICORN_WORKERS if owned.nodes == 1 else 2 * max(1, GUNICORN_WORKERS // 2),
        "workers": CELERY_CONCURRENCY if owned.nodes == 1 else 2 * max(1, CELERY_CONCURRENCY // 2),
    }


def brief(figures: dict[str, Any]) -> str:
    return (
        f"n={figures['n']} errors={figures['errors']} p50={figures['p50']:.0f} ms "
        f"p95={figures['p95']:.0f} ms {figures['rate']:.1f}/s"
    )


# --- state shared across nodes ---------------------------------------------------------------


@dataclass
class Check:
    name: str
    ok: bool
    detail: str


CHECKER_PASSWORD = "bench-" + secrets.token_urlsafe(12)


def state_checks(checker_email: str, assignment_id: int, session: str) -> list[Check]:
    """Each kind of state a request leaves, made on node 1 and used on node 2 (or the other way
    round), on the nodes' own ports: anything kept in a process's memory fails one of them.
    ``checker_email`` is a mentor's (password CHECKER_PASSWORD) with ``assignment_id`` open;
    ``session`` is another logged-in session of theirs."""
    one, two = PORT + 1, PORT + 2
    checks = []
    # Sessions: logging in on node 1 (the form, as a browser does) gives a session node 2 knows.
    body = urlencode(
        {"username": checker_email, "password": CHECKER_PASSWORD, "csrfmiddlewaretoken": CSRF}
    )
    status, _text, cookies = http_call("POST", "/accounts/login/", None, body, port=one, form=True)
    new_session, new_csrf = cookies.get("sessionid", ""), cookies.get("csrftoken", CSRF)
    seen_status, seen = request("GET", "/api/v1/me", new_session, port=two)
    checks.append(
        Check(
            "a session made by logging in on node 1 is valid on node 2",
            status == 302 and seen_status == 200 and checker_email in seen,
            f"login HTTP {status}, node 2 HTTP {seen_status}",
        )
    )
    # CSRF: the token node 1 rotated at login is accepted by node 2 (403 if it were unknown
    # there); and the rate limit counts both nodes' calls: CHECK_RATE allowed, then 429.
    grade = json.dumps(
        {"expected": {"infraction": "missed_trigger", "penalty": "no_penalty",
                      "remedy": "continue_play"},
         "game": "mtg", "answer": "Missed trigger, no penalty, continue play."}
    )  # fmt: skip
    statuses = [
        request("POST", "/api/v1/grading/grade", new_session, grade, port=port, csrf=new_csrf)[0]
        for port in [two, one] * CHECK_RATE
    ][: CHECK_RATE + 1]
    checks.append(
        Check(
            "a CSRF token set by node 1 is accepted by node 2",
            statuses[0] == 200,
            f"node 2 HTTP {statuses[0]}",
        )
    )
    checks.append(
        Check(
            f"a rate limit counts both nodes' requests ({CHECK_RATE}/min: then 429)",
            statuses == [200] * CHECK_RATE + [429],
            "HTTP " + " ".join(str(s) for s in statuses),
        )
    )
    # An exam: started on node 1, the same attempt on node 2 (a second tab); an answer saved
    # on one node, its revision checked on the other.
    start = json.dumps({"assignment": assignment_id, "language": "en"})
    first = request("POST", "/api/v1/attempts", session, start, port=one)
    second = request("POST", "/api/v1/attempts", session, start, port=two)
    ids = [json.loads(text).get("id") if code == 201 else None for code, text in (first, second)]
    checks.append(
        Check(
            "an exam started on node 1 is the attempt node 2 returns",
            ids[0] is not None and ids[0] == ids[1],
            f"HTTP {first[0]} then {second[0]}; attempts {ids[0]} and {ids[1]}",
        )
    )
    url = f"/api/v1/attempts/{ids[0]}/items/1"
    saves = [
        request("PUT", url, session, json.dumps({"response": text, "revision": revision}),
                port=port)[0]
        for port, text, revision in ((two, "first", 0), (one, "second", 1), (two, "stale", 1))
    ]  # fmt: skip
    _code, page = request("GET", f"/api/v1/attempts/{ids[0]}/items", session, port=one)
    kept = '"response":"second"' in page.replace(" ", "")
    checks.append(
        Check(
            "an answer saved on one node is checked and served by the other",
            saves == [200, 200, 409] and kept,
            f"saves HTTP {' '.join(map(str, saves))}; node 1 serves the text saved: {kept}",
        )
    )
    return checks


# --- the committee report, once --------------------------------------------------------------


def report_times(args: argparse.Namespace, candidate_ids: list[int], committee: str) -> list[Any]:
    from django.db import connections
    from django.utils import timezone

    from quizzes.exams.models.exams import ExamAssignment

    log("committee report")
    report_bp = bench_blueprint(args.questions)
    report_bp.name = "Bench report exam"
    report_bp.save(update_fields=["name"])
    now = timezone.now()
    ExamAssignment.objects.bulk_create(
        ExamAssignment(
            blueprint=report_bp, candidate_id=c, opens_at=now, closes_at=now + timedelta(days=1)
        )
        for c in candidate_ids
    )
    per = 40
    times: list[tuple[int, float]] = []
    seeded = 0
    path = f"/api/v1/reports/exams?blueprint={report_bp.pk}"
    for size in args.report_sizes:
        want_attempts = size // per
        seed_report(report_bp.pk, len(candidate_ids), seeded, want_attempts - 1, per)
        seeded = want_attempts
        connections.close_all()
        status, body = request("GET", path, committee)
        assert status == 200, body[:500]
        assert json.loads(body)["attempts"] == want_attempts, body[:300]
        times.append((size, median_ms(lambda: request("GET", path, committee), 3)))
        log(f"  report over {size} answers: {times[-1][1]:.0f} ms")
    return times


# --- running it ----------------------------------------------------------------------------


def run(args: argparse.Namespace) -> dict[str, Any]:
    results: dict[str, Any] = {"layouts": {}, "checks": []}
    with stack() as owned:
        django_setup(owned.env)
        from django.db import connections

        pools = {}
        for nodes in args.nodes:
            made = make_users(f"candidate{nodes}n", args.candidates + args.capacity, "candidate")
            pools[nodes] = Pool(made[: args.candidates], made[args.candidates :])
        committee = make_users("committee", 1, "committee")[0][1]
        blueprint = bench_blueprint(args.questions)
        connections.close_all()
        for nodes in args.nodes:
            owned.start_layout(nodes)
            results["layouts"][nodes] = exam_day(args, owned, pools[nodes], committee, blueprint)
            if nodes == 2:
                log("two nodes: state shared across nodes")
                checker_id, checker_session = make_users(
                    "checker", 1, "mentor", password=CHECKER_PASSWORD
                )[0]
                _s, job = pregenerate(blueprint, [checker_id], 300)
                connections.close_all()
                results["checks"] = state_checks(
                    "checker0@bench.example", job.assignments.get().pk, checker_session
                )
                for check in results["checks"]:
                    log(f"  {'ok' if check.ok else 'FAILED'}: {check.name} ({check.detail})")
            if nodes == args.nodes[-1]:
                first = pools[args.nodes[0]].spike
                results["report"] = report_times(args, [c for c, _ in first], committee)
                results["report_me_ms"] = results["layouts"][nodes]["me_ms"]
                results["report_layout"] = nodes
            owned.stop_layout()
    return results


# --- targets and the table -----------------------------------------------------------------


@dataclass
class Target:
    layout: str
    name: str
    ok: bool
    figure: str
    reason: str = ""


def _load(figures: dict[str, Any]) -> str:
    return f"load average {figures['load']:.1f} on {os.cpu_count()} cores"


def layout_targets(args: argparse.Namespace, nodes: int, f: dict[str, Any]) -> list[Target]:
    """The exam-day targets of one layout, each with its figure and, when missed, why."""
    layout = LAYOUT_NAMES[nodes]
    start, trivial, cap, trivial_cap = (
        f["start_spike"], f["trivial_spike"], f["start_cap"], f["trivial_cap"]
    )  # fmt: skip
    targets = []

    ratio = start["p95"] / trivial["p95"] if trivial["p95"] else float("inf")
    offered = f["n"] / args.spike_seconds
    if cap["rate"] <= offered:
        why = (
            f"the spike offers {offered:.0f} starts/s and the start path served "
            f"{cap['rate']:.0f}/s saturated: requests queue for the rest of the spike"
        )
    else:
        # Near saturation waiting grows as 1 / (1 - load): a start a little dearer than a
        # trivial request waits much longer in line.
        load = offered / cap["rate"]
        trivial_load = offered / trivial_cap["rate"] if trivial_cap["rate"] else 0.0
        why = (
            f"the spike loads the start path to {load:.0%} of what it serves saturated and the "
            f"trivial endpoint to {trivial_load:.0%}: the p95 is mostly waiting in line, which "
            f"grows as 1/(1 - load) (a start takes {start['p50'] / trivial['p50']:.1f}x a "
            "trivial request at p50)"
        )
    targets.append(
        Target(
            layout, f"exam-start spike p95 <= {TARGET_SPIKE_RATIO}x the trivial endpoint's",
            ratio <= TARGET_SPIKE_RATIO,
            f"{ratio:.2f}x ({start['p95']:.0f} ms vs {trivial['p95']:.0f} ms)",
            f"missed by {ratio - TARGET_SPIKE_RATIO:.2f}x: {why}; {_load(start)}",
        )
    )  # fmt: skip

    share = cap["rate"] / trivial_cap["rate"] if trivial_cap["rate"] else 0.0
    targets.append(
        Target(
            layout, f"saturated starts >= {TARGET_START_SHARE:.0%} of trivial throughput",
            share >= TARGET_START_SHARE,
            f"{share:.0%} ({cap['rate']:.0f} starts/s vs {trivial_cap['rate']:.0f} requests/s)",
            f"missed by {(TARGET_START_SHARE - share) * 100:.0f} points: a start is "
            f"{1 / share if share else float('inf'):.1f} trivial requests of server work; "
            f"{_load(cap)}",
        )
    )  # fmt: skip

    measured = [
        ("exam start, spike", start, f["n"]), ("trivial, spike", trivial, f["n"]),
        ("exam start, saturated", cap, None), ("trivial, saturated", trivial_cap, None),
        ("autosave", f["save"], None), ("trivial, beside autosave", f["watch"], None),
    ]  # fmt: skip
    errors = sum(figures["errors"] for _n, figures, _want in measured)
    unanswered = sum(max(0, want - figures["n"]) for _n, figures, want in measured if want)
    kinds: dict[str, int] = {}
    for _name, figures, _want in measured:
        for kind, count in figures["error_kinds"].items():
            kinds[kind] = kinds.get(kind, 0) + count
    top = "; ".join(
        f"{kind} x{count}" for kind, count in sorted(kinds.items(), key=lambda kv: -kv[1])[:3]
    )
    total = sum(figures["n"] for _n, figures, _want in measured)
    targets.append(
        Target(
            layout, "0 errors (every request of the exam day answered 2xx)",
            errors == 0 and unanswered == 0,
            f"{errors} of {total}"
            + (f", {unanswered} starts never answered" if unanswered else ""),
            top or f"{unanswered} starts not answered before the run's time limit",
        )
    )  # fmt: skip

    lost = max(0, f["accepted"] - f["revisions"])
    differ = f["answers"] - f["matching"]
    targets.append(
        Target(
            layout, "autosave: 0 lost",
            lost == 0 and differ == 0,
            f"{f['revisions']} stored of {f['accepted']} accepted; last text kept "
            f"{f['matching']}/{f['answers']}",
            f"{lost} accepted saves missing from the database; {differ} answers hold another "
            "text than the last one accepted",
        )
    )  # fmt: skip

    total_s = f["pregen_s"] + f["grade_s"]
    targets.append(
        Target(
            layout, f"cohort pipeline <= {TARGET_PIPELINE_S:.0f} s",
            total_s <= TARGET_PIPELINE_S,
            f"{total_s:.1f} s",
            f"missed by {total_s - TARGET_PIPELINE_S:.0f} s: pre-generation {f['pregen_s']:.0f} s "
            f"+ grading {f['grade_s']:.0f} s, CPU-bound on {f['workers']} worker processes "
            f"sharing {os.cpu_count()} cores with everything else",
        )
    )  # fmt: skip
    return targets


def report_targets(times: list[tuple[int, float]]) -> list[Target]:
    (small, t_small), (big, t_big) = times[0], times[-1]
    growth = (t_big / t_small) / (big / small)
    return [
        Target(
            "once", f"committee report over {big:,} answers <= {TARGET_REPORT_S:.0f} s",
            t_big <= TARGET_REPORT_S * 1000, f"{t_big:.0f} ms",
            f"missed by {t_big / 1000 - TARGET_REPORT_S:.1f} s",
        ),
        Target(
            "once", "committee report grows at most linearly", growth <= 1.0,
            f"{growth:.2f} of linear ({t_big / t_small:.1f}x the time for {big / small:.0f}x "
            "the answers)",
            f"{growth:.2f}x linear",
        ),
    ]  # fmt: skip


def check_targets(checks: list[Check]) -> list[Target]:
    failed = [check for check in checks if not check.ok]
    return [
        Target(
            "two nodes", "nothing depends on process-local state",
            not failed,
            f"{len(checks) - len(failed)} of {len(checks)} cross-node checks passed",
            "; ".join(f"{check.name}: {check.detail}" for check in failed),
        )
    ]  # fmt: skip


Row = list[str]


def ms(value: float) -> str:
    return f"{value:.0f} ms" if value >= 10 else f"{value:.1f} ms"


def times(a: float, b: float) -> str:
    return f"{a / b:.1f}x" if b else "n/a"


def verdicts(targets: list[Target], name: str) -> dict[str, str]:
    """layout -> "met"/"MISSED" of the targets whose name starts with ``name``."""
    return {t.layout: "met" if t.ok else "MISSED" for t in targets if t.name.startswith(name)}


def layout_rows(args: argparse.Namespace, f: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """(measure, figure, trivial endpoint in the same run, ratio) for one layout."""
    start, trivial = f["start_spike"], f["trivial_spike"]
    cap, trivial_cap = f["start_cap"], f["trivial_cap"]
    save, watch = f["save"], f["watch"]
    share = cap["rate"] / trivial_cap["rate"] if trivial_cap["rate"] else 0.0
    me = f["me_ms"]
    total = f["pregen_s"] + f["grade_s"]
    spread = f"{f['n']} in {args.spike_seconds:.0f} s"
    return [
        (f"exam-start spike ({spread}): p50", ms(start["p50"]), ms(trivial["p50"]),
         times(start["p50"], trivial["p50"])),
        ("exam-start spike: p95", ms(start["p95"]), ms(trivial["p95"]),
         times(start["p95"], trivial["p95"])),
        ("exam-start spike: p99", ms(start["p99"]), ms(trivial["p99"]),
         times(start["p99"], trivial["p99"])),
        ("exam-start spike: errors", f"{start['errors']} of {start['n']}",
         f"{trivial['errors']} of {trivial['n']}", ""),
        (f"throughput, saturated ({args.clients} clients)", f"{cap['rate']:.0f} starts/s",
         f"{trivial_cap['rate']:.0f} req/s", f"{share:.0%}"),
        (f"autosave ({f['savers']} x {args.autosave_seconds:.0f} s): rate",
         f"{save['rate']:.1f} saves/s", f"{watch['rate']:.1f} req/s", ""),
        ("autosave: p50 / p95", f"{ms(save['p50'])} / {ms(save['p95'])}",
         f"{ms(watch['p50'])} / {ms(watch['p95'])}",
         f"{times(save['p50'], watch['p50'])} / {times(save['p95'], watch['p95'])}"),
        ("autosave: stored / accepted / sent",
         f"{f['revisions']} / {f['accepted']} / {f['sent']}",
         f"{save['errors']} / {watch['errors']} errors", f"kept {f['matching']}/{f['answers']}"),
        (f"cohort: pre-generate {f['n']} x {args.questions}", f"{f['pregen_s']:.1f} s", ms(me),
         ""),
        (f"cohort: grade {f['graded']} attempts", f"{f['grade_s']:.1f} s", ms(me), ""),
        ("cohort pipeline: wall time", f"{total:.1f} s", ms(me), f"{total * 1000 / me:.0f}x"),
    ]  # fmt: skip


ROW_TARGETS = {
    "exam-start spike: p95": ("<= 1.5x trivial", "exam-start spike p95"),
    "exam-start spike: errors": ("0 errors", "0 errors"),
    "throughput, saturated": (">= 50% of trivial", "saturated starts"),
    "autosave: stored / accepted / sent": ("0 lost", "autosave"),
    "cohort pipeline: wall time": ("<= 60 s", "cohort pipeline"),
}


def table(args: argparse.Namespace, results: dict[str, Any], targets: list[Target]) -> list[Row]:
    layouts = list(results["layouts"])
    per = {nodes: layout_rows(args, results["layouts"][nodes]) for nodes in layouts}
    rows: list[Row] = []
    for index, (measure, *_rest) in enumerate(per[layouts[0]]):
        row = [measure]
        for nodes in layouts:
            row.extend(per[nodes][index][1:])
        key = next((k for k in ROW_TARGETS if measure.startswith(k)), None)
        if key is None:
            row.append("")
        else:
            wanted, prefix = ROW_TARGETS[key]
            met = verdicts(targets, prefix)
            row.append(f"{wanted}: " + " / ".join(met.get(LAYOUT_NAMES[n], "?") for n in layouts))
        rows.append(row)
    if results["checks"]:
        passed = sum(check.ok for check in results["checks"])
        cells = [""] * (3 * len(layouts))
        cells[3 * layouts.index(2)] = f"{passed} of {len(results['checks'])} checks"
        shared = verdicts(targets, "nothing depends")["two nodes"]
        rows.append(["state shared across nodes", *cells, f"all pass: {shared}"])
    me = results["report_me_ms"]
    sizes: list[tuple[int, float]] = results["report"]
    report_met = verdicts(targets, "committee report over")["once"]
    for size, took in sizes:
        cells = [""] * (3 * len(layouts))
        at = 3 * layouts.index(results["report_layout"])
        cells[at : at + 3] = [ms(took), ms(me), times(took, me)]
        last = size == sizes[-1][0]
        rows.append([f"committee report: {size:,} answers", *cells,
                     f"<= 2 s: {report_met}" if last else ""])  # fmt: skip
    return rows


def print_table(rows: list[Row], layouts: list[int], header: str) -> None:
    titles = ["measure"]
    for nodes in layouts:
        name = LAYOUT_NAMES[nodes]
        titles.extend([name, f"{name}: trivial", "ratio"])
    titles.append("target (" + " / ".join(LAYOUT_NAMES[n] for n in layouts) + ")")
    widths = [max(len(str(r[i])) for r in [titles, *rows]) for i in range(len(titles))]
    line = "+-" + "-+-".join("-" * w for w in widths) + "-+"
    print()
    print(header)
    print(line)
    print("| " + " | ".join(t.ljust(w) for t, w in zip(titles, widths, strict=True)) + " |")
    print(line)
    for row in rows:
        print("| " + " | ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
    print(line)


def print_targets(targets: list[Target]) -> None:
    print("targets (trivial endpoint = GET /api/v1/me in the same run, on the same machine):")
    for target in targets:
        verdict = "met   " if target.ok else "MISSED"
        print(f"  {verdict} {target.layout}: {target.name}: {target.figure}")
        if not target.ok:
            print(f"         why: {target.reason}")


def log(message: str) -> None:
    print(f"[bench_load {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def parse_nodes(text: str) -> list[int]:
    layouts = sorted({int(part) for part in text.split(",") if part.strip()})
    if not layouts or any(nodes not in LAYOUT_NAMES for nodes in layouts):
        raise argparse.ArgumentTypeError("--nodes takes 1, 2 or 1,2")
    return layouts


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--candidates", type=int, default=1000)
    parser.add_argument("--questions", type=int, default=40)
    parser.add_argument("--spike-seconds", type=float, default=10.0)
    parser.add_argument("--capacity", type=int, default=300, help="extra candidates, saturated")
    parser.add_argument("--clients", type=int, default=10, help="concurrent clients, saturated")
    parser.add_argument("--rounds", type=int, default=3, help="saturated rounds, each kind")
    parser.add_argument("--savers", type=int, default=200)
    parser.add_argument("--autosave-seconds", type=float, default=120.0)
    parser.add_argument(
        "--report-sizes", type=lambda s: [int(x) for x in s.split(",")],
        default=[10_000, 100_000, 1_000_000],
    )  # fmt: skip
    parser.add_argument(
        "--nodes", type=parse_nodes, default=[1, 2],
        help="layouts to run: 1 (one node), 2 (two behind nginx) or 1,2 (default)",
    )  # fmt: skip
    parser.add_argument("--quick", action="store_true", help="a small smoke run (a few minutes)")
    args = parser.parse_args()
    if args.quick:
        args.candidates, args.capacity, args.savers = 100, 100, 20
        args.autosave_seconds, args.report_sizes = 15.0, [4_000, 40_000]
    try:
        check_services(args.nodes)
        if 2 in args.nodes:
            ensure_nginx()
    except Missing as missing:
        print(f"bench_load: cannot run: {missing}", file=sys.stderr)
        return 2
    began = time.perf_counter()
    results = run(args)
    targets = [
        *(t for nodes, f in results["layouts"].items() for t in layout_targets(args, nodes, f)),
        *check_targets(results["checks"]),
        *report_targets(results["report"]),
    ]
    layouts = list(results["layouts"])
    one = results["layouts"][layouts[0]]
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print_table(
        table(args, results, targets),
        layouts,
        f"load bench {when}: {args.questions}-question free-form mtg exam; one node = gunicorn "
        f"({GUNICORN_WORKERS} x {GUNICORN_THREADS} threads) + Celery ({CELERY_CONCURRENCY} "
        f"processes); two nodes = 2 x gunicorn ({max(1, GUNICORN_WORKERS // 2)} x "
        f"{GUNICORN_THREADS}) behind nginx + 2 x Celery ({max(1, CELERY_CONCURRENCY // 2)}); "
        f"PostgreSQL, Redis and locust on the same {os.cpu_count()} cores; "
        f"took {time.perf_counter() - began:.0f} s (load average {os.getloadavg()[0]:.1f}; "
        f"idle trivial request {one['me_ms']:.1f} ms)",
    )
    print_targets(targets)
    return 0  # a missed target is a finding, printed with its reason, not a failure to run


if __name__ == "__main__":
    sys.exit(main())
