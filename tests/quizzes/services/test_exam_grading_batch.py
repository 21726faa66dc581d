"""A grading task takes along the other attempts waiting for their grading: each graded once,
each in its own savepoint, one commit for the lot."""

import threading

import pytest
from django.conf import settings
from django.core import mail
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.exams.services import exams
from quizzes.review.models.review import Notification
from quizzes.tasks import GRADE_BATCH, attempt_grade_task, notifications_send_task
from tests.conftest import require
from tests.factories import BlueprintFactory, assignment

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def waiting(count, blueprint=None):
    """Submitted attempts whose grading tasks have not run yet (a queue on exam day)."""
    blueprint = blueprint or BlueprintFactory(
        composition=[{"topic": None, "kind": "free_form", "count": 3}]
    )
    attempts = [
        exams.attempt_start(assignment=assignment(blueprint=blueprint), language="en")
        for _ in range(count)
    ]
    ids = [attempt.pk for attempt in attempts]
    AttemptItem.objects.filter(attempt__in=ids).update(response="Missed trigger, no penalty")
    Attempt.objects.filter(pk__in=ids).update(
        status=Attempt.Status.SUBMITTED, closed_at=exams.timezone.now(), closure="submitted"
    )
    return ids


def statuses(ids):
    return [Attempt.objects.get(pk=pk).status for pk in ids]


def test_a_grading_task_grades_the_waiting_attempts_along_with_its_own():
    ids = waiting(3)

    assert attempt_grade_task(ids[1]) == Attempt.Status.GRADED

    assert statuses(ids) == [Attempt.Status.GRADED] * 3
    assert not AttemptItem.objects.filter(attempt__in=ids, grade=None).exists()
    assert Notification.objects.filter(kind="results").count() == 3  # one e-mail each


def test_a_batch_sends_its_results_e_mails_with_one_task_each_e_mail_once(monkeypatch):
    from quizzes.common import notifications

    queued = []
    monkeypatch.setattr(
        notifications, "enqueue_on_commit", lambda name, **kwargs: queued.append((name, kwargs))
    )
    ids = waiting(3)

    attempt_grade_task(ids[0])

    [(name, kwargs)] = queued
    notification_ids = kwargs["notification_ids"]
    assert name == notifications_send_task.name
    assert sorted(notification_ids) == sorted(
        Notification.objects.filter(kind="results").values_list("pk", flat=True)
    )
    assert notifications_send_task(notification_ids) == 3
    assert notifications_send_task(notification_ids) == 0  # a duplicate delivery sends none
    assert len(mail.outbox) == 3
    assert sorted(message.to[0] for message in mail.outbox) == sorted(
        Attempt.objects.filter(pk__in=ids).values_list("candidate__email", flat=True)
    )


def test_the_tasks_of_attempts_taken_along_change_nothing_and_make_one_query():
    ids = waiting(3)
    attempt_grade_task(ids[0])
    graded_at = dict(Attempt.objects.filter(pk__in=ids).values_list("pk", "graded_at"))

    for attempt_id in ids[1:]:
        with CaptureQueriesContext(connection) as queries:
            assert attempt_grade_task(attempt_id) == Attempt.Status.GRADED
        assert len(queries) == 1

    assert dict(Attempt.objects.filter(pk__in=ids).values_list("pk", "graded_at")) == graded_at
    assert Notification.objects.filter(kind="results").count() == 3


def test_a_task_takes_along_at_most_a_batch():
    ids = waiting(GRADE_BATCH + 2)

    attempt_grade_task(ids[-1])

    graded = Attempt.objects.filter(pk__in=ids, status=Attempt.Status.GRADED)
    assert graded.count() == GRADE_BATCH
    assert graded.filter(pk=ids[-1]).exists()  # its own first, then the oldest waiting


def test_an_attempt_that_fails_is_rolled_back_alone_and_left_to_its_own_task(monkeypatch):
    ids = waiting(3)
    real = exams._grade_attempt

    def fails_for_the_second(attempt, items, now):
        emails = real(attempt, items, now)
        if attempt.pk == ids[1]:
            raise RuntimeError("grader bug")
        return emails

    monkeypatch.setattr(exams, "_grade_attempt", fails_for_the_second)
    attempt_grade_task(ids[0])

    assert statuses(ids) == [
        Attempt.Status.GRADED,
        Attempt.Status.SUBMITTED,
        Attempt.Status.GRADED,
    ]
    assert not AttemptItem.objects.filter(attempt=ids[1]).exclude(grade=None).exists()
    assert not Notification.objects.filter(key=f"results:{ids[1]}").exists()
    assert sorted(message.to[0] for message in mail.outbox) == sorted(
        Attempt.objects.filter(pk__in=[ids[0], ids[2]]).values_list("candidate__email", flat=True)
    )  # the two kept, sent by the batch's task

    monkeypatch.setattr(exams, "_grade_attempt", real)
    assert attempt_grade_task(ids[1]) == Attempt.Status.GRADED


def test_when_its_own_attempt_fails_nothing_is_kept(monkeypatch):
    ids = waiting(2)

    def broken(attempt, items, now):
        raise RuntimeError("database lost")

    monkeypatch.setattr(exams, "_grade_attempt", broken)
    with pytest.raises(RuntimeError):
        exams.attempt_grade(attempt_id=ids[0], batch=GRADE_BATCH)

    assert statuses(ids) == [Attempt.Status.SUBMITTED] * 2


def test_an_attempt_taken_along_costs_fewer_queries_than_a_task_of_its_own(monkeypatch):
    """The items of the lot are read in one query, the lot is committed once; e-mails are
    sent by their own tasks (not counted here)."""
    from quizzes.common import notifications

    monkeypatch.setattr(notifications, "enqueue_on_commit", lambda *args, **kwargs: None)
    [alone] = waiting(1)
    with CaptureQueriesContext(connection) as queries:
        attempt_grade_task(alone)
    own_task = len(queries)
    counts = []
    for size in (2, GRADE_BATCH):
        ids = waiting(size)
        with CaptureQueriesContext(connection) as queries:
            attempt_grade_task(ids[0])
        assert statuses(ids) == [Attempt.Status.GRADED] * size
        counts.append(len(queries))

    taken_along = (counts[1] - counts[0]) / (GRADE_BATCH - 2)
    assert taken_along < own_task
    assert taken_along <= 8


@pytest.mark.django_db(transaction=True)
def test_an_attempt_another_worker_holds_is_not_taken_along():
    require(bool(settings.DATABASE_URL), "DATABASE_URL is not set: row locks need PostgreSQL")
    ids = waiting(3)
    held, release = threading.Event(), threading.Event()
    errors = []

    def hold_the_second():
        try:
            with transaction.atomic():
                Attempt.objects.select_for_update().get(pk=ids[1])
                held.set()
                release.wait(timeout=20)
        except BaseException as error:  # reported below
            errors.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=hold_the_second)
    thread.start()
    assert held.wait(timeout=20)
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '3s'")  # waiting fails, not hangs
            exams.attempt_grade(attempt_id=ids[0], batch=GRADE_BATCH)
    finally:
        release.set()
        thread.join()

    assert errors == []
    assert statuses(ids) == [
        Attempt.Status.GRADED,
        Attempt.Status.SUBMITTED,  # its own task (or the worker holding it) grades it
        Attempt.Status.GRADED,
    ]
