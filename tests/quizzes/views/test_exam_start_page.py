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


def test_the_start_page_makes_a_fixed_number_of_queries(client, student, django_assert_num_queries):
    """Session, user, permissions, the assignment with its blueprint (and its instructions),
    the attempts, the prepared variant's language."""
    job = assignment(
        candidate=student,
        max_attempts=2,
        blueprint=BlueprintFactory(candidate_instructions="No phones."),
    )
    url = reverse("exam-start", args=[job.pk])

    with django_assert_num_queries(6):
        response = client.get(url)

    assert response.status_code == 200


def test_the_start_page_shows_the_committees_instructions_with_their_line_breaks(client, student):
    """Issue 28: the committee's instructions (allowed materials, conduct) come before the
    clock starts."""
    instructions = "Bring the Core Rules.\r\nNo phones.\n\nAsk a proctor if in doubt."
    job = assignment(
        candidate=student, blueprint=BlueprintFactory(candidate_instructions=instructions)
    )

    html = client.get(reverse("exam-start", args=[job.pk])).content.decode()

    assert "Instructions from the committee" in html
    assert "<p>Bring the Core Rules.<br>No phones.</p>\n\n<p>Ask a proctor if in doubt.</p>" in html
    assert html.index("Instructions from the committee") < html.index("Start the exam")


def test_the_start_page_shows_the_instructions_as_plain_text(client, student):
    typed = "<script>alert(1)</script> <b>No phones</b>"
    job = assignment(candidate=student, blueprint=BlueprintFactory(candidate_instructions=typed))

    html = client.get(reverse("exam-start", args=[job.pk])).content.decode()

    assert "&lt;script&gt;alert(1)&lt;/script&gt; &lt;b&gt;No phones&lt;/b&gt;" in html
    assert "<script>alert(1)" not in html
    assert "<b>No phones" not in html


def test_without_instructions_the_start_page_has_no_instructions_section(client, student):
    job = assignment(candidate=student)

    html = client.get(reverse("exam-start", args=[job.pk])).content.decode()

    assert "start-instructions" not in html


def test_the_instructions_heading_is_translated(client, student):
    job = assignment(candidate=student, blueprint=BlueprintFactory(candidate_instructions="x"))
    client.cookies["django_language"] = "pt-br"

    html = client.get(reverse("exam-start", args=[job.pk])).content.decode()

    assert "Instruções do comitê" in html


def test_the_instructions_are_not_shown_while_the_exam_runs(client, student):
    job = assignment(
        candidate=student, blueprint=BlueprintFactory(candidate_instructions="Bring the rules.")
    )
    client.post(reverse("exam-start", args=[job.pk]))
    attempt = Attempt.objects.get()

    response = client.get(reverse("exam-attempt", args=[attempt.pk]))

    html = response.content.decode()
    assert response.status_code == 200
    assert "Bring the rules." not in html
    assert "Instructions from the committee" not in html
