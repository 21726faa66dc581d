"""Claiming and building variants from several connections at once (PostgreSQL row locks)."""

import threading
from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from quizzes.exams.models.exams import Attempt, ExamAssignment, ExamVariant, VariantJob
from quizzes.exams.services import exams, variants
from tests.conftest import require
from tests.factories import BlueprintFactory, candidate, mentor
from tests.waiting import wait_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgres():
    require(bool(settings.DATABASE_URL), "DATABASE_URL is not set: row locks need PostgreSQL")


def assignment_without_variants(monkeypatch, max_attempts):
    monkeypatch.setattr(variants, "_queue_job", lambda job_id: None)
    now = timezone.now()
    job = variants.assignments_create(
        blueprint=BlueprintFactory(composition=[{"topic": None, "kind": "free_form", "count": 3}]),
        candidates=[candidate()],
        opens_at=now - timedelta(minutes=1),
        closes_at=now + timedelta(days=1),
        max_attempts=max_attempts,
    )
    return job, job.assignments.get()


def a_session_waits_on_a_lock() -> bool:
    """Another connection to the test database is blocked on a lock (a row or advisory lock)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        (waiting,) = cursor.fetchone()
    return bool(waiting)


def in_thread(target):
    errors = []

    def run():
        try:
            target()
        except BaseException as error:  # reported to the test below
            errors.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, errors


def test_a_start_skips_a_prepared_attempt_another_transaction_holds(monkeypatch):
    _job, assignment = assignment_without_variants(monkeypatch, max_attempts=2)
    variants.assignment_variants_build(assignment_id=assignment.pk)
    first = Attempt.all_objects.get(assignment=assignment, number=1)
    held, release = threading.Event(), threading.Event()

    def hold_first():
        with transaction.atomic():
            Attempt.all_objects.select_for_update().get(pk=first.pk)
            held.set()
            release.wait(timeout=20)

    thread, errors = in_thread(hold_first)
    assert held.wait(timeout=20)
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '3s'")  # waiting fails, not hangs
            attempt = exams.attempt_start(assignment=assignment, language="en")
    finally:
        release.set()
        thread.join()

    assert errors == []
    assert attempt.number == 2  # not blocked behind number 1
    assert Attempt.all_objects.get(pk=first.pk).status == Attempt.Status.READY


def test_two_builds_at_once_make_each_variant_once(monkeypatch):
    job, assignment = assignment_without_variants(monkeypatch, max_attempts=3)
    barrier = threading.Barrier(2, timeout=20)

    def build():
        barrier.wait()
        variants.assignment_variants_build(assignment_id=assignment.pk)

    runs = [in_thread(build) for _ in range(2)]
    for thread, _errors in runs:
        thread.join()

    assert [error for _thread, errors in runs for error in errors] == []
    assert sorted(ExamVariant.objects.values_list("number", flat=True)) == [1, 2, 3]
    assert VariantJob.objects.get(pk=job.pk).built == 3


def test_two_batch_builds_at_once_make_each_variant_once(monkeypatch):
    """A redelivered batch task running beside the original: one commits the batch, the
    other's insert fails the unique constraint and finds every variant built."""
    monkeypatch.setattr(variants, "_queue_job", lambda job_id: None)
    now = timezone.now()
    job = variants.assignments_create(
        blueprint=BlueprintFactory(composition=[{"topic": None, "kind": "free_form", "count": 3}]),
        candidates=[candidate(), candidate(), candidate()],
        opens_at=now - timedelta(minutes=1),
        closes_at=now + timedelta(days=1),
        max_attempts=2,
    )
    ids = list(job.assignments.values_list("pk", flat=True))
    barrier = threading.Barrier(2, timeout=20)
    built = []

    def build():
        barrier.wait()
        built.append(variants.assignments_variants_build(assignment_ids=ids))

    runs = [in_thread(build) for _ in range(2)]
    for thread, _errors in runs:
        thread.join()

    assert [error for _thread, errors in runs for error in errors] == []
    assert sum(built) == 6
    assert ExamVariant.objects.filter(assignment__in=ids).count() == 6
    assert VariantJob.objects.get(pk=job.pk).built == 6


def test_simultaneous_starts_of_one_assignment_make_one_attempt_in_progress(monkeypatch):
    """Four tabs at once with two attempts allowed: two of them may each take a prepared row;
    the unique index keeps one in progress, and every tab gets that one."""
    _job, assignment = assignment_without_variants(monkeypatch, max_attempts=2)
    variants.assignment_variants_build(assignment_id=assignment.pk)
    barrier = threading.Barrier(4, timeout=20)
    started = []

    def start():
        barrier.wait()
        started.append(exams.attempt_start(assignment=assignment, language="en").pk)

    runs = [in_thread(start) for _ in range(4)]
    for thread, _errors in runs:
        thread.join()

    assert [error for _thread, errors in runs for error in errors] == []
    assert len(set(started)) == 1
    rows = dict(Attempt.all_objects.filter(assignment=assignment).values_list("pk", "status"))
    assert sorted(rows.values()) == [Attempt.Status.IN_PROGRESS, Attempt.Status.READY]
    assert rows[started[0]] == Attempt.Status.IN_PROGRESS


def test_starts_of_one_exam_by_different_candidates_do_not_wait_for_each_other(monkeypatch):
    """A start locks its own assignment only, never the blueprint row every candidate of the
    exam shares (that lock queued a whole cohort's starts one behind the other)."""
    _job, assignment = assignment_without_variants(monkeypatch, max_attempts=1)
    variants.assignment_variants_build(assignment_id=assignment.pk)
    held, release = threading.Event(), threading.Event()

    def hold_the_blueprint():  # what another candidate's start in progress used to hold
        with transaction.atomic():
            type(assignment.blueprint).objects.select_for_update().get(pk=assignment.blueprint_id)
            held.set()
            release.wait(timeout=20)

    thread, errors = in_thread(hold_the_blueprint)
    assert held.wait(timeout=20)
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '3s'")  # waiting fails, not hangs
            attempt = exams.attempt_start(assignment=assignment, language="en")
    finally:
        release.set()
        thread.join()

    assert errors == []
    assert ExamVariant.objects.get(attempt=attempt).assignment_id == assignment.pk
    assert Attempt.objects.get(pk=attempt.pk).status == Attempt.Status.IN_PROGRESS


def test_two_mentors_assigning_one_exam_at_once_give_it_to_a_candidate_once(monkeypatch):
    """The second assigner waits for the first to commit, then finds the candidate assigned:
    without the wait, neither sees the other's uncommitted row and both assign."""
    monkeypatch.setattr(variants, "_queue_job", lambda job_id: None)
    exam, person, now = BlueprintFactory(), candidate(), timezone.now()
    assigned, release = threading.Event(), threading.Event()

    def assign(hold=False):
        with transaction.atomic():
            variants.exam_assign(
                by=mentor(), blueprint=exam, cohort=None, candidates=[person],
                opens_at=now, closes_at=now + timedelta(days=1),
            )  # fmt: skip
            if hold:
                assigned.set()
                release.wait(timeout=20)

    first, first_errors = in_thread(lambda: assign(hold=True))
    assert assigned.wait(timeout=20)
    second, second_errors = in_thread(assign)
    wait_for(a_session_waits_on_a_lock, what="the second assigner waiting on the first's lock")
    assert second.is_alive()
    release.set()
    first.join()
    second.join()

    assert first_errors == []
    assert [getattr(error, "code", error) for error in second_errors] == ["already_assigned"]
    assert ExamAssignment.objects.filter(blueprint=exam, candidate=person).count() == 1
