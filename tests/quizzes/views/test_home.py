"""Each role's Home shows its next step first (issue 29, point 1 of the build: "A 'what's
next' Home per role"; findings "Home does not show assigned exams or their deadlines", "Their
Home is a candidate dashboard; reviews and appeals are one click further", "The committee
lands on empty pages; appeals contested to it are not on its overview")."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from judgetrain.accounts.roles import Role
from quizzes.bank.services import question_reports as reports
from quizzes.certification.models import Certificate
from quizzes.exams.models.exams import ExamAssignment, VariantJob
from quizzes.exams.services import exams, variants
from quizzes.practice.services import practice_answer_submit
from quizzes.review.services import appeals
from quizzes.selectors_home import SHOWN
from tests.factories import (
    BlueprintFactory,
    assignment,
    candidate,
    cohort,
    committee_member,
    mentor,
    question,
    user,
)
from tests.quizzes.certificates.seeding import issued
from tests.quizzes.mentor.conftest import HEDGED, RIGHT, graded_attempt

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def _home(client, who) -> str:
    client.force_login(who)
    return client.get(reverse("home")).content.decode()


def test_a_candidate_sees_open_exams_with_deadline_attempts_left_and_pass_mark(client):
    student = candidate()
    now = timezone.now()
    job = assignment(
        candidate=student,
        blueprint=BlueprintFactory(name="Level one", pass_score=0.75),
        max_attempts=2,
    )
    assignment(
        candidate=student,
        blueprint=BlueprintFactory(name="Not yet"),
        opens_at=now + timedelta(days=1),
        closes_at=now + timedelta(days=2),
    )

    html = _home(client, student)

    assert "Level one" in html
    assert "2 attempts left" in html
    assert "pass mark 75%" in html
    assert f'href="{reverse("exam-start", args=[job.pk])}"' in html
    assert "Not yet" not in html
    assert html.index("Your open exams") < html.index("Review") < html.index("Certifications")


def test_an_exam_with_no_attempt_left_is_no_longer_offered(client):
    student = candidate()
    job = assignment(candidate=student, blueprint=BlueprintFactory(name="Used up"))
    exams.attempt_submit(attempt=exams.attempt_start(assignment=job, language="en"), responses={})

    html = _home(client, student)

    assert f'href="{reverse("exam-start", args=[job.pk])}"' not in html
    assert "No exam is open to you now." in html


def test_a_mentor_sees_exam_gradings_and_appeals_waiting_before_their_cohorts(client):
    guide = mentor()
    student = candidate(first_name="Bia")
    cohort(name="Tuesday group", mentor=guide, candidates=[student])
    graded_attempt(student, [HEDGED])  # the grader is unsure: a review waits
    appealed = graded_attempt(student, [RIGHT])
    appeal = exams.appeal_create(item=appealed.items.get(position=1), comment="Look again.")

    html = _home(client, guide)

    assert "1 exam grading waiting for review" in html
    assert "1 appeal waiting" in html
    assert f'href="{reverse("mentor-appeal", args=[appeal.pk])}"' in html
    assert html.index("Waiting for you as a mentor") < html.index("Tuesday group")


def test_a_mentor_sees_an_exam_whose_variants_could_not_be_prepared(client):
    """Walk 5, #16: a candidate was told to tell their mentor, and nothing showed the
    mentor the failure; a failed job of an exam still open leads to its page (and retry)."""
    guide = mentor()
    student = candidate()
    cohort(mentor=guide, candidates=[student])
    now = timezone.now()
    failed, closed = (
        variants.assignment_create(
            blueprint=BlueprintFactory(),
            candidate=student,
            opens_at=now,
            closes_at=now + timedelta(days=1),
        )
        for _ in range(2)
    )
    ExamAssignment.objects.filter(pk=closed.pk).update(cancelled_at=now)
    VariantJob.objects.update(error="Slot 1 cannot be drawn.")

    html = _home(client, guide)

    assert "Exams that could not be prepared" in html
    assert f'href="{reverse("variant-job", args=[failed.variant_job_id])}"' in html
    assert f'href="{reverse("variant-job", args=[closed.variant_job_id])}"' not in html


def test_a_mentors_home_counts_the_practice_gradings_the_dashboard_counts_too(client):
    guide = mentor()
    student = candidate()
    cohort(mentor=guide, candidates=[student])
    graded_attempt(student, [HEDGED])
    practice_answer_submit(user=student, question=question(), response=HEDGED, lang="en")

    html = _home(client, guide)

    assert "1 exam grading waiting for review" in html
    assert f'href="{reverse("mentor-reviews")}?source=practice">and 1 practice grading</a>' in html


def test_a_pure_mentors_home_is_their_mentoring_not_a_candidate_dashboard(client):
    guide = mentor()
    cohort(name="Tuesday group", mentor=guide, candidates=[candidate()])

    html = _home(client, guide)

    assert "Tuesday group" in html
    for candidate_part in ("Your open exams", "Your mastery", "My appeals and reports"):
        assert candidate_part not in html, candidate_part


def test_a_mentor_who_is_also_a_candidate_sees_the_mentoring_first(client):
    both = user(Role.CANDIDATE, Role.MENTOR)
    cohort(name="Tuesday group", mentor=both, candidates=[candidate()])
    assignment(candidate=both, blueprint=BlueprintFactory(name="Level one"))  # work waiting

    html = _home(client, both)

    assert html.index("Waiting for you as a mentor") < html.index("Your open exams")


def test_nothing_waiting_is_said_without_a_link_and_in_the_portuguese_plural(client):
    guide = mentor(preferred_language="pt-br")
    cohort(mentor=guide, candidates=[candidate()])

    html = _home(client, guide)

    assert "<h3>0 correções de prova aguardando revisão</h3>" in html
    assert "<h3>0 recursos aguardando</h3>" in html
    assert f'href="{reverse("mentor-reviews")}"' not in html.split("<main")[1]


def test_the_committee_sees_contested_appeals_open_reports_and_expiring_certificates(client):
    guide = mentor()
    student = candidate()
    cohort(mentor=guide, candidates=[student])
    attempt = graded_attempt(student, [RIGHT])
    appeal = exams.appeal_create(item=attempt.items.get(position=1), comment="Look again.")
    appeals.appeal_decide(appeal=appeal, by=guide, uphold=False, reason="Right as is.")
    appeals.appeal_contest(appeal=appeal, comment="The policy says otherwise.")
    reports.question_report_create(
        question=question(), reporter=candidate(), problem="wrong", comment="Bad key."
    )
    expiring = issued()
    Certificate.objects.filter(pk=expiring.pk).update(
        expires_at=timezone.now() + timedelta(days=10)
    )

    html = _home(client, committee_member())

    assert "1 appeal contested to the committee" in html
    assert f'href="{reverse("mentor-appeal", args=[appeal.pk])}"' in html
    assert "1 open question report" in html
    assert "1 certificate expiring soon" in html
    assert f'href="{reverse("committee-certificate", args=[expiring.pk])}"' in html
    assert f'href="{reverse("committee-items")}"' in html


def test_a_section_with_nothing_waiting_comes_after_one_with_work(client):
    both = user(Role.CANDIDATE, Role.COMMITTEE, is_staff=True)
    assignment(candidate=both, blueprint=BlueprintFactory(name="Level one"))

    html = _home(client, both)

    assert html.index("Your open exams") < html.index("Waiting for the committee")


def test_the_home_is_translated(client):
    student = candidate(preferred_language="pt-br")
    assignment(candidate=student, max_attempts=2)
    client.cookies["django_language"] = "pt-br"

    html = _home(client, student)

    assert "Suas provas abertas" in html
    assert "2 tentativas restantes" in html


def _queries_for(client, django_assert_max_num_queries, who, bound):
    client.force_login(who)
    with django_assert_max_num_queries(bound) as captured:
        client.get(reverse("home"))
    return len(captured)


def test_each_section_makes_the_same_queries_however_much_waits(
    client, django_assert_max_num_queries
):
    """A user with every role: the count with one of everything equals the count with many
    more than a list shows."""
    board = user(Role.CANDIDATE, Role.MENTOR, Role.COMMITTEE, is_staff=True)
    student = candidate()
    cohort(mentor=board, candidates=[student])

    def add_one_of_everything():
        graded_attempt(student, [HEDGED])
        attempt = graded_attempt(student, [RIGHT])
        exams.appeal_create(item=attempt.items.get(position=1), comment="Look again.")
        reports.question_report_create(
            question=question(), reporter=student, problem="wrong", comment="Bad key."
        )
        assignment(candidate=board)

    add_one_of_everything()
    few = _queries_for(client, django_assert_max_num_queries, board, 30)
    for _ in range(SHOWN + 1):
        add_one_of_everything()
    many = _queries_for(client, django_assert_max_num_queries, board, 30)

    # full lists add their count queries (three here: reviews, appeals, reports), no more
    assert many <= few + 3
    assert many <= 22


def test_a_topic_without_enough_answers_gives_its_count_once(client):
    """Walk 3, #20: "not enough answers yet (2 of 3) (2 answers)"."""
    from tests.factories import candidate
    from tests.quizzes.factories_practice import mastery

    person = candidate()
    few = mastery(person, "missed_trigger", level=1.0, due_in=None)
    few.answered = 2
    few.save(update_fields=["answered"])
    mastery(person, "rewind", level=0.8, due_in=None)  # 3 answers: enough
    client.force_login(person)

    html = client.get(reverse("home")).content.decode()

    assert "not enough answers yet (2 of 3)" in html
    assert "(2 answers)" not in html
    assert "(3 answers)" in html


def test_a_revoked_renewal_says_on_home_that_only_the_renewal_was_revoked(client):
    """Walk 7, #12: Home listed "REVOKED" first and read as the certification revoked."""
    from quizzes.certification.services import certification

    certificate = issued()
    renewed, _created = certification.certificate_renew(
        certificate=certificate, by=committee_member()
    )
    certification.certificate_revoke(certificate=renewed, reason="No.", by=committee_member())

    html = _home(client, certificate.candidate)
    listed = client.get(reverse("my-certificates")).content.decode()

    said = f"certificate ID {certificate.pk}, the one it renewed, stands on its own dates"
    assert f"only this renewal was revoked; {said}" in html
    assert f"Only this renewal was revoked; {said}" in listed


def test_a_mastery_card_names_its_next_review_date_on_a_phone(client):
    """Walk 7, #13: the phone's card ended with a bare date, its heading hidden."""
    who = candidate()
    practice_answer_submit(user=who, question=question(), response=RIGHT, lang="en")

    html = _home(client, who)

    assert '<td data-label="Next review">' in html
