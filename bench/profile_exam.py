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

    from quizzes.models import Attempt, ExamBlueprint
    from quizzes.services import exams
    from quizzes.services.variants import assignments_create
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
    print(
        f"generate: {job.built} variants x {args.questions} in {took:.2f} s "
        f"({took * 1000 / max(job.built, 1):.1f} ms a variant; this process's CPU "
        f"{cpu_took * 1000 / max(job.built, 1):.1f} ms)"
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
    # Half the attempts one at a time (the service alone, as a task found no other waiting),
    # half through their tasks as a queue (each task takes along the others waiting).
    alone, queued = attempt_ids[: len(attempt_ids) // 2], attempt_ids[len(attempt_ids) // 2 :]
    profile = profiled(args.profile == "grade")
    times_ms, queries = [], []
    cpu_ms: list[float] = []
    for attempt_id in alone:
        with CaptureQueriesContext(connection) as captured:
            if profile:
                profile.enable()
            began = time.perf_counter()
            cpu = time.process_time()
            exams.attempt_grade(attempt_id=attempt_id)
            times_ms.append((time.perf_counter() - began) * 1000)
            cpu_ms.append((time.process_time() - cpu) * 1000)
            if profile:
                profile.disable()
        queries.append(len(captured.captured_queries))
    report("grade one attempt", times_ms, queries, profile)
    print(f"grade one attempt: this process's CPU median {statistics.median(cpu_ms):.1f} ms")

    from quizzes.tasks import attempt_grade_task

    profile = profiled(args.profile == "grade-queue")
    with CaptureQueriesContext(connection) as captured:
        if profile:
            profile.enable()
        began = time.perf_counter()
        cpu = time.process_time()
        for attempt_id in queued:
            attempt_grade_task(attempt_id)
        took = time.perf_counter() - began
        cpu_took = time.process_time() - cpu
        if profile:
            profile.disable()
    assert Attempt.objects.filter(pk__in=queued, status=Attempt.Status.GRADED).count() == len(
        queued
    )
    count = max(len(queued), 1)
    print(
        f"grade a queue of {len(queued)} through their tasks: {took * 1000 / count:.1f} ms an "
        f"attempt (this process's CPU {cpu_took * 1000 / count:.1f} ms), "
        f"{len(captured.captured_queries) / count:.1f} queries an attempt with its e-mail"
    )
    if profile:
        profile.dump_stats("/tmp/prof_grade-queue.out")
        print_profile(profile)


if __name__ == "__main__":
    main()
