"""A new closing time and the attempts in progress (walk 8, #19): the confirmation names each
attempt it would cut short and by how much; started attempts keep the time they were promised
unless the mentor ticks the box; a candidate whose deadline moved is told why."""

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone

from quizzes.exams.models.exams import Attempt, ExamAssignment
from quizzes.exams.services import assignments, exams
from tests.quizzes.views.test_assignment_changes import an_assigned_exam, when

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def three_minutes_into_a_30_minute_attempt(size=1):
    guide, people, job = an_assigned_exam(size)
    row = ExamAssignment.objects.get(candidate=people[0])
    attempt = exams.attempt_start(assignment=row, language="en")
    started = timezone.now() - timedelta(minutes=3)
    Attempt.objects.filter(pk=attempt.pk).update(
        started_at=started, deadline=started + timedelta(minutes=30)
    )
    attempt.refresh_from_db()
    return guide, people, job, attempt


def test_running_cuts_names_the_attempt_and_the_time_it_would_lose():
    _guide, _people, _job, attempt = three_minutes_into_a_30_minute_attempt(2)
    now = timezone.now()
    rows = list(ExamAssignment.objects.all())

    cuts = assignments.running_cuts(assignments=rows, closes_at=now + timedelta(minutes=2), now=now)

    assert [cut.attempt.pk for cut in cuts] == [attempt.pk]  # the other has not started
    assert cuts[0].left_before == attempt.deadline - now
    assert cuts[0].left_after == timedelta(minutes=2)
    assert cuts[0].lost == attempt.deadline - now - timedelta(minutes=2)
    assert assignments.running_cuts(assignments=rows, closes_at=now + timedelta(hours=1)) == []


def test_an_earlier_close_keeps_the_time_promised_to_an_attempt_in_progress():
    _guide, _people, _job, attempt = three_minutes_into_a_30_minute_attempt()
    promised = attempt.deadline
    closes_at = timezone.now() + timedelta(minutes=2)

    assignments.assignments_edit(
        assignments=list(ExamAssignment.objects.all()), closes_at=closes_at, note=""
    )

    attempt.refresh_from_db()
    assert attempt.deadline == promised
    assert attempt.deadline_changed_at is None
    assert ExamAssignment.objects.get().closes_at == closes_at  # nobody else starts later


def test_an_earlier_close_cuts_an_attempt_short_only_when_the_mentor_says_so():
    _guide, _people, _job, attempt = three_minutes_into_a_30_minute_attempt()
    closes_at = timezone.now() + timedelta(minutes=2)

    assignments.assignments_edit(
        assignments=list(ExamAssignment.objects.all()),
        closes_at=closes_at,
        note="",
        shorten_running=True,
    )

    attempt.refresh_from_db()
    assert attempt.deadline == closes_at
    assert attempt.deadline_changed_at is not None


def test_the_edit_confirmation_warns_of_each_attempt_cut_short_in_the_mentors_zone(client):
    guide, people, job, attempt = three_minutes_into_a_30_minute_attempt(2)
    guide.time_zone = "America/Sao_Paulo"
    guide.save(update_fields=["time_zone"])
    client.force_login(guide)
    in_sao_paulo = timezone.localtime(
        timezone.now() + timedelta(minutes=2), ZoneInfo("America/Sao_Paulo")
    )
    data = {"edit-closes_at": in_sao_paulo.strftime("%Y-%m-%dT%H:%M"), "edit-note": ""}

    page = client.post(reverse("assignment-edit", args=[job.pk]), data).content.decode()

    assert "this closing time would cut them short" in page
    assert str(people[0]) in page
    assert str(people[1]) not in page.split("cuts-heading")[-1]  # not started: not cut
    assert "27 minutes left now" in page or "26 minutes left now" in page
    assert "1 minute (until" in page or "less than a minute (until" in page
    assert "São Paulo (UTC\u22123)" in page.split("cuts-heading")[-1]
    assert 'name="edit-shorten_running"' in page
    assert 'type="hidden" name="edit-shorten_running"' not in page
    assert "keep the time they were promised" in page
    attempt.refresh_from_db()
    assert attempt.deadline > timezone.now() + timedelta(minutes=20)  # nothing done yet


def test_confirming_without_the_box_keeps_the_attempt_and_ticking_it_cuts_it(client):
    guide, _people, job, attempt = three_minutes_into_a_30_minute_attempt()
    promised = attempt.deadline
    client.force_login(guide)
    url = reverse("assignment-edit", args=[job.pk])
    data = {"edit-closes_at": when(minutes=10), "edit-note": "", "confirm": "1"}

    assert client.post(url, data).status_code == 302
    attempt.refresh_from_db()
    assert attempt.deadline == promised

    assert client.post(url, {**data, "edit-shorten_running": "on"}).status_code == 302
    attempt.refresh_from_db()
    assert attempt.deadline == ExamAssignment.objects.get().closes_at < promised


def test_the_candidate_is_told_why_the_deadline_of_their_attempt_changed(client):
    _guide, people, _job, attempt = three_minutes_into_a_30_minute_attempt()
    client.force_login(people[0])
    page = client.get(reverse("exam-attempt", args=[attempt.pk])).content.decode()
    assert "Your mentor changed the closing time" not in page

    assignments.assignments_edit(
        assignments=list(ExamAssignment.objects.all()),
        closes_at=timezone.now() + timedelta(minutes=5),
        note="",
        shorten_running=True,
    )

    page = client.get(reverse("exam-attempt", args=[attempt.pk])).content.decode()
    assert "Your mentor changed the closing time to" in page
    assert "this attempt now ends at" in page


def test_the_api_says_when_a_mentor_moved_the_attempts_deadline(client):
    _guide, people, _job, attempt = three_minutes_into_a_30_minute_attempt()
    client.force_login(people[0])
    url = f"/api/v1/attempts/{attempt.pk}"
    assert client.get(url).json()["deadline_changed_at"] is None

    assignments.assignments_edit(
        assignments=list(ExamAssignment.objects.all()),
        closes_at=timezone.now() + timedelta(minutes=5),
        note="",
        shorten_running=True,
    )

    body = client.get(url).json()
    assert body["deadline_changed_at"] is not None
    assert body["seconds_left"] <= 5 * 60
