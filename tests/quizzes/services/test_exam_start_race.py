"""Two starts of one assignment racing (a double click, two tabs), on PostgreSQL row locks: the
first holds its start open while the second runs, so the interleaving is the same every time.
Whatever rows they take, one attempt ends in progress and both answer with it."""

import threading
from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams, variants
from tests.conftest import require
from tests.factories import BlueprintFactory, candidate

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgres():
    require(bool(settings.DATABASE_URL), "DATABASE_URL is not set: row locks need PostgreSQL")


def prepared(monkeypatch, max_attempts):
    monkeypatch.setattr(variants, "_queue_job", lambda job_id: None)
    now = timezone.now()
    job = variants.assignments_create(
        blueprint=BlueprintFactory(composition=[{"topic": None, "kind": "free_form", "count": 3}]),
        candidates=[candidate()],
        opens_at=now - timedelta(minutes=1),
        closes_at=now + timedelta(days=1),
        max_attempts=max_attempts,
    )
    assignment = job.assignments.select_related("blueprint").get()
    variants.assignment_variants_build(assignment_id=assignment.pk)
    return assignment


def first_start_held(assignment):
    """A start whose one statement ran and whose transaction stays open until released."""
    started, release, done = threading.Event(), threading.Event(), []

    def run():
        try:
            with transaction.atomic():
                done.append(
                    exams.attempt_start_prepared(
                        candidate_id=assignment.candidate_id,
                        assignment_id=assignment.pk,
                    )
                )
                started.set()
                release.wait(timeout=20)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    assert started.wait(timeout=20)
    return thread, release, done


def second_start(assignment, release):
    """The other tab's start; the first one commits a second later, while it waits."""
    timer = threading.Timer(1.0, release.set)
    timer.start()
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '15s'")  # waiting fails, not hangs
            return exams.attempt_start(assignment=assignment, language="en")
    finally:
        timer.cancel()
        release.set()


def test_two_starts_racing_for_the_one_prepared_row_end_with_one_attempt(monkeypatch):
    """The second skips the row the first holds, finds nothing prepared, and on the locked
    path waits for the first: it answers with the first one's attempt, generating nothing."""
    assignment = prepared(monkeypatch, max_attempts=1)
    thread, release, first = first_start_held(assignment)

    second = second_start(assignment, release)
    thread.join()

    assert first[0] is not None
    assert second.pk == first[0].attempt.pk
    rows = list(Attempt.all_objects.filter(assignment=assignment).values_list("status", flat=True))
    assert rows == [Attempt.Status.IN_PROGRESS]


def test_two_starts_taking_two_rows_leave_one_in_progress_the_other_refused_cleanly(monkeypatch):
    """The second takes the next prepared row; the unique index on attempts in progress makes
    its update wait for the first, then refuses it; the second answers with the first one's
    attempt and the row it took stays prepared."""
    assignment = prepared(monkeypatch, max_attempts=2)
    thread, release, first = first_start_held(assignment)

    second = second_start(assignment, release)
    thread.join()

    assert second.pk == first[0].attempt.pk
    assert first[0].attempt.number == 1
    statuses = dict(
        Attempt.all_objects.filter(assignment=assignment).values_list("number", "status")
    )
    assert statuses == {1: Attempt.Status.IN_PROGRESS, 2: Attempt.Status.READY}
