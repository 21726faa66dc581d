"""Pre-generation prepares each attempt (status ready, its items unanswered) with its variant's
questions rendered as served; a start is one UPDATE of that row. Every rule a start had holds:
the window, the attempts allowed, the cooldown, the language, the deadline, the candidate's own
assignment; a prepared attempt is nobody's business until it starts; the exam page and API
serve the stored questions, never a key."""

import json
from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import ProtectedError
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from quizzes.api.serializers import ExamQuestionSerializer
from quizzes.exams.api.exams import AttemptStartedSerializer, _started
from quizzes.exams.models.exams import Attempt, AttemptItem, ExamAssignment, ExamVariant
from quizzes.exams.services import exams, variants
from rulings import questions as generator
from tests.factories import BlueprintFactory, candidate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

KEYS = {"situation", "ruling", "key", "key_detail", "explanation", "key_infraction", "difficulty"}


def prepared(*, max_attempts=1, opens_in=timedelta(minutes=-1), closes_in=timedelta(days=1),
             **blueprint):  # fmt: skip
    now = timezone.now()
    exam = BlueprintFactory(**{"time_limit_minutes": 30, **blueprint})
    return variants.assignment_create(
        blueprint=exam,
        candidate=candidate(),
        opens_at=now + opens_in,
        closes_at=now + closes_in,
        max_attempts=max_attempts,
    )


def start_prepared(assignment, **kwargs):
    return exams.attempt_start_prepared(
        candidate_id=kwargs.pop("candidate_id", assignment.candidate_id),
        assignment_id=assignment.pk,
        **kwargs,
    )


def no_generation(monkeypatch):
    def refuse(**kwargs):
        raise AssertionError("a start with a prepared attempt must not generate questions")

    monkeypatch.setattr(generator, "generate_questions", refuse)


# --- what pre-generation prepares -------------------------------------------------------------


def test_pre_generation_prepares_one_attempt_per_attempt_allowed_with_its_payload():
    assignment = prepared(max_attempts=2)

    rows = Attempt.all_objects.filter(assignment=assignment).order_by("number")
    assert [(a.number, a.status, a.language) for a in rows] == [
        (1, "ready", "en"),
        (2, "ready", "en"),
    ]
    for attempt in rows:
        items = list(attempt.items.select_related("question").order_by("position"))
        assert [item.position for item in items] == [1, 2, 3, 4]
        assert all(item.response == "" and item.revision == 0 for item in items)
        payload = json.loads(attempt.variant.payload)
        assert payload == [ExamQuestionSerializer(item.question).data for item in items]
        assert not KEYS & {key for question in payload for key in question}
        assert attempt.variant.seed == attempt.seed


def test_a_prepared_attempt_is_seen_nowhere_until_it_starts(client):
    assignment = prepared()
    ready = Attempt.all_objects.get(assignment=assignment)
    client.force_login(assignment.candidate)

    assert not Attempt.objects.exists()
    assert client.get("/api/v1/attempts").json() == []
    assert client.get(f"/api/v1/attempts/{ready.pk}").status_code == 404
    assert client.get(f"/api/v1/attempts/{ready.pk}/items").status_code == 404
    assert client.get(reverse("exam-attempt", args=[ready.pk])).status_code == 404
    assert client.get("/api/v1/assignments").json()[0]["attempts"] == []


# --- the one-statement start -------------------------------------------------------------------


def test_a_start_sets_the_prepared_attempt_in_progress_and_generates_nothing(monkeypatch):
    assignment = prepared()
    ready = Attempt.all_objects.get(assignment=assignment)
    no_generation(monkeypatch)
    now = timezone.now()

    started = start_prepared(assignment, now=now)

    assert started is not None
    assert (started.attempt.pk, started.exam_name) == (ready.pk, assignment.blueprint.name)
    row = Attempt.objects.get(pk=ready.pk)
    assert (row.status, row.started_at, row.deadline) == (
        "in_progress", now, now + timedelta(minutes=30)
    )  # fmt: skip
    assert started.attempt.deadline == row.deadline
    assert started.attempt.known_revisions == [(1, 0), (2, 0), (3, 0), (4, 0)]


def test_the_deadline_is_the_exams_close_when_it_comes_before_the_time_limit():
    assignment = prepared(closes_in=timedelta(minutes=10))
    now = timezone.now()

    started = start_prepared(assignment, now=now)

    assert started is not None
    assert started.attempt.deadline == assignment.closes_at
    assert Attempt.objects.get().deadline == assignment.closes_at


def test_only_the_candidate_starts_their_own_assignment(client):
    assignment = prepared()
    someone = candidate()

    assert start_prepared(assignment, candidate_id=someone.pk) is None
    client.force_login(someone)
    response = client.post(
        "/api/v1/attempts", {"assignment": assignment.pk}, content_type="application/json"
    )

    assert response.status_code == 404
    assert not Attempt.objects.exists()


@pytest.mark.parametrize(
    ("opens_in", "closes_in", "message"),
    [
        (timedelta(hours=1), timedelta(days=1), "not opened yet"),
        (timedelta(days=-2), timedelta(seconds=1), "closed"),
    ],
)
def test_outside_its_window_nothing_starts_and_the_reason_is_given(opens_in, closes_in, message):
    assignment = prepared(opens_in=opens_in, closes_in=closes_in)
    later = timezone.now() + timedelta(seconds=2)

    assert start_prepared(assignment, now=later) is None
    with pytest.raises(exams.ExamError, match=message):
        exams.attempt_start(assignment=assignment, language="en", now=later)
    assert not Attempt.objects.exists()


def test_the_cooldown_holds_between_prepared_attempts():
    assignment = prepared(max_attempts=2)
    ExamAssignment.objects.filter(pk=assignment.pk).update(cooldown_minutes=60)
    assignment.refresh_from_db()
    now = timezone.now()
    first = exams.attempt_start(assignment=assignment, language="en", now=now)
    exams.attempt_submit(attempt=first, now=now)

    assert start_prepared(assignment, now=now + timedelta(minutes=59)) is None
    with pytest.raises(exams.ExamError, match="another attempt after"):
        exams.attempt_start(assignment=assignment, language="en", now=now + timedelta(minutes=59))
    second = start_prepared(assignment, now=now + timedelta(minutes=61))
    assert second is not None
    assert second.attempt.number == 2


def test_an_attempt_in_progress_is_returned_not_another_one_started():
    assignment = prepared(max_attempts=2)
    first = exams.attempt_start(assignment=assignment, language="en")

    assert start_prepared(assignment) is None
    again = exams.attempt_start(assignment=assignment, language="en")

    assert again.pk == first.pk
    assert Attempt.all_objects.filter(status="ready").count() == 1


def test_an_overdue_attempt_is_closed_and_the_next_prepared_one_started():
    assignment = prepared(max_attempts=2)
    first = exams.attempt_start(assignment=assignment, language="en")
    Attempt.objects.filter(pk=first.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    second = exams.attempt_start(assignment=assignment, language="en")

    assert second.number == 2
    assert Attempt.objects.get(pk=first.pk).closure == Attempt.Closure.DEADLINE


def test_fewer_attempts_allowed_since_preparing_leave_the_extra_one_unstartable():
    assignment = prepared(max_attempts=2)
    ExamAssignment.objects.filter(pk=assignment.pk).update(max_attempts=1)
    assignment.refresh_from_db()
    first = exams.attempt_start(assignment=assignment, language="en")
    exams.attempt_submit(attempt=first)

    assert start_prepared(assignment) is None
    with pytest.raises(exams.ExamError, match="every attempt"):
        exams.attempt_start(assignment=assignment, language="en")


def test_a_language_the_blueprint_fixes_is_the_one_started_whatever_is_asked():
    assignment = prepared(language="es")

    started = exams.attempt_start(assignment=assignment, language="pt-BR")

    assert started.language == "es"


def test_an_exam_prepared_in_english_starts_as_prepared_from_a_spanish_page(caplog):
    """Walk 5, #16: the exam's language is the one it was prepared in; a start from a page in
    another language drew it again (and failed once a template it needed was retired)."""
    assignment = prepared()
    ready = Attempt.all_objects.get(assignment=assignment, number=1)

    attempt = exams.attempt_start(assignment=assignment, language="es")

    assert (attempt.pk, attempt.language, attempt.seed) == (ready.pk, "en", ready.seed)
    assert "no pre-generated" not in caplog.text


# --- serving the stored payload ----------------------------------------------------------------


def test_the_start_answer_is_what_the_serializer_renders():
    assignment = prepared()
    fresh = start_prepared(assignment)
    assert fresh is not None
    again = exams.attempt_start(assignment=assignment, language="en")  # a second tab

    for attempt in (fresh.attempt, again):
        attempt.assignment = assignment
        assert (
            _started(attempt, assignment.blueprint.name) == AttemptStartedSerializer(attempt).data
        )


def test_the_exam_page_and_api_serve_the_stored_questions_reading_no_question_row(client):
    assignment = prepared()
    client.force_login(assignment.candidate)
    attempt_id = client.post(
        "/api/v1/attempts", {"assignment": assignment.pk}, content_type="application/json"
    ).json()["id"]
    stored = json.loads(ExamVariant.objects.get(attempt_id=attempt_id).payload)

    for url in (
        f"/api/v1/attempts/{attempt_id}/items",
        f"/api/v1/attempts/{attempt_id}",
        reverse("exam-attempt", args=[attempt_id]),
    ):
        with CaptureQueriesContext(connection) as captured:
            response = client.get(url)
        assert response.status_code == 200, url
        assert not [q["sql"] for q in captured if "quizzes_question" in q["sql"]], url

    items = client.get(f"/api/v1/attempts/{attempt_id}/items").json()["results"]
    assert [item["question"] for item in items] == stored
    page = client.get(reverse("exam-attempt", args=[attempt_id])).content.decode()
    assert all(question["stem"].split("\n")[0][:40] in page for question in stored)


def test_an_attempt_without_a_stored_payload_is_served_from_its_items(client):
    """One started before variants kept their payload, or on the spot by an older release."""
    assignment = prepared()
    attempt = exams.attempt_start(assignment=assignment, language="en")
    stored = ExamVariant.objects.get(attempt=attempt).payload
    ExamVariant.objects.filter(attempt=attempt).update(payload="")
    client.force_login(assignment.candidate)

    items = client.get(f"/api/v1/attempts/{attempt.pk}/items").json()["results"]

    assert [item["question"] for item in items] == json.loads(stored)


# --- deleting ----------------------------------------------------------------------------------


def test_unassigning_an_exam_nobody_started_deletes_its_prepared_attempts():
    assignment = prepared(max_attempts=2)

    assignment.delete()

    assert not Attempt.all_objects.exists()
    assert not AttemptItem.objects.exists()


def test_an_assignment_or_candidate_with_a_started_attempt_cannot_be_deleted():
    assignment = prepared(max_attempts=2)
    exams.attempt_start(assignment=assignment, language="en")

    with pytest.raises(ProtectedError):
        ExamAssignment.objects.get(pk=assignment.pk).delete()
    with pytest.raises(ProtectedError):
        assignment.candidate.delete()
    assert Attempt.all_objects.count() == 2
