"""Nothing a candidate receives names the generator's inputs, and whoever is sitting an exam
sees no key of it, whatever their roles (issue 9, points 1 and 3)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from judgetrain.accounts.roles import Role
from quizzes.bank.models.questions import Question
from quizzes.exams.models.exams import Attempt
from tests.factories import assignment, candidate, mentor, question, user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

# Fields that name the generator's inputs, or a value computed from the key.
GENERATOR_FIELDS = {
    "template_id",
    "template_version",
    "seed",
    "content_hash",
    "policy_version",
    "difficulty",
    "situation",
    "ruling",
    "key",
    "key_detail",
    "explanation",
}


def keys_of(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for value in data.values() for k in keys_of(value)}
    if isinstance(data, list):
        return {k for value in data for k in keys_of(value)}
    return set()


def assert_names_no_generator_input(text: str, payload: Any, questions: list[Question]) -> None:
    assert GENERATOR_FIELDS.isdisjoint(keys_of(payload))
    for item in questions:
        assert item.template_id not in text
        assert item.content_hash not in text
        assert f'"{item.seed}"' not in text
        assert f": {item.seed}" not in text


def committee_candidate():
    """A committee member who is also sitting an exam (for the next level, say)."""
    return user(Role.COMMITTEE, Role.CANDIDATE, is_staff=True)


def start(client, job) -> dict[str, Any]:
    response = client.post(
        "/api/v1/attempts", {"assignment": job.pk}, content_type="application/json"
    )
    assert response.status_code == 201, response.json()
    return response.json()


def variant(attempt_id: int) -> list[Question]:
    return [item.question for item in Attempt.objects.get(pk=attempt_id).items.all()]


# --- point 1: no generator input reaches a candidate -------------------------------------


def test_starting_and_reading_an_attempt_names_no_template_seed_or_hash(client):
    student = candidate()
    client.force_login(student)

    started = start(client, assignment(candidate=student))
    detail = client.get(f"/api/v1/attempts/{started['id']}")
    page = client.get(f"/api/v1/attempts/{started['id']}/items")

    questions = variant(started["id"])
    assert_names_no_generator_input(str(started), started, questions)
    assert_names_no_generator_input(detail.content.decode(), detail.json(), questions)
    assert_names_no_generator_input(page.content.decode(), page.json(), questions)
    assert [item["position"] for item in started["items"]] == [1, 2, 3, 4]
    assert "question" not in started["items"][0]
    assert [item["position"] for item in page.json()["results"]] == [1, 2, 3, 4]
    assert "id" not in page.json()["results"][0]["question"]


def test_the_attempt_page_html_names_no_template_seed_or_hash(client):
    student = candidate()
    client.force_login(student)
    started = start(client, assignment(candidate=student))

    html = client.get(reverse("exam-attempt", args=[started["id"]])).content.decode()

    for item in variant(started["id"]):
        assert item.template_id not in html
        assert item.content_hash not in html
        assert str(item.seed) not in html
        assert item.stem.split(".")[0] in html or item.stem[:20] in html


def test_practice_next_names_no_template_seed_or_hash(client):
    client.force_login(candidate())

    response = client.get("/api/v1/practice/next", {"lang": "en", "game": "mtg"})

    assert response.status_code == 200
    body = response.json()
    assert_names_no_generator_input(response.content.decode(), body, [Question.objects.get()])


def test_the_question_bank_names_no_template_seed_or_hash_to_candidates(client):
    banked = question()
    client.force_login(candidate())

    listed = client.get("/api/v1/questions")
    detail = client.get(f"/api/v1/questions/{banked.pk}")

    assert_names_no_generator_input(listed.content.decode(), listed.json(), [banked])
    assert_names_no_generator_input(detail.content.decode(), detail.json(), [banked])


def test_candidates_cannot_filter_by_difficulty_a_hint_at_the_key(client):
    client.force_login(candidate())

    response = client.get("/api/v1/questions?difficulty_min=0.5")

    assert response.status_code == 400
    assert "difficulty" in str(response.json())


def test_candidates_cannot_filter_by_policy_version_a_generator_input(client):
    """Issue 25, finding 3: the policy version is one of the generator's inputs."""
    version = question().policy_version.version_id
    client.force_login(candidate())

    response = client.get(f"/api/v1/questions?policy_version={version}")
    other = client.get("/api/v1/questions?policy_version=no-such-version")

    assert (response.status_code, other.status_code) == (400, 400)
    assert response.json() == other.json()
    assert response.json()["policy_version"] == [
        "Only mentors and the committee can filter by policy version."
    ]


def test_mentors_still_see_how_a_question_was_generated(client):
    banked = question()
    client.force_login(mentor())

    body = client.get(f"/api/v1/questions/{banked.pk}").json()

    assert (body["template_id"], body["seed"]) == (banked.template_id, banked.seed)
    assert body["content_hash"] == banked.content_hash


# --- point 3: whoever is sitting an exam sees no key of it -------------------------------


@pytest.mark.parametrize("make_user", [mentor, committee_candidate])
def test_a_mentor_sitting_an_exam_cannot_read_its_keys(client, make_user):
    judge = make_user()
    client.force_login(judge)
    started = start(client, assignment(candidate=judge))
    mine = variant(started["id"])

    listed = client.get("/api/v1/questions").json()["results"]
    details = [client.get(f"/api/v1/questions/{item.pk}") for item in mine]

    assert not {row["id"] for row in listed} & {item.pk for item in mine}
    assert [response.status_code for response in details] == [404] * len(mine)


def test_a_mentor_sitting_an_exam_cannot_grade_against_its_questions(client):
    judge = mentor()
    client.force_login(judge)
    started = start(client, assignment(candidate=judge))
    target = variant(started["id"])[0]

    response = client.post(
        "/api/v1/grading/grade",
        {"question": target.pk, "answer": "Missed trigger, no penalty"},
        content_type="application/json",
    )

    assert response.status_code == 400
    assert "question" in response.json()


def test_a_mentor_with_an_exam_to_come_sees_no_exam_variant(client):
    someone_elses = question(for_exams=True)
    judge = mentor()
    now = timezone.now()
    assignment(candidate=judge, opens_at=now + timedelta(days=1), closes_at=now + timedelta(days=2))
    client.force_login(judge)

    assert client.get(f"/api/v1/questions/{someone_elses.pk}").status_code == 404


def test_once_their_exam_has_closed_a_mentor_sees_exam_variants_again(client):
    variant_row = question(for_exams=True)
    judge = mentor()
    now = timezone.now()
    assignment(candidate=judge, opens_at=now - timedelta(days=2), closes_at=now - timedelta(days=1))
    client.force_login(judge)

    assert client.get(f"/api/v1/questions/{variant_row.pk}").status_code == 200


def test_a_committee_member_sitting_an_exam_sees_no_exam_key_in_the_admin(client):
    judge = committee_candidate()
    client.force_login(judge)
    started = start(client, assignment(candidate=judge))
    item = Attempt.objects.get(pk=started["id"]).items.first()
    mine = item.question

    questions = client.get("/admin/quizzes/question/")
    items = client.get("/admin/quizzes/attemptitem/")

    assert (questions.status_code, items.status_code) == (200, 200)
    assert f"/admin/quizzes/question/{mine.pk}/change/" not in questions.content.decode()
    assert f"/admin/quizzes/attemptitem/{item.pk}/change/" not in items.content.decode()
    assert client.get(f"/admin/quizzes/question/{mine.pk}/change/").status_code == 302
