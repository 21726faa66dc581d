"""The exam start page: what a candidate reads before the clock runs (issue 29, finding "one
tap starts a timed, single-attempt certification exam with no start screen (time limit, pass
mark, attempts left, rules); the exam list shows neither attempts left nor pass mark")."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams
from tests.factories import BlueprintFactory, assignment, candidate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


@pytest.fixture
def student(client):
    who = candidate()
    client.force_login(who)
    return who


def test_the_start_page_states_the_exam_and_its_rules_and_starts_nothing(client, student):
    job = assignment(
        candidate=student,
        max_attempts=2,
        blueprint=BlueprintFactory(
            name="Level one",
            time_limit_minutes=45,
            pass_score=0.75,
            review_policy="after_close",
            written_review="every",
            composition=[{"topic": None, "kind": "free_form", "count": 3}],
        ),
    )
    url = reverse("exam-start", args=[job.pk])

    html = client.get(url).content.decode()

    assert "Before you start: Level one" in html
    assert "45 minutes" in html
    assert "75%" in html
    assert "<dd>3</dd>" in html
    assert "2 of 2" in html
    assert "After the exam closes for everyone" in html
    assert "Every written answer" in html
    assert "saved as you type" in html
    assert "your answers are submitted as they are" in html
    assert f'<form method="post" action="{url}">' in html
    assert not Attempt.objects.exists()


def test_the_start_page_posts_to_start_the_attempt(client, student):
    job = assignment(candidate=student)

    response = client.post(reverse("exam-start", args=[job.pk]))

    attempt = Attempt.objects.get()
    assert response["Location"] == reverse("exam-attempt", args=[attempt.pk])


def test_with_no_attempt_left_the_start_page_offers_no_start(client, student):
    job = assignment(candidate=student)
    exams.attempt_submit(attempt=exams.attempt_start(assignment=job, language="en"), responses={})

    html = client.get(reverse("exam-start", args=[job.pk])).content.decode()

    assert "You have no attempt left for this exam." in html
    assert '<form method="post"' not in html.split("<main")[-1].split("</main>")[0]


def test_an_attempt_in_progress_is_continued_not_started_again(client, student):
    job = assignment(candidate=student, max_attempts=2)
    attempt = exams.attempt_start(assignment=job, language="en")

    html = client.get(reverse("exam-start", args=[job.pk])).content.decode()

    assert f'href="{reverse("exam-attempt", args=[attempt.pk])}"' in html
    assert "Continue the exam" in html


def test_the_exam_list_links_to_the_start_page_with_pass_mark_and_attempts_left(client, student):
    job = assignment(candidate=student, max_attempts=3, blueprint=BlueprintFactory(pass_score=0.8))

    html = client.get(reverse("exams")).content.decode()

    assert f'href="{reverse("exam-start", args=[job.pk])}"' in html
    assert "pass mark 80%" in html
    assert "3 attempts left" in html


def test_the_start_page_is_translated(client, student):
    job = assignment(candidate=student)
    client.cookies["django_language"] = "es"

    html = client.get(reverse("exam-start", args=[job.pk])).content.decode()

    assert "Antes de empezar" in html
    assert "Reglas" in html


def test_the_attempt_page_without_javascript_asks_for_save_answers_and_names_the_zone(
    client, student
):
    """UX walk 1, finding 31: with JavaScript off the page promised "saved as you type"; the
    autosave time came in the device's zone, unnamed. The script says the first and is told
    the account's zone."""
    student.time_zone = "America/Sao_Paulo"
    student.save(update_fields=["time_zone"])
    job = assignment(candidate=student)
    client.post(reverse("exam-start", args=[job.pk]))
    attempt = Attempt.objects.get()

    html = client.get(reverse("exam-attempt", args=[attempt.pk])).content.decode()

    status = re.search(r'<p id="save-status"[^>]*>(.*?)</p>', html)
    assert status is not None
    assert "saved as you type" not in status.group(1)
    assert "Save answers" in status.group(1)
    assert 'data-zone="America/Sao_Paulo"' in status.group(0)
    assert 'data-msg-autosave="Answers are saved as you type."' in status.group(0)
