import pytest

from rulings.core.grading import MAX_ANSWER_CHARS
from tests.factories import candidate, committee_member, mentor, question

pytestmark = pytest.mark.django_db

URL = "/api/v1/grading/grade"


def post(client, body):
    return client.post(URL, body, content_type="application/json")


def test_grades_an_answer_against_a_bank_question_part_by_part_with_citations(client):
    item = question()
    client.force_login(mentor())

    response = post(client, {"question": item.id, "answer": "Missed trigger, a warning, rewind"})

    body = response.json()
    assert response.status_code == 200, body
    assert body["parts"]["infraction"]["correct"] is True
    assert body["parts"]["penalty"] == {
        **body["parts"]["penalty"],
        "expected": "no_penalty",
        "found": "warning",
        "correct": False,
    }
    assert body["parts"]["remedy"]["correct"] is False
    assert 0 < body["score"] < 1
    assert "TR 702.2" in body["feedback"]


def test_each_part_says_which_rule_decided_it_and_the_doubt_it_was_read_with(client):
    client.force_login(mentor())
    # Written for this test: a rewind that says not how far back, where the key's fix is the
    # opponent's choice.
    answer = "Missed trigger, no penalty. Rewind to before the trigger."

    body = post(client, {"question": question().id, "answer": answer}).json()

    assert body["parts"]["remedy"]["doubt"] == "rewind_length_unsaid"
    assert body["parts"]["remedy"]["rule"] == "one_claim"
    assert body["parts"]["penalty"]["doubt"] == ""


def test_the_schema_lists_the_named_doubts_a_part_may_carry(client):
    from rulings.core.grading.grader import DOUBTS

    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()

    schemas = schema["components"]["schemas"]
    doubt = schemas["PartGrade"]["properties"]["doubt"]
    names = {
        name
        for choice in doubt["oneOf"]
        for name in schemas[choice["$ref"].rsplit("/", 1)[1]]["enum"]
    }
    assert names == set(DOUBTS) | {""}


def test_grades_against_an_expected_ruling_in_the_answers_language(client):
    client.force_login(committee_member())

    response = post(
        client,
        {
            "game": "mtg",
            "expected": {"infraction": "missed_trigger", "penalty": "warning"},
            "answer": "Habilidade desencadeada esquecida, sem penalidade.",
        },
    )

    body = response.json()
    assert response.status_code == 200, body
    assert set(body["parts"]) == {"infraction", "penalty"}
    assert body["parts"]["penalty"]["found"] == "no_penalty"
    assert body["language"] == "pt-BR"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"answer": "Missed trigger"}, "non_field_errors"),
        ({"expected": {"penalty": "warning"}, "answer": "Warning"}, "game"),
        ({"game": "mtg", "expected": {}, "answer": "Warning"}, "expected"),
        ({"game": "mtg", "expected": {"penalty": "jail"}, "answer": "Warning"}, "expected"),
        ({"question": 999999, "answer": "Warning"}, "question"),
        ({"game": "mtg", "expected": {"penalty": "warning"}, "answer": ""}, "answer"),
        (
            {
                "game": "mtg",
                "expected": {"penalty": "warning"},
                "answer": "W" * (MAX_ANSWER_CHARS + 1),
            },
            "answer",
        ),
    ],
)
def test_invalid_requests_name_the_field(client, body, field):
    client.force_login(mentor())

    response = post(client, body)

    assert response.status_code == 400
    assert field in response.json()


def test_an_answer_of_only_whitespace_is_a_clear_error(client):
    client.force_login(mentor())

    response = post(client, {"game": "mtg", "expected": {"penalty": "warning"}, "answer": "   "})

    assert response.status_code == 400
    assert "answer" in response.json()


def test_candidates_cannot_grade_so_they_cannot_probe_keys(client):
    item = question()
    client.force_login(candidate())

    assert post(client, {"question": item.id, "answer": "Missed trigger"}).status_code == 403


def test_grading_is_rate_limited_per_user(client, monkeypatch):
    from django.core.cache import cache
    from rest_framework.throttling import ScopedRateThrottle

    cache.clear()
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"grading": "2/min"})
    client.force_login(mentor())
    body = {"game": "mtg", "expected": {"penalty": "warning"}, "answer": "Warning"}

    statuses = [post(client, body).status_code for _ in range(3)]

    assert statuses == [200, 200, 429]
    cache.clear()
