"""Changing an exam already assigned: deadline and note, extension, cancellation, progress."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from quizzes.exams.models.exams import Attempt, ExamAssignment
from quizzes.exams.services import assignments, exams, variants
from tests.factories import BlueprintFactory, candidate, cohort, mentor
from tests.quizzes.mentor.conftest import count_queries

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

LOCAL = "%Y-%m-%dT%H:%M"


def when(**delta):
    return timezone.localtime(timezone.now() + timedelta(**delta)).strftime(LOCAL)


def an_assigned_exam(size=2, *, guide=None):
    """A mentor's cohort of ``size`` candidates given one exam (variants prepared), open now."""
    guide = guide or mentor()
    people = [candidate() for _ in range(size)]
    cohort(mentor=guide, candidates=people)
    exam = BlueprintFactory(
        composition=[{"topic": None, "kind": "free_form", "count": 1}], time_limit_minutes=30
    )
    now = timezone.now()
    job = variants.assignments_create(
        blueprint=exam, candidates=people, opens_at=now - timedelta(minutes=1),
        closes_at=now + timedelta(days=1), assigned_by=guide,
    )  # fmt: skip
    return guide, people, job


def post_confirmed(client, name, job, data):
    url = reverse(name, args=[job.pk])
    asked = client.post(url, data)
    assert asked.status_code == 200, asked.content.decode()[:2000]
    assert 'name="confirm" value="1"' in asked.content.decode()  # nothing done before confirming
    return client.post(url, {**data, "confirm": "1"})


def test_editing_sets_the_deadline_and_note_for_everyone_after_a_confirmation(client):
    guide, people, job = an_assigned_exam()
    client.force_login(guide)
    before = list(ExamAssignment.objects.values_list("closes_at", flat=True))
    data = {"edit-closes_at": when(days=3), "edit-note": "Revise the penalty ladder first."}

    asked = client.post(reverse("assignment-edit", args=[job.pk]), data)
    assert list(ExamAssignment.objects.values_list("closes_at", flat=True)) == before
    assert "2 candidates" in asked.content.decode()

    done = client.post(reverse("assignment-edit", args=[job.pk]), {**data, "confirm": "1"})

    assert done.status_code == 302
    for row in ExamAssignment.objects.all():
        assert row.closes_at > timezone.now() + timedelta(days=2)
        assert row.note == "Revise the penalty ladder first."
        prepared = Attempt.all_objects.filter(assignment=row, status=Attempt.Status.READY)
        assert all(attempt.deadline == row.closes_at for attempt in prepared)
    client.force_login(people[0])
    assert "Revise the penalty ladder first." in client.get(reverse("exams")).content.decode()
    assert "Revise the penalty ladder first." in client.get(reverse("home")).content.decode()


def test_the_edit_confirmation_shows_the_note_about_to_be_published(client):
    """Walk 7, #10: it said "with the note shown" and showed the note nowhere."""
    guide, _people, job = an_assigned_exam()
    client.force_login(guide)
    data = {"edit-closes_at": when(days=3), "edit-note": "Bring a pen."}

    asked = client.post(reverse("assignment-edit", args=[job.pk]), data).content.decode()
    none = client.post(
        reverse("assignment-edit", args=[job.pk]), {**data, "edit-note": ""}
    ).content.decode()

    assert "The note the candidates will read" in asked
    assert '<p class="response">Bring a pen.</p>' in asked
    assert "with the note below" in asked
    assert "No note: the candidates see none." in none


def test_an_extension_can_be_for_one_candidate_only(client):
    guide, people, job = an_assigned_exam()
    client.force_login(guide)
    one = ExamAssignment.objects.get(candidate=people[1])
    other_close = ExamAssignment.objects.get(candidate=people[0]).closes_at

    done = post_confirmed(
        client,
        "assignment-extend",
        job,
        {"extend-who": str(one.pk), "extend-closes_at": when(days=5)},
    )

    assert done.status_code == 302
    one.refresh_from_db()
    assert one.closes_at > timezone.now() + timedelta(days=4)
    assert ExamAssignment.objects.get(candidate=people[0]).closes_at == other_close


def test_an_extension_must_close_later_than_now_closes(client):
    guide, _people, job = an_assigned_exam()
    client.force_login(guide)

    response = client.post(
        reverse("assignment-extend", args=[job.pk]),
        {"extend-who": "", "extend-closes_at": when(hours=2), "confirm": "1"},
    )

    assert response.status_code == 400
    assert "must close later" in response.content.decode()


def test_an_earlier_extension_is_refused_on_its_field_before_any_confirmation(client):
    guide, _people, job = an_assigned_exam()
    client.force_login(guide)
    before = list(ExamAssignment.objects.values_list("closes_at", flat=True))

    response = client.post(
        reverse("assignment-extend", args=[job.pk]),
        {"extend-who": "", "extend-closes_at": when(hours=2)},
        HTTP_ACCEPT_LANGUAGE="es",
    )
    page = response.content.decode()

    assert response.status_code == 400
    assert 'name="confirm"' not in page
    field = page[page.index('for="id_extend-closes_at"') :]
    assert "Para acortar el plazo, usa “Cambiar el plazo o la nota”" in field[:2000]
    assert list(ExamAssignment.objects.values_list("closes_at", flat=True)) == before


def test_the_assignment_pages_name_the_exam_and_cohort_as_the_confirmations_do(client):
    guide, _people, job = an_assigned_exam()
    job.blueprint.name_translations = {"pt-br": "Prova de demonstração"}
    job.blueprint.save(update_fields=["name_translations"])
    cohort(mentor=guide, name="Demo cohort", name_translations={"pt-br": "Turma de demonstração"})
    client.force_login(guide)

    job_page = client.get(reverse("variant-job", args=[job.pk]), HTTP_ACCEPT_LANGUAGE="pt-br")
    form_page = client.get(reverse("assign"), HTTP_ACCEPT_LANGUAGE="pt-br")

    assert "<h1>Prova de demonstração</h1>" in job_page.content.decode()
    form = form_page.content.decode()
    assert ">Prova de demonstração</a>" in form  # recent assignments
    assert ">Prova de demonstração</option>" in form
    assert ">Turma de demonstração</option>" in form
    assert job.blueprint.name not in form
    assert "Demo cohort" not in form


def test_an_extension_lets_an_attempt_in_progress_run_its_full_time():
    _guide, _people, _job = an_assigned_exam(1)
    row = ExamAssignment.objects.get()
    ExamAssignment.objects.filter(pk=row.pk).update(closes_at=timezone.now() + timedelta(minutes=5))
    row.refresh_from_db()
    attempt = exams.attempt_start(assignment=row, language="en")
    assert attempt.deadline == row.closes_at  # cut short by the close

    assignments.assignments_extend(assignments=[row], closes_at=timezone.now() + timedelta(days=1))

    attempt.refresh_from_db()
    assert attempt.deadline == attempt.started_at + timedelta(minutes=30)


def test_cancelling_stops_new_starts_and_keeps_the_started_attempt(client):
    guide, people, job = an_assigned_exam()
    started_row = ExamAssignment.objects.get(candidate=people[0])
    waiting_row = ExamAssignment.objects.get(candidate=people[1])
    attempt = exams.attempt_start(assignment=started_row, language="en")
    client.force_login(guide)

    done = post_confirmed(client, "assignment-cancel", job, {})

    assert done.status_code == 302
    waiting_row.refresh_from_db()
    assert waiting_row.cancelled_at is not None
    with pytest.raises(exams.ExamError, match="cancelled"):
        exams.attempt_start(assignment=waiting_row, language="en")
    assert (
        exams.attempt_start_prepared(candidate_id=people[1].pk, assignment_id=waiting_row.pk)
        is None
    )
    attempt.refresh_from_db()
    assert attempt.status == Attempt.Status.IN_PROGRESS  # kept, may still be submitted
    page = client.get(reverse("variant-job", args=[job.pk])).content.decode()
    assert "the attempt started before is kept" in page
    assert "Cancelled before starting" in page
    client.force_login(people[1])
    listed = client.get(reverse("exams")).content.decode()
    assert "Cancelled by your mentor" in listed
    assert reverse("exam-start", args=[waiting_row.pk]) not in listed
    assert (
        reverse("exam-start", args=[waiting_row.pk])
        not in client.get(reverse("home")).content.decode()
    )


def test_a_cancelled_exam_does_not_count_attempts_left(client):
    """Walk 4, #16: "2 attempts left" next to "Cancelled by your mentor"."""
    guide, people, job = an_assigned_exam(1)
    client.force_login(guide)
    post_confirmed(client, "assignment-cancel", job, {})
    client.force_login(people[0])

    listed = client.get(reverse("exams")).content.decode()

    assert "Cancelled by your mentor" in listed
    assert "attempt left" not in listed


def test_the_page_shows_each_candidates_progress_with_times(client):
    guide, people, job = an_assigned_exam(3)
    exams.attempt_start(assignment=ExamAssignment.objects.get(candidate=people[0]), language="en")
    client.force_login(guide)

    page = client.get(reverse("variant-job", args=[job.pk])).content.decode()

    assert page.count('data-progress="in_progress"') == 1
    assert page.count('data-progress="not_started"') == 2
    assert page.count('data-label="Started"><time') == 1


def test_another_mentor_cannot_change_or_cancel_the_exam(client):
    _guide, _people, job = an_assigned_exam()
    client.force_login(mentor())
    for name in ("assignment-edit", "assignment-extend", "assignment-cancel"):
        assert client.post(reverse(name, args=[job.pk]), {"confirm": "1"}).status_code == 404
    assert not ExamAssignment.objects.filter(cancelled_at__isnull=False).exists()


def test_the_assignment_page_runs_a_fixed_number_of_queries_with_progress(client):
    guide, _people, job = an_assigned_exam(1)
    client.force_login(guide)
    url = reverse("variant-job", args=[job.pk])
    few = count_queries(lambda: client.get(url))
    _guide2, more, job = an_assigned_exam(4, guide=guide)
    exams.attempt_start(assignment=ExamAssignment.objects.get(candidate=more[0]), language="en")
    url = reverse("variant-job", args=[job.pk])
    assert count_queries(lambda: client.get(url)) == few


def test_a_confirmation_shows_the_time_as_every_page_does_with_the_zones_name(client):
    guide, _people, job = an_assigned_exam()
    guide.time_zone = "Europe/Lisbon"
    guide.save(update_fields=["time_zone"])
    client.force_login(guide)
    data = {"extend-closes_at": "2030-01-20T18:00"}

    page = client.post(reverse("assignment-extend", args=[job.pk]), data).content.decode()

    assert "Jan. 20, 2030, 18:00 Lisbon (UTC)" in page
    assert "2030-01-20 18:00" not in page
    assert "WET" not in page


def failed_once(assignment):
    attempt = exams.attempt_start(assignment=assignment, language="en")
    Attempt.objects.filter(pk=attempt.pk).update(
        status=Attempt.Status.GRADED, score=0.2, passed=False, closed_at=timezone.now()
    )


def test_a_fail_with_attempts_and_time_left_reads_as_not_passed_yet(client):
    guide, people, job = an_assigned_exam(2)
    rows = {row.candidate_id: row for row in ExamAssignment.objects.all()}
    ExamAssignment.objects.update(max_attempts=3)
    failed_once(rows[people[0].pk])
    ExamAssignment.objects.filter(pk=rows[people[1].pk].pk).update(max_attempts=1)
    failed_once(rows[people[1].pk])
    client.force_login(guide)

    page = client.get(reverse("variant-job", args=[job.pk])).content.decode()

    assert page.count('data-progress="retry"') == 1
    assert "Not passed yet: 2 attempts left, until " in page
    assert page.count(">Not passed<") == 1  # the one with no attempt left


@pytest.mark.parametrize("step", ["assignment-edit", "assignment-extend", "assignment-cancel"])
def test_a_change_step_opened_by_url_leads_back_to_the_exam(client, step):
    """Walk 4, #15: a GET on a confirmation's URL was an empty 405 page."""
    guide, _people, job = an_assigned_exam(1)
    client.force_login(guide)

    opened = client.get(reverse(step, args=[job.pk]))

    assert opened.status_code == 302
    assert opened.url == reverse("variant-job", args=[job.pk])
    assert not ExamAssignment.objects.filter(cancelled_at__isnull=False).exists()
