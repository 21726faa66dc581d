"""An open exam page learns what the server knows of its clock (walk 9, #6 to #8): the
autosave's answer and ``GET /api/v1/attempts/{id}/clock`` carry the deadline, the seconds
left, why a mentor's change moved it, the mentor's note, and, once the attempt closed, why;
an answer sent after the close is refused with that reason, never dropped silently."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from quizzes.exams.models.exams import Attempt, ExamAssignment
from quizzes.exams.services import assignments
from quizzes.templatetags.quizzes_tags import clock
from tests.quizzes.views.test_deadline_cuts import three_minutes_into_a_30_minute_attempt

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def _move(closes_in, *, shorten, note=""):
    assignments.assignments_edit(
        assignments=list(ExamAssignment.objects.all()),
        closes_at=timezone.now() + closes_in,
        note=note,
        shorten_running=shorten,
    )


def _save(client, attempt, text, revision=0):
    return client.put(
        f"/api/v1/attempts/{attempt.pk}/items/1",
        {"response": text, "revision": revision},
        content_type="application/json",
    )


def test_the_autosave_answer_carries_a_deadline_a_mentor_shortened_and_why(client):
    _guide, people, _job, attempt = three_minutes_into_a_30_minute_attempt()
    client.force_login(people[0])
    _move(timedelta(minutes=5), shorten=True, note="Closing early: the room is needed.")

    body = _save(client, attempt, "Missed trigger").json()

    assert body["clock"]["open"] is True
    assert 4 * 60 < body["clock"]["seconds_left"] <= 5 * 60
    attempt.refresh_from_db()
    assert body["clock"]["deadline"] == attempt.deadline.isoformat()
    assert "Your mentor changed the closing time to" in body["clock"]["notice"]
    assert body["clock"]["note"] == "Closing early: the room is needed."


def test_the_clock_says_an_attempt_keeps_its_time_when_the_exam_closes_before_it(client):
    _guide, people, _job, attempt = three_minutes_into_a_30_minute_attempt()
    client.force_login(people[0])
    _move(timedelta(minutes=5), shorten=False, note="Closing early.")

    state = client.get(f"/api/v1/attempts/{attempt.pk}/clock").json()

    assert state["seconds_left"] > 20 * 60  # its own deadline, not the exam's close
    assert "keeps its time" in state["notice"]
    page = client.get(reverse("exam-attempt", args=[attempt.pk])).content.decode()
    assert "keeps its time" in page
    assert "Closing early." in page  # the mentor's note, on the exam page too (#7)


def test_the_clock_answers_a_closed_attempt_and_the_mentors_change_that_closed_it(client):
    _guide, people, _job, attempt = three_minutes_into_a_30_minute_attempt()
    client.force_login(people[0])
    _move(timedelta(minutes=5), shorten=True)
    Attempt.objects.filter(pk=attempt.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    state = client.get(f"/api/v1/attempts/{attempt.pk}/clock").json()

    assert state["open"] is False
    assert state["seconds_left"] == 0
    assert "Your mentor changed the closing time: this exam closed at" in state["closed"]
    assert Attempt.objects.get(pk=attempt.pk).status != Attempt.Status.IN_PROGRESS


def test_an_answer_sent_after_a_shortened_close_is_refused_with_the_reason(client):
    _guide, people, _job, attempt = three_minutes_into_a_30_minute_attempt()
    client.force_login(people[0])
    _move(timedelta(minutes=5), shorten=True)
    Attempt.objects.filter(pk=attempt.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    late = _save(client, attempt, "typed after the close")

    assert late.status_code == 403
    body = late.json()
    assert body["code"] == "attempt_closed"
    assert "Your mentor changed the closing time" in body["detail"]
    assert body["closure"] == Attempt.Closure.DEADLINE
    assert attempt.items.get(position=1).response == ""


def test_the_clock_speaks_the_language_of_the_page_that_asks(client):
    """Walk 10, #1: the exam page's script names its language (``X-Page-Language``); the
    account's language, changed in another tab since the page loaded, does not win."""
    _guide, people, _job, attempt = three_minutes_into_a_30_minute_attempt()
    people[0].preferred_language = "en"
    people[0].save(update_fields=["preferred_language"])
    client.force_login(people[0])
    _move(timedelta(minutes=5), shorten=False)

    state = client.get(
        f"/api/v1/attempts/{attempt.pk}/clock", headers={"X-Page-Language": "es"}
    ).json()
    unknown = client.get(
        f"/api/v1/attempts/{attempt.pk}/clock", headers={"X-Page-Language": "xx"}
    ).json()

    assert state["notice"].startswith("Tu mentor cambió la hora de cierre a ")
    assert unknown["notice"].startswith("Your mentor changed the closing time to ")


def test_a_late_answer_is_refused_in_the_language_of_the_page_that_sent_it(client):
    _guide, people, _job, attempt = three_minutes_into_a_30_minute_attempt()
    client.force_login(people[0])
    _move(timedelta(minutes=5), shorten=True)
    Attempt.objects.filter(pk=attempt.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    late = client.put(
        f"/api/v1/attempts/{attempt.pk}/items/1",
        {"response": "tarde", "revision": 0},
        content_type="application/json",
        headers={"X-Page-Language": "pt-br"},
    )

    assert late.status_code == 403
    assert late.json()["detail"].startswith("Seu mentor mudou o horário de encerramento")


def test_the_clock_is_a_few_small_reads(client, django_assert_max_num_queries):
    _guide, people, _job, attempt = three_minutes_into_a_30_minute_attempt()
    client.force_login(people[0])

    # Session, user, permission, the attempt with its assignment and blueprint.
    with django_assert_max_num_queries(4):
        assert client.get(f"/api/v1/attempts/{attempt.pk}/clock").status_code == 200


def test_someone_elses_attempt_clock_is_not_found(client):
    _guide, people, _job, attempt = three_minutes_into_a_30_minute_attempt(2)
    client.force_login(people[1])

    assert client.get(f"/api/v1/attempts/{attempt.pk}/clock").status_code == 404


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(0, "0 min 0 s"), (1172, "19 min 32 s"), (3600 + 65, "1 h 1 min 5 s")],
)
def test_time_left_reads_as_a_duration_not_a_time_of_day(seconds, shown):
    assert clock(seconds) == shown
