"""The submit page shows the attempt's clock (the attempt page's), and a GET on the submit URL
(a reload, the back button) shows the summary of what is saved, never a bare 405 (issue 29)."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams
from tests.factories import assignment, candidate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


@pytest.fixture
def attempt(client):
    student = candidate()
    client.force_login(student)
    return exams.attempt_start(assignment=assignment(candidate=student), language="en")


def test_a_get_on_the_submit_url_shows_the_summary_of_what_is_saved(client, attempt):
    exams.attempt_answers_save(attempt=attempt, answers={1: exams.Answer("Missed trigger", 0)})

    response = client.get(reverse("exam-submit", args=[attempt.pk]))

    html = response.content.decode()
    assert response.status_code == 200
    assert "Submit the exam?" in html
    assert f"You answered 1 of {attempt.items.count()} questions." in html
    attempt.refresh_from_db()
    assert attempt.status == Attempt.Status.IN_PROGRESS  # a GET never submits


def test_the_submit_page_shows_the_attempts_clock(client, attempt):
    url = reverse("exam-submit", args=[attempt.pk])
    for send in (lambda: client.get(url), lambda: client.post(url, {})):
        before = attempt.seconds_left()
        response = send()
        after = attempt.seconds_left()
        html = response.content.decode()
        assert 'id="time-left"' in html
        shown = int(re.search(r'data-seconds-left="(\d+)"', html).group(1))
        # What the page showed was true at some moment while it was being answered.
        assert after <= shown <= before
        assert "Time left" in html
        assert "quizzes/exam.js" in html


def test_a_get_on_the_submit_url_of_a_closed_attempt_goes_to_the_result(client, attempt):
    Attempt.objects.filter(pk=attempt.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    response = client.get(reverse("exam-submit", args=[attempt.pk]))

    assert response.status_code == 302
    assert response["Location"] == reverse("exam-result", args=[attempt.pk])


def test_the_submit_page_queries_are_bounded(client, attempt, django_assert_num_queries):
    # Session, user, permission, the attempt, its items.
    with django_assert_num_queries(5):
        client.get(reverse("exam-submit", args=[attempt.pk]))


def test_another_candidates_submit_page_is_not_found(client, attempt):
    client.force_login(candidate())

    assert client.get(reverse("exam-submit", args=[attempt.pk])).status_code == 404
