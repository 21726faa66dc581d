"""Each scoped model's ``visible_to(user)``, the one rule of who may read which rows: read as
the candidate the rows are about, as a mentor of another cohort, as the candidate's own mentor
and as a committee member. Data from ``tests.factories`` and the mentor conftest."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.utils import timezone

from judgetrain.accounts.models import Cohort, User
from quizzes.bank.models.reports import QuestionReport
from quizzes.certification.models import Certificate, CertificationLevel
from quizzes.exams.models.exams import Attempt, ExamAssignment, VariantJob
from quizzes.review.models.appeals import Appeal
from quizzes.review.models.review import QuestionCorrection, Review
from tests.factories import cohort, committee_member, mentor, question
from tests.quizzes.mentor.conftest import HEDGED, graded_attempt, mentored_candidate

pytestmark = pytest.mark.django_db


@dataclass
class World:
    candidate: User
    own_mentor: User
    other_mentor: User
    committee: User
    cohort: Cohort
    other_cohort: Cohort
    attempt: Attempt
    review: Review
    appeal: Appeal
    certificate: Certificate
    report: QuestionReport
    job: VariantJob
    correction: QuestionCorrection


@pytest.fixture
def world() -> World:
    who, mine = mentored_candidate()
    other = cohort(mentor=mentor())
    committee = committee_member()
    attempt = graded_attempt(who, [HEDGED])
    item = attempt.items.get()
    level = CertificationLevel.objects.create(name="Level 1", game="riftbound")
    now = timezone.now()
    asked = question()
    return World(
        candidate=who,
        own_mentor=mine.mentor,
        other_mentor=other.mentor,
        committee=committee,
        cohort=mine,
        other_cohort=other,
        attempt=attempt,
        review=Review.objects.get(item=item),
        appeal=Appeal.objects.create(item=item, comment="My answer was right."),
        certificate=Certificate.objects.create(
            candidate=who, level=level, issued_by=committee, expires_at=now + timedelta(days=9)
        ),
        report=QuestionReport.objects.create(
            question=asked, reporter=who, problem="wrong", comment="The key is wrong."
        ),
        job=VariantJob.objects.create(
            blueprint=attempt.assignment.blueprint, created_by=committee, wanted=1
        ),
        correction=QuestionCorrection.objects.create(
            question=asked, action="withdraw", decided_by=committee, reason="Wrong key."
        ),
    )


def readers(world: World) -> dict[str, User]:
    return {
        "candidate": world.candidate,
        "other mentor": world.other_mentor,
        "own mentor": world.own_mentor,
        "committee": world.committee,
    }


def seen(world: World, rows: object) -> dict[str, bool]:
    """Per reader, whether ``visible_to`` of ``rows``' model gives the row."""
    model = type(rows)
    return {
        name: model.objects.visible_to(reader).filter(pk=rows.pk).exists()  # type: ignore[attr-defined]
        for name, reader in readers(world).items()
    }


def test_a_review_is_seen_by_the_candidates_mentor_and_the_committee(world):
    assert seen(world, world.review) == {
        "candidate": False,
        "other mentor": False,
        "own mentor": True,
        "committee": True,
    }


def test_an_appeal_is_seen_by_the_candidates_mentor_and_the_committee(world):
    assert seen(world, world.appeal) == {
        "candidate": False,
        "other mentor": False,
        "own mentor": True,
        "committee": True,
    }
    assert list(Appeal.objects.of_candidate(world.candidate)) == [world.appeal]


def test_an_attempt_is_seen_by_its_candidate_their_mentor_and_the_committee(world):
    assert seen(world, world.attempt) == {
        "candidate": True,
        "other mentor": False,
        "own mentor": True,
        "committee": True,
    }


def test_an_assignment_is_seen_by_its_candidate_their_mentor_and_the_committee(world):
    assignment: ExamAssignment = world.attempt.assignment
    assert seen(world, assignment) == {
        "candidate": True,
        "other mentor": False,
        "own mentor": True,
        "committee": True,
    }


def test_a_cohort_is_seen_by_its_mentor_and_the_committee(world):
    assert seen(world, world.cohort) == {
        "candidate": False,
        "other mentor": False,
        "own mentor": True,
        "committee": True,
    }
    assert set(Cohort.objects.visible_to(world.committee)) == {world.cohort, world.other_cohort}


def test_a_certificate_is_seen_by_its_holder_and_the_committee(world):
    assert seen(world, world.certificate) == {
        "candidate": True,
        "other mentor": False,
        "own mentor": False,
        "committee": True,
    }


def test_a_problem_report_is_read_in_the_committees_queue_and_by_its_reporter(world):
    assert seen(world, world.report) == {
        "candidate": False,
        "other mentor": False,
        "own mentor": False,
        "committee": True,
    }
    assert list(QuestionReport.objects.filed_by(world.candidate)) == [world.report]


def test_a_variant_job_is_seen_by_mentors_of_a_candidate_it_assigns_and_the_committee(world):
    world.attempt.assignment.variant_job = world.job
    world.attempt.assignment.save(update_fields=["variant_job"])

    assert seen(world, world.job) == {
        "candidate": False,
        "other mentor": False,
        "own mentor": True,
        "committee": True,
    }


def test_rows_on_a_question_sealed_for_the_reader_are_never_visible(world):
    """The committee member sits an exam holding the reviewed question: the review, the appeal
    and the correction of it leave their sight, whatever their role."""
    sealed = world.review.item.question
    graded_attempt(world.committee, ["anything"], question=sealed)
    world.committee.attempts.update(status=Attempt.Status.IN_PROGRESS)
    QuestionCorrection.objects.filter(pk=world.correction.pk).update(question=sealed)
    QuestionReport.objects.filter(pk=world.report.pk).update(question=sealed)

    for rows in (world.review, world.appeal, world.correction, world.report):
        assert not type(rows).objects.visible_to(world.committee).filter(pk=rows.pk).exists()
    assert Review.objects.visible_to(world.own_mentor).filter(pk=world.review.pk).exists()
