"""Exam API writes: revisions required and checked, late and duplicate writes refused."""

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.utils import timezone

from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams
from quizzes.review.models.appeals import Appeal
from tests.factories import assignment, candidate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def put(client, url, body):
    return client.put(url, body, content_type="application/json")


def post(client, url, body=None):
    return client.post(url, body or {}, content_type="application/json")


@pytest.fixture
def url(client):
    student = candidate()
    client.force_login(student)
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    return f"/api/v1/attempts/{attempt.pk}"


def final(**texts):
    """A submit body: {"1": {"response": ..., "revision": ...}} from q1=("text", revision)."""
    return {
        "responses": {
            name.removeprefix("q"): {"response": text, "revision": revision}
            for name, (text, revision) in texts.items()
        }
    }


def saved(client, url, position=1):
    return client.get(url).json()["items"][position - 1]


def test_a_save_without_the_revision_is_refused_and_saves_nothing(client, url):
    put(client, f"{url}/items/1", {"response": "from tab one", "revision": 0})

    response = put(client, f"{url}/items/1", {"response": "no revision"})

    assert response.status_code == 400
    assert "revision" in response.json()
    assert saved(client, url)["response"] == "from tab one"


def test_a_stale_submit_gets_a_conflict_with_the_current_answers_and_saves_nothing(client, url):
    put(client, f"{url}/items/1", {"response": "newer, from tab one", "revision": 0})

    response = post(client, f"{url}/submit", final(q1=("", 0), q2=("mine", 0)))

    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "stale_revision"
    assert body["detail"]
    assert body["items"] == [{"position": 1, "response": "newer, from tab one", "revision": 1}]
    assert client.get(url).json()["status"] == "in_progress"
    assert saved(client, url, 2)["response"] == ""


def test_a_submit_without_revisions_is_refused(client, url):
    response = post(client, f"{url}/submit", {"responses": {"1": "text without a revision"}})

    assert response.status_code == 400
    assert client.get(url).json()["status"] == "in_progress"


def test_a_second_submit_with_other_answers_is_a_conflict_and_the_first_is_kept(client, url):
    first = post(client, f"{url}/submit", final(q1=("first tab", 0)))

    again = post(client, f"{url}/submit", final(q1=("first tab", 0)))
    other = post(client, f"{url}/submit", final(q1=("second tab", 0)))

    assert first.status_code == again.status_code == 200
    assert other.status_code == 409
    assert other.json()["code"] == "already_submitted"
    assert "not saved" in other.json()["detail"]
    assert client.get(f"{url}/result").json()["items"][0]["response"] == "first tab"


def test_a_bare_submit_after_the_deadline_is_refused_with_a_code(client, url):
    attempt_id = client.get(url).json()["id"]
    Attempt.objects.filter(pk=attempt_id).update(deadline=timezone.now() - timedelta(seconds=1))
    exams.attempts_close_overdue()

    response = post(client, f"{url}/submit")

    assert response.status_code == 403
    assert response.json()["code"] == "attempt_closed"


def test_a_deadline_passing_during_a_save_refuses_it_and_keeps_what_was_saved(
    client, url, monkeypatch
):
    put(client, f"{url}/items/1", {"response": "saved in time", "revision": 0})
    deadline = Attempt.objects.get(pk=client.get(url).json()["id"]).deadline
    # The request arrived in time; by the time it held the attempt's lock the deadline passed.
    clock = SimpleNamespace(time=deadline - timedelta(seconds=1))
    monkeypatch.setattr(exams, "timezone", SimpleNamespace(now=lambda: clock.time))
    original = Attempt.objects.select_for_update

    def lock(*args, **kwargs):
        clock.time = deadline + timedelta(seconds=1)
        return original(*args, **kwargs)

    monkeypatch.setattr(Attempt.objects, "select_for_update", lock)

    response = put(client, f"{url}/items/1", {"response": "locked too late", "revision": 1})

    assert response.status_code == 403
    assert response.json()["code"] == "attempt_closed"
    monkeypatch.undo()
    body = client.get(url).json()
    assert body["closure"] == "deadline"
    assert body["items"][0]["response"] == "saved in time"


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        (put, "/items/1", {"response": "a\x00b", "revision": 0}),
        (post, "/submit", final(q1=("a\x00b", 0))),
    ],
)
def test_a_nul_byte_is_a_clear_400_and_saves_nothing(client, url, method, path, body):
    response = method(client, f"{url}{path}", body)

    assert response.status_code == 400
    assert response.json()["code"] == "null_character"
    assert client.get(url).json()["status"] == "in_progress"
    assert saved(client, url)["response"] == ""


def test_an_appeal_with_a_nul_byte_is_a_clear_400(client, url):
    post(client, f"{url}/submit")

    response = post(client, f"{url}/items/1/appeal", {"comment": "look\x00again"})

    assert response.status_code == 400
    assert not Appeal.objects.exists()


def test_a_submit_for_a_question_the_attempt_lacks_is_refused(client, url):
    response = post(client, f"{url}/submit", final(q1=("kept?", 0), q9=("nowhere", 0)))

    assert response.status_code == 400
    assert "no question 9" in str(response.json())
    assert saved(client, url)["response"] == ""
