"""While a mentor has yet to review an answer of a graded attempt, its result is provisional on
every page and in the API; the mentor sees why each answer is in the queue.

Answers come from the mentor tests' builders (RIGHT), written for the tests."""

from __future__ import annotations

import pytest
from django.urls import reverse

from quizzes.exams.models.exams import Attempt, WrittenReview
from quizzes.review.models.review import Review
from tests.factories import mentor
from tests.quizzes.mentor.conftest import RIGHT, graded_attempt, mentored_candidate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def _reviewed_every_answer(**blueprint) -> Attempt:
    who, the_cohort = mentored_candidate()
    the_cohort.mentor = mentor()
    the_cohort.save()
    settings = {"written_review": WrittenReview.EVERY, **blueprint}
    return graded_attempt(who, [RIGHT, RIGHT], blueprint=settings)


def test_the_result_page_says_the_score_is_provisional_while_reviews_wait(client):
    attempt = _reviewed_every_answer()
    client.force_login(attempt.candidate)

    page = client.get(reverse("exam-result", args=[attempt.pk])).content.decode()

    assert "Provisional score" in page
    assert "2 of your written answers are waiting for a mentor's review" in page
    assert "not passed" not in page
    assert "— passed" not in page


def test_the_result_is_final_once_every_review_is_decided(client):
    attempt = _reviewed_every_answer()
    Review.objects.filter(item__attempt=attempt).update(status=Review.Status.ACCEPTED)
    client.force_login(attempt.candidate)

    page = client.get(reverse("exam-result", args=[attempt.pk])).content.decode()

    assert "Provisional" not in page
    assert "passed" in page


def test_the_exam_list_and_home_say_provisional(client):
    attempt = _reviewed_every_answer()
    client.force_login(attempt.candidate)

    for url in (reverse("exams"), reverse("home")):
        page = client.get(url).content.decode()
        assert "provisional: waiting for a mentor's review" in page, url


def test_the_api_result_says_how_many_reviews_wait(client):
    attempt = _reviewed_every_answer()
    client.force_login(attempt.candidate)

    body = client.get(f"/api/v1/attempts/{attempt.pk}/result").json()

    assert (body["provisional"], body["reviews_waiting"]) == (True, 2)


def test_the_mentor_sees_why_an_answer_is_in_the_queue(client):
    attempt = _reviewed_every_answer()
    review = Review.objects.filter(item__attempt=attempt).first()
    client.force_login(attempt.candidate.cohorts.get().mentor)

    queue = client.get(reverse("mentor-reviews")).content.decode()
    page = client.get(reverse("mentor-review", args=[review.pk])).content.decode()
    api = client.get("/api/v1/mentor/reviews").json()

    assert "This exam has every written answer reviewed" in queue
    assert "Why it is here" in page
    assert "every written answer reviewed" in page
    assert {row["cause"] for row in api} == {"every"}


def test_a_borderline_review_page_shows_the_score_mark_and_margin(client):
    who, the_cohort = mentored_candidate()
    attempt = graded_attempt(
        who,
        [RIGHT, RIGHT, RIGHT, RIGHT, "Forgetting to score a point, warning, correct the score."],
        blueprint={"written_review": WrittenReview.BORDERLINE, "review_margin": 0.1},
    )
    review = Review.objects.filter(item__attempt=attempt).first()
    client.force_login(the_cohort.mentor)

    page = client.get(reverse("mentor-review", args=[review.pk])).content.decode()

    assert "near the pass mark" in page
    assert "attempt 80%, pass mark 80%, margin 10%" in page


def test_the_result_page_reads_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    attempt = _reviewed_every_answer()
    client.force_login(attempt.candidate)
    client.get(reverse("exam-result", args=[attempt.pk]))  # warm the session

    with django_assert_max_num_queries(12):
        client.get(reverse("exam-result", args=[attempt.pk]))
