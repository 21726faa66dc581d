"""What each role's Home shows first: the work waiting, oldest or closest to its deadline first.

One bounded set of queries per section, whatever the number of exams, reviews, appeals,
reports or certificates: lists are cut at ``SHOWN`` rows and their totals counted in the same
database round trip's aggregate (tests/quizzes/views/test_home.py counts them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Count, Prefetch, QuerySet
from django.utils import timezone

from judgetrain.accounts.models import Cohort, User, sees_everyone
from judgetrain.accounts.roles import Role
from quizzes.bank.models.reports import QuestionReport
from quizzes.certification.models import Certificate
from quizzes.exams.models.exams import Attempt, ExamAssignment
from quizzes.practice.models import PracticeSession, TopicMastery
from quizzes.review.models.appeals import Appeal
from quizzes.review.selectors import review_queue
from quizzes.selectors import variant_jobs_visible_to

# Rows each list shows before "see all": a Home is a summary, the queues are one click away.
SHOWN = 5
# A certificate in force expiring within this many days awaits the committee's action
# (renewal, or a word to its holder).
EXPIRING_WITHIN_DAYS = 60


@dataclass
class OpenExam:
    assignment: ExamAssignment
    attempts_left: int
    in_progress: Attempt | None


@dataclass
class Section:
    """One role's part of the Home. ``waiting`` counts what asks for action now; sections
    with work waiting come first."""

    role: str
    waiting: int
    data: dict[str, Any] = field(default_factory=dict)


def _total(queryset: QuerySet[Any], shown: list[Any]) -> int:
    """How many rows ``queryset`` has: counted in the database only when ``shown`` (its
    first ``SHOWN`` rows) is full."""
    return queryset.count() if len(shown) >= SHOWN else len(shown)


def candidate_section(user: User, now: datetime) -> Section:
    """Open exams (closest deadline first) with attempts left and pass mark, topics due,
    a practice session to resume, certificates, mastery and recent attempts: six queries."""
    open_assignments = (
        ExamAssignment.objects.filter(
            candidate=user, opens_at__lte=now, closes_at__gt=now, cancelled_at__isnull=True
        )
        .select_related("blueprint")
        .prefetch_related(Prefetch("attempts", queryset=Attempt.objects.order_by("number")))
        .order_by("closes_at", "pk")
    )
    exams = []
    for assignment in open_assignments:
        attempts = list(assignment.attempts.all())
        in_progress = next((a for a in attempts if a.status == Attempt.Status.IN_PROGRESS), None)
        left = max(0, assignment.max_attempts - len(attempts))
        if left or in_progress is not None:
            exams.append(OpenExam(assignment, left, in_progress))
    masteries = list(
        TopicMastery.objects.filter(user=user).select_related("topic").order_by("topic__slug")
    )
    due = [m for m in masteries if m.due_at and m.due_at <= now]
    attempts = list(
        Attempt.objects.with_review_waiting()
        .filter(candidate=user)
        .select_related("assignment__blueprint")
        .order_by("-started_at")[:SHOWN]
    )
    session = (
        PracticeSession.objects.filter(user=user, finished_at__isnull=True)
        .order_by("-started_at")
        .first()
    )
    # Revoked ones too: the holder must learn it here, not from a third party.
    certificates = list(Certificate.objects.filter(candidate=user).select_related("level"))
    return Section(
        role=Role.CANDIDATE,
        waiting=len(exams),
        data={
            "exams": exams,
            "due": due,
            "session": session,
            "masteries": masteries,
            "attempts": attempts,
            "certificates": certificates,
        },
    )


def mentor_section(user: User) -> Section:
    """Exam gradings waiting for review (and how many practice ones) and appeals waiting,
    oldest first, exams whose variants could not be prepared, then the mentor's cohorts: five
    queries, seven when a list is full."""
    queue = review_queue(user=user)
    pending = queue.filter(item__isnull=False)
    reviews = list(pending[:SHOWN])
    reviews_waiting = _total(pending, reviews)
    # Said beside the exam gradings, so Home and the dashboard's total agree (UX walk 2 #11).
    practice_waiting = queue.filter(item__isnull=True).count()
    open_appeals = (
        Appeal.objects.visible_to(user)
        .filter(status=Appeal.Status.OPEN)
        .for_appeal_list()
        .order_by("created_at", "pk")
    )
    appeals_shown = list(open_appeals[:SHOWN])
    appeals_waiting = _total(open_appeals, appeals_shown)
    cohorts = list(
        Cohort.objects.filter(mentor=user).annotate(members=Count("candidates")).order_by("name")
    )
    # Exams whose variants could not be prepared while someone may still sit them (walk 5,
    # #16: a candidate was told to tell their mentor, and nothing showed it to the mentor).
    now = timezone.now()
    failed_jobs = list(
        variant_jobs_visible_to(user)
        .exclude(error="")
        .filter(
            pk__in=ExamAssignment.objects.filter(
                closes_at__gt=now, cancelled_at__isnull=True
            ).values("variant_job")
        )[:SHOWN]
    )
    return Section(
        role=Role.MENTOR,
        waiting=reviews_waiting + appeals_waiting + len(failed_jobs),
        data={
            "failed_jobs": failed_jobs,
            "reviews": reviews,
            "reviews_waiting": reviews_waiting,
            "practice_waiting": practice_waiting,
            "appeals": appeals_shown,
            "appeals_waiting": appeals_waiting,
            "cohorts": cohorts,
        },
    )


def committee_section(user: User, now: datetime) -> Section:
    """Appeals contested to the committee, open question reports (oldest first) and
    certificates in force expiring soon (soonest first): three queries, six when a list is
    full. Expiring certificates are listed but do not make the section urgent: they wait weeks."""
    contested = (
        Appeal.objects.visible_to(user)
        .filter(status=Appeal.Status.CONTESTED)
        .for_appeal_list()
        .order_by("contested_at", "pk")
    )
    open_reports = (
        QuestionReport.objects.visible_to(user)
        .filter(status=QuestionReport.Status.OPEN)
        .select_related("question")
        .order_by("created_at", "pk")
    )
    expiring = (
        Certificate.objects.filter(
            revoked_at__isnull=True,
            expires_at__gt=now,
            expires_at__lte=now + timedelta(days=EXPIRING_WITHIN_DAYS),
        )
        .select_related("candidate", "level")
        .order_by("expires_at", "pk")
    )
    shown: dict[str, list[Any]] = {
        "contested": list(contested[:SHOWN]),
        "reports": list(open_reports[:SHOWN]),
        "expiring": list(expiring[:SHOWN]),
    }
    counts = {
        "contested_waiting": _total(contested, shown["contested"]),
        "reports_waiting": _total(open_reports, shown["reports"]),
        "expiring_waiting": _total(expiring, shown["expiring"]),
    }
    return Section(
        role=Role.COMMITTEE,
        waiting=counts["contested_waiting"] + counts["reports_waiting"],
        data={
            **shown,
            "expiring_days": EXPIRING_WITHIN_DAYS,
            **counts,
        },
    )


def home_sections(user: User, roles: list[Role], now: datetime | None = None) -> list[Section]:
    """Each of the user's roles' sections (``roles``: ``user.roles``, read once by the
    caller), those with work waiting first; among equals, the committee's, then the mentor's,
    then the candidate's: the order in which one role's queue holds up other people. A
    mentor's section always comes before their own candidate section, which only a candidate
    has (mentors may practise, but a pure mentor's Home is their mentoring)."""
    now = now or timezone.now()
    sections = []
    if sees_everyone(user):
        sections.append(committee_section(user, now))
    if Role.MENTOR in roles:
        sections.append(mentor_section(user))
    if Role.CANDIDATE in roles and user.has_perm("accounts.practise"):
        sections.append(candidate_section(user, now))
    ordered = sorted(sections, key=lambda section: section.waiting == 0)
    roles_in_order = [section.role for section in ordered]
    if Role.MENTOR in roles_in_order and Role.CANDIDATE in roles_in_order:
        mine = ordered.pop(roles_in_order.index(Role.CANDIDATE))
        ordered.insert([section.role for section in ordered].index(Role.MENTOR) + 1, mine)
    return ordered
