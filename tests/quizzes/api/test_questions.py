import pytest

from tests.factories import candidate, committee_member, mentor, question

pytestmark = pytest.mark.django_db

KEY_FIELDS = {"situation", "ruling", "key", "key_detail", "explanation"}


def test_candidates_see_questions_but_never_a_key(client):
    question()
    client.force_login(candidate())

    listed = client.get("/api/v1/questions").json()["results"][0]
    detail = client.get(f"/api/v1/questions/{listed['id']}").json()

    assert KEY_FIELDS.isdisjoint(listed)
    assert KEY_FIELDS.isdisjoint(detail)
    assert "Treasure Hunter" in detail["stem"]


@pytest.mark.parametrize("make_user", [mentor, committee_member])
def test_mentors_and_committee_see_the_engine_key(client, make_user):
    item = question()
    client.force_login(make_user())

    body = client.get(f"/api/v1/questions/{item.id}").json()

    assert body["key"] == {
        "infraction": "missed_trigger",
        "penalty": "no_penalty",
        "remedy": "opponent_chooses_resolve_or_skip",
    }
    assert body["ruling"]["policy_version"] == body["policy_version"]


def test_questions_filter_by_every_documented_field(client):
    wanted = question(
        language="pt-BR", kind="multiple_choice", difficulty=0.8, topics=["penalty_upgrade"]
    )
    question(language="en", kind="free_form", difficulty=0.2)
    client.force_login(mentor())

    query = (
        "game=riftbound&language=pt-BR&kind=multiple_choice&topic=penalty_upgrade"
        f"&policy_version={wanted.policy_version.version_id}&difficulty_min=0.5&difficulty_max=1"
    )
    ids = [row["id"] for row in client.get(f"/api/v1/questions?{query}").json()["results"]]

    assert ids == [wanted.id]


@pytest.mark.parametrize("query", ["game=chess", "language=fr", "kind=essay", "difficulty_min=x"])
def test_questions_reject_an_invalid_filter(client, query):
    client.force_login(candidate())

    response = client.get(f"/api/v1/questions?{query}")

    assert response.status_code == 400


def test_question_list_queries_are_bounded(client, django_assert_max_num_queries):
    for _ in range(15):
        question()
    client.force_login(mentor())

    # session, user, two permission look-ups, "sitting an exam?", count, page, topics: none
    # per question
    with django_assert_max_num_queries(8):
        response = client.get("/api/v1/questions")

    assert len(response.json()["results"]) == 15


def test_questions_need_a_login(client):
    assert client.get("/api/v1/questions").status_code == 401


def test_candidates_never_see_exam_variants_but_mentors_do(client):
    practice, exam = question(), question(for_exams=True)
    client.force_login(candidate())

    ids = [row["id"] for row in client.get("/api/v1/questions").json()["results"]]

    assert ids == [practice.id]
    assert client.get(f"/api/v1/questions/{exam.id}").status_code == 404
    client.force_login(mentor())
    assert client.get(f"/api/v1/questions/{exam.id}").status_code == 200
