"""Profile one process's exam-day paths on PostgreSQL: pre-generation, start, grading.

    DATABASE_URL=postgres://…/scratch .venv/bin/python bench/profile_exam.py [--candidates 40]
        [--questions 40] [--profile start|generate|grade|grade-queue|items]

Not part of ``make bench`` (it prints per-operation times and query counts, not a table): it is
the tool for finding where the server time of a start, a variant build or a grading goes. It
uses the database in DATABASE_URL as scratch space (run migrations first; it deletes nothing,
so use a throwaway database) and runs Celery eagerly in this process.
"""

from __future__ import annotations

import argparse
import cProfile
import itertools
import os
import pstats
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def setup() -> None:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("profile_exam: set DATABASE_URL to a scratch PostgreSQL database")
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "true"
    os.environ["DEBUG"] = "false"
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ.setdefault("LOG_LEVEL", "warning")
    # The results e-mails are sent (by their eager tasks) into memory, not printed.
    os.environ.setdefault("EMAIL_BACKEND", "django.core.mail.backends.locmem.EmailBackend")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgetrain.settings")
    import django

    django.setup()


def profiled(enabled: bool) -> Any:
    return cProfile.Profile() if enabled else None


def print_profile(profile: Any) -> None:
    stats = pstats.Stats(profile).sort_stats(os.environ.get("PROFILE_SORT", "cumulative"))
    stats.print_stats(int(os.environ.get("PROFILE_LINES", "45")))


def report(name: str, times_ms: list[float], queries: list[int], profile: Any) -> None:
    print(
        f"{name}: n={len(times_ms)} median {statistics.median(times_ms):.1f} ms, "
        f"mean {statistics.mean(times_ms):.1f} ms; queries median {statistics.median(queries):.0f}"
        f" max {max(queries)}"
    )
    if profile is not None:
        profile.dump_stats(f"/tmp/prof_{name.split()[0]}.out")
        print_profile(profile)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--candidates", type=int, default=40)
    parser.add_argument("--questions", type=int, default=40)
    parser.add_argument(
        "--profile", choices=("start", "generate", "grade", "grade-queue", "items"), default=None
    )
    args = parser.parse_args()
    setup()

    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from quizzes.exams.models.exams import Attempt, ExamBlueprint
    from quizzes.exams.services import exams
    from quizzes.exams.services.variants import assignments_create
    from tests.factories import candidate

    tag = f"profile{time.time_ns()}"
    blueprint = ExamBlueprint.objects.create(
        name=tag,
        game="mtg",
        composition=[{"topic": None, "kind": "free_form", "count": args.questions}],
        time_limit_minutes=240,
        review_policy="after_close",
        pass_score=0.6,
    )
    users = [candidate(email=f"{tag}-{i}@example.org") for i in range(args.candidates)]
    now = timezone.now()

    profile = profiled(args.profile == "generate")
    began = time.perf_counter()
    cpu = time.process_time()
    if profile:
        profile.enable()
    with CaptureQueriesContext(connection) as captured:
        job = assignments_create(
            blueprint=blueprint,
            candidates=users,
            opens_at=now - timedelta(minutes=1),
            closes_at=now + timedelta(days=1),
        )
    if profile:
        profile.disable()
    took = time.perf_counter() - began
    cpu_took = time.process_time() - cpu
    job.refresh_from_db()
    built = max(job.built, 1)
    print(
        f"generate: {job.built} variants x {args.questions} in {took:.2f} s "
        f"({took * 1000 / built:.1f} ms a variant; this process's CPU "
        f"{cpu_took * 1000 / built:.1f} ms; {len(captured.captured_queries) / built:.1f} "
        "queries a variant)"
    )
    if profile:
        profile.dump_stats("/tmp/prof_generate.out")
        print_profile(profile)

    client = Client()
    trivial_cpu: list[float] = []
    for user in users:
        client.force_login(user)
        cpu = time.process_time()
        assert client.get("/api/v1/me").status_code == 200
        trivial_cpu.append((time.process_time() - cpu) * 1000)
    print(
        f"trivial (GET /api/v1/me): this process's CPU median "
        f"{statistics.median(trivial_cpu):.2f} ms"
    )
    profile = profiled(args.profile == "start")
    times_ms: list[float] = []
    queries: list[int] = []
    start_cpu: list[float] = []
    attempt_ids = []
    for user, assignment in zip(users, job.assignments.order_by("candidate_id"), strict=True):
        client.force_login(user)
        with CaptureQueriesContext(connection) as captured:
            if profile:
                profile.enable()
            began = time.perf_counter()
            cpu = time.process_time()
            response = client.post(
                "/api/v1/attempts",
                {"assignment": assignment.pk, "language": "en"},
                content_type="application/json",
            )
            times_ms.append((time.perf_counter() - began) * 1000)
            start_cpu.append((time.process_time() - cpu) * 1000)
            if profile:
                profile.disable()
        assert response.status_code == 201, response.content[:300]
        queries.append(len(captured.captured_queries))
        attempt_ids.append(response.json()["id"])
    report("start (POST /api/v1/attempts)", times_ms, queries, profile)
    print(f"start: this process's CPU median {statistics.median(start_cpu):.2f} ms")

    profile = profiled(args.profile == "items")
    times_ms, queries = [], []
    for user, attempt_id in zip(users, attempt_ids, strict=True):
        client.force_login(user)
        for page in (1, 2, 3, 4):
            with CaptureQueriesContext(connection) as captured:
                if profile:
                    profile.enable()
                began = time.perf_counter()
                response = client.get(f"/api/v1/attempts/{attempt_id}/items?page={page}")
                times_ms.append((time.perf_counter() - began) * 1000)
                if profile:
                    profile.disable()
            queries.append(len(captured.captured_queries))
            if response.status_code != 200:
                break
    if times_ms:
        report("items page (GET /api/v1/attempts/{id}/items)", times_ms, queries, profile)

    # Grading: answers half right, half wrong (as the load bench fills them), then submit.
    with connection.cursor() as cursor:
        cursor.execute(
            """
            UPDATE quizzes_attemptitem AS item
               SET response = CASE WHEN item.position %% 2 = 0
                                   THEN question.key_detail ->> 'key_text'
                                   ELSE 'Looking at extra cards, game loss, no remedy' END
              FROM quizzes_question AS question
             WHERE item.question_id = question.id AND item.attempt_id = ANY(%s)
            """,
            [attempt_ids],
        )
    Attempt.objects.filter(pk__in=attempt_ids).update(
        status=Attempt.Status.SUBMITTED, closed_at=timezone.now(), closure="submitted"
    )
    # Rounds of ten, alternately one at a time (the service alone, as when a task finds no
    # other attempt waiting) and as a queue through their tasks (the first takes the others
    # along, theirs then find them graded): alternating keeps a shared machine's changing
    # load from favouring either. The e-mails are sent by their (eager) tasks in both.
    from quizzes.tasks import attempt_grade_task

    modes = {
        "one": profiled(args.profile == "grade"),
        "queue": profiled(args.profile == "grade-queue"),
    }
    wall_s = dict.fromkeys(modes, 0.0)
    cpu_s = dict.fromkeys(modes, 0.0)
    graded = dict.fromkeys(modes, 0)
    query_count = dict.fromkeys(modes, 0)
    times_ms = []
    waiting = Attempt.objects.filter(pk__in=attempt_ids, status=Attempt.Status.SUBMITTED)
    for round_ in itertools.count():
        ids = list(waiting.order_by("pk").values_list("pk", flat=True)[:10])
        if not ids:
            break
        mode = "one" if round_ % 2 == 0 else "queue"
        profile = modes[mode]
        before = set(waiting.values_list("pk", flat=True))
        with CaptureQueriesContext(connection) as captured:
            if profile:
                profile.enable()
            began = time.perf_counter()
            cpu = time.process_time()
            if mode == "one":
                for attempt_id in ids:
                    one = time.perf_counter()
                    exams.attempt_grade(attempt_id=attempt_id)
                    times_ms.append((time.perf_counter() - one) * 1000)
            else:
                attempt_grade_task(ids[0])
            wall_s[mode] += time.perf_counter() - began
            cpu_s[mode] += time.process_time() - cpu
            if profile:
                profile.disable()
        query_count[mode] += len(captured.captured_queries)
        if mode == "queue":
            # The tasks of the attempts taken along, each finding its attempt graded.
            taken = before - set(waiting.values_list("pk", flat=True)) - {ids[0]}
            with CaptureQueriesContext(connection) as captured:
                began = time.perf_counter()
                cpu = time.process_time()
                for attempt_id in taken:
                    attempt_grade_task(attempt_id)
                wall_s[mode] += time.perf_counter() - began
                cpu_s[mode] += time.process_time() - cpu
            query_count[mode] += len(captured.captured_queries)
            graded[mode] += len(taken) + 1
        else:
            graded[mode] += len(ids)
    assert not waiting.exists()
    for mode, label in (("one", "one at a time"), ("queue", "as a queue through their tasks")):
        count = max(graded[mode], 1)
        print(
            f"grade {label}: {graded[mode]} attempts, {wall_s[mode] * 1000 / count:.1f} ms an "
            f"attempt (this process's CPU {cpu_s[mode] * 1000 / count:.1f} ms), "
            f"{query_count[mode] / count:.1f} queries an attempt with its e-mail"
        )
        if modes[mode] is not None:
            modes[mode].dump_stats(f"/tmp/prof_grade-{mode}.out")
            print_profile(modes[mode])
    print(f"grade one at a time: median {statistics.median(times_ms):.1f} ms an attempt")


if __name__ == "__main__":
    main()
