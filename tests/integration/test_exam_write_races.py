"""Simultaneous exam writes on real PostgreSQL, each on its own connection (thread).

The first write runs in a transaction held open until the second is seen waiting for a lock
in ``pg_stat_activity``; then the first commits. The order is fixed, not left to timing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from django.db import connection, transaction

from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.exams.services import exams
from quizzes.review.models.appeals import Appeal
from tests.factories import assignment
from tests.waiting import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

Answer = exams.Answer


@pytest.fixture(autouse=True)
def _tasks_run_in_the_test():
    """These tests are about row locks, not the worker: grading (and the e-mail it sends) runs
    in the test's own thread, so no worker session holds or waits for a lock they count."""
    from judgetrain.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


def own_connection(work: Callable[[], Any]) -> Callable[[], Any]:
    def run() -> Any:
        try:
            return work()
        finally:
            connection.close()

    return run


def wait_until_a_write_waits_for_a_lock(seconds: float = 30) -> None:
    def a_session_waits_for_a_lock() -> bool:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            return bool(cursor.fetchone()[0])

    wait_for(
        a_session_waits_for_a_lock,
        what="the second write waiting for the first one's lock",
        seconds=seconds,
    )


def race(
    first: Callable[[], Any],
    second: Callable[[], Any],
    while_blocked: Callable[[], None] = lambda: None,
) -> tuple[Future[Any], Future[Any]]:
    """Run ``first`` in a transaction held open until ``second`` is blocked behind it."""
    holding, release = threading.Event(), threading.Event()

    def held() -> Any:
        with transaction.atomic():
            result = first()
            holding.set()
            release.wait(timeout=60)
        return result

    with ThreadPoolExecutor(max_workers=2) as pool:
        first_done = pool.submit(own_connection(held))
        assert holding.wait(timeout=60), first_done.exception(timeout=0)
        second_done = pool.submit(own_connection(second))
        try:
            wait_until_a_write_waits_for_a_lock()
            while_blocked()
        finally:
            release.set()
        first_done.exception(timeout=60)
        second_done.exception(timeout=60)
    return first_done, second_done


def started() -> Attempt:
    return exams.attempt_start(assignment=assignment(), language="en")


def text(attempt: Attempt, position: int = 1) -> str:
    return AttemptItem.objects.get(attempt=attempt, position=position).response


def test_two_simultaneous_final_submits_keep_one_text_and_refuse_the_other():
    attempt = started()

    first, second = race(
        lambda: exams.attempt_submit(attempt=attempt, responses={1: Answer("tab one", 0)}),
        lambda: exams.attempt_submit(attempt=attempt, responses={1: Answer("tab two", 0)}),
    )

    assert first.result().pk == attempt.pk
    assert isinstance(second.exception(), exams.AlreadySubmitted)
    assert text(attempt) == "tab one"


def test_a_stale_tabs_submit_waiting_behind_an_autosave_keeps_the_newer_text():
    attempt = started()
    item = AttemptItem.objects.get(attempt=attempt, position=1)
    item.attempt = attempt

    first, second = race(
        lambda: exams.attempt_item_save(item=item, response="newer", base_revision=0),
        lambda: exams.attempt_submit(attempt=attempt, responses={1: Answer("", 0)}),
    )

    assert first.result().revision == 1
    assert isinstance(second.exception(), exams.StaleRevision)
    attempt.refresh_from_db()
    assert attempt.status == Attempt.Status.IN_PROGRESS
    assert text(attempt) == "newer"


def test_two_simultaneous_appeals_on_one_answer_record_one_and_refuse_the_other():
    attempt = started()
    with pytest.MonkeyPatch.context() as no_grading_queue:
        # Grading inline keeps the test independent of the worker's timing.
        no_grading_queue.setattr(exams.transaction, "on_commit", lambda func, **kwargs: None)
        exams.attempt_submit(attempt=attempt)
    exams.attempt_grade(attempt_id=attempt.pk)
    item = AttemptItem.objects.select_related("attempt").get(attempt=attempt, position=1)

    first, second = race(
        lambda: exams.appeal_create(item=item, comment="from tab one"),
        lambda: exams.appeal_create(item=item, comment="from tab two"),
    )

    assert first.result().comment == "from tab one"
    assert isinstance(second.exception(), exams.AppealExists)
    assert list(Appeal.objects.values_list("comment", flat=True)) == ["from tab one"]


def test_a_deadline_passing_while_a_save_waits_for_the_lock_refuses_it_and_keeps_the_saved(
    monkeypatch: pytest.MonkeyPatch,
):
    attempt = started()
    item = AttemptItem.objects.get(attempt=attempt, position=1)
    item.attempt = attempt
    clock = SimpleNamespace(time=attempt.deadline - timedelta(seconds=5))
    monkeypatch.setattr(exams, "timezone", SimpleNamespace(now=lambda: clock.time))

    def deadline_passes() -> None:
        clock.time = attempt.deadline + timedelta(seconds=1)

    first, second = race(
        lambda: exams.attempt_item_save(item=item, response="saved in time", base_revision=0),
        lambda: exams.attempt_item_save(item=item, response="locked too late", base_revision=1),
        while_blocked=deadline_passes,
    )

    assert first.result().response == "saved in time"
    assert isinstance(second.exception(), exams.AttemptClosed)
    attempt.refresh_from_db()
    assert attempt.closure == Attempt.Closure.DEADLINE
    assert text(attempt) == "saved in time"
