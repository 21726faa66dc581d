"""Flag-for-review through the API: the owner only, while open, revision-checked."""

from datetime import timedelta

import pytest
from django.utils import timezone

from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.exams.services import exams
from tests.factories import assignment, candidate, mentor

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def put(client, url, body):
    return client.put(url, body, content_type="application/json")


@pytest.fixture
def attempt(client):
    student = candidate()
    client.force_login(student)
    return exams.attempt_start(assignment=assignment(candidate=student), language="en")


def flag_url(attempt, position=2):
    return f"/api/v1/attempts/{attempt.pk}/items/{position}/flag"


def test_a_flag_set_through_the_api_is_read_back_by_another_device(client, attempt):
    response = put(client, flag_url(attempt), {"flagged": True, "revision": 0})

    assert response.status_code == 200
    assert response.json() == {"position": 2, "flagged": True, "revision": 1}
    items = client.get(f"/api/v1/attempts/{attempt.pk}").json()["items"]
    assert [(row["flagged"], row["flag_revision"]) for row in items[:2]] == [(False, 0), (True, 1)]


def test_a_stale_flag_is_a_409_with_the_current_flag(client, attempt):
    put(client, flag_url(attempt), {"flagged": True, "revision": 0})
    put(client, flag_url(attempt), {"flagged": False, "revision": 1})

    response = put(client, flag_url(attempt), {"flagged": True, "revision": 0})

    assert response.status_code == 409
    body = response.json()
    assert (body["code"], body["flagged"], body["revision"]) == ("stale_flag", False, 2)
    assert "another tab" in body["detail"]


def test_a_flag_after_the_deadline_is_a_403_with_a_code(client, attempt):
    Attempt.objects.filter(pk=attempt.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    response = put(client, flag_url(attempt), {"flagged": True, "revision": 0})

    assert response.status_code == 403
    assert response.json()["code"] == "attempt_closed"
    assert not AttemptItem.objects.filter(flagged=True).exists()


def test_a_flag_on_a_submitted_attempt_is_a_403(client, attempt):
    exams.attempt_submit(attempt=attempt)

    response = put(client, flag_url(attempt), {"flagged": True, "revision": 0})

    assert response.status_code == 403
    assert response.json()["code"] == "attempt_closed"


@pytest.mark.parametrize("intruder", [candidate, mentor])
def test_only_the_attempts_owner_can_flag_it(client, attempt, intruder):
    client.force_login(intruder())

    response = put(client, flag_url(attempt), {"flagged": True, "revision": 0})

    assert response.status_code == 404  # never a hint that the attempt exists
    assert not AttemptItem.objects.filter(flagged=True).exists()


def test_flagging_needs_a_login(client, attempt):
    client.logout()

    response = put(client, flag_url(attempt), {"flagged": True, "revision": 0})

    assert response.status_code in (401, 403)
    assert not AttemptItem.objects.filter(flagged=True).exists()


def test_a_question_the_attempt_lacks_is_a_404(client, attempt):
    response = put(client, flag_url(attempt, position=99), {"flagged": True, "revision": 0})

    assert response.status_code == 404


@pytest.mark.parametrize(
    "body",
    [
        {"flagged": True},
        {"revision": 0},
        {"flagged": "perhaps", "revision": 0},
        {"flagged": True, "revision": -1},
        {"flagged": True, "revision": "x"},
    ],
)
def test_a_bad_flag_request_is_a_clear_400_and_saves_nothing(client, attempt, body):
    response = put(client, flag_url(attempt), body)

    assert response.status_code == 400
    assert set(response.json()) & {"flagged", "revision"}
    assert not AttemptItem.objects.filter(flagged=True).exists()


def test_flagging_takes_a_bounded_number_of_queries(client, attempt, django_assert_max_num_queries):
    # Session, user, permissions (2), attempt, item; then the locks on both and one UPDATE.
    with django_assert_max_num_queries(11):
        response = put(client, flag_url(attempt), {"flagged": True, "revision": 0})

    assert response.status_code == 200
