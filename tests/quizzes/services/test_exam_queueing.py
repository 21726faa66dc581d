"""With the broker down, exam writes commit and answer; the beat sweep queues the rest later.

No Redis is needed: the broker is pointed at a local port nobody listens on.
"""

import logging
from datetime import timedelta

import pytest
from django.utils import timezone

from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams
from quizzes.tasks import attempts_close_overdue
from tests.factories import assignment, candidate
from tests.outage import broker_down

pytestmark = pytest.mark.django_db(transaction=True)  # on-commit callbacks run as in production


def post(client, url, body=None):
    return client.post(url, body or {}, content_type="application/json")


@pytest.fixture
def student(client):
    user = candidate()
    client.force_login(user)
    return user


def queueing_failures(caplog):
    return [r for r in caplog.records if r.name == "judgetrain.queueing"]


def test_start_answers_201_and_commits_when_the_broker_is_down(client, student, caplog):
    job = assignment(candidate=student, max_attempts=1)

    with broker_down():
        response = post(client, "/api/v1/attempts", {"assignment": job.pk, "language": "en"})

    assert response.status_code == 201, response.content
    attempt = Attempt.objects.get(pk=response.json()["id"])
    assert attempt.status == Attempt.Status.IN_PROGRESS
    assert attempt.items.count() == 4


def test_submit_answers_200_and_keeps_the_answers_when_the_broker_is_down(client, student, caplog):
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    url = f"/api/v1/attempts/{attempt.pk}/submit"

    with caplog.at_level(logging.ERROR, logger="judgetrain.queueing"), broker_down():
        response = post(
            client,
            url,
            {"responses": {"1": {"response": "Missed trigger, no penalty", "revision": 0}}},
        )

    assert response.status_code == 200, response.content
    assert response.json()["status"] == "submitted"
    attempt.refresh_from_db()
    assert attempt.status == Attempt.Status.SUBMITTED
    assert attempt.items.get(position=1).response == "Missed trigger, no penalty"
    [failure] = queueing_failures(caplog)
    assert "quizzes.attempt_grade" in failure.getMessage()


def test_the_sweep_grades_what_was_submitted_during_the_outage_once_the_broker_is_back(
    client, student
):
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    with broker_down():
        post(
            client,
            f"/api/v1/attempts/{attempt.pk}/submit",
            {"responses": {"1": {"response": "x", "revision": 0}}},
        )
    later = timezone.now() + exams.grading_grace() + timedelta(seconds=1)

    # The broker is back (the project's in-process Celery): the sweep queues the grading.
    assert exams.attempts_regrade_stuck(now=later) == [attempt.pk]

    attempt.refresh_from_db()
    assert attempt.status == Attempt.Status.GRADED


def test_the_sweep_closes_and_grades_an_attempt_started_during_the_outage_and_left_open(
    client, student
):
    job = assignment(candidate=student)
    with broker_down():
        started = post(client, "/api/v1/attempts", {"assignment": job.pk, "language": "en"})
    attempt = Attempt.objects.get(pk=started.json()["id"])
    Attempt.objects.filter(pk=attempt.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    assert attempts_close_overdue() == 1

    attempt.refresh_from_db()
    assert (attempt.status, attempt.closure) == (Attempt.Status.GRADED, Attempt.Closure.DEADLINE)


def test_the_sweep_closes_every_overdue_attempt_even_while_the_broker_is_down(caplog):
    attempts = [exams.attempt_start(assignment=assignment(), language="en") for _ in range(3)]
    Attempt.objects.update(deadline=timezone.now() - timedelta(seconds=1))

    with broker_down():
        closed = exams.attempts_close_overdue()

    assert sorted(closed) == sorted(attempt.pk for attempt in attempts)
    assert set(Attempt.objects.values_list("status", flat=True)) == {Attempt.Status.SUBMITTED}
    assert len(queueing_failures(caplog)) == 3


def test_requeueing_stops_at_the_first_failure_while_the_broker_is_down(caplog):
    for _ in range(3):
        exams.attempt_submit(attempt=exams.attempt_start(assignment=assignment(), language="en"))
    Attempt.objects.update(status=Attempt.Status.SUBMITTED)  # graded eagerly: make them stuck
    later = timezone.now() + exams.grading_grace() + timedelta(seconds=1)

    with broker_down():
        stuck = exams.attempts_regrade_stuck(now=later)

    assert len(stuck) == 3
    assert len(queueing_failures(caplog)) == 1  # one quick failure, not one per attempt


def test_the_sweep_does_not_queue_grading_twice_for_an_attempt_it_has_just_closed(monkeypatch):
    attempt = exams.attempt_start(assignment=assignment(), language="en")
    Attempt.objects.filter(pk=attempt.pk).update(deadline=timezone.now() - timedelta(hours=1))
    queued = []
    monkeypatch.setattr(
        "quizzes.exams.services.exams.enqueue", lambda name, **kw: queued.append((name, kw)) or True
    )
    monkeypatch.setattr(
        "quizzes.exams.services.exams.enqueue_on_commit",
        lambda name, **kw: queued.append((name, kw)),
    )

    attempts_close_overdue()

    assert queued == [("quizzes.attempt_grade", {"attempt_id": attempt.pk})]


def test_grading_a_graded_attempt_again_changes_nothing():
    attempt = exams.attempt_start(assignment=assignment(), language="en")
    exams.attempt_submit(attempt=attempt, responses={1: exams.Answer("Missed trigger", 0)})
    attempt.refresh_from_db()
    graded_at = attempt.graded_at

    exams.attempt_grade(attempt_id=attempt.pk)

    attempt.refresh_from_db()
    assert attempt.graded_at == graded_at


def test_the_exam_pages_start_and_submit_while_the_broker_is_down(client, student):
    from django.urls import reverse

    job = assignment(candidate=student)

    with broker_down():
        started = client.post(reverse("exam-start", args=[job.pk]))
        attempt = Attempt.objects.get(assignment=job)
        submitted = client.post(
            reverse("exam-submit", args=[attempt.pk]),
            {"item-1": "Missed trigger", "revision-1": "0", "confirm": "1"},
        )

    assert started.status_code == submitted.status_code == 302
    attempt.refresh_from_db()
    assert attempt.status == Attempt.Status.SUBMITTED
    assert attempt.items.get(position=1).response == "Missed trigger"
