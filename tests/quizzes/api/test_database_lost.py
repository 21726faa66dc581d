"""The database failing mid-request: a clear 503 with a code, and nothing half-written."""

import pytest
from django.db import OperationalError

from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.exams.services import exams
from tests.factories import assignment, candidate

pytestmark = pytest.mark.django_db(transaction=True)


def post(client, url, body=None):
    return client.post(url, body or {}, content_type="application/json")


@pytest.fixture
def student(client):
    user = candidate()
    client.force_login(user)
    return user


def lost(*args, **kwargs):
    raise OperationalError("server closed the connection unexpectedly")


def test_a_start_that_loses_the_database_answers_503_and_leaves_no_attempt(
    client, student, monkeypatch
):
    job = assignment(candidate=student)
    monkeypatch.setattr(exams, "attempt_items_insert", lost)  # after the attempt row

    response = post(client, "/api/v1/attempts", {"assignment": job.pk, "language": "en"})

    assert response.status_code == 503
    assert response.json()["code"] == "database_unavailable"
    assert "nothing was saved" in response.json()["detail"]
    assert response["Retry-After"] == "5"
    assert not Attempt.all_objects.exists()


def test_a_submit_that_loses_the_database_keeps_no_answer_and_leaves_the_attempt_open(
    client, student, monkeypatch
):
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    save = AttemptItem.save
    saved = []

    def save_then_lose(item, *args, **kwargs):
        if saved:
            lost()
        save(item, *args, **kwargs)
        saved.append(item.pk)

    monkeypatch.setattr(AttemptItem, "save", save_then_lose)

    response = post(
        client,
        f"/api/v1/attempts/{attempt.pk}/submit",
        {
            "responses": {
                "1": {"response": "one", "revision": 0},
                "2": {"response": "two", "revision": 0},
            }
        },
    )

    assert response.status_code == 503
    assert response.json()["code"] == "database_unavailable"
    assert len(saved) == 1  # the first answer was written, then rolled back
    attempt.refresh_from_db()
    assert attempt.status == Attempt.Status.IN_PROGRESS
    assert list(attempt.items.values_list("response", flat=True)) == [""] * 4
