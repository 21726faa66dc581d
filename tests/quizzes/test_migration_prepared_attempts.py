"""Migration 0011 keeps the variants made before it working: an unclaimed variant of an exam
still open becomes a prepared attempt (numbered after those started, within the attempts
allowed) that a start takes with its one statement; an attempt in progress gets its payload;
nothing started is touched; reversing it gives the unclaimed variants back."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from quizzes.exams.models.exams import ExamAssignment
from quizzes.exams.services import exams
from tests.factories import QuestionFactory, candidate
from tests.quizzes.migrating import _latest_schema_after, migrate, migrate_to_latest  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("quizzes", "0010_attempt_waiting_grading_index")]
AFTER = [("quizzes", "0011_attempts_prepared_ahead")]


class Old:
    """Rows as the code before 0011 made them."""

    def __init__(self, apps):
        self.apps = apps
        self.now = timezone.now()
        self.blueprint = apps.get_model("quizzes", "ExamBlueprint").objects.create(
            name="old", game="mtg", time_limit_minutes=30,
            composition=[{"topic": None, "kind": "free_form", "count": 2}],
        )  # fmt: skip

    def model(self, name):
        return self.apps.get_model("quizzes", name)

    def assignment(self, max_attempts, closes_in=timedelta(days=1)):
        return self.model("ExamAssignment").objects.create(
            blueprint=self.blueprint, candidate_id=candidate().pk, max_attempts=max_attempts,
            opens_at=self.now - timedelta(days=2), closes_at=self.now + closes_in,
        )  # fmt: skip

    def variant(self, assignment, number, questions, attempt=None):
        made = self.model("ExamVariant").objects.create(
            assignment=assignment, number=number, language="en", seed=1000 + number,
            attempt=attempt, claimed_at=self.now if attempt else None,
        )  # fmt: skip
        for position, question in enumerate(questions, start=1):
            self.model("ExamVariantItem").objects.create(
                variant=made, position=position, question_id=question.pk
            )
        return made

    def attempt(self, assignment, number, questions, status="in_progress"):
        made = self.model("Attempt").objects.create(
            assignment=assignment, candidate_id=assignment.candidate_id, number=number,
            language="en", seed=2000 + number, started_at=self.now,
            deadline=self.now + timedelta(minutes=30), status=status,
            closed_at=None if status == "in_progress" else self.now,
        )  # fmt: skip
        for position, question in enumerate(questions, start=1):
            self.model("AttemptItem").objects.create(
                attempt=made, position=position, question_id=question.pk
            )
        return made


def test_variants_made_before_become_prepared_attempts_a_start_takes():
    questions = QuestionFactory.create_batch(8, for_exams=True)
    a, b, c, d, e, f, g, h = questions
    old = Old(migrate(BEFORE))
    # Two attempts allowed, none started: both variants are prepared, as numbers 1 and 2.
    fresh = old.assignment(max_attempts=2)
    old.variant(fresh, 1, [a, b])
    old.variant(fresh, 2, [c, d])
    # Attempt 1 started on variant 2 and in progress; variant 1 unclaimed: it becomes number 2.
    mixed = old.assignment(max_attempts=2)
    sitting = old.attempt(mixed, 1, [e, f])
    old.variant(mixed, 1, [g, h])
    old.variant(mixed, 2, [e, f], attempt=sitting)
    # One attempt allowed, used on the spot in another language: the variant cannot be sat.
    used = old.assignment(max_attempts=1)
    old.attempt(used, 1, [a, c], status="graded")
    old.variant(used, 1, [b, d])
    # An exam already closed: nothing of it can start.
    closed = old.assignment(max_attempts=1, closes_in=timedelta(days=-1))
    old.variant(closed, 1, [e, g])

    after = migrate(AFTER)
    # The schema as 0011 left it: today's ExamAssignment has columns added since.
    assignments = after.get_model("quizzes", "ExamAssignment").objects
    # The same for Attempt (it gained deadline_changed_at in 0027): rows read as 0011 left them.
    attempts = after.get_model("quizzes", "Attempt")._base_manager

    def rows(assignment):
        return {
            a.number: (
                a.status,
                list(a.items.order_by("position").values_list("question", flat=True)),
            )
            for a in attempts.filter(assignment_id=assignment.pk)
        }

    assert rows(fresh) == {1: ("ready", [a.pk, b.pk]), 2: ("ready", [c.pk, d.pk])}
    assert rows(mixed) == {1: ("in_progress", [e.pk, f.pk]), 2: ("ready", [g.pk, h.pk])}
    assert rows(used) == {1: ("graded", [a.pk, c.pk])}
    assert rows(closed) == {}
    variants = {(v.assignment_id, v.number): v for v in assignments.get(pk=mixed.pk).variants.all()}
    assert variants[(mixed.pk, 1)].attempt_id == sitting.pk  # renumbered as its attempt
    assert [q["stem"] for q in json.loads(variants[(mixed.pk, 1)].payload)] == [e.stem, f.stem]
    assert variants[(mixed.pk, 2)].attempt.status == "ready"
    assert not assignments.get(pk=used.pk).variants.exists()

    # Today's code, on today's schema, starts the prepared ones with its one statement, and
    # serves the payload.
    migrate_to_latest()
    assignment = ExamAssignment.objects.select_related("blueprint").get(pk=fresh.pk)
    started = exams.attempt_start_prepared(
        candidate_id=assignment.candidate_id, assignment_id=assignment.pk
    )
    assert started is not None
    assert started.attempt.number == 1
    shown = exams.attempt_payload(started.attempt)
    assert [question["stem"] for question in shown] == [a.stem, b.stem]


def test_reversing_it_gives_the_unclaimed_variants_back():
    questions = QuestionFactory.create_batch(2, for_exams=True)
    old = Old(migrate(BEFORE))
    exam = old.assignment(max_attempts=1)
    old.variant(exam, 1, questions)
    migrate(AFTER)

    back = migrate(BEFORE)

    Variant = back.get_model("quizzes", "ExamVariant")
    variant = Variant.objects.get(assignment_id=exam.pk)
    assert variant.attempt_id is None
    assert [i.question_id for i in variant.items.order_by("position")] == [q.pk for q in questions]
    assert not back.get_model("quizzes", "Attempt").objects.filter(assignment_id=exam.pk).exists()
