"""Pre-generation progress in the API, for mentors and the committee."""

from datetime import timedelta

import pytest
from django.utils import timezone

from quizzes.exams.services import variants
from tests.factories import BlueprintFactory, candidate, cohort, committee_member, mentor

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def assign(people, by=None, max_attempts=1):
    now = timezone.now()
    return variants.assignments_create(
        blueprint=BlueprintFactory(composition=[{"topic": None, "kind": "free_form", "count": 2}]),
        candidates=people,
        opens_at=now,
        closes_at=now + timedelta(days=1),
        max_attempts=max_attempts,
        assigned_by=by,
    )


def test_the_committee_sees_each_jobs_progress(client):
    job = assign([candidate(), candidate()], max_attempts=2)
    client.force_login(committee_member())

    listed = client.get("/api/v1/variant-jobs")
    detail = client.get(f"/api/v1/variant-jobs/{job.pk}")

    assert listed.status_code == 200
    assert detail.status_code == 200
    assert [row["id"] for row in listed.json()["results"]] == [job.pk]
    body = detail.json()
    assert {k: body[k] for k in ("wanted", "built", "percent", "state")} == {
        "wanted": 4,
        "built": 4,
        "percent": 100,
        "state": "done",
    }
    assert body["blueprint"] == job.blueprint.name
    assert body["finished_at"]


def test_a_job_in_progress_shows_how_far_it_got(client, monkeypatch):
    monkeypatch.setattr(variants, "_queue_job", lambda job_id: None)
    job = assign([candidate(), candidate()])
    variants.assignment_variants_build(assignment_id=job.assignments.first().pk)
    client.force_login(committee_member())

    body = client.get(f"/api/v1/variant-jobs/{job.pk}").json()

    assert (body["built"], body["wanted"], body["percent"], body["state"]) == (1, 2, 50, "running")
    assert body["finished_at"] is None


def test_a_mentor_sees_jobs_they_started_or_for_their_cohort_only(client):
    me = mentor()
    mine = candidate()
    cohort(mentor=me, candidates=[mine])
    started_by_me = assign([candidate()], by=me)
    for_my_cohort = assign([mine])
    someone_elses = assign([candidate()], by=mentor())
    client.force_login(me)

    listed = client.get("/api/v1/variant-jobs").json()["results"]

    assert {row["id"] for row in listed} == {started_by_me.pk, for_my_cohort.pk}
    assert client.get(f"/api/v1/variant-jobs/{someone_elses.pk}").status_code == 404


def test_candidates_and_anonymous_users_cannot_see_jobs(client):
    job = assign([candidate()])

    assert client.get("/api/v1/variant-jobs").status_code in (401, 403)
    client.force_login(candidate())
    assert client.get("/api/v1/variant-jobs").status_code == 403
    assert client.get(f"/api/v1/variant-jobs/{job.pk}").status_code == 403


def test_the_job_list_makes_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    me = mentor()
    client.force_login(me)
    for _ in range(5):
        assign([candidate()], by=me)

    with django_assert_max_num_queries(6):
        response = client.get("/api/v1/variant-jobs")

    assert len(response.json()["results"]) == 5
