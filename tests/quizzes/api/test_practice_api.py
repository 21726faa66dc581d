from datetime import timedelta

import pytest

from quizzes.practice.models import PracticeAnswer, TopicMastery
from rulings.core.grading import MAX_ANSWER_CHARS
from tests.factories import candidate, mentor, question, user
from tests.quizzes.factories_practice import RIGHT_ANSWER, banked, mastery

pytestmark = [pytest.mark.django_db]

NEXT = "/api/v1/practice/next"
ANSWERS = "/api/v1/practice/answers"
MASTERY = "/api/v1/practice/mastery"
KEY_FIELDS = {"situation", "ruling", "key", "key_detail", "explanation"}


@pytest.fixture
def student(client):
    person = candidate()
    client.force_login(person)
    return person


def post(client, body):
    return client.post(ANSWERS, body, content_type="application/json")


# --- GET next ----------------------------------------------------------------------------


def test_next_serves_a_bank_question_without_its_key(client, student):
    item = question(language="es")

    response = client.get(NEXT, {"lang": "es"})

    body = response.json()
    assert response.status_code == 200, body
    assert body["id"] == item.id
    assert KEY_FIELDS.isdisjoint(body)


def test_next_defaults_to_the_users_interface_language(client):
    wanted = question(language="pt-BR")
    question(language="en")
    client.force_login(candidate(preferred_language="pt-br"))

    assert client.get(NEXT).json()["id"] == wanted.id


@pytest.mark.parametrize(
    "query",
    ["topics=upgrades,scoring&kinds=free_form", "topics=upgrades&topics=scoring&kinds=free_form"],
    ids=["comma-separated", "repeated"],
)
def test_next_takes_topics_and_kinds_comma_separated_or_repeated(client, student, query):
    wanted = question(topics=["scoring"])
    question(topics=["other"])

    body = client.get(f"{NEXT}?lang=en&game=riftbound&{query}").json()

    assert body["id"] == wanted.id


def test_next_serves_the_weakest_topic_first(client, student):
    mastery(student, "strong", level=0.9, due_in=timedelta(days=4))
    mastery(student, "weak", level=0.2, due_in=timedelta(hours=-1))
    question(topics=["strong"])
    wanted = question(topics=["weak"])

    assert client.get(NEXT, {"lang": "en", "weakest": "true"}).json()["id"] == wanted.id


def test_next_generates_a_question_when_the_bank_has_none(client, student):
    response = client.get(NEXT, {"lang": "es", "game": "mtg", "kinds": "multiple_choice"})

    body = response.json()
    assert response.status_code == 200, body
    assert (body["language"], body["game"], body["kind"]) == ("es", "mtg", "multiple_choice")
    assert len(body["options"]) >= 2
    assert all(set(option) == {"label", "text"} for option in body["options"])


def test_next_never_serves_an_exam_question(client, student):
    exam = question(for_exams=True)

    body = client.get(NEXT, {"lang": "en"}).json()

    assert body["id"] != exam.id


@pytest.mark.parametrize(
    "query", ["game=chess", "lang=fr", "kinds=essay", "weakest=maybe", "topics=not a slug"]
)
def test_next_rejects_an_invalid_filter(client, student, query):
    assert client.get(f"{NEXT}?{query}").status_code == 400


def test_next_answers_404_when_nothing_fits(client, student):
    response = client.get(NEXT, {"lang": "en", "topics": "no-such-topic"})

    assert response.status_code == 404
    assert "No practice question" in response.json()["detail"]


# --- POST answers ------------------------------------------------------------------------


def test_an_answer_returns_the_grade_key_policy_and_updated_mastery(client, student):
    item = question(topics=["timing"])

    response = post(client, {"question": item.id, "response": RIGHT_ANSWER, "lang": "en"})

    body = response.json()
    assert response.status_code == 201, body
    assert body["answer"] == PracticeAnswer.objects.get(user=student).id
    assert body["grade"]["score"] == 1.0
    assert {part["correct"] for part in body["grade"]["parts"].values()} == {True}
    assert body["key"]["penalty"] == {
        "id": "no_penalty",
        "name": "No penalty",
        "citation": "TR 702.2",
    }
    assert body["citations"]["remedy"] == "TR 702.2.f.2"
    assert "Reasoning" in body["explanation"]
    assert body["statements"][0]["citation"] == "TR 506.1"
    assert body["statements"][0]["text"]
    [topic] = body["mastery"]
    assert topic["topic"] == "timing"
    assert (topic["mastery"], topic["answered"], topic["correct"]) == (0.3, 1, 1)
    assert topic["enough_answers"] is False
    assert topic["due_at"]


def test_an_answer_in_another_language_names_the_key_in_it(client, student):
    item = question()

    body = post(client, {"question": item.id, "response": RIGHT_ANSWER, "lang": "es"}).json()

    assert body["key"]["infraction"]["id"] == "missed_trigger"
    assert body["key"]["infraction"]["name"] != "Missed Trigger"
    statement = item.policy_version.statements.get(statement_id="tr-506.1")
    assert body["statements"][0]["text"] == statement.text_es


def test_without_a_language_the_answers_own_language_is_detected_and_used(client, student):
    item = question()
    typed = "Habilidade desencadeada esquecida, sem penalidade."

    body = post(client, {"question": item.id, "response": typed}).json()

    assert body["grade"]["language"] == "pt-BR"
    assert body["key"]["penalty"]["name"] == "Sem penalidade"


def test_a_multiple_choice_answer_names_the_chosen_option(client, student):
    item = banked(kind="multiple_choice")
    correct = item.key_detail["correct_option"]
    wrong = next(option["label"] for option in item.options if option["label"] != correct)

    body = post(client, {"question": item.id, "response": wrong}).json()

    assert body["grade"]["chosen"] == wrong
    assert body["grade"]["score"] == 0.0
    assert body["mastery"][0]["mastery"] == 0.0


def test_an_exam_question_answers_like_a_missing_one_and_nothing_is_stored(client, student):
    item = question(for_exams=True)

    response = post(client, {"question": item.id, "response": RIGHT_ANSWER})
    missing = post(client, {"question": item.id + 1000, "response": RIGHT_ANSWER})

    assert (response.status_code, response.content) == (missing.status_code, missing.content)
    assert response.status_code == 404
    assert not PracticeAnswer.objects.exists()


def test_a_missing_question_is_not_found(client, student):
    response = post(client, {"question": 999999, "response": RIGHT_ANSWER})

    assert response.status_code == 404


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"response": RIGHT_ANSWER}, "question"),
        ({"question": "x", "response": RIGHT_ANSWER}, "question"),
        ({"question": 1, "response": ""}, "response"),
        ({"question": 1, "response": "x" * (MAX_ANSWER_CHARS + 1)}, "response"),
        ({"question": 1, "response": RIGHT_ANSWER, "lang": "fr"}, "lang"),
    ],
)
def test_an_invalid_answer_names_the_field(client, student, body, field):
    response = post(client, body)

    assert response.status_code == 400
    assert field in response.json()


def test_an_unknown_option_is_refused(client, student):
    item = banked(kind="multiple_choice")

    response = post(client, {"question": item.id, "response": "Z"})

    assert response.status_code == 400
    assert "response" in response.json()
    assert not PracticeAnswer.objects.exists()


# --- GET mastery -------------------------------------------------------------------------


def test_mastery_lists_the_users_topics_due_first(client, student):
    mastery(student, "later", level=0.2, due_in=timedelta(days=3))
    mastery(student, "now", level=0.8, due_in=timedelta(hours=-1))
    mastery(candidate(), "someone-elses", level=0.1, due_in=timedelta(hours=-5))

    body = client.get(MASTERY).json()

    assert [row["topic"] for row in body] == ["now", "later"]
    assert set(body[0]) == {
        "topic",
        "mastery",
        "answered",
        "correct",
        "due_at",
        "enough_answers",
    }


def test_mastery_is_empty_before_any_practice(client, student):
    assert client.get(MASTERY).json() == []


# --- who may practise --------------------------------------------------------------------


ENDPOINTS = [("get", NEXT), ("post", ANSWERS), ("get", MASTERY)]


@pytest.mark.parametrize(("method", "url"), ENDPOINTS)
def test_anonymous_requests_are_refused(client, method, url):
    response = getattr(client, method)(url)

    assert response.status_code in (401, 403)
    assert not TopicMastery.objects.exists()


@pytest.mark.parametrize(("method", "url"), ENDPOINTS)
def test_users_without_the_practise_permission_are_forbidden(client, method, url):
    client.force_login(user())
    item = question()

    if method == "post":
        response = post(client, {"question": item.id, "response": RIGHT_ANSWER})
    else:
        response = client.get(url)

    assert response.status_code == 403
    assert "accounts.practise" in response.json()["detail"]
    assert not PracticeAnswer.objects.exists()


def test_mentors_may_practise(client):
    client.force_login(mentor())
    item = question()

    assert post(client, {"question": item.id, "response": RIGHT_ANSWER}).status_code == 201


# --- bounded queries ---------------------------------------------------------------------


def test_practice_endpoints_queries_are_bounded(client, student, django_assert_max_num_queries):
    item = question(topics=["a", "b", "c"])
    for index in range(5):
        question(topics=[f"topic-{index}"])
        mastery(student, f"topic-{index}", level=0.5, due_in=timedelta(days=index))

    with django_assert_max_num_queries(10):
        client.get(NEXT, {"lang": "en", "weakest": "true"})
    # 16: the answer's service checks again that the question is not sealed for the user
    with django_assert_max_num_queries(16):
        post(client, {"question": item.id, "response": RIGHT_ANSWER})
    with django_assert_max_num_queries(5):
        client.get(MASTERY)
