"""POST /api/v1/assignments: a mentor or the committee assigns a blueprint, as on the page."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from quizzes.exams.api.assignments import MAX_CANDIDATES
from quizzes.exams.models.exams import ExamAssignment, ExamVariant, VariantJob
from quizzes.exams.services import variants
from tests.factories import BlueprintFactory, candidate, cohort, committee_member, mentor

pytestmark = pytest.mark.django_db

URL = "/api/v1/assignments"


def blueprint(**kwargs):
    return BlueprintFactory(
        composition=[{"topic": None, "kind": "free_form", "count": 2}], **kwargs
    )


def when(**delta):
    return (timezone.now() + timedelta(**delta)).isoformat()


def body(exam, **fields):
    data = {"blueprint": exam.pk, "opens_at": when(minutes=1), "closes_at": when(days=3)}
    data.update(fields)
    return data


def post(client, data):
    return client.post(URL, data, content_type="application/json")


@pytest.fixture
def world():
    guide = mentor()
    people = [candidate(), candidate(), candidate()]
    group = cohort(mentor=guide, candidates=people[:2])
    cohort(mentor=mentor(), candidates=[people[2]])
    return guide, group, people


def assert_nothing_assigned():
    assert not ExamAssignment.objects.exists()
    assert not VariantJob.objects.exists()


@pytest.mark.usefixtures("on_commit_now")
def test_a_mentor_assigns_their_whole_cohort_with_the_blueprints_attempts(client, world):
    guide, group, people = world
    exam = blueprint(attempts_allowed=2, cooldown_minutes=30)
    client.force_login(guide)

    response = post(client, body(exam, cohort=group.pk))

    assert response.status_code == 202, response.json()
    answer = response.json()
    job = VariantJob.objects.get()
    assigned = ExamAssignment.objects.filter(blueprint=exam)
    assert answer["job"] == job.pk
    assert answer["progress_url"] == response["Location"] == f"/api/v1/variant-jobs/{job.pk}"
    assert sorted(answer["assignments"]) == sorted(a.pk for a in assigned)
    assert sorted(a.candidate_id for a in assigned) == sorted(p.pk for p in people[:2])
    assert {(a.assigned_by_id, a.max_attempts, a.cooldown_minutes) for a in assigned} == {
        (guide.pk, 2, 30)
    }
    assert (answer["attempts_allowed"], answer["cooldown_minutes"]) == (2, 30)
    assert answer["skipped"] == []
    progress = client.get(answer["progress_url"]).json()
    assert (progress["wanted"], progress["built"], progress["state"]) == (4, 4, "done")


@pytest.mark.usefixtures("on_commit_now")
def test_chosen_candidates_get_the_attempts_and_cooldown_given(client, world):
    guide, _group, people = world
    exam = blueprint(attempts_allowed=1, cooldown_minutes=0)
    client.force_login(guide)

    response = post(
        client, body(exam, candidates=[people[1].pk], attempts_allowed=3, cooldown_minutes=15)
    )

    assert response.status_code == 202, response.json()
    made = ExamAssignment.objects.get()
    assert (made.candidate, made.max_attempts, made.cooldown_minutes) == (people[1], 3, 15)
    assert response.json()["assignments"] == [made.pk]


@pytest.mark.usefixtures("on_commit_now")
def test_the_committee_assigns_candidates_of_any_cohort(client, world):
    _guide, _group, people = world
    client.force_login(committee_member())

    response = post(client, body(blueprint(), candidates=[people[0].pk, people[2].pk]))

    assert response.status_code == 202, response.json()
    assert sorted(ExamAssignment.objects.values_list("candidate_id", flat=True)) == sorted(
        [people[0].pk, people[2].pk]
    )


def bad(world, exam):
    """Bodies the API refuses, by the code it answers (built once the world exists)."""
    _guide, group, people = world
    other_cohort = people[2].cohorts.get()
    return {
        "unknown_blueprint": body(exam, cohort=group.pk, blueprint=10**9),
        "unknown_cohort": body(exam, cohort=other_cohort.pk),
        "candidate_not_in_your_cohorts": body(exam, candidates=[people[0].pk, people[2].pk]),
        "duplicate_candidates": body(exam, candidates=[people[0].pk, people[0].pk]),
        "no_candidates": body(exam, candidates=[]),
        "too_many_candidates": body(exam, candidates=list(range(1, MAX_CANDIDATES + 2))),
        "cohort_or_candidates": body(exam, cohort=group.pk, candidates=[people[0].pk]),
        "closes_before_opens": body(
            exam, cohort=group.pk, opens_at=when(days=2), closes_at=when(days=1)
        ),
        "opens_in_past": body(exam, cohort=group.pk, opens_at=when(days=-1)),
        "closes_in_past": body(
            exam, cohort=group.pk, opens_at=when(minutes=-2), closes_at=when(minutes=-1)
        ),
        "too_few_attempts": body(exam, cohort=group.pk, attempts_allowed=0),
        "too_many_attempts": body(exam, cohort=group.pk, attempts_allowed=21),
        "negative_cooldown": body(exam, cohort=group.pk, cooldown_minutes=-1),
        "invalid": body(exam, cohort=group.pk, opens_at="tomorrow"),
        "not_a_list": body(exam, candidates=str(people[0].pk)),
    }


BAD = [
    ("unknown_blueprint", "blueprint", "No such exam blueprint."),
    ("unknown_cohort", "cohort", "No such cohort among those you may assign to."),
    ("candidate_not_in_your_cohorts", "candidates", "Not candidates of a cohort you may"),
    ("duplicate_candidates", "candidates", "Name each candidate once; named more than once: "),
    ("no_candidates", "candidates", "Name at least one candidate."),
    ("too_many_candidates", "candidates", f"Name at most {MAX_CANDIDATES} candidates"),
    ("cohort_or_candidates", "non_field_errors", "Name a cohort or candidates, not both."),
    ("closes_before_opens", "closes_at", "The exam must close after it opens."),
    ("opens_in_past", "opens_at", "The opening time is in the past."),
    ("closes_in_past", "closes_at", "The closing time is in the past."),
    ("too_few_attempts", "attempts_allowed", "An exam allows at least one attempt."),
    ("too_many_attempts", "attempts_allowed", "An exam allows at most 20 attempts."),
    ("negative_cooldown", "cooldown_minutes", "The cooldown cannot be negative."),
    ("invalid", "opens_at", "Datetime has wrong format."),
    ("not_a_list", "candidates", "Expected a list of items"),
]


@pytest.mark.parametrize(("code", "field", "message"), BAD)
def test_bad_input_is_refused_with_its_code_and_assigns_nothing(
    client, world, code, field, message
):
    guide, _group, _people = world
    client.force_login(guide)

    response = post(client, bad(world, blueprint())[code])

    assert response.status_code == 400
    answer = response.json()
    assert answer["code"] == code
    assert answer["detail"].startswith(message)
    assert answer[field][0].startswith(message)
    assert_nothing_assigned()


def test_naming_neither_a_cohort_nor_candidates_is_refused(client, world):
    guide, _group, _people = world
    client.force_login(guide)

    response = post(client, body(blueprint()))

    assert response.status_code == 400
    assert response.json()["code"] == "no_candidates"
    assert response.json()["detail"] == "Choose a cohort or at least one candidate."
    assert_nothing_assigned()


def test_every_rule_broken_is_listed_under_its_field_the_first_leading(client, world):
    guide, group, _people = world
    client.force_login(guide)

    response = post(
        client, body(blueprint(), cohort=group.pk, opens_at=when(days=-2), closes_at=when(days=-1))
    )

    assert response.status_code == 400
    answer = response.json()
    assert answer["code"] == "opens_in_past"
    assert answer["detail"] == "The opening time is in the past."
    assert answer["opens_at"] == ["The opening time is in the past."]
    assert answer["closes_at"] == ["The closing time is in the past."]
    assert_nothing_assigned()


def test_an_empty_cohort_is_refused(client):
    guide = mentor()
    client.force_login(guide)

    response = post(client, body(blueprint(), cohort=cohort(mentor=guide).pk))

    assert response.status_code == 400
    assert response.json()["code"] == "empty_cohort"
    assert response.json()["cohort"] == ["This cohort has no candidates yet."]


@pytest.mark.usefixtures("on_commit_now")
def test_whoever_already_has_the_exam_open_is_skipped_and_named(client, world):
    guide, group, people = world
    exam = blueprint()
    client.force_login(guide)
    post(client, body(exam, candidates=[people[0].pk]))

    again = post(client, body(exam, cohort=group.pk))
    once_more = post(client, body(exam, cohort=group.pk))

    assert again.status_code == 202
    assert again.json()["skipped"] == [people[0].pk]
    assert ExamAssignment.objects.get(pk__in=again.json()["assignments"]).candidate == people[1]
    assert once_more.status_code == 400
    assert once_more.json()["code"] == "already_assigned"
    assert ExamAssignment.objects.count() == 2


def test_candidates_are_refused_with_403_and_anonymous_callers_with_401(client, world):
    _guide, group, _people = world
    data = body(blueprint(), cohort=group.pk)

    anonymous = post(client, data)
    client.force_login(candidate())
    student = post(client, data)

    assert (anonymous.status_code, anonymous.json()["code"]) == (401, "not_authenticated")
    assert (student.status_code, student.json()["code"]) == (403, "permission_denied")
    assert_nothing_assigned()


def test_the_variants_job_is_queued_only_once_the_assignments_commit(
    client, world, django_capture_on_commit_callbacks
):
    guide, group, _people = world
    client.force_login(guide)

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = post(client, body(blueprint(), cohort=group.pk))

    assert response.status_code == 202
    assert len(callbacks) == 1
    assert not ExamVariant.objects.exists()
    callbacks[0]()
    assert VariantJob.objects.get().state == "done"
    assert ExamVariant.objects.count() == 2


def _queries_to_assign(client, data):
    with CaptureQueriesContext(connection) as captured:
        response = post(client, data)
    assert response.status_code == 202, response.json()
    return len(captured)


@pytest.mark.parametrize("by", ["cohort", "candidates"])
def test_the_number_of_queries_does_not_grow_with_the_candidates(client, monkeypatch, by):
    monkeypatch.setattr(variants, "_queue_job", lambda job_id: None)  # only the request's own
    guide = mentor()
    client.force_login(guide)

    def count(size):
        people = [candidate() for _ in range(size)]
        group = cohort(mentor=guide, candidates=people)
        named = {"cohort": group.pk} if by == "cohort" else {"candidates": [p.pk for p in people]}
        return _queries_to_assign(client, body(blueprint(), **named))

    # 40 rows stay within one INSERT on SQLite too (it splits a bulk write every 99 rows).
    assert count(2) == count(40)
