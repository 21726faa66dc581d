"""The attempt page's "Save answers" and "Submit": revision-checked, all or nothing."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams
from quizzes.practice.models import PracticeAnswer
from quizzes.review.models.appeals import Appeal
from tests.factories import assignment, candidate, question

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


@pytest.fixture
def student(client):
    user = candidate()
    client.force_login(user)
    return user


@pytest.fixture
def attempt(student):
    return exams.attempt_start(assignment=assignment(candidate=student), language="en")


def other_tab_saves(attempt, text, position=1):
    item = attempt.items.get(position=position)
    exams.attempt_item_save(item=item, response=text, base_revision=item.revision)


def saved_texts(attempt):
    return dict(attempt.items.values_list("position", "response"))


@pytest.mark.parametrize("button", ["exam-save", "exam-submit"])
def test_a_stale_tab_cannot_overwrite_a_newer_answer(client, attempt, button):
    other_tab_saves(attempt, "Missed trigger, newer text")

    response = client.post(
        reverse(button, args=[attempt.pk]),
        {"item-1": "", "revision-1": "0", "item-2": "mine", "revision-2": "0"},
    )

    assert response.status_code == 409
    html = response.content.decode()
    assert "changed in another tab" in html
    assert "Saved from another tab" in html
    assert "Missed trigger, newer text" in html
    assert 'name="revision-1" value="1"' in html  # saving again now is a choice, not a race
    assert ">mine</textarea>" in html  # this tab's text is shown back, not lost
    attempt.refresh_from_db()
    assert attempt.status == Attempt.Status.IN_PROGRESS
    assert saved_texts(attempt) == {1: "Missed trigger, newer text", 2: "", 3: "", 4: ""}


def test_after_a_conflict_saving_again_keeps_this_tabs_text(client, attempt):
    other_tab_saves(attempt, "other tab")
    client.post(reverse("exam-save", args=[attempt.pk]), {"item-1": "this tab", "revision-1": "0"})

    response = client.post(
        reverse("exam-save", args=[attempt.pk]), {"item-1": "this tab", "revision-1": "1"}
    )

    assert response.status_code == 302
    assert saved_texts(attempt)[1] == "this tab"


def test_a_page_without_revisions_saves_nothing_and_asks_for_a_reload(client, attempt):
    response = client.post(reverse("exam-submit", args=[attempt.pk]), {"item-1": "old page"})

    assert response.status_code == 400
    assert "reload it before saving" in response.content.decode()
    attempt.refresh_from_db()
    assert attempt.status == Attempt.Status.IN_PROGRESS
    assert saved_texts(attempt)[1] == ""


@pytest.mark.parametrize("button", ["exam-save", "exam-submit"])
@pytest.mark.parametrize("bad", ["x" * 5001])
def test_one_bad_field_saves_nothing_and_names_the_question(client, attempt, button, bad):
    response = client.post(
        reverse(button, args=[attempt.pk]),
        {"item-1": "good", "revision-1": "0", "item-2": bad, "revision-2": "0"},
    )

    assert response.status_code == 400
    html = response.content.decode()
    assert "Nothing was saved" in html
    assert "Question 2:" in html
    assert "Question 1:" not in html
    assert ">good</textarea>" in html
    attempt.refresh_from_db()
    assert attempt.status == Attempt.Status.IN_PROGRESS
    assert set(saved_texts(attempt).values()) == {""}


def test_a_second_submit_with_other_answers_is_refused_with_a_message(client, attempt):
    exams.attempt_submit(attempt=attempt, responses={1: exams.Answer("first tab", 0)})

    response = client.post(
        reverse("exam-submit", args=[attempt.pk]),
        {"item-1": "second tab", "revision-1": "0"},
        follow=True,
    )

    assert "already submitted; the answers in this request were not saved" in (
        response.content.decode()
    )
    assert saved_texts(attempt)[1] == "first tab"


def test_a_submit_after_the_deadline_is_refused_and_keeps_the_saved_answer(client, attempt):
    other_tab_saves(attempt, "in time")
    Attempt.objects.filter(pk=attempt.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    response = client.post(
        reverse("exam-submit", args=[attempt.pk]),
        {"item-1": "too late", "revision-1": "1"},
        follow=True,
    )

    assert "time for this exam is over" in response.content.decode()
    assert saved_texts(attempt)[1] == "in time"


def test_saving_the_page_uses_a_bounded_number_of_queries(
    client, attempt, django_assert_max_num_queries
):
    data = {f"item-{n}": "x" for n in (1, 2)} | {f"revision-{n}": "0" for n in (1, 2)}

    with django_assert_max_num_queries(16):
        client.post(reverse("exam-save", args=[attempt.pk]), data)

    assert saved_texts(attempt)[2] == "x"


@pytest.mark.parametrize("button", ["exam-save", "exam-submit"])
def test_a_nul_byte_in_an_answer_is_refused_before_the_page_and_saves_nothing(
    client, attempt, button
):
    """The middleware refuses a NUL in any form field (judgetrain/middleware.py)."""
    response = client.post(
        reverse(button, args=[attempt.pk]),
        {"item-1": "good", "revision-1": "0", "item-2": "a NUL\x00byte", "revision-2": "0"},
    )

    assert response.status_code == 400
    assert "Nothing was saved" in response.content.decode()
    attempt.refresh_from_db()
    assert attempt.status == Attempt.Status.IN_PROGRESS
    assert set(saved_texts(attempt).values()) == {""}


def test_an_appeal_with_a_nul_byte_is_refused(client, attempt):
    exams.attempt_submit(attempt=attempt)

    response = client.post(
        reverse("exam-appeal", args=[attempt.pk, 1]), {"comment": "look\x00again"}, follow=True
    )

    assert response.status_code == 400
    assert "Form fields may not contain NUL characters" in response.content.decode()
    assert not Appeal.objects.exists()


def test_a_practice_answer_with_a_nul_byte_is_refused(client, student):
    practice = question()

    response = client.post(
        reverse("practice-answer", args=[practice.pk]), {"response": "Missed\x00trigger"}
    )

    assert response.status_code == 400
    assert "Form fields may not contain NUL characters" in response.content.decode()
    assert not PracticeAnswer.objects.exists()
