from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams, variants
from tests.factories import BlueprintFactory, assignment, candidate, user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

KEY_FIELDS = {"situation", "ruling", "key", "key_detail", "explanation", "key_infraction"}


def put(client, url, body):
    return client.put(url, body, content_type="application/json")


def post(client, url, body=None):
    return client.post(url, body or {}, content_type="application/json")


@pytest.fixture
def student(client):
    user = candidate()
    client.force_login(user)
    return user


def start(client, job):
    response = post(client, "/api/v1/attempts", {"assignment": job.pk, "language": "es"})
    assert response.status_code == 201, response.json()
    return response.json()


def test_assignments_list_only_my_exams_with_their_status(client, student):
    now = timezone.now()
    mine = assignment(candidate=student)
    assignment(
        candidate=student, opens_at=now + timedelta(days=1), closes_at=now + timedelta(days=2)
    )
    assignment()  # someone else's

    rows = client.get("/api/v1/assignments").json()

    assert (rows[0]["id"], rows[0]["status"]) == (mine.pk, "open")
    assert sorted(row["status"] for row in rows) == ["open", "upcoming"]


def test_start_returns_the_attempt_and_its_positions_not_the_questions(client, student):
    body = start(client, assignment(candidate=student))

    assert body["status"] == "in_progress"
    assert body["language"] == "es"
    assert 0 < body["seconds_left"] <= 30 * 60
    assert body["items"] == [{"position": n, "revision": 0} for n in (1, 2, 3, 4)]


def test_the_items_endpoint_serves_the_questions_without_keys_in_the_chosen_language(
    client, student
):
    attempt = start(client, assignment(candidate=student))

    body = client.get(f"/api/v1/attempts/{attempt['id']}/items").json()

    assert body["count"] == 4
    assert [item["position"] for item in body["results"]] == [1, 2, 3, 4]
    for item in body["results"]:
        assert KEY_FIELDS.isdisjoint(item["question"])
        assert item["question"]["language"] == "es"
        assert item["question"]["stem"]
        assert (item["response"], item["revision"]) == ("", 0)


def test_the_items_endpoint_pages_through_the_questions_in_order(client, student):
    attempt = start(client, assignment(candidate=student))
    url = f"/api/v1/attempts/{attempt['id']}/items"

    first = client.get(url, {"page_size": 3}).json()
    second = client.get(url, {"page_size": 3, "page": 2}).json()

    assert [item["position"] for item in first["results"]] == [1, 2, 3]
    assert [item["position"] for item in second["results"]] == [4]
    assert first["next"]
    assert first["previous"] is None
    assert second["next"] is None


def test_the_items_page_size_is_capped(client, student):
    blueprint = BlueprintFactory(composition=[{"topic": None, "kind": "free_form", "count": 50}])
    blueprint.composition.append({"topic": None, "kind": "free_form", "count": 5})
    blueprint.save()
    attempt = start(client, assignment(candidate=student, blueprint=blueprint))

    body = client.get(f"/api/v1/attempts/{attempt['id']}/items", {"page_size": 1000}).json()

    assert body["count"] == 55
    assert len(body["results"]) == 50


def test_the_items_endpoint_shows_the_saved_answer_and_its_revision(client, student):
    attempt = start(client, assignment(candidate=student))
    url = f"/api/v1/attempts/{attempt['id']}"
    put(client, f"{url}/items/2", {"response": "Missed trigger", "revision": 0})

    item = client.get(f"{url}/items").json()["results"][1]

    assert (item["position"], item["response"], item["revision"]) == (2, "Missed trigger", 1)


@pytest.mark.parametrize("page", ["9", "0", "x"])
def test_a_page_past_the_end_or_not_a_number_is_not_found_with_a_code(client, student, page):
    attempt = start(client, assignment(candidate=student))

    response = client.get(f"/api/v1/attempts/{attempt['id']}/items", {"page": page})

    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_the_items_of_a_submitted_attempt_are_refused(client, student):
    attempt = start(client, assignment(candidate=student))
    url = f"/api/v1/attempts/{attempt['id']}"
    post(client, f"{url}/submit")

    response = client.get(f"{url}/items")

    assert response.status_code == 403
    assert response.json()["code"] == "attempt_closed"


def test_the_items_after_the_deadline_are_refused_and_the_attempt_closed(client, student):
    attempt = start(client, assignment(candidate=student))
    Attempt.objects.filter(pk=attempt["id"]).update(deadline=timezone.now() - timedelta(seconds=1))

    response = client.get(f"/api/v1/attempts/{attempt['id']}/items")

    assert response.status_code == 403
    assert response.json()["code"] == "attempt_closed"
    assert Attempt.objects.get(pk=attempt["id"]).closure == "deadline"


def test_another_candidates_items_are_not_found(client):
    other = exams.attempt_start(assignment=assignment(), language="en")
    client.force_login(candidate())

    response = client.get(f"/api/v1/attempts/{other.pk}/items")

    assert response.status_code == 404


def test_starting_twice_returns_the_attempt_in_progress_with_its_revisions(client, student):
    job = assignment(candidate=student)
    first = start(client, job)
    put(client, f"/api/v1/attempts/{first['id']}/items/3", {"response": "x", "revision": 0})

    again = start(client, job)

    assert again["id"] == first["id"]
    assert again["items"][2] == {"position": 3, "revision": 1}


def test_autosave_then_reload_returns_the_saved_answer(client, student):
    attempt = start(client, assignment(candidate=student))
    url = f"/api/v1/attempts/{attempt['id']}"

    saved = put(client, f"{url}/items/1", {"response": "Evento de disparo olvidado", "revision": 0})
    reloaded = client.get(url).json()

    assert saved.status_code == 200
    assert saved.json()["revision"] == 1
    assert reloaded["items"][0]["response"] == "Evento de disparo olvidado"
    assert reloaded["items"][0]["revision"] == 1


def test_a_second_tab_with_an_old_revision_gets_a_conflict_and_the_current_text(client, student):
    attempt = start(client, assignment(candidate=student))
    url = f"/api/v1/attempts/{attempt['id']}/items/1"
    put(client, url, {"response": "tab one", "revision": 0})

    conflict = put(client, url, {"response": "tab two", "revision": 0})

    assert conflict.status_code == 409
    assert conflict.json()["code"] == "stale_revision"
    assert conflict.json()["response"] == "tab one"


def test_submit_is_idempotent_and_the_result_follows_the_review_policy(client, student):
    job = assignment(candidate=student, blueprint=BlueprintFactory(review_policy="after_close"))
    attempt = start(client, job)
    url = f"/api/v1/attempts/{attempt['id']}"

    final = {"responses": {"1": {"response": "Missed trigger, no penalty", "revision": 0}}}
    first = post(client, f"{url}/submit", final)
    second = post(client, f"{url}/submit", final)
    result = client.get(f"{url}/result").json()

    assert first.status_code == second.status_code == 200
    assert second.json()["status"] == "graded"
    assert result["details_visible"] is False
    assert result["items"][0]["response"] == "Missed trigger, no penalty"
    assert KEY_FIELDS.isdisjoint(result["items"][0])


def test_the_result_shows_keys_when_the_policy_allows(client, student):
    attempt = start(client, assignment(candidate=student))
    url = f"/api/v1/attempts/{attempt['id']}"
    post(client, f"{url}/submit")

    result = client.get(f"{url}/result").json()

    assert result["details_visible"] is True
    assert set(result["items"][0]["key"]) == {"infraction", "penalty", "remedy"}
    assert result["items"][0]["explanation"]


def test_writes_after_the_deadline_are_refused_with_a_clear_message(client, student):
    attempt = start(client, assignment(candidate=student))
    url = f"/api/v1/attempts/{attempt['id']}"
    put(client, f"{url}/items/1", {"response": "in time", "revision": 0})
    Attempt.objects.filter(pk=attempt["id"]).update(deadline=timezone.now() - timedelta(seconds=1))

    late_save = put(client, f"{url}/items/1", {"response": "too late", "revision": 1})
    late = {"responses": {"1": {"response": "too late", "revision": 1}}}
    late_submit = post(client, f"{url}/submit", late)
    result = client.get(f"{url}/result").json()

    assert late_save.status_code == 403
    assert "time for this exam is over" in late_save.json()["detail"]
    assert late_submit.status_code == 403
    assert late_submit.json()["code"] == "attempt_closed"
    assert result["closure"] == "deadline"
    assert result["items"][0]["response"] == "in time"


def test_the_result_of_an_attempt_in_progress_is_refused(client, student):
    attempt = start(client, assignment(candidate=student))

    response = client.get(f"/api/v1/attempts/{attempt['id']}/result")

    assert response.status_code == 403


def test_appeal_is_recorded_once(client, student):
    attempt = start(client, assignment(candidate=student))
    url = f"/api/v1/attempts/{attempt['id']}"
    post(client, f"{url}/submit")

    first = post(client, f"{url}/items/1/appeal", {"comment": "The remedy I gave is right."})
    second = post(client, f"{url}/items/1/appeal", {"comment": "Again."})

    assert first.status_code == 201
    assert second.status_code == 409
    assert second.json()["code"] == "already_appealed"
    assert "already appealed" in second.json()["detail"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"response": "x" * 5001, "revision": 0}, "response"),
        ({"revision": 0}, "response"),
        ({"response": "ok", "revision": -1}, "revision"),
    ],
)
def test_an_invalid_save_names_the_field_and_keeps_the_answer(client, student, body, field):
    attempt = start(client, assignment(candidate=student))
    url = f"/api/v1/attempts/{attempt['id']}/items/1"
    put(client, url, {"response": "kept", "revision": 0})

    response = put(client, url, body)

    assert response.status_code == 400
    assert field in response.json()
    assert client.get(f"/api/v1/attempts/{attempt['id']}").json()["items"][0]["response"] == "kept"


def test_another_candidates_attempt_is_not_found_everywhere(client):
    other = exams.attempt_start(assignment=assignment(), language="en")
    client.force_login(candidate())
    url = f"/api/v1/attempts/{other.pk}"

    assert client.get(url).status_code == 404
    assert put(client, f"{url}/items/1", {"response": "x"}).status_code == 404
    assert post(client, f"{url}/submit").status_code == 404
    assert client.get(f"{url}/result").status_code == 404
    assert post(client, f"{url}/items/1/appeal", {"comment": "x"}).status_code == 404
    assert post(client, "/api/v1/attempts", {"assignment": other.assignment_id}).status_code == 404


def test_a_missing_question_position_is_not_found(client, student):
    attempt = start(client, assignment(candidate=student))

    response = put(client, f"/api/v1/attempts/{attempt['id']}/items/99", {"response": "x"})

    assert response.status_code == 404


def test_starting_a_closed_exam_is_refused(client, student):
    now = timezone.now()
    job = assignment(
        candidate=student, opens_at=now - timedelta(days=2), closes_at=now - timedelta(days=1)
    )

    response = post(client, "/api/v1/attempts", {"assignment": job.pk})

    assert response.status_code == 403
    assert "closed" in response.json()["detail"]


@pytest.mark.parametrize(
    ("method", "url"),
    [("get", "/api/v1/assignments"), ("get", "/api/v1/attempts"), ("post", "/api/v1/attempts")],
)
def test_exam_endpoints_refuse_anonymous_users_and_users_without_a_role(client, method, url):
    assert getattr(client, method)(url).status_code == 401
    client.force_login(user())
    assert getattr(client, method)(url).status_code == 403


def test_attempt_endpoints_use_a_bounded_number_of_queries(
    client, student, django_assert_max_num_queries, django_assert_num_queries
):
    attempt = start(client, assignment(candidate=student))
    url = f"/api/v1/attempts/{attempt['id']}"

    # Session, user, permission, the attempt twice, its items, its stored questions.
    with django_assert_num_queries(7):
        client.get(url)
    with django_assert_max_num_queries(14):
        put(client, f"{url}/items/2", {"response": "x", "revision": 0})
    with django_assert_max_num_queries(8):
        client.get("/api/v1/assignments")


def test_a_start_is_the_session_the_user_the_permission_and_one_update(client):
    """Starting a prepared attempt: four statements for 4 questions or 50 (14 before
    pre-generation prepared the attempt itself): the same three a trivial request makes to
    know its caller and permission, and the start."""
    short, long_ = (
        BlueprintFactory(composition=[{"topic": None, "kind": "free_form", "count": n}])
        for n in (4, 50)
    )
    for blueprint in (short, long_):
        student = candidate()
        job = variants.assignment_create(
            blueprint=blueprint,
            candidate=student,
            opens_at=timezone.now() - timedelta(minutes=1),
            closes_at=timezone.now() + timedelta(days=1),
            language="es",
        )
        client.force_login(student)
        with CaptureQueriesContext(connection) as captured:
            body = start(client, job)
        assert len(body["items"]) == blueprint.question_count
        assert Attempt.objects.get(pk=body["id"]).variant.assignment_id == job.pk  # prepared
        statements = [
            query["sql"].split()[0]
            for query in captured.captured_queries
            if "SAVEPOINT" not in query["sql"]  # the test's own transaction
        ]
        assert statements == ["SELECT", "SELECT", "SELECT", "UPDATE"]


def test_a_page_of_items_makes_a_fixed_number_of_queries(
    client, student, django_assert_num_queries
):
    blueprint = BlueprintFactory(composition=[{"topic": None, "kind": "free_form", "count": 30}])
    attempt = start(client, assignment(candidate=student, blueprint=blueprint))

    # Session, user, permission, the attempt, the count, the page, its stored questions.
    with django_assert_num_queries(7):
        response = client.get(f"/api/v1/attempts/{attempt['id']}/items", {"page_size": 30})

    assert len(response.json()["results"]) == 30


def test_refusals_carry_a_machine_readable_code(client, student):
    attempt = start(client, assignment(candidate=student))
    url = f"/api/v1/attempts/{attempt['id']}"
    Attempt.objects.filter(pk=attempt["id"]).update(deadline=timezone.now() - timedelta(seconds=1))

    body = put(client, f"{url}/items/1", {"response": "late", "revision": 0}).json()

    assert body["code"] == "attempt_closed"
