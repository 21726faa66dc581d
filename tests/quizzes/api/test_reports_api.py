"""The committee's exam report: pass rate and per-template facility over graded answers."""

from datetime import timedelta

import pytest
from django.utils import timezone

from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.selectors import committee_report
from tests.factories import assignment, candidate, committee_member, mentor, question

pytestmark = pytest.mark.django_db


def graded_attempt(job, scores, status=Attempt.Status.GRADED, passed=None, overrides=None):
    number = job.attempts.count() + 1
    now = timezone.now()
    attempt = Attempt.objects.create(
        assignment=job,
        candidate=job.candidate,
        number=number,
        language="en",
        seed=1,
        deadline=now + timedelta(minutes=30),
        status=status,
        passed=passed,
    )
    for position, (template, score) in enumerate(scores, start=1):
        AttemptItem.objects.create(
            attempt=attempt,
            position=position,
            question=question(template_id=template),
            score=score,
            override_score=(overrides or {}).get(position),
        )
    return attempt


def test_the_report_gives_the_pass_rate_and_each_templates_facility():
    job = assignment(max_attempts=5)
    graded_attempt(job, [("a", 1.0), ("b", 0.0)], passed=True)
    graded_attempt(job, [("a", 0.5), ("b", 0.0)], passed=False, overrides={2: 1.0})
    graded_attempt(job, [("a", 0.0)], status=Attempt.Status.SUBMITTED)  # not graded yet
    graded_attempt(assignment(), [("a", 0.0)], passed=False)  # another blueprint

    report = committee_report(blueprint_id=job.blueprint_id)

    assert (report["attempts"], report["passed"], report["pass_rate"]) == (2, 1, 0.5)
    assert report["templates"] == [
        {"template_id": "a", "answers": 2, "facility": 0.75},
        {"template_id": "b", "answers": 2, "facility": 0.5},
    ]
    assert committee_report()["attempts"] == 3


def test_an_empty_report_has_no_pass_rate():
    assert committee_report() == {"attempts": 0, "passed": 0, "pass_rate": None, "templates": []}


def test_only_the_committee_reads_the_report(client):
    graded_attempt(assignment(), [("a", 1.0)], passed=True)

    assert client.get("/api/v1/reports/exams").status_code in (401, 403)
    for outsider in (candidate(), mentor()):
        client.force_login(outsider)
        assert client.get("/api/v1/reports/exams").status_code == 403
    client.force_login(committee_member())
    body = client.get("/api/v1/reports/exams").json()
    assert body["pass_rate"] == 1.0


def test_a_bad_filter_is_a_clear_error(client):
    client.force_login(committee_member())

    response = client.get("/api/v1/reports/exams?blueprint=abc")

    assert response.status_code == 400
    assert "blueprint" in str(response.json())


def test_the_report_makes_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    job = assignment(max_attempts=10)
    for _ in range(6):
        graded_attempt(job, [("a", 1.0), ("b", 0.5), ("c", 0.0)], passed=True)
    client.force_login(committee_member())

    with django_assert_max_num_queries(6):
        response = client.get(f"/api/v1/reports/exams?blueprint={job.blueprint_id}")

    assert response.json()["attempts"] == 6
