"""The assignment page: a blueprint to a cohort or chosen candidates, and the job's progress."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from quizzes.bank.models.reports import RetiredTemplate
from quizzes.exams.models.exams import ExamAssignment, ExamVariant, VariantJob
from quizzes.exams.services import assignments, variants
from rulings.core.questions.templates import all_templates
from tests.factories import BlueprintFactory, candidate, cohort, committee_member, mentor

pytestmark = pytest.mark.django_db

LOCAL = "%Y-%m-%dT%H:%M"


def blueprint(**kwargs):
    return BlueprintFactory(
        composition=[{"topic": None, "kind": "free_form", "count": 2}], **kwargs
    )


def when(**delta):
    return timezone.localtime(timezone.now() + timedelta(**delta)).strftime(LOCAL)


def form(exam, **fields):
    data = {
        "blueprint": str(exam.pk),
        "opens_at": when(minutes=0),
        "closes_at": when(days=3),
    }
    data.update(fields)
    return data


def unqueued_job(monkeypatch, *, by, candidates):
    """A job assigning a fresh blueprint for a day, its Celery task not queued."""
    monkeypatch.setattr(variants, "_queue_job", lambda job_id: None)
    now = timezone.now()
    return variants.assignments_create(
        blueprint=blueprint(), candidates=candidates, opens_at=now,
        closes_at=now + timedelta(days=1), assigned_by=by,
    )  # fmt: skip


@pytest.fixture
def world():
    guide = mentor()
    people = [candidate(), candidate(), candidate()]
    group = cohort(mentor=guide, candidates=people[:2])
    return guide, group, people


@pytest.mark.usefixtures("on_commit_now")
def test_a_mentor_assigns_a_blueprint_to_their_whole_cohort(client, world):
    guide, group, people = world
    exam = blueprint()
    client.force_login(guide)

    response = client.post(reverse("assign"), form(exam, cohort=str(group.pk)))

    job = VariantJob.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("variant-job", args=[job.pk])
    assigned = ExamAssignment.objects.filter(blueprint=exam)
    assert sorted(a.candidate_id for a in assigned) == sorted(p.pk for p in people[:2])
    assert {a.assigned_by_id for a in assigned} == {guide.pk}
    assert (job.created_by, job.wanted, job.built) == (guide, 2, 2)


@pytest.mark.usefixtures("on_commit_now")
def test_a_cohort_and_ticked_candidates_are_each_assigned_once(client, world):
    _guide, group, people = world
    other = cohort(mentor=mentor(), candidates=[people[2]])
    client.force_login(committee_member())

    response = client.post(
        reverse("assign"),
        form(blueprint(), cohort=str(group.pk), candidates=[str(people[0].pk), str(people[2].pk)]),
    )

    assert response.status_code == 302
    assert other.candidates.count() == 1
    assert sorted(ExamAssignment.objects.values_list("candidate_id", flat=True)) == sorted(
        p.pk for p in people
    )


def test_the_assignment_opens_and_closes_at_the_local_times_entered(client, world):
    guide, group, _people = world
    client.force_login(guide)
    opens, closes = when(hours=2), when(days=2)

    client.post(reverse("assign"), form(blueprint(), cohort=str(group.pk), opens_at=opens,
                                        closes_at=closes))  # fmt: skip

    assigned = ExamAssignment.objects.first()
    assert timezone.localtime(assigned.opens_at).strftime(LOCAL) == opens
    assert timezone.localtime(assigned.closes_at).strftime(LOCAL) == closes


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"opens_at": when(days=-1)}, "opens_at", "The opening time is in the past."),
        ({"closes_at": when(hours=-1)}, "closes_at", "The closing time is in the past."),
        (
            {"opens_at": when(days=2), "closes_at": when(days=1)},
            "closes_at",
            "The exam must close after it opens.",
        ),
        (
            {"opens_at": when(days=1), "closes_at": when(days=1)},
            "closes_at",
            "The exam must close after it opens.",
        ),
        ({"opens_at": "tomorrow"}, "opens_at", "Enter a valid date/time."),
        ({"closes_at": ""}, "closes_at", "This field is required."),
        (
            {"opens_at": "0001-01-01T00:00"},
            "opens_at",
            "Enter a date between 2 January of the year 1",
        ),
        ({"cohort": "999999"}, "cohort", "Select a valid choice."),
        ({"candidates": ["abc"]}, "candidates", "is not a valid value."),
        ({"blueprint": ""}, "blueprint", "This field is required."),
    ],
)
def test_bad_input_gets_a_form_error_and_assigns_nothing(client, world, fields, field, message):
    guide, group, _people = world
    client.force_login(guide)
    data = form(blueprint(), cohort=str(group.pk))
    data.update(fields)

    response = client.post(reverse("assign"), data)

    assert response.status_code == 400
    errors = response.context["form"].errors[field]
    assert any(message in error for error in errors), errors
    assert not ExamAssignment.objects.exists()
    assert not VariantJob.objects.exists()


def test_choosing_nobody_is_a_form_error(client, world):
    guide, _group, _people = world
    client.force_login(guide)

    response = client.post(reverse("assign"), form(blueprint()))

    assert response.status_code == 400
    assert "Choose a cohort or at least one candidate." in response.content.decode()
    assert not ExamAssignment.objects.exists()


def test_every_rule_the_input_breaks_is_shown_at_once(client, world):
    guide, _group, _people = world
    client.force_login(guide)
    data = form(blueprint(), opens_at=when(days=-2), closes_at=when(days=-3))

    response = client.post(reverse("assign"), data)

    assert response.status_code == 400
    errors = response.context["form"].errors
    assert errors["opens_at"] == ["The opening time is in the past."]
    # Closing before opening too (UX walk 2 #14): fixing the dates into the future must not
    # bring a second round of errors.
    assert errors["closes_at"] == [
        "The closing time is in the past.",
        "The exam must close after it opens.",
    ]
    assert errors["__all__"] == ["Choose a cohort or at least one candidate."]
    assert not ExamAssignment.objects.exists()


def test_an_empty_cohort_is_a_form_error(client):
    guide = mentor()
    empty = cohort(mentor=guide)
    client.force_login(guide)

    response = client.post(reverse("assign"), form(blueprint(), cohort=str(empty.pk)))

    assert response.status_code == 400
    assert response.context["form"].errors["cohort"] == ["This cohort has no candidates yet."]


def test_a_mentor_cannot_assign_to_another_mentors_cohort_or_candidates(client, world):
    _guide, group, people = world
    client.force_login(mentor())

    response = client.post(
        reverse("assign"),
        form(blueprint(), cohort=str(group.pk), candidates=[str(people[0].pk)]),
    )

    assert response.status_code == 400
    assert set(response.context["form"].errors) == {"cohort", "candidates"}
    assert not ExamAssignment.objects.exists()


def test_the_form_offers_a_mentor_only_their_own_cohorts_candidates(client, world):
    guide, group, people = world
    client.force_login(guide)

    page = client.get(reverse("assign"), {"cohort": group.pk}).content.decode()

    assert people[0].email in page
    assert people[1].email in page
    assert people[2].email not in page
    assert f'<option value="{group.pk}" selected>' in page


@pytest.mark.parametrize("method", ["get", "post"])
def test_candidates_are_refused_the_assignment_page(client, method):
    client.force_login(candidate())

    assert getattr(client, method)(reverse("assign")).status_code == 403


def test_signing_in_is_needed_to_assign(client):
    response = client.get(reverse("assign"))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_job_is_queued_only_once_the_assignments_commit(
    client, world, django_capture_on_commit_callbacks
):
    guide, group, _people = world
    client.force_login(guide)

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        client.post(reverse("assign"), form(blueprint(), cohort=str(group.pk)))
    job = VariantJob.objects.get()
    assert len(callbacks) == 1
    assert not ExamVariant.objects.exists()

    callbacks[0]()

    job.refresh_from_db()
    assert (job.built, job.wanted, job.state) == (2, 2, "done")
    assert ExamVariant.objects.count() == 2


def test_the_job_page_shows_progress_and_a_refresh_link(client, world, monkeypatch):
    guide, _group, people = world
    job = unqueued_job(monkeypatch, by=guide, candidates=people[:2])
    variants.assignment_variants_build(assignment_id=job.assignments.first().pk)
    client.force_login(guide)

    response = client.get(reverse("variant-job", args=[job.pk]))

    page = response.content.decode()
    assert response.status_code == 200
    assert 'data-state="running"' in page
    assert '<span data-field="built">1</span> / <span data-field="wanted">2</span>' in page
    assert 'value="50"' in page
    assert f'href="{reverse("variant-job", args=[job.pk])}"' in page  # works without JS
    assert f'data-api="/api/v1/variant-jobs/{job.pk}"' in page
    assert "quizzes/variant_job" in page


def test_the_job_page_is_translated(client, world, monkeypatch):
    guide, _group, people = world
    job = unqueued_job(monkeypatch, by=guide, candidates=people[:1])
    client.force_login(guide)

    page = client.get(
        reverse("variant-job", args=[job.pk]), HTTP_ACCEPT_LANGUAGE="pt-BR"
    ).content.decode()

    assert "Preparando as variantes da prova" in page
    assert "Atualizar" in page


def test_another_mentor_gets_404_for_a_job_of_someone_elses_cohort(client, world, monkeypatch):
    guide, _group, people = world
    job = unqueued_job(monkeypatch, by=guide, candidates=people[:1])
    client.force_login(mentor())

    assert client.get(reverse("variant-job", args=[job.pk])).status_code == 404
    client.force_login(candidate())
    assert client.get(reverse("variant-job", args=[job.pk])).status_code == 403


def _queries(client, url):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured)


@pytest.mark.usefixtures("on_commit_now")
def test_the_assignment_and_job_pages_make_a_fixed_number_of_queries(client):
    board = committee_member()
    client.force_login(board)
    exam = blueprint()

    def grow(size):
        people = [candidate() for _ in range(size)]
        cohort(mentor=mentor(), candidates=people)
        now = timezone.now()
        return variants.assignments_create(
            blueprint=exam, candidates=people, opens_at=now,
            closes_at=now + timedelta(days=1), assigned_by=board,
        )  # fmt: skip

    job = grow(1)
    small = (
        _queries(client, reverse("assign")),
        _queries(client, f"/mentor/assign/jobs/{job.pk}/"),
    )
    for _ in range(3):
        grow(2)
    BlueprintFactory.create_batch(3)
    job = grow(4)
    large = (
        _queries(client, reverse("assign")),
        _queries(client, f"/mentor/assign/jobs/{job.pk}/"),
    )

    assert small == large


@pytest.mark.usefixtures("on_commit_now")
def test_assigning_again_skips_whoever_already_has_the_exam_open(client, world):
    guide, group, people = world
    exam = blueprint()
    client.force_login(guide)
    client.post(reverse("assign"), form(exam, candidates=[str(people[0].pk)]))

    response = client.post(reverse("assign"), form(exam, cohort=str(group.pk)), follow=True)

    assert response.status_code == 200
    assert sorted(ExamAssignment.objects.values_list("candidate_id", flat=True)) == sorted(
        [people[0].pk, people[1].pk]
    )
    assert str(people[0]) in response.content.decode()
    assert VariantJob.objects.order_by("-pk").first().assignments.get().candidate == people[1]


@pytest.mark.usefixtures("on_commit_now")
def test_a_double_submit_assigns_nobody_twice(client, world):
    guide, group, _people = world
    exam = blueprint()
    client.force_login(guide)
    data = form(exam, cohort=str(group.pk))
    client.post(reverse("assign"), data)

    again = client.post(reverse("assign"), data)

    assert again.status_code == 400
    assert (
        "Every candidate chosen already has this exam open or upcoming." in again.content.decode()
    )
    assert ExamAssignment.objects.count() == 2


@pytest.mark.usefixtures("on_commit_now")
def test_a_closed_assignment_does_not_stop_a_new_one(client, world):
    guide, _group, people = world
    exam = blueprint()
    now = timezone.now()
    variants.assignment_create(
        blueprint=exam, candidate=people[0], opens_at=now - timedelta(days=3),
        closes_at=now - timedelta(days=1),
    )  # fmt: skip
    client.force_login(guide)

    response = client.post(reverse("assign"), form(exam, candidates=[str(people[0].pk)]))

    assert response.status_code == 302
    assert ExamAssignment.objects.filter(candidate=people[0]).count() == 2


@pytest.mark.usefixtures("on_commit_now")
def test_a_cancelled_assignment_does_not_stop_assigning_the_exam_again(client, world):
    """Walk 5, #7: after cancelling, assigning the same blueprint again was refused with
    "Every candidate chosen already has this exam open or upcoming"."""
    guide, group, people = world
    exam = blueprint()
    client.force_login(guide)
    client.post(reverse("assign"), form(exam, candidates=[str(people[0].pk)]))
    assignments.assignments_cancel(assignments=list(ExamAssignment.objects.all()))

    by_hand = client.post(reverse("assign"), form(exam, candidates=[str(people[0].pk)]))
    by_cohort = client.post(reverse("assign"), form(exam, cohort=str(group.pk)), follow=True)

    assert by_hand.status_code == 302
    open_now = ExamAssignment.objects.filter(cancelled_at__isnull=True)
    assert sorted(open_now.values_list("candidate_id", flat=True)) == sorted(
        [people[0].pk, people[1].pk]
    )
    assert str(people[0]) in by_cohort.content.decode()  # the reissued one is open: skipped


@pytest.mark.usefixtures("on_commit_now")
def test_recent_assignments_say_which_were_cancelled(client, world):
    guide, _group, people = world
    exam = blueprint()
    client.force_login(guide)
    client.post(reverse("assign"), form(exam, candidates=[str(people[0].pk)]))
    client.post(reverse("assign"), form(blueprint(), candidates=[str(p.pk) for p in people[:2]]))
    first, second = VariantJob.objects.order_by("pk")
    assignments.assignments_cancel(assignments=list(first.assignments.all()))
    assignments.assignments_cancel(assignments=[second.assignments.order_by("pk").first()])

    page = client.get(reverse("assign")).content.decode()

    rows = {
        job.pk: page.split(reverse("variant-job", args=[job.pk]))[1].split("</li>")[0]
        for job in (first, second)
    }
    assert "Cancelled" in rows[first.pk]
    assert "variants ready" not in rows[first.pk]
    assert "2 of 2 variants ready · 1 of 2 cancelled" in rows[second.pk]


@pytest.mark.usefixtures("on_commit_now")
def test_a_failed_job_names_its_cause_to_the_mentor_and_can_be_retried(client, world, monkeypatch):
    """Walk 4, #11: "Failed" with "please tell your mentor", no reason and no retry."""
    guide, _group, people = world
    job = unqueued_job(monkeypatch, by=guide, candidates=people[:1])
    VariantJob.objects.filter(pk=job.pk).update(error="It failed.")
    RetiredTemplate.objects.bulk_create(
        RetiredTemplate(template_id=template.id, reason="x", flags=[])
        for template in all_templates()
        if template.game == "riftbound"
    )
    client.force_login(guide)

    page = client.get(reverse("variant-job", args=[job.pk])).content.decode()
    assert "retired or withdrew" in page
    assert "tell your mentor" not in page
    assert reverse("variant-job-retry", args=[job.pk]) in page
    refused = client.post(reverse("variant-job-retry", args=[job.pk]), follow=True)
    assert "This blueprint cannot be drawn now." in refused.content.decode()

    RetiredTemplate.objects.all().delete()
    client.post(reverse("variant-job-retry", args=[job.pk]))
    job.refresh_from_db()
    assert job.error == ""


def test_the_blueprint_list_asks_to_choose_one(client, world):
    """Walk 5, #8: the list began with Django's "---------"."""
    guide, _group, _people = world
    client.force_login(guide)

    page = client.get(reverse("assign")).content.decode()

    assert '<option value="" selected>Choose a blueprint</option>' in page
    assert "---------" not in page
