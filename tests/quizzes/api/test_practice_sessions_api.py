"""Practice sessions in the API: start one, read its state (the question to answer, the
same until answered), answer within it, and read its summary once over."""

import pytest

from quizzes.practice.models import PracticeSession
from tests.factories import candidate, question
from tests.quizzes.factories_practice import RIGHT_ANSWER

pytestmark = [pytest.mark.django_db]

SESSIONS = "/api/v1/practice/sessions"
ANSWERS = "/api/v1/practice/answers"
KEY_FIELDS = {"situation", "ruling", "key", "key_detail", "explanation"}


@pytest.fixture
def student(client):
    person = candidate()
    client.force_login(person)
    return person


def post(client, url, body):
    return client.post(url, body, content_type="application/json")


def test_a_session_starts_with_its_first_question_and_no_key(client, student):
    question(topics=["a"])

    response = post(client, SESSIONS, {"size": 5, "lang": "en", "topics": ["a"]})

    body = response.json()
    assert response.status_code == 201, body
    session = PracticeSession.objects.get(user=student)
    assert body["id"] == session.pk
    assert (body["size"], body["answered"], body["finished_at"]) == (5, 0, None)
    assert body["question"]["id"] == session.current_question_id
    assert not KEY_FIELDS & set(body["question"])
    assert body["summary"] is None
    assert session.filters["topics"] == ["a"]
    assert session.filters["weakest"] is True  # due topics first unless told otherwise


def test_a_session_size_must_be_5_10_or_20(client, student):
    response = post(client, SESSIONS, {"size": 7})

    assert response.status_code == 400
    assert "size" in response.json()
    assert not PracticeSession.objects.exists()


def test_the_state_shows_the_same_question_until_it_is_answered(client, student):
    question(topics=["a"])
    question(topics=["b"])
    started = post(client, SESSIONS, {"size": 5, "lang": "en"}).json()

    again = client.get(f"{SESSIONS}/{started['id']}").json()

    assert again["question"]["id"] == started["question"]["id"]


def test_answers_within_a_session_count_and_finish_it_with_a_summary(client, student):
    for index in range(6):
        question(topics=[f"topic-{index}"])
    state = post(client, SESSIONS, {"size": 5, "lang": "en"}).json()

    for _index in range(5):
        answered = post(
            client,
            ANSWERS,
            {
                "question": state["question"]["id"],
                "response": RIGHT_ANSWER,
                "lang": "en",
                "session": state["id"],
            },
        )
        assert answered.status_code == 201, answered.json()
        state = client.get(f"{SESSIONS}/{state['id']}").json()

    assert state["answered"] == 5
    assert state["finished_at"] is not None
    assert state["question"] is None
    summary = state["summary"]
    assert summary["overall"] == {"answered": 5, "right": 5, "score": 1.0}
    assert set(summary["parts"]) == {"infraction", "penalty", "remedy"}
    assert len(summary["answers"]) == 5
    assert summary["review_next"] == []


def test_an_answer_to_a_question_not_shown_by_the_session_is_refused(client, student):
    question(topics=["a"])
    other = question(topics=["b"])
    state = post(client, SESSIONS, {"size": 5, "lang": "en", "topics": ["a"]}).json()

    response = post(
        client,
        ANSWERS,
        {"question": other.pk, "response": RIGHT_ANSWER, "lang": "en", "session": state["id"]},
    )

    assert response.status_code == 400
    assert "session" in response.json()


def test_another_users_session_is_not_found(client, student):
    question()
    client.force_login(candidate())
    theirs = post(client, SESSIONS, {"size": 5, "lang": "en"}).json()
    client.force_login(student)

    assert client.get(f"{SESSIONS}/{theirs['id']}").status_code == 404
    answer = {"question": theirs["question"]["id"], "response": "x", "session": theirs["id"]}
    assert post(client, ANSWERS, answer).status_code == 404


def test_session_state_queries_are_bounded(client, student, django_assert_max_num_queries):
    question()
    state = post(client, SESSIONS, {"size": 5, "lang": "en"}).json()

    with django_assert_max_num_queries(10):
        client.get(f"{SESSIONS}/{state['id']}")
