"""The administration site assigns exams through the service and shows pre-generation."""

from datetime import timedelta

import pytest
from django.utils import timezone

from judgetrain.accounts.models import User
from quizzes.exams.models.exams import ExamAssignment, ExamVariant, VariantJob
from quizzes.exams.services import variants
from tests.factories import BlueprintFactory, candidate, committee_member

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


@pytest.fixture
def superuser_client(client):
    client.force_login(User.objects.create_superuser("root@example.com", "pw-123456789"))
    return client


def assign(people, max_attempts=1):
    now = timezone.now()
    return variants.assignments_create(
        blueprint=BlueprintFactory(composition=[{"topic": None, "kind": "free_form", "count": 2}]),
        candidates=people,
        opens_at=now,
        closes_at=now + timedelta(days=1),
        max_attempts=max_attempts,
    )


def test_adding_an_assignment_in_the_admin_pregenerates_its_variants(superuser_client):
    blueprint = BlueprintFactory(composition=[{"topic": None, "kind": "free_form", "count": 2}])
    person = candidate()
    now = timezone.now()

    response = superuser_client.post(
        "/admin/quizzes/examassignment/add/",
        {
            "blueprint": blueprint.pk,
            "candidate": person.pk,
            "opens_at_0": now.strftime("%Y-%m-%d"),
            "opens_at_1": "00:00:00",
            "closes_at_0": (now + timedelta(days=3)).strftime("%Y-%m-%d"),
            "closes_at_1": "00:00:00",
            "max_attempts": 2,
            "cooldown_minutes": 0,
        },
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    assignment = ExamAssignment.objects.get()
    assert assignment.assigned_by.email == "root@example.com"
    assert assignment.variant_job.built == 2
    assert ExamVariant.objects.filter(assignment=assignment).count() == 2


def test_raising_the_attempts_allowed_in_the_admin_builds_the_missing_variant(superuser_client):
    assignment = assign([candidate()]).assignments.get()
    data = {
        "blueprint": assignment.blueprint_id,
        "candidate": assignment.candidate_id,
        "opens_at_0": assignment.opens_at.strftime("%Y-%m-%d"),
        "opens_at_1": assignment.opens_at.strftime("%H:%M:%S"),
        "closes_at_0": assignment.closes_at.strftime("%Y-%m-%d"),
        "closes_at_1": assignment.closes_at.strftime("%H:%M:%S"),
        "max_attempts": 2,
        "cooldown_minutes": 0,
    }

    response = superuser_client.post(f"/admin/quizzes/examassignment/{assignment.pk}/change/", data)

    assert response.status_code == 302
    assert assignment.variants.count() == 2


def test_the_assignment_list_shows_variants_ready_in_bounded_queries(
    client, django_assert_max_num_queries
):
    assign([candidate() for _ in range(3)], max_attempts=2)
    client.force_login(committee_member())

    with django_assert_max_num_queries(12):
        response = client.get("/admin/quizzes/examassignment/")

    assert response.status_code == 200
    assert response.content.decode().count("2/2") == 3


def test_the_job_list_shows_progress_to_the_committee(client, django_assert_max_num_queries):
    for _ in range(3):
        assign([candidate(), candidate()])
    VariantJob.objects.update(built=1)
    client.force_login(committee_member())

    with django_assert_max_num_queries(12):
        response = client.get("/admin/quizzes/variantjob/")

    assert response.status_code == 200
    assert response.content.decode().count("1/2 (50%)") == 3


def admin_add_form(blueprint, person, **terms):
    now = timezone.now()
    return {
        "blueprint": blueprint.pk,
        "candidate": person.pk,
        "opens_at_0": now.strftime("%Y-%m-%d"),
        "opens_at_1": "00:00:00",
        "closes_at_0": (now + timedelta(days=3)).strftime("%Y-%m-%d"),
        "closes_at_1": "00:00:00",
        "max_attempts": "",
        "cooldown_minutes": "",
        **terms,
    }


def test_an_assignment_added_with_blank_attempts_and_cooldown_takes_the_blueprints(
    superuser_client,
):
    blueprint = BlueprintFactory(
        composition=[{"topic": None, "kind": "free_form", "count": 1}],
        attempts_allowed=3,
        cooldown_minutes=45,
    )

    response = superuser_client.post(
        "/admin/quizzes/examassignment/add/", admin_add_form(blueprint, candidate())
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    assignment = ExamAssignment.objects.get()
    assert (assignment.max_attempts, assignment.cooldown_minutes) == (3, 45)
    assert assignment.variant_job.wanted == 3


def test_the_admins_add_form_leaves_attempts_and_cooldown_blank(superuser_client):
    page = superuser_client.get("/admin/quizzes/examassignment/add/").content.decode()

    for name in ("max_attempts", "cooldown_minutes"):
        field = page[page.index(f'name="{name}"') :].split(">", 1)[0]
        assert "value=" not in field, field
        assert "required" not in field, field
    assert page.count("Leave it blank for the blueprint") == 2


def test_the_admin_refuses_more_attempts_than_a_blueprint_may_allow(superuser_client):
    data = admin_add_form(BlueprintFactory(), candidate(), max_attempts=21, cooldown_minutes=0)

    response = superuser_client.post("/admin/quizzes/examassignment/add/", data)

    assert response.status_code == 200
    assert "An exam allows at most 20 attempts." in response.content.decode()
    assert not ExamAssignment.objects.exists()
