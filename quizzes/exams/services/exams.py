"""Exam attempts: start a per-candidate variant, autosave, submit, close at the deadline, grade.

The deadline lives on the server. Every write checks it under a row lock, so a response that
arrives after the deadline is refused and nothing saved before it is lost.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import logging
import secrets
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Case, F, Q, Value, When
from django.utils import timezone
from django.utils.translation import gettext as _

from judgetrain.accounts.models import User
from judgetrain.dates import format_moment
from judgetrain.errors import ApplicationError, Conflict, Forbidden
from judgetrain.queueing import enqueue, enqueue_on_commit
from quizzes.bank.models.pools import QuestionPool
from quizzes.bank.models.questions import Question
from quizzes.bank.pool_directory import PoolDirectoryError
from quizzes.bank.services.bank import bank_store_ids
from quizzes.bank.services.pools import pools_applied
from quizzes.bank.services.retirement import exam_excluded_template_ids
from quizzes.common.notifications import notifications_send_on_commit
from quizzes.exams.models.exams import (
    Attempt,
    AttemptItem,
    ExamAssignment,
    ExamBlueprint,
    ExamVariant,
    VariantJob,
)
from quizzes.exams.services.blueprints import undrawable_reason
from quizzes.exams.services.scoring import attempt_rescore
from quizzes.grading import grade_response
from quizzes.review.models.appeals import Appeal
from rulings import questions as generator
from rulings.grading import MAX_ANSWER_CHARS, GradingError

logger = logging.getLogger(__name__)

# What a variant is drawn for: an attempt started on the spot, or a variant generated ahead of
# time (quizzes.exams.services.variants). Both carry .assignment (its blueprint), .language
# and .seed.
VariantSource = Attempt | ExamVariant


class ExamError(ApplicationError):
    """A request the exam rules refuse; the message is for the candidate. An answer refused
    names the field ``answers``; an appeal refused, ``comment``."""


class CannotStart(ExamError, Forbidden):
    """The attempt cannot start now: the exam is cancelled, not open, every attempt used, a
    cooldown running (403 ``cannot_start``)."""

    code = "cannot_start"


class AttemptClosed(ExamError, Forbidden):
    """The attempt closed (submitted, or its time is over): its answers can no longer change."""

    code = "attempt_closed"


class AlreadySubmitted(ExamError, Conflict):
    """A final submit whose answers differ from the ones already submitted: never dropped
    silently, refused so the candidate knows they were not kept."""

    code = "already_submitted"


class AppealExists(ExamError, Conflict):
    code = "already_appealed"


class StaleRevision(ExamError, Conflict):
    """Another tab saved these answers since this one loaded them: nothing was saved. The API
    answers each one's current text and revision (``items``; with one answer, also its
    ``response`` and ``revision``)."""

    code = "stale_revision"

    def __init__(self, items: list[AttemptItem]) -> None:
        self.items = items
        self.item = items[0]
        super().__init__(_("This answer was changed in another tab or window; reload to see it."))

    def payload(self) -> dict[str, Any]:
        current = [
            {"position": item.position, "response": item.response, "revision": item.revision}
            for item in self.items
        ]
        if len(current) == 1:
            return {
                "response": self.item.response,
                "revision": self.item.revision,
                "items": current,
            }
        return {"items": current}


class StaleFlag(ExamError, Conflict):
    """Another tab or device changed this question's flag since this one loaded it: nothing
    was saved; ``item`` carries the flag as it is now (the API answers it)."""

    code = "stale_flag"

    def __init__(self, item: AttemptItem) -> None:
        self.item = item
        super().__init__(
            _(
                "This flag was changed in another tab or on another device; it now shows "
                "what is saved."
            )
        )

    def payload(self) -> dict[str, Any]:
        return {"flagged": self.item.flagged, "revision": self.item.flag_revision}


class ExamDrawError(CannotStart):
    """The exam's blueprint cannot be drawn now (a template it needs retired or withdrawn, the
    private pools missing): a variant cannot be made on the spot."""


class Answer(NamedTuple):
    """A response and the revision of the saved answer it was written over (as loaded)."""

    response: str
    revision: int


def _slot_seed(seed: int, index: int, round_: int) -> int:
    digest = hashlib.sha256(f"{seed}:{index}:{round_}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def _variant_question_ids(attempt: VariantSource) -> list[int]:
    return _variants_question_ids([attempt])[0]


def _variants_question_ids(sources: Sequence[VariantSource]) -> list[list[int]]:
    """The question ids of each variant, drawn together with the committee's private exam
    pools (so no public sample matches their stems): per round one query for the questions
    that cannot be used and at the end one store of the new ones, whatever the number of
    variants."""
    try:
        with pools_applied(use=QuestionPool.Use.EXAMS):
            slots = _draw_slots(sources)
            ids = bank_store_ids(
                questions=[question for slot in slots for question in slot], for_exams=True
            )
    except PoolDirectoryError as error:
        logger.error("exam variants cannot be drawn: %s", error)  # never with public pools
        raise ExamDrawError(
            _("This exam cannot be drawn from its blueprint; please tell your mentor.")
        ) from error
    except generator.QuestionError as error:
        raise ExamDrawError(
            _("This exam cannot be drawn from its blueprint; please tell your mentor.")
        ) from error
    # New ones were stored flagged; one banked by practice at the same moment is flagged now.
    Question.objects.filter(pk__in=ids, for_exams=False).update(for_exams=True)
    chosen: list[list[int]] = []
    taken = 0
    for source in sources:
        size = sum(slot["count"] for slot in source.assignment.blueprint.composition)
        chosen.append(ids[taken : taken + size])
        taken += size
    return chosen


def _draw_slots(sources: Sequence[VariantSource]) -> list[list[generator.Question]]:
    """The questions of every blueprint slot of every source, in order: never one already
    served in practice (its key may have been seen there), nor one the committee withdrew or
    corrected away, nor one of a template retired on its statistics; a slot short of
    questions draws again, up to five rounds."""
    slots = [
        (source, index, slot)
        for source in sources
        for index, slot in enumerate(source.assignment.blueprint.composition)
    ]
    chosen: list[list[generator.Question]] = [[] for _slot in slots]
    chosen_hashes: list[set[str]] = [set() for _slot in slots]
    withdrawn = exam_excluded_template_ids()
    unusable = (
        Q(for_exams=False) | Q(corrections__action="withdraw") | Q(withdrawn_at__isnull=False)
    )
    pending = list(range(len(slots)))
    for round_ in range(5):
        generated = {position: _generate_slot(*slots[position], round_) for position in pending}
        refused = _refused_hashes(generated, unusable)
        for position, batch in generated.items():
            taken = chosen_hashes[position] | refused
            wanted = slots[position][2]["count"] - len(chosen[position])
            fresh = _fresh(batch, taken, withdrawn)[:wanted]
            chosen[position].extend(fresh)
            chosen_hashes[position].update(question.content_hash for question in fresh)
        pending = [p for p in pending if len(chosen[p]) < slots[p][2]["count"]]
        if not pending:
            return chosen
    raise ExamDrawError(_("This exam cannot be drawn from its blueprint; please tell your mentor."))


def _refused_hashes(generated: dict[int, list[generator.Question]], unusable: Q) -> set[str]:
    """The content hashes of the questions just generated that the bank holds unusable for
    exams (one query for every slot of the round)."""
    hashes = {question.content_hash for batch in generated.values() for question in batch}
    return set(
        Question.objects.filter(unusable, content_hash__in=hashes).values_list(
            "content_hash", flat=True
        )
    )


def _fresh(
    batch: list[generator.Question], taken: set[str], withdrawn: set[str]
) -> list[generator.Question]:
    """The questions of a batch neither taken nor refused, nor of a template out of use."""
    return [
        question
        for question in batch
        if question.content_hash not in taken and question.template_id not in withdrawn
    ]


def _generate_slot(
    source: VariantSource, index: int, slot: dict[str, Any], round_: int
) -> list[generator.Question]:
    blueprint = source.assignment.blueprint
    return generator.generate_questions(
        game=blueprint.game,
        topics=[slot["topic"]] if slot.get("topic") else None,
        lang=source.language,
        kind=slot["kind"],
        count=slot["count"],
        seed=_slot_seed(source.seed, index, round_),
        policy_version=blueprint.policy_version.version_id if blueprint.policy_version else None,
    )


def _check_can_start(assignment: ExamAssignment, attempts: list[Attempt], now: datetime) -> None:
    """``attempts``: every attempt of the assignment (a handful at most), read once."""
    if assignment.cancelled_at is not None:
        raise CannotStart(_("This exam was cancelled by your mentor."))
    status = assignment.status(now)
    if status == "upcoming":
        raise CannotStart(_("This exam has not opened yet."))
    if status == "closed":
        raise CannotStart(_("This exam has closed."))
    if len(attempts) >= assignment.max_attempts:
        raise CannotStart(_("You have used every attempt allowed for this exam."))
    _check_cooldown(assignment, attempts, now)


def _check_cooldown(assignment: ExamAssignment, attempts: list[Attempt], now: datetime) -> None:
    """The assignment's cooldown (copied from its blueprint when assigned) runs from the
    closing of the previous attempt."""
    cooldown = timedelta(minutes=assignment.cooldown_minutes)
    if not cooldown:
        return
    closed = [attempt.closed_at for attempt in attempts if attempt.closed_at is not None]
    last = max(closed, default=None)
    if last is not None and now < last + cooldown:
        raise CannotStart(
            _("You can start another attempt after %(time)s.")
            % {"time": format_moment(last + cooldown)}
        )


def attempt_start(
    *, assignment: ExamAssignment, language: str, now: datetime | None = None
) -> Attempt:
    """Start an attempt, or return the one already in progress (a second tab, a double click).

    Pre-generation prepared one attempt per attempt allowed (status ``ready``, its answers
    empty, its variant's questions rendered): starting the next one is one conditional UPDATE
    (``attempt_start_prepared``), whatever the exam's length. Anything else (an attempt in
    progress or overdue, a cooldown, a closed exam, no prepared attempt) takes the locked
    path, a fixed handful of queries, which also generates a variant on the spot when none is
    ready.

    The exam's language is the one its variants were prepared in (the blueprint's, else the
    job's, else the candidate's when assigned): a prepared attempt is started as it is, in
    whatever language the candidate now reads the site (walk 5, #16: a start in another
    language drew the exam again, and failed once a template it needed was retired).
    ``language`` is only for a variant made on the spot with nothing prepared. When that
    cannot be drawn, the failure is recorded on the assignment's job, where the mentor sees it
    with a retry, and ExamDrawError says so to the candidate. The caller checked that
    ``assignment`` is the candidate's."""
    now = now or timezone.now()
    started = attempt_start_prepared(
        candidate_id=assignment.candidate_id, assignment_id=assignment.pk, now=now
    )
    if started is not None:
        started.attempt.assignment = assignment
        return started.attempt
    language = assignment.blueprint.language or language  # a blueprint may fix the language
    try:
        for _round in range(3):
            try:
                with transaction.atomic():
                    return _start_locked(assignment.pk, language, now)
            except IntegrityError:
                # A concurrent start or pre-generation took the same row or number meanwhile
                # (its insert or update came first): look again; the next round sees it.
                continue
    except ExamDrawError as error:
        _draw_failure_record(assignment)
        raise ExamDrawError(
            _(
                "This exam cannot be prepared for you now: a kind of question it needs was "
                "taken out of use. Your mentor sees this on their Home and can prepare it "
                "again; nothing was started and no attempt was used."
            )
        ) from error
    raise CannotStart(_("The exam could not be started; please try again."))


def _draw_failure_record(assignment: ExamAssignment) -> None:
    """A variant could not be made on the spot: the assignment's job fails with why, so the
    mentor's job page and Home show it with a retry."""
    if assignment.variant_job_id is None:
        return
    reason = undrawable_reason(assignment.blueprint) or _(
        "The exam variants could not be drawn from the blueprint."
    )
    VariantJob.objects.filter(pk=assignment.variant_job_id).update(error=reason)


@dataclass(frozen=True)
class Started:
    """An attempt just started by ``attempt_start_prepared``, and its exam's name."""

    attempt: Attempt
    exam_name: str


# The deadline a start sets (the time limit or the exam's close, whichever is first) and the
# earliest closing the cooldown allows, in each database's date arithmetic. SQLite keeps
# datetimes as text, added to by the function Django registers for the ORM's own arithmetic.
_START_SQL = {
    "postgresql": (
        "LEAST(%(now)s + b.time_limit_minutes * interval '1 minute', s.closes_at)",
        "%(now)s - s.cooldown_minutes * interval '1 minute'",
    ),
    "sqlite": (
        "MIN(django_format_dtdelta('+', %(now)s, b.time_limit_minutes * 60000000), s.closes_at)",
        "django_format_dtdelta('-', %(now)s, s.cooldown_minutes * 60000000)",
    ),
}


def attempt_start_prepared(
    *, candidate_id: int, assignment_id: int, now: datetime | None = None
) -> Started | None:
    """Start the candidate's next prepared attempt of the assignment with one statement, or
    None when there is none to start that way (not the candidate's, not open, nothing
    prepared, an attempt in progress or within the cooldown: the locked path of
    ``attempt_start`` then says why, or generates a variant).

    The statement takes the lowest-numbered prepared attempt (skipping one another start
    holds) and starts it only if the assignment is the candidate's and open, the attempt is
    within the attempts allowed and in the blueprint's language if it fixes one (in any
    language it was prepared in otherwise: the exam's, whatever the candidate now reads the
    site in), and nothing of the assignment is in progress or closed within the cooldown. Two
    starts racing each take a row; the unique index on attempts in progress refuses the
    second, which then finds the first on the locked path."""
    low, high = connection.ops.integer_field_range("BigAutoField")
    if not low <= assignment_id <= high:
        return None  # no such row: the locked path's access check answers for it
    now = now or timezone.now()
    deadline, cooldown_from = _START_SQL[connection.vendor]
    attempt, items = Attempt._meta.db_table, AttemptItem._meta.db_table
    assignments = ExamAssignment._meta.db_table
    exam = f"""
        {assignments} AS s JOIN {ExamBlueprint._meta.db_table} AS b ON b.id = s.blueprint_id
        WHERE s.id = {attempt}.assignment_id"""
    skip_locked = connection.features.has_select_for_update_skip_locked
    sql = f"""
        UPDATE {attempt}
           SET status = %(in_progress)s, started_at = %(now)s,
               deadline = (SELECT {deadline} FROM {exam})
         WHERE id = (SELECT r.id FROM {attempt} AS r
                      WHERE r.assignment_id = %(assignment)s AND r.status = %(ready)s
                      ORDER BY r.number LIMIT 1{" FOR UPDATE SKIP LOCKED" if skip_locked else ""})
           AND EXISTS (SELECT 1 FROM {exam}
                          AND s.candidate_id = %(candidate)s AND s.cancelled_at IS NULL
                          AND s.opens_at <= %(now)s AND %(now)s < s.closes_at
                          AND {attempt}.number <= s.max_attempts
                          AND (b.language = '' OR {attempt}.language = b.language)
                          AND NOT EXISTS (
                              SELECT 1 FROM {attempt} AS other WHERE other.assignment_id = s.id
                                 AND (other.status = %(in_progress)s
                                      OR other.closed_at > {cooldown_from})))
        RETURNING id, number, language, seed, deadline,
                  (SELECT count(*) FROM {items} WHERE attempt_id = {attempt}.id),
                  (SELECT b.name FROM {exam})
        """
    params: dict[str, Any] = {
        "in_progress": Attempt.Status.IN_PROGRESS,
        "ready": Attempt.Status.READY,
        "now": connection.ops.adapt_datetimefield_value(now),  # as the ORM writes it
        "assignment": assignment_id,
        "candidate": candidate_id,
    }
    try:
        # One statement: in autocommit it is its own transaction; inside another one it gets
        # a savepoint, so that a refusal by the unique index leaves that transaction usable.
        if connection.in_atomic_block:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(sql, params)
                row = cursor.fetchone()
        else:
            with connection.cursor() as cursor:
                cursor.execute(sql, params)
                row = cursor.fetchone()
    except IntegrityError:
        return None  # another tab started one a moment ago: the locked path finds it
    if row is None:
        return None
    attempt_id, number, started_language, seed, ends, count, name = row
    if isinstance(ends, str):  # SQLite: text or a naive datetime, in UTC
        ends = datetime.fromisoformat(ends)
    if timezone.is_naive(ends):
        ends = ends.replace(tzinfo=UTC)
    started = Attempt(
        id=attempt_id,
        assignment_id=assignment_id,
        candidate_id=candidate_id,
        number=number,
        language=started_language,
        seed=seed,
        started_at=now,
        deadline=ends,
        status=Attempt.Status.IN_PROGRESS,
    )
    started._state.adding = False
    started._state.db = connection.alias
    started.known_revisions = [(position, 0) for position in range(1, count + 1)]
    return Started(started, name)


def _start_locked(assignment_id: int, language: str, now: datetime) -> Attempt:
    """Start (or find) an attempt with the assignment's row and its attempts locked: what
    ``_start_prepared`` could not do. The caller holds the transaction."""
    assignment, rows = _locked_rows(assignment_id)
    attempts = [row for row in rows if row.status != Attempt.Status.READY]
    ongoing = next((a for a in attempts if a.status == Attempt.Status.IN_PROGRESS), None)
    if ongoing is not None and ongoing.is_open(now):
        return ongoing
    _check_can_start(assignment, attempts, now)
    if ongoing is not None:
        attempt_close(attempt=ongoing, now=now)
    limit = timedelta(minutes=assignment.blueprint.time_limit_minutes)
    deadline = min(now + limit, assignment.closes_at)
    prepared = _prepared_row(assignment, rows)
    fixed = assignment.blueprint.language
    if prepared is not None and (not fixed or prepared.language == fixed):
        # Ready all along: an overdue attempt had to be closed first, or a cooldown just ended
        # between the two statements. Started in the language it was prepared in.
        return _set_started(prepared, now, deadline)
    language = _spot_language(prepared, fixed, rows, language)
    logger.warning(
        "exam start: no pre-generated %s variant ready for assignment %s; generating it now",
        language,
        assignment.pk,
    )
    if prepared is None:
        prepared = _new_row(assignment, rows, language, now, deadline)
    else:
        # Prepared in another language than the blueprint now fixes: drawn again in it.
        prepared.language, prepared.seed = language, secrets.randbits(48)
        prepared.save(update_fields=["language", "seed"])
        AttemptItem.objects.filter(attempt=prepared).delete()
    _variant_make(assignment, prepared)
    return _set_started(prepared, now, deadline)


def _spot_language(prepared: Attempt | None, fixed: str, rows: list[Attempt], language: str) -> str:
    """The language of a variant made on the spot: with nothing prepared and no language fixed
    by the blueprint, the exam goes on in the language it was begun in; else ``language`` (the
    blueprint's when it fixes one)."""
    if prepared is None and not fixed and rows:
        return rows[-1].language
    return language


def _locked_rows(assignment_id: int) -> tuple[ExamAssignment, list[Attempt]]:
    """The assignment and all its attempts, in number order, their rows locked."""
    # Only the assignment's row: a bare FOR UPDATE would also lock the blueprint row it joins,
    # which every candidate of the exam shares, and queue every start behind the one before.
    assignment = (
        ExamAssignment.objects.select_for_update(of=("self",))
        .select_related("blueprint")
        .get(pk=assignment_id)
    )
    # Waits for a start of this assignment still in flight, then sees what it did.
    rows = list(
        Attempt.all_objects.select_for_update().filter(assignment=assignment).order_by("number")
    )
    for row in rows:
        row.assignment = assignment
    return assignment, rows


def _prepared_row(assignment: ExamAssignment, rows: list[Attempt]) -> Attempt | None:
    """The lowest-numbered prepared attempt within the attempts allowed, if any."""
    return next(
        (
            row
            for row in rows
            if row.status == Attempt.Status.READY and row.number <= assignment.max_attempts
        ),
        None,
    )


def _new_row(
    assignment: ExamAssignment,
    rows: list[Attempt],
    language: str,
    now: datetime,
    deadline: datetime,
) -> Attempt:
    """A new attempt row, with the first number free, for a variant made on the spot."""
    taken = {row.number for row in rows}
    number = next(n for n in itertools.count(1) if n not in taken)
    created = Attempt.all_objects.create(
        assignment=assignment,
        candidate_id=assignment.candidate_id,
        number=number,
        language=language,
        seed=secrets.randbits(48),
        status=Attempt.Status.READY,
        started_at=now,
        deadline=deadline,
    )
    _count_variant(assignment)
    return created


def _variant_make(assignment: ExamAssignment, prepared: Attempt) -> None:
    """Draw the attempt's variant on the spot, in its language and seed: its items, and the
    assignment's rendered variant of that number."""
    question_ids = _variant_question_ids(prepared)
    attempt_items_insert(rows=[(prepared.pk, question_ids)])
    ExamVariant.objects.update_or_create(
        assignment=assignment,
        number=prepared.number,
        defaults={
            "attempt": prepared,
            "language": prepared.language,
            "seed": prepared.seed,
            "payload": payloads_render([question_ids])[0],
        },
    )


def _set_started(attempt: Attempt, now: datetime, deadline: datetime) -> Attempt:
    attempt.status = Attempt.Status.IN_PROGRESS
    attempt.started_at, attempt.deadline = now, deadline
    attempt.save(update_fields=["status", "started_at", "deadline"])
    # Nothing is queued for the deadline: the beat sweep closes overdue attempts every
    # ATTEMPT_SWEEP_SECONDS (a task held until the deadline would outlive the broker's
    # visibility timeout and be delivered again and again), and every read or write of the
    # attempt closes it first when its deadline has passed.
    return attempt


def _count_variant(assignment: ExamAssignment) -> None:
    """A variant made on the spot takes a number pre-generation would have built: it counts
    in the assignment's job, which would otherwise never finish."""
    variants_counted(job_id=assignment.variant_job_id, count=1)


def variants_counted(*, job_id: int | None, count: int) -> None:
    """Count ``count`` more variants built for the job (and its finishing time when these
    were the last ones)."""
    if job_id is None:
        return
    now = timezone.now()
    # One statement: the count, and the finishing time when these were the last ones.
    VariantJob.objects.filter(pk=job_id).update(
        built=F("built") + count,
        progressed_at=now,
        finished_at=Case(
            When(finished_at__isnull=True, built__gte=F("wanted") - count, then=Value(now)),
            default=F("finished_at"),
        ),
    )


# What a candidate is shown of an exam question, in this order: the fields of
# quizzes.api.serializers.ExamQuestionSerializer (a test keeps the two the same). No key,
# nothing that names the generator's inputs.
SERVED_FIELDS = ("language", "kind", "stem", "options", "stated_ruling", "part_corrections")


def payloads_render(question_ids: Sequence[Sequence[int]]) -> list[str]:
    """Each variant's questions as candidates are served them, as JSON text (one entry per
    position): one query for all of them."""
    wanted = {pk for ids in question_ids for pk in ids}
    rows = Question.objects.filter(pk__in=wanted).values_list("pk", *SERVED_FIELDS)
    shown = {row[0]: dict(zip(SERVED_FIELDS, row[1:], strict=True)) for row in rows}
    return [
        json.dumps([shown[pk] for pk in ids], ensure_ascii=False, separators=(",", ":"))
        for ids in question_ids
    ]


def attempt_payload(attempt: Attempt) -> list[dict[str, Any]]:
    """The attempt's questions as served (index ``position - 1``), as stored with its variant;
    an attempt started before variants kept them (or without a variant) has them rendered
    now, from its items."""
    stored = (
        ExamVariant.objects.filter(attempt_id=attempt.pk).values_list("payload", flat=True).first()
    )
    if stored:
        served: list[dict[str, Any]] = json.loads(stored)
        return served
    ids = list(attempt.items.order_by("position").values_list("question_id", flat=True))
    rendered: list[dict[str, Any]] = json.loads(payloads_render([ids])[0])
    return rendered


def items_served(attempt: Attempt, items: Sequence[AttemptItem]) -> None:
    """Give each item its question as served (``item.served``) from the stored payload: no
    question row is read."""
    payload = attempt_payload(attempt)
    for item in items:
        item.served = payload[item.position - 1]


# An item's columns the exam page and API show; the question comes from the payload.
SERVED_ITEM_COLUMNS = ("attempt", "position", "response", "revision", "saved_at", "flagged",
                       "flag_revision")  # fmt: skip


def attempt_items_insert(*, rows: Sequence[tuple[int, Sequence[int]]]) -> None:
    """Insert the unanswered items of each (attempt id, question ids in position order): one
    statement for all of them, every other column at its model default."""
    values = [
        (attempt_id, position, question_id)
        for attempt_id, question_ids in rows
        for position, question_id in enumerate(question_ids, start=1)
    ]
    columns, defaults = _unanswered_item_defaults(connection.vendor)
    select = ", ".join("%s" for _default in defaults)
    with connection.cursor() as cursor:
        # In chunks: SQLite takes at most 32,766 parameters a statement.
        for start in range(0, len(values), ITEMS_A_STATEMENT):
            chunk = values[start : start + ITEMS_A_STATEMENT]
            cursor.execute(
                f"""
                INSERT INTO {AttemptItem._meta.db_table}
                       (attempt_id, position, question_id, {columns})
                SELECT v.column1, v.column2, v.column3, {select}
                  FROM (VALUES {", ".join("(%s, %s, %s)" for _row in chunk)}) AS v
                """,
                [*defaults, *(value for row in chunk for value in row)],
            )


ITEMS_A_STATEMENT = 5000


@functools.cache
def _unanswered_item_defaults(vendor: str) -> tuple[str, tuple[Any, ...]]:
    """The columns of an unanswered item other than the three an insert names, and their
    field defaults, read from the model (so a column added later is filled too) once per
    process and database vendor (``vendor`` is the cache key: a default's database form
    depends on it)."""
    named = {"attempt", "position", "question"}
    fields = [
        field
        for field in AttemptItem._meta.concrete_fields
        if not field.primary_key and field.name not in named
    ]
    columns = ", ".join(field.column for field in fields)
    return columns, tuple(
        field.get_db_prep_save(field.get_default(), connection) for field in fields
    )


def attempt_expire_if_due(*, attempt: Attempt, now: datetime | None = None) -> Attempt:
    """Close the attempt now if its deadline passed while nobody was writing to it."""
    now = now or timezone.now()
    if attempt.status != Attempt.Status.IN_PROGRESS or now < attempt.deadline:
        return attempt
    with transaction.atomic():
        return _lock_now(attempt, now)[0]


def _lock_now(attempt: Attempt, now: datetime | None) -> tuple[Attempt, datetime]:
    """Lock the attempt row, then read the clock: a write that waited for the lock while the
    deadline passed is judged at the time it got the lock, not the time it arrived."""
    locked = Attempt.objects.select_for_update().get(pk=attempt.pk)
    now = now or timezone.now()
    attempt_close(attempt=locked, now=now)
    return locked, now


def attempt_closed_error(attempt: Attempt) -> AttemptClosed:
    if attempt.closure == Attempt.Closure.SUBMITTED:
        return AttemptClosed(
            _("This exam was already submitted; its answers can no longer change.")
        )
    return AttemptClosed(_("The time for this exam is over; your saved answers were submitted."))


def _validate_response(response: str) -> str:
    if len(response) > MAX_ANSWER_CHARS:
        raise ExamError(
            _("An answer can be at most %(limit)d characters.") % {"limit": MAX_ANSWER_CHARS},
            field="answers",
        )
    if "\x00" in response:
        # PostgreSQL cannot store them
        raise ExamError(_("Null characters are not allowed."), field="answers")
    return response


def _validated(answers: Mapping[int, Answer]) -> dict[int, Answer]:
    for answer in answers.values():
        if not isinstance(answer, Answer):
            raise TypeError("an answer is Answer(response, revision): every write checks both")
        _validate_response(answer.response)
    return dict(answers)


def _write_answers(
    attempt: Attempt, answers: dict[int, Answer], now: datetime
) -> list[AttemptItem]:
    """All or nothing: every revision is checked before any answer is written."""
    items = list(
        AttemptItem.objects.select_for_update()
        .filter(attempt=attempt, position__in=list(answers))
        .order_by("position")
    )
    if len(items) != len(answers):
        missing = sorted(set(answers) - {item.position for item in items})
        raise ExamError(
            _("This attempt has no question %(position)d.") % {"position": missing[0]},
            field="answers",
        )
    stale = [
        item
        for item in items
        if item.response != answers[item.position].response
        and item.revision != answers[item.position].revision
    ]
    if stale:
        raise StaleRevision(stale)
    for item in items:
        if item.response == answers[item.position].response:
            continue  # nothing changed, or another tab saved the very same text
        item.response = answers[item.position].response
        item.revision += 1
        item.saved_at = now
        item.save(update_fields=["response", "revision", "saved_at"])
    return items


def attempt_answers_save(
    *, attempt: Attempt, answers: Mapping[int, Answer], now: datetime | None = None
) -> list[AttemptItem]:
    """Save several answers at once (the page's "Save answers"): all of them or none.

    Raises StaleRevision (listing every answer changed elsewhere), AttemptClosed, ExamError.
    """
    answers = _validated(answers)
    with transaction.atomic():
        locked, now = _lock_now(attempt, now)
        if locked.status == Attempt.Status.IN_PROGRESS:
            return _write_answers(locked, answers, now)
    raise attempt_closed_error(locked)  # raised after commit, so a closing at the deadline is kept


def attempt_item_save(
    *, item: AttemptItem, response: str, base_revision: int, now: datetime | None = None
) -> AttemptItem:
    """Autosave one answer. ``base_revision`` is the revision the client last saw."""
    answers = {item.position: Answer(response, base_revision)}
    return attempt_answers_save(attempt=item.attempt, answers=answers, now=now)[0]


def attempt_item_flag(
    *, item: AttemptItem, flagged: bool, base_revision: int, now: datetime | None = None
) -> AttemptItem:
    """Flag one question for review, or remove its flag, while the attempt is open.

    ``base_revision`` is the flag revision the client last saw, checked like an answer's: a
    flag already as asked is no change; one changed elsewhere since raises StaleFlag. The
    flag has its own revision, so flagging never makes a pending autosave stale. Raises
    AttemptClosed after the deadline or the submit."""
    with transaction.atomic():
        locked, now = _lock_now(item.attempt, now)
        if locked.status == Attempt.Status.IN_PROGRESS:
            row = AttemptItem.objects.select_for_update().get(pk=item.pk)
            if row.flagged == flagged:
                return row
            if row.flag_revision != base_revision:
                raise StaleFlag(row)
            row.flagged = flagged
            row.flag_revision += 1
            row.save(update_fields=["flagged", "flag_revision"])
            return row
    raise attempt_closed_error(locked)  # raised after commit, so a closing at the deadline is kept


def attempt_submit(
    *, attempt: Attempt, responses: Mapping[int, Answer] | None = None, now: datetime | None = None
) -> Attempt:
    """Submit: saves the final answers (revision-checked) if still in time, closes and grades.

    Repeating the same submit is harmless; a submit after the attempt closed at its deadline
    raises AttemptClosed, and a second submit with other answers raises AlreadySubmitted.
    """
    answers = _validated(responses or {})
    with transaction.atomic():
        locked, now = _lock_now(attempt, now)
        if locked.status == Attempt.Status.IN_PROGRESS:
            _write_answers(locked, answers, now)
            _close(locked, now, Attempt.Closure.SUBMITTED)
            return locked
        if locked.closure == Attempt.Closure.SUBMITTED:
            _check_same_answers(locked, answers)
            return locked
    raise attempt_closed_error(locked)


def _check_same_answers(attempt: Attempt, answers: dict[int, Answer]) -> None:
    saved = dict(
        attempt.items.filter(position__in=list(answers)).values_list("position", "response")
    )
    if any(saved.get(position) != answer.response for position, answer in answers.items()):
        raise AlreadySubmitted(
            _("This exam was already submitted; the answers in this request were not saved.")
        )


def attempt_close(*, attempt: Attempt, now: datetime | None = None) -> None:
    """Close an attempt whose deadline has passed (idempotent; caller holds the row lock)."""
    now = now or timezone.now()
    if attempt.status == Attempt.Status.IN_PROGRESS and now >= attempt.deadline:
        _close(attempt, attempt.deadline, Attempt.Closure.DEADLINE)


def _close(attempt: Attempt, at: datetime, closure: str) -> None:
    attempt.status = Attempt.Status.SUBMITTED
    attempt.closed_at = at
    attempt.closure = closure
    attempt.save(update_fields=["status", "closed_at", "closure"])
    # After commit, and never raising: a broker outage must not turn a saved submission
    # into an error; the beat sweep queues the grading again (attempts_regrade_stuck).
    enqueue_on_commit("quizzes.attempt_grade", attempt_id=attempt.pk)


def _grade_item(item: AttemptItem, language: str) -> None:
    if not item.response.strip():
        item.grade = {"score": 0.0, "needs_review": False, "parts": {}, "feedback": _("No answer.")}
    else:
        try:
            item.grade = grade_response(item.question, item.response, lang=language)
        except GradingError as error:
            item.grade = {"score": 0.0, "needs_review": True, "parts": {}, "feedback": str(error)}
    item.score = float(item.grade["score"])
    item.needs_review = bool(item.grade["needs_review"])


# Question columns grading never reads: not fetched (the situation is the largest).
UNGRADED_COLUMNS = ("situation", "explanation", "stem", "options", "stated_ruling")


@transaction.atomic
def attempt_grade(*, attempt_id: int, now: datetime | None = None, batch: int = 1) -> Attempt:
    """Grade every ungraded item and score the attempt (idempotent).

    With ``batch`` above 1 (a grading task when many attempts wait) it also grades up to
    ``batch - 1`` other submitted attempts no other worker holds, each in its own savepoint,
    and commits them all at once: their own tasks then find them graded. One that fails is
    rolled back alone and left to its own task (or the sweep); if this attempt fails,
    nothing is kept and the task is retried."""
    attempt = (
        Attempt.objects.select_for_update(of=("self",))
        .select_related("assignment__blueprint", "candidate")
        .get(pk=attempt_id)
    )
    if attempt.status != Attempt.Status.SUBMITTED:
        return attempt  # still open, or graded already (a redelivered or duplicate task)
    others = _attempts_waiting(exclude=attempt.pk, limit=batch - 1) if batch > 1 else []
    items = _items_to_grade([attempt, *others])
    emails = _grade_attempt(attempt, items.get(attempt.pk, []), now)
    for other in others:
        try:
            with transaction.atomic():
                email = _grade_attempt(other, items.get(other.pk, []), now)
        except Exception:  # any: the others must not lose their grades to this one
            logger.exception(
                "grading attempt %s along with %s failed; its own task grades it again",
                other.pk,
                attempt.pk,
            )
            continue
        emails.extend(email)  # only once its savepoint is kept
    # One task sends the lot's results e-mails (the sweep requeues any left unsent).
    notifications_send_on_commit(notification_ids=emails)
    return attempt


def _attempts_waiting(*, exclude: int, limit: int) -> list[Attempt]:
    """Submitted attempts waiting for grading, oldest first, locked; rows another worker
    holds are skipped, never waited for."""
    return list(
        Attempt.objects.select_for_update(of=("self",), skip_locked=True)
        .select_related("assignment__blueprint", "candidate")
        .filter(status=Attempt.Status.SUBMITTED)
        .exclude(pk=exclude)
        .order_by("closed_at", "pk")[:limit]
    )


def _items_to_grade(attempts: list[Attempt]) -> dict[int, list[AttemptItem]]:
    """Every item of the attempts with its question's keys, in one query."""
    by_attempt: dict[int, list[AttemptItem]] = {}
    rows = (
        AttemptItem.objects.filter(attempt__in=[attempt.pk for attempt in attempts])
        .select_related("question")
        .defer(*(f"question__{name}" for name in UNGRADED_COLUMNS))
    )
    for item in rows:
        by_attempt.setdefault(item.attempt_id, []).append(item)
    return by_attempt


def _grade_attempt(attempt: Attempt, items: list[AttemptItem], now: datetime | None) -> list[int]:
    """Grade and score the attempt; the id of the results e-mail it recorded, if any (its
    sending is for the caller to queue)."""
    from quizzes.review.services import review

    for item in items:
        item.attempt = attempt  # read by what follows, never fetched again
    ungraded = [item for item in items if item.grade is None]
    for item in ungraded:
        _grade_item(item, attempt.language)
    _save_grades(ungraded)
    attempt_rescore(attempt=attempt, items=items, now=now)
    review.reviews_queue_graded(attempt=attempt, items=ungraded)
    email = review.results_release_if_reviewed(attempt=attempt, send=False)
    return [email.pk] if email is not None else []


def _save_grades(items: list[AttemptItem]) -> None:
    """One statement sent once for the lot (``executemany``: pipelined on PostgreSQL), not 40
    round trips, and without the large CASE expression ``bulk_update`` builds in Python."""
    if not items:
        return
    grade = AttemptItem._meta.get_field("grade")
    rows = [
        (grade.get_db_prep_save(item.grade, connection), item.score, item.needs_review, item.pk)
        for item in items
    ]
    with connection.cursor() as cursor:
        cursor.executemany(
            f"UPDATE {AttemptItem._meta.db_table} "
            "SET grade = %s, score = %s, needs_review = %s WHERE id = %s",
            rows,
        )


def attempts_close_overdue(*, now: datetime | None = None) -> list[int]:
    """Close every attempt past its deadline (the beat sweep): the ids it closed.

    Each closing queues its grading after its own commit; a failed publish is only logged,
    and ``attempts_regrade_stuck`` finds the attempt again on a later sweep."""
    now = now or timezone.now()
    overdue = Attempt.objects.filter(status=Attempt.Status.IN_PROGRESS, deadline__lte=now)
    closed: list[int] = []
    for attempt_id in overdue.values_list("pk", flat=True):
        with transaction.atomic():
            attempt = Attempt.objects.select_for_update().get(pk=attempt_id)
            if attempt.status == Attempt.Status.IN_PROGRESS:
                attempt_close(attempt=attempt, now=now)
                closed.append(attempt_id)
    return closed


def grading_grace() -> timedelta:
    """How long after closing an ungraded attempt counts as stuck: longer than the broker
    takes to hand a dead worker's task to another one (its visibility timeout)."""
    return timedelta(seconds=settings.CELERY_BROKER_VISIBILITY_TIMEOUT + 30)


def attempts_regrade_stuck(
    *, now: datetime | None = None, exclude: Collection[int] = ()
) -> list[int]:
    """Queue grading again for attempts closed a while ago but still ungraded: their grading
    was never queued (the broker was down) or was lost with its worker. Grading is
    idempotent, so a duplicate does no harm; ``exclude`` skips attempts whose grading the
    caller has just queued."""
    now = now or timezone.now()
    skip = set(exclude)
    stuck = [
        attempt_id
        for attempt_id in Attempt.objects.filter(
            status=Attempt.Status.SUBMITTED, closed_at__lte=now - grading_grace()
        )
        .order_by("closed_at")
        .values_list("pk", flat=True)
        if attempt_id not in skip
    ]
    for attempt_id in stuck:
        if not enqueue("quizzes.attempt_grade", attempt_id=attempt_id):
            break  # the broker is down: the next sweep tries again
    return stuck


@transaction.atomic
def appeal_create(*, item: AttemptItem, comment: str) -> Appeal:
    """A candidate contests one graded answer; one appeal per answer, even from two tabs."""
    comment = comment.strip()
    if item.attempt.status != Attempt.Status.GRADED:
        raise ExamError(_("You can appeal once the attempt has been graded."), field="comment")
    if not comment:
        raise ExamError(_("Say why you think this answer was graded wrongly."), field="comment")
    if len(comment) > 4000:
        raise ExamError(_("An appeal can be at most 4000 characters."), field="comment")
    if "\x00" in comment:
        raise ExamError(_("Null characters are not allowed."), field="comment")
    # The item's lock makes a second appeal wait for the first and then see it.
    AttemptItem.objects.select_for_update().filter(pk=item.pk).values_list("pk").first()
    if Appeal.objects.filter(item=item).exists():
        raise _appeal_exists()
    try:
        with transaction.atomic():
            return Appeal.objects.create(item=item, comment=comment)
    except IntegrityError:
        raise _appeal_exists() from None  # the unique index is the last line of defence


def _appeal_exists() -> AppealExists:
    return AppealExists(_("You have already appealed this answer."))


@transaction.atomic
def item_override(*, item: AttemptItem, score: float | None, reason: str, by: User) -> AttemptItem:
    """A mentor replaces the automatic grade of one answer (None removes the override); the
    change is labelled with their role and kept in the audit log."""
    from quizzes.review.models.review import AuditEntry
    from quizzes.review.services.review import item_override_set, item_snapshot, reviewer_role

    if score is not None and not 0 <= score <= 1:
        raise ExamError(_("A score is between 0 and 1."))
    if score is not None and not reason.strip():
        raise ExamError(_("Give the reason for the new grade: the candidate will see it."))
    before = item_snapshot(item)
    role = reviewer_role(by)
    item_override_set(item=item, score=score, reason=reason.strip(), by=by, role=role)
    AuditEntry.objects.create(
        actor=by,
        role=role,
        action="override" if score is not None else "override_removed",
        item=item,
        before=before,
        after=item_snapshot(item),
        reason=reason.strip(),
    )
    return item
