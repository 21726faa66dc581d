"""Assigning exams and pre-generating their variants, so that starting an exam is one UPDATE.

``assignments_create`` assigns one blueprint to a list of candidates and records a
``VariantJob``; after commit it queues ``quizzes.variant_job_run``, which queues one
``quizzes.assignments_variants_build`` per batch of assignments (so every worker takes a share).
Each build makes the variants its assignments still lack (one per allowed attempt) through the
same ``exams._variants_question_ids`` a start on the spot uses: a variant never reuses a question
served in practice, and its questions are flagged ``for_exams`` at once, so practice never serves
them. With each variant it prepares the attempt that will be sat with it (status ``ready``, its
items unanswered) and renders the questions as candidates are served them (``payload``).

``exam_assign`` is the mentors' and the committee's way in (the assignment page and
``POST /api/v1/assignments``): a cohort and/or candidates, times not in the past, and nobody given
the exam twice, checked in the transaction that writes.
"""

from __future__ import annotations

import logging
import secrets
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from judgetrain.accounts.models import Cohort, User
from judgetrain.queueing import enqueue_on_commit
from quizzes.exams.models.exams import (
    Attempt,
    ExamAssignment,
    ExamBlueprint,
    ExamVariant,
    VariantJob,
)
from quizzes.exams.services import exams
from quizzes.exams.services.blueprints import undrawable_reason
from quizzes.languages import content_language
from rulings.models import Language

logger = logging.getLogger(__name__)

# As many as a blueprint may allow: each attempt is a variant built ahead of time.
MAX_ATTEMPTS = 20
# An opening time a few minutes back is "now": a form's clock shows whole minutes.
OPENING_GRACE = timedelta(minutes=5)


class AssignmentError(exams.ExamError):
    """An assignment the rules refuse. ``field`` names the input at fault (None: the request as
    a whole) and ``code`` the rule; the message is for the mentor. ``problems`` lists every
    rule the same input breaks, found by the same checks, so that a page or the API can name
    them all at once."""

    def __init__(self, message: str, *, code: str, field: str | None = None) -> None:
        super().__init__(message, code=code, field=field)


def _refuse(problems: list[AssignmentError]) -> None:
    """Raise the first problem, the rest as its ``also``; nothing when there are none."""
    first = AssignmentError.first_of(problems)
    if first is not None:
        raise first


def _variant_language(assignment: ExamAssignment) -> str:
    """Variants are drawn in the blueprint's language if it fixes one, else in the job's
    language if it names one, else in the candidate's
    preferred language (the site's default if none); a start in another language generates its
    variant on the spot."""
    if assignment.blueprint.language:
        return assignment.blueprint.language  # every attempt is sat in it
    job = assignment.variant_job
    if job is not None and job.language:
        return job.language
    return content_language(assignment.candidate.preferred_language or settings.LANGUAGE_CODE)


@transaction.atomic
def variant_job_retry(*, job: VariantJob) -> VariantJob:
    """Run a failed job again once its blueprint can be drawn (AssignmentError, with why, while
    it cannot); the builds skip the variants that exist."""
    reason = undrawable_reason(job.blueprint)
    if reason:
        raise AssignmentError(reason, code="undrawable", field="blueprint")
    VariantJob.objects.filter(pk=job.pk).update(error="", progressed_at=timezone.now())
    job.error = ""
    _queue_job(job.pk)
    return job


def _queue_job(job_id: int) -> None:
    enqueue_on_commit("quizzes.variant_job_run", job_id=job_id)


def assignments_create(
    *,
    blueprint: ExamBlueprint,
    candidates: Sequence[User],
    opens_at: datetime,
    closes_at: datetime,
    max_attempts: int | None = None,
    cooldown_minutes: int | None = None,
    assigned_by: User | None = None,
    language: str = "",
) -> VariantJob:
    """Assign ``blueprint`` to every candidate and queue the pre-generation of their variants
    (in ``language``, or each candidate's preferred language when it is empty).

    Each assignment keeps its own copy of the attempts allowed and the cooldown (the
    blueprint's unless given), so a later edit of the blueprint leaves it as it was made.
    Returns the job whose ``built``/``wanted`` count shows the progress."""
    max_attempts, cooldown_minutes = assignment_terms(
        blueprint=blueprint, max_attempts=max_attempts, cooldown_minutes=cooldown_minutes
    )
    _order_check(opens_at=opens_at, closes_at=closes_at)
    if language and language not in Language.values:
        raise AssignmentError(_("Unknown language."), code="unknown_language", field="language")
    unique = list({candidate.pk: candidate for candidate in candidates}.values())
    with transaction.atomic():
        job = VariantJob.objects.create(
            blueprint=blueprint,
            created_by=assigned_by,
            language=language,
            wanted=len(unique) * max_attempts,
        )
        ExamAssignment.objects.bulk_create(
            ExamAssignment(
                blueprint=blueprint,
                candidate=candidate,
                assigned_by=assigned_by,
                opens_at=opens_at,
                closes_at=closes_at,
                max_attempts=max_attempts,
                cooldown_minutes=cooldown_minutes,
                variant_job=job,
            )
            for candidate in unique
        )
        _queue_job(job.pk)
    return job


def assignment_terms(
    *, blueprint: ExamBlueprint, max_attempts: int | None, cooldown_minutes: int | None
) -> tuple[int, int]:
    """The attempts allowed and the cooldown an assignment gets: those given, else the
    blueprint's as they are now. Shared by every way of assigning (page, API, admin)."""
    if max_attempts is None:
        max_attempts = blueprint.attempts_allowed
    if cooldown_minutes is None:
        cooldown_minutes = blueprint.cooldown_minutes
    if cooldown_minutes < 0:
        raise AssignmentError(
            _("The cooldown cannot be negative."),
            code="negative_cooldown",
            field="cooldown_minutes",
        )
    if max_attempts < 1:
        raise AssignmentError(
            _("An exam allows at least one attempt."), code="too_few_attempts", field="max_attempts"
        )
    if max_attempts > MAX_ATTEMPTS:
        raise AssignmentError(
            _("An exam allows at most %(count)d attempts.") % {"count": MAX_ATTEMPTS},
            code="too_many_attempts",
            field="max_attempts",
        )
    return max_attempts, cooldown_minutes


@dataclass(frozen=True)
class Assigned:
    """What ``exam_assign`` did: the job preparing the variants, the new assignments' ids, and
    those left as they were because they already have this exam open or upcoming."""

    job: VariantJob
    assignment_ids: list[int]
    skipped: list[User]
    max_attempts: int
    cooldown_minutes: int


def exam_assign(
    *,
    by: User,
    blueprint: ExamBlueprint,
    cohort: Cohort | None,
    candidates: Sequence[User],
    opens_at: datetime,
    closes_at: datetime,
    max_attempts: int | None = None,
    cooldown_minutes: int | None = None,
    now: datetime | None = None,
) -> Assigned:
    """Assign ``blueprint`` to the cohort's members and the ``candidates`` (each once), as a
    mentor or the committee does it: the times may not be past, and whoever already has this
    exam open or upcoming (a cancelled one is neither) is skipped (a double submit or a cohort
    assigned twice would give them the exam twice), unless that leaves nobody, which is refused.

    Who may assign to whom is the caller's check (the page's and the API's choices come from
    ``Cohort.objects.visible_to`` and ``quizzes.cohorts.selectors.candidates_visible_to``)."""
    now = now or timezone.now()
    max_attempts, cooldown_minutes = assignment_terms(
        blueprint=blueprint, max_attempts=max_attempts, cooldown_minutes=cooldown_minutes
    )
    problems = _window_problems(opens_at=opens_at, closes_at=closes_at, now=now)
    if cohort is None and not candidates:
        problems.append(
            AssignmentError(_("Choose a cohort or at least one candidate."), code="no_candidates")
        )
    undrawable = undrawable_reason(blueprint)
    if undrawable:  # walk 4, #11: refused up front, with why, not a failed job later
        problems.append(AssignmentError(undrawable, code="undrawable", field="blueprint"))
    _refuse(problems)
    with transaction.atomic():
        # One assigner at a time per blueprint: two at once could both find nobody assigned.
        # (FOR NO KEY UPDATE: rows referring to the blueprint are not held up.)
        rows = ExamBlueprint.objects.select_for_update(no_key=True).filter(pk=blueprint.pk)
        list(rows.values("pk"))
        picked = _picked(cohort, candidates)
        busy = set(
            ExamAssignment.objects.filter(
                blueprint=blueprint, candidate__in=[person.pk for person in picked],
                closes_at__gt=now, cancelled_at__isnull=True,  # cancelled: not open (walk 5, #7)
            ).values_list("candidate_id", flat=True)
        )  # fmt: skip
        chosen = [person for person in picked if person.pk not in busy]
        if not chosen:
            raise AssignmentError(
                _("Every candidate chosen already has this exam open or upcoming."),
                code="already_assigned",
            )
        job = assignments_create(
            blueprint=blueprint,
            candidates=chosen,
            opens_at=opens_at,
            closes_at=closes_at,
            max_attempts=max_attempts,
            cooldown_minutes=cooldown_minutes,
            assigned_by=by,
        )
        ids = list(job.assignments.order_by("pk").values_list("pk", flat=True))
    skipped = [person for person in picked if person.pk in busy]
    return Assigned(job, ids, skipped, max_attempts, cooldown_minutes)


def _window_problems(
    *, opens_at: datetime, closes_at: datetime, now: datetime
) -> list[AssignmentError]:
    """What is wrong with the times: the opening, then the closing (past, and before the
    opening: both said at once, so fixing one does not reveal the other)."""
    problems = []
    if opens_at < now - OPENING_GRACE:
        problems.append(
            AssignmentError(
                _("The opening time is in the past."), code="opens_in_past", field="opens_at"
            )
        )
    if closes_at <= now:
        problems.append(
            AssignmentError(
                _("The closing time is in the past."), code="closes_in_past", field="closes_at"
            )
        )
    if closes_at <= opens_at:
        problems.append(_closes_before_opens())
    return problems


def _closes_before_opens() -> AssignmentError:
    return AssignmentError(
        _("The exam must close after it opens."), code="closes_before_opens", field="closes_at"
    )


def _order_check(*, opens_at: datetime, closes_at: datetime) -> None:
    if closes_at <= opens_at:
        raise _closes_before_opens()


def _picked(cohort: Cohort | None, candidates: Sequence[User]) -> list[User]:
    """The cohort's members and the candidates, each once (at least one of the two given)."""
    picked = list(candidates)
    if cohort is not None:
        members = list(cohort.candidates.all())
        if not members:
            raise AssignmentError(
                _("This cohort has no candidates yet."), code="empty_cohort", field="cohort"
            )
        picked.extend(members)
    return list({person.pk: person for person in picked}.values())


def assignment_create(
    *,
    blueprint: ExamBlueprint,
    candidate: User,
    opens_at: datetime,
    closes_at: datetime,
    max_attempts: int | None = None,
    cooldown_minutes: int | None = None,
    assigned_by: User | None = None,
    language: str = "",
) -> ExamAssignment:
    """Assign an exam to one candidate (a job of one)."""
    job = assignments_create(
        blueprint=blueprint,
        candidates=[candidate],
        opens_at=opens_at,
        closes_at=closes_at,
        max_attempts=max_attempts,
        cooldown_minutes=cooldown_minutes,
        assigned_by=assigned_by,
        language=language,
    )
    return job.assignments.select_related("blueprint", "candidate").get()


@transaction.atomic
def assignment_variants_refresh(*, assignment: ExamAssignment, created_by: User | None) -> None:
    """After an edit (more attempts allowed): build the variants the assignment now lacks."""
    wanted = assignment.max_attempts
    have = assignment.variants.count()
    if have >= wanted:
        return
    previous = assignment.variant_job
    job = VariantJob.objects.create(
        blueprint=assignment.blueprint,
        created_by=created_by,
        language=previous.language if previous is not None else "",
        wanted=wanted - have,
    )
    ExamAssignment.objects.filter(pk=assignment.pk).update(variant_job=job)
    assignment.variant_job = job
    _queue_job(job.pk)


def variant_job_assignments(*, job_id: int) -> list[int]:
    """The job's assignments that can still be started (each build skips what exists)."""
    return list(
        ExamAssignment.objects.filter(
            variant_job=job_id, closes_at__gt=timezone.now(), cancelled_at__isnull=True
        )
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def assignment_variants_build(*, assignment_id: int) -> int:
    """Build the variants this assignment still lacks (idempotent); returns how many it built.

    Each variant is written in its own transaction with the job's count, so progress is exact
    and a run cut short keeps what it finished. Two runs at once cannot both build variant
    number n: the second one's insert waits on the first and then fails the unique constraint."""
    assignment = (
        ExamAssignment.objects.select_related(
            "blueprint__policy_version", "candidate", "variant_job"
        )
        .filter(pk=assignment_id)
        .first()
    )
    if assignment is None or assignment.status() == "closed":
        return 0
    language = _variant_language(assignment)
    existing = _numbers_taken([assignment])
    built = 0
    for number in range(1, assignment.max_attempts + 1):
        if (assignment.pk, number) in existing:
            continue
        variant = ExamVariant(
            assignment=assignment, number=number, language=language, seed=secrets.randbits(48)
        )
        try:
            with transaction.atomic():
                _build_variants([variant])
        except IntegrityError:
            continue  # another run built this one, or a start made it on the spot
        except exams.ExamError as error:
            logger.error("variants: assignment %s cannot be drawn: %s", assignment.pk, error)
            if assignment.variant_job_id:
                reason = undrawable_reason(assignment.blueprint) or _(
                    "The exam variants could not be drawn from the blueprint."
                )
                VariantJob.objects.filter(pk=assignment.variant_job_id).update(error=reason)
            return built
        built += 1
    return built


def _numbers_taken(assignments: Sequence[ExamAssignment]) -> set[tuple[int, int]]:
    """(assignment id, number) of every variant and attempt the assignments have: a number
    a start took on the spot is not built again."""
    attempts = Attempt.all_objects.filter(assignment__in=assignments).order_by()
    variants = ExamVariant.objects.filter(assignment__in=assignments).order_by()
    return set(attempts.values_list("assignment_id", "number").union(
        variants.values_list("assignment_id", "number")
    ))  # fmt: skip


# How many assignments one build task takes: their variants are drawn together, their
# questions stored with one INSERT and all of it committed once (bench/profile_exam.py).
BATCH_ASSIGNMENTS = 10


def variant_job_batches(*, job_id: int) -> list[list[int]]:
    """The job's assignments that can still be started, in batches of BATCH_ASSIGNMENTS."""
    ids = variant_job_assignments(job_id=job_id)
    return [
        ids[start : start + BATCH_ASSIGNMENTS] for start in range(0, len(ids), BATCH_ASSIGNMENTS)
    ]


def assignments_variants_build(*, assignment_ids: Sequence[int]) -> int:
    """Build the variants these assignments still lack (idempotent); returns how many.

    The lot is drawn together and written in one transaction with the jobs' counts: a run cut
    short keeps nothing of it, the next run builds all of it. When the lot cannot be built
    together (another run built one of its variants meanwhile, or an assignment cannot be
    drawn) each assignment is built on its own, as ``assignment_variants_build`` does, so each
    gets the outcome it would get alone."""
    assignments = [
        assignment
        for assignment in ExamAssignment.objects.select_related(
            "blueprint__policy_version", "candidate", "variant_job"
        )
        .filter(pk__in=list(assignment_ids))
        .order_by("pk")
        if assignment.status() != "closed"
    ]
    existing = _numbers_taken(assignments)
    wanted = [
        ExamVariant(
            assignment=assignment,
            number=number,
            language=_variant_language(assignment),
            seed=secrets.randbits(48),
        )
        for assignment in assignments
        for number in range(1, assignment.max_attempts + 1)
        if (assignment.pk, number) not in existing
    ]
    if not wanted:
        return 0
    try:
        with transaction.atomic():
            _build_variants(wanted)
    except (IntegrityError, exams.ExamError):
        return sum(assignment_variants_build(assignment_id=a.pk) for a in assignments)
    return len(wanted)


def _build_variants(wanted: list[ExamVariant]) -> None:
    """Draw and store the variants, each with the attempt prepared for it (status ready, its
    items unanswered) and its questions rendered as served: a fixed number of statements
    whatever their number."""
    question_ids = exams._variants_question_ids(wanted)
    now = timezone.now()
    attempts = Attempt.all_objects.bulk_create(
        Attempt(
            assignment=variant.assignment,
            candidate_id=variant.assignment.candidate_id,
            number=variant.number,
            language=variant.language,
            seed=variant.seed,
            status=Attempt.Status.READY,
            # Not started: both are set when it starts; until then, the exam's close.
            started_at=now,
            deadline=variant.assignment.closes_at,
        )
        for variant in wanted
    )
    exams.attempt_items_insert(
        rows=[(attempt.pk, ids) for attempt, ids in zip(attempts, question_ids, strict=True)]
    )
    for variant, attempt, payload in zip(
        wanted, attempts, exams.payloads_render(question_ids), strict=True
    ):
        variant.attempt, variant.payload = attempt, payload
    ExamVariant.objects.bulk_create(wanted)
    for job_id, count in Counter(v.assignment.variant_job_id for v in wanted).items():
        exams.variants_counted(job_id=job_id, count=count)


STALLED_AFTER = timedelta(minutes=10)


def variant_jobs_stalled(*, now: datetime | None = None) -> list[int]:
    """Jobs neither finished nor failed that made no progress for ten minutes while some of
    their assignments can still be started: their tasks were lost (Redis or a worker died).
    Re-running a job is harmless (builds skip what exists)."""
    now = now or timezone.now()
    return list(
        VariantJob.objects.filter(
            finished_at__isnull=True,
            error="",
            progressed_at__lte=now - STALLED_AFTER,
            assignments__closes_at__gt=now,
            assignments__cancelled_at__isnull=True,
        )
        .distinct()
        .order_by("pk")
        .values_list("pk", flat=True)
    )
