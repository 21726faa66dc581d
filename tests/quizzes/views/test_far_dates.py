"""A far-future (or year-one) date renders on every page, API answer and export that shows
it, in any time zone; the forms, the API and the admin refuse dates no zone could show."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from quizzes.certification.models import Certificate, CertificationLevel, LevelRequirement
from quizzes.certification.services import certification
from quizzes.exams.models.exams import ExamAssignment, VariantJob
from tests.factories import (
    BlueprintFactory,
    assignment,
    candidate,
    cohort,
    committee_member,
    mentor,
)
from tests.quizzes.committee.seeding import graded_attempt

pytestmark = pytest.mark.django_db

LAST_MINUTE = datetime(9999, 12, 31, 23, 59, tzinfo=UTC)
FIRST_MINUTE = datetime(1, 1, 1, 0, 1, tzinfo=UTC)
EAST = "Pacific/Kiritimati"  # UTC+14
WEST = "America/Los_Angeles"


def _job_with(assigned: ExamAssignment, by) -> VariantJob:
    job = VariantJob.objects.create(blueprint=assigned.blueprint, created_by=by, wanted=1)
    assigned.variant_job = job
    assigned.save(update_fields=["variant_job"])
    return job


def test_the_exam_list_shows_a_closing_time_in_9999_east_of_utc(client):
    person = candidate(time_zone=EAST)
    assignment(candidate=person, closes_at=LAST_MINUTE)
    client.force_login(person)

    response = client.get(reverse("exams"))

    assert response.status_code == 200
    assert 'datetime="9999-12-31T23:59:00+00:00"' in response.content.decode()


def test_the_exam_list_api_gives_a_closing_time_in_9999_in_utc(client):
    person = candidate(time_zone=EAST)
    assignment(candidate=person, closes_at=LAST_MINUTE)
    client.force_login(person)

    response = client.get("/api/v1/assignments")

    assert response.status_code == 200
    assert response.json()[0]["closes_at"] == "9999-12-31T23:59:00Z"


@pytest.mark.parametrize(
    ("zone", "dates", "shown"),
    [
        (EAST, {"closes_at": LAST_MINUTE}, "9999-12-31T23:59:00+00:00"),
        (
            WEST,
            {"opens_at": FIRST_MINUTE, "closes_at": datetime(2030, 1, 1, tzinfo=UTC)},
            "0001-01-01T00:01:00+00:00",
        ),
    ],
)
def test_the_job_page_shows_dates_at_either_end_of_the_calendar(client, zone, dates, shown):
    guide = mentor(time_zone=zone)
    job = _job_with(assignment(**dates), guide)
    client.force_login(committee_member(time_zone=zone))

    response = client.get(reverse("variant-job", args=[job.pk]))

    assert response.status_code == 200
    assert f'datetime="{shown}"' in response.content.decode()


def _certificate(expires_at: datetime) -> Certificate:
    level = CertificationLevel.objects.create(name="Judge L1", game="riftbound")
    return Certificate.objects.create(
        candidate=candidate(first_name="Ana", last_name="Lima"),
        level=level,
        issued_at=datetime(2026, 1, 1, tzinfo=UTC),
        expires_at=expires_at,
    )


def test_certificate_pages_show_an_expiry_in_9999_east_of_utc(client):
    held = _certificate(LAST_MINUTE)
    client.force_login(committee_member(time_zone=EAST))

    for url in (
        reverse("committee-certificates"),
        reverse("committee-certificate", args=[held.pk]),
        reverse("certificate-verify", args=[held.code]),
        reverse("certificate-pdf", args=[held.code]),
    ):
        assert client.get(url).status_code == 200, url


def test_the_assignment_form_refuses_a_closing_time_no_zone_can_show(client):
    guide = mentor(time_zone=EAST)
    person = candidate()
    group = cohort(mentor=guide, candidates=[person])
    client.force_login(guide)
    exam = BlueprintFactory(composition=[{"topic": None, "kind": "free_form", "count": 1}])
    opens = timezone.localtime(timezone.now(), timezone.get_fixed_timezone(14 * 60))

    response = client.post(
        reverse("assign"),
        {
            "blueprint": str(exam.pk),
            "cohort": str(group.pk),
            "opens_at": opens.strftime("%Y-%m-%dT%H:%M"),
            "closes_at": "9999-12-31T23:59",
        },
    )

    assert response.status_code == 400
    assert "30 December 9999" in response.content.decode()
    assert not ExamAssignment.objects.exists()


def test_the_assignment_form_refuses_year_one_east_of_utc_without_a_500(client):
    guide = mentor(time_zone="Asia/Tokyo")
    client.force_login(guide)
    exam = BlueprintFactory(composition=[{"topic": None, "kind": "free_form", "count": 1}])

    response = client.post(
        reverse("assign"),
        {
            "blueprint": str(exam.pk),
            "candidates": [str(candidate().pk)],
            "opens_at": "0001-01-01T00:00",
            "closes_at": "2030-01-01T00:00",
        },
    )

    assert response.status_code == 400
    assert "30 December 9999" in response.content.decode()
    assert not ExamAssignment.objects.exists()


def test_the_api_refuses_a_closing_time_no_zone_can_show(client):
    guide = mentor(time_zone=EAST)
    group = cohort(mentor=guide, candidates=[candidate()])
    client.force_login(guide)
    exam = BlueprintFactory(composition=[{"topic": None, "kind": "free_form", "count": 1}])

    response = client.post(
        "/api/v1/assignments",
        {
            "blueprint": exam.pk,
            "cohort": group.pk,
            "opens_at": timezone.now().isoformat(),
            "closes_at": "9999-12-31T23:59:00Z",
        },
        content_type="application/json",
    )

    assert response.status_code == 400
    assert "30 December 9999" in str(response.json()["closes_at"])
    assert not ExamAssignment.objects.exists()


def test_the_admin_refuses_an_assignment_or_certificate_date_no_zone_can_show():
    person = candidate()
    held = _certificate(datetime(2030, 1, 1, tzinfo=UTC))
    bad = ExamAssignment(
        blueprint=BlueprintFactory(), candidate=person, opens_at=timezone.now(),
        closes_at=LAST_MINUTE,
    )  # fmt: skip
    held.expires_at = LAST_MINUTE

    with pytest.raises(ValidationError) as refused:
        bad.full_clean()
    assert set(refused.value.message_dict) == {"closes_at"}
    with pytest.raises(ValidationError) as refused:
        held.full_clean()
    assert set(refused.value.message_dict) == {"expires_at"}


def test_a_level_valid_for_more_than_a_century_is_refused_and_an_old_one_is_clamped():
    level = CertificationLevel(name="Forever", game="riftbound", validity_days=3_000_000)
    with pytest.raises(ValidationError) as refused:
        level.full_clean()
    assert set(refused.value.message_dict) == {"validity_days"}

    level.save()  # a level stored before the limit existed: issuing still works
    exam = BlueprintFactory()
    LevelRequirement.objects.create(level=level, blueprint=exam, min_score=0.5)
    person = candidate()
    graded_attempt(person, exam, [1.0])

    issued = certification.certificate_issue(candidate=person, level=level, by=committee_member())

    assert issued.expires_at.year == 9999
    issued.full_clean()


def test_no_template_uses_djangos_date_filter_which_fails_on_far_dates():
    """Every template shows dates through ``when`` or ``local_date`` (``judgetrain.dates``)."""
    base = Path(settings.BASE_DIR)
    roots = [base / "quizzes" / "templates", base / "judgetrain" / "templates"]
    offenders = [
        str(path)
        for root in roots
        for path in root.rglob("*.html")
        if re.search(r"\|date\b", path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_every_date_a_person_reads_goes_through_when():
    """``local_date`` is for machine-read attributes (``'c'``); text goes through ``when``."""
    base = Path(settings.BASE_DIR)
    roots = [base / "quizzes" / "templates", base / "judgetrain" / "templates"]
    offenders = [
        str(path.relative_to(root))
        for root in roots
        for path in root.rglob("*.html")
        if re.search(r"\|local_date(?!:'c')", path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
