"""Pre-generated exam variants: assigning queues their generation; a start only claims one."""

import json
import logging
from datetime import timedelta

import pytest
from django.db import IntegrityError, connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from quizzes.bank.models.questions import Question
from quizzes.bank.models.reports import RetiredTemplate
from quizzes.exams.models.exams import Attempt, AttemptItem, ExamAssignment, ExamVariant, VariantJob
from quizzes.exams.services import exams, variants
from quizzes.tasks import assignment_variants_build, assignments_variants_build, variant_job_run
from rulings import questions as generator
from tests.factories import BlueprintFactory, candidate, mentor

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def assign(candidates=None, blueprint=None, max_attempts=1, **kwargs):
    now = timezone.now()
    return variants.assignments_create(
        blueprint=blueprint or BlueprintFactory(),
        candidates=candidates if candidates is not None else [candidate()],
        opens_at=kwargs.pop("opens_at", now - timedelta(minutes=1)),
        closes_at=kwargs.pop("closes_at", now + timedelta(days=1)),
        max_attempts=max_attempts,
        **kwargs,
    )


def no_generation(monkeypatch):
    def refuse(**kwargs):
        raise AssertionError("a start with a ready variant must not generate questions")

    monkeypatch.setattr(generator, "generate_questions", refuse)


def variant_items(variant):
    """A variant's questions are the items of the attempt prepared with it."""
    items = AttemptItem.objects.filter(attempt_id=variant.attempt_id).order_by("position")
    return items.select_related("question")


def variant_hashes(variant):
    return [item.question.content_hash for item in variant_items(variant)]


def test_assigning_a_list_of_candidates_builds_one_variant_per_allowed_attempt():
    people = [candidate(), candidate(), candidate()]
    by = mentor()

    job = assign(people, max_attempts=2, assigned_by=by)

    job.refresh_from_db()
    assert (job.wanted, job.built, job.percent, job.state) == (6, 6, 100, "done")
    assert job.finished_at is not None
    assert job.created_by == by
    assignments = ExamAssignment.objects.filter(variant_job=job)
    assert {a.candidate for a in assignments} == set(people)
    assert all(a.assigned_by == by for a in assignments)
    assert ExamVariant.objects.filter(assignment__in=assignments).count() == 6
    for variant in ExamVariant.objects.select_related("attempt"):
        assert variant_items(variant).count() == 4
        assert variant.attempt.status == Attempt.Status.READY  # prepared, not started
        assert (variant.attempt.number, variant.attempt.language) == (variant.number, "en")
        assert variant.language == "en"
    assert Question.objects.filter(for_exams=False).count() == 0  # all flagged for exams


def test_every_variant_is_its_own():
    job = assign([candidate(), candidate()], max_attempts=2)

    drawn = [
        tuple(variant_hashes(v)) for v in ExamVariant.objects.filter(assignment__variant_job=job)
    ]
    assert len(set(drawn)) == 4


def test_a_candidate_with_a_preferred_language_gets_variants_in_it():
    assign([candidate(preferred_language="pt-br")])

    variant = ExamVariant.objects.get()
    assert variant.language == "pt-BR"
    assert {item.question.language for item in variant_items(variant)} == {"pt-BR"}


def test_a_job_can_name_the_language_of_its_variants():
    job = assign([candidate(preferred_language="pt-br")], language="es")

    variant = ExamVariant.objects.get()
    assert job.language == "es"
    assert variant.language == "es"
    with pytest.raises(exams.ExamError, match="Unknown language"):
        assign(language="fr")


def test_building_again_is_idempotent():
    job = assign(max_attempts=2)
    assignment = job.assignments.get()
    before = list(ExamVariant.objects.values_list("pk", "seed"))

    assert assignment_variants_build(assignment.pk) == 0
    variant_job_run(job.pk)

    job.refresh_from_db()
    assert job.built == 2
    assert list(ExamVariant.objects.values_list("pk", "seed")) == before


def test_a_build_cut_short_is_finished_by_the_next_run(monkeypatch):
    monkeypatch.setattr(variants, "_queue_job", lambda job_id: None)
    job = assign(max_attempts=3)
    assignment = job.assignments.get()
    calls = {"n": 0}
    real = exams._variants_question_ids

    def fail_second(sources):
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("worker lost")
        return real(sources)

    monkeypatch.setattr(exams, "_variants_question_ids", fail_second)
    with pytest.raises(RuntimeError):
        assignment_variants_build(assignment.pk)
    job.refresh_from_db()
    assert (job.built, ExamVariant.objects.count()) == (1, 1)  # the half-built one rolled back
    assert Attempt.all_objects.count() == 1

    assignment_variants_build(assignment.pk)

    job.refresh_from_db()
    assert (job.built, job.state) == (3, "done")
    assert sorted(ExamVariant.objects.values_list("number", flat=True)) == [1, 2, 3]


def test_progress_counts_each_batch_of_variants_as_it_is_built(monkeypatch):
    monkeypatch.setattr(variants, "BATCH_ASSIGNMENTS", 2)
    seen = []
    real = variants._build_variants

    def watch(wanted):
        seen.append((VariantJob.objects.get().built, len(wanted)))
        return real(wanted)

    monkeypatch.setattr(variants, "_build_variants", watch)
    job = assign([candidate(), candidate(), candidate()], max_attempts=2)

    assert seen == [(0, 4), (4, 2)]  # two assignments' variants, then the third's
    job.refresh_from_db()
    assert (job.built, job.state) == (6, "done")


def test_a_batch_cut_short_keeps_nothing_and_the_next_run_builds_all_of_it(monkeypatch):
    monkeypatch.setattr(variants, "_queue_job", lambda job_id: None)
    job = assign([candidate(), candidate()], max_attempts=2)
    ids = list(job.assignments.values_list("pk", flat=True))

    def lost(wanted):
        raise RuntimeError("worker lost")

    with monkeypatch.context() as patch:
        patch.setattr(exams, "_variants_question_ids", lost)
        with pytest.raises(RuntimeError):
            assignments_variants_build(ids)
    job.refresh_from_db()
    assert (job.built, ExamVariant.objects.count(), Question.objects.count()) == (0, 0, 0)

    assert assignments_variants_build(ids) == 4
    assert assignments_variants_build(ids) == 0  # idempotent

    job.refresh_from_db()
    assert (job.built, job.state) == (4, "done")
    assert sorted(ExamVariant.objects.values_list("assignment", "number")) == [
        (ids[0], 1), (ids[0], 2), (ids[1], 1), (ids[1], 2)
    ]  # fmt: skip


def test_a_batch_finishes_what_another_run_started_one_variant_at_a_time(monkeypatch):
    monkeypatch.setattr(variants, "_queue_job", lambda job_id: None)
    job = assign([candidate(), candidate()], max_attempts=2)
    first, second = job.assignments.order_by("pk")
    variants.assignment_variants_build(assignment_id=first.pk)

    assert assignments_variants_build([first.pk, second.pk]) == 2

    job.refresh_from_db()
    assert (job.built, job.state) == (4, "done")
    assert ExamVariant.objects.filter(assignment=second).count() == 2


def test_a_batch_refused_by_the_unique_constraint_is_built_one_assignment_at_a_time(
    monkeypatch,
):
    """Another run built one of the batch's variants between its read and its insert (see
    test_variants_concurrency for the real race): the batch rolls back, then each assignment
    builds what it still lacks."""
    monkeypatch.setattr(variants, "_queue_job", lambda job_id: None)
    job = assign([candidate(), candidate()], max_attempts=1)
    first, second = job.assignments.order_by("pk")

    real = variants._build_variants

    def refused(wanted):
        if len(wanted) > 1:  # the batch; each assignment alone then builds
            raise IntegrityError("duplicate key value violates unique constraint")
        return real(wanted)

    monkeypatch.setattr(variants, "_build_variants", refused)
    assert assignments_variants_build([first.pk, second.pk]) == 2

    job.refresh_from_db()
    assert (job.built, job.state) == (2, "done")
    assert sorted(ExamVariant.objects.values_list("assignment", "number")) == [
        (first.pk, 1), (second.pk, 1)
    ]  # fmt: skip


def test_building_a_batch_makes_no_query_per_assignment(monkeypatch):
    monkeypatch.setattr(variants, "_queue_job", lambda job_id: None)
    # Warm the per-process and shared caches first (CI shares one Redis cache among workers,
    # so a cold lookup would otherwise land in whichever batch came first).
    warm = assign([candidate()])
    assignments_variants_build(list(warm.assignments.values_list("pk", flat=True)))
    counts = []
    for size in (1, 10, 30):
        job = assign([candidate() for _ in range(size)])
        ids = list(job.assignments.values_list("pk", flat=True))
        with CaptureQueriesContext(connection) as queries:
            assert assignments_variants_build(ids) == size
        counts.append(len(queries))

    # A bigger batch may add a query or two per batch, never one per assignment: a redraw
    # round for a slot short of distinct questions and the first storing of stories new to
    # the bank each cost one query for the whole batch, and the draw is random. One query
    # per assignment would add 9 and 29.
    assert max(counts) - counts[0] <= 5, counts
    # One variant at a time made 20 queries for each variant; a batch's now include its
    # prepared attempts, their items and the questions as served (21), and a redraw round
    # or a first storing may add one or two.
    assert counts[0] <= 23, counts


def test_a_blueprint_that_cannot_be_drawn_marks_the_job_failed():
    blueprint = BlueprintFactory(
        composition=[{"topic": "juggling", "kind": "free_form", "count": 1}]
    )

    job = assign(blueprint=blueprint)

    job.refresh_from_db()
    assert job.state == "failed"
    assert "cannot be drawn" in job.error
    assert job.built == 0
    assert not ExamVariant.objects.exists()


def test_closed_or_deleted_assignments_are_not_built():
    job = assign()
    assignment = job.assignments.get()
    ExamVariant.objects.all().delete()
    ExamAssignment.objects.filter(pk=assignment.pk).update(
        opens_at=timezone.now() - timedelta(days=2), closes_at=timezone.now() - timedelta(days=1)
    )

    assert variant_job_run(job.pk) == 0
    assert assignment_variants_build(assignment.pk) == 0
    assert assignment_variants_build(10**9) == 0
    assert not ExamVariant.objects.exists()


def test_the_service_refuses_an_exam_closing_before_it_opens():
    now = timezone.now()
    with pytest.raises(exams.ExamError, match="close after it opens"):
        assign(opens_at=now, closes_at=now)
    with pytest.raises(exams.ExamError, match="at least one attempt"):
        assign(max_attempts=0)
    assert not ExamAssignment.objects.exists()
    assert not VariantJob.objects.exists()


def test_exam_assign_refuses_with_every_rule_broken_the_first_one_leading():
    now = timezone.now()
    with pytest.raises(variants.AssignmentError) as refused:
        variants.exam_assign(
            by=mentor(), blueprint=BlueprintFactory(), cohort=None, candidates=[],
            opens_at=now + timedelta(days=2), closes_at=now + timedelta(days=1), now=now,
        )  # fmt: skip
    assert refused.value.code == "closes_before_opens"
    assert [(each.code, each.field) for each in refused.value.problems] == [
        ("closes_before_opens", "closes_at"),
        ("no_candidates", None),
    ]
    assert not VariantJob.objects.exists()


def test_an_assignment_error_found_alone_has_nothing_else():
    now = timezone.now()
    with pytest.raises(variants.AssignmentError) as refused:
        variants.exam_assign(
            by=mentor(), blueprint=BlueprintFactory(), cohort=None, candidates=[candidate()],
            opens_at=now - timedelta(days=1), closes_at=now + timedelta(days=1), now=now,
        )  # fmt: skip
    assert [each.code for each in refused.value.problems] == ["opens_in_past"]


def test_assignment_create_assigns_one_candidate():
    person = candidate()
    now = timezone.now()

    assignment = variants.assignment_create(
        blueprint=BlueprintFactory(),
        candidate=person,
        opens_at=now,
        closes_at=now + timedelta(days=1),
    )

    assert assignment.candidate == person
    assert assignment.variants.count() == 1
    assert assignment.variant_job.wanted == 1


def test_allowing_more_attempts_builds_the_missing_variants():
    assignment = assign().assignments.get()
    assignment.max_attempts = 3
    assignment.save()

    variants.assignment_variants_refresh(assignment=assignment, created_by=None)

    assert assignment.variants.count() == 3
    assignment.variant_job.refresh_from_db()
    assert (assignment.variant_job.wanted, assignment.variant_job.built) == (2, 2)


# --- starting claims a variant ----------------------------------------------------------------


def test_a_start_claims_a_ready_variant_without_generating(monkeypatch):
    assignment = assign().assignments.get()
    variant = assignment.variants.get()
    wanted = variant_hashes(variant)
    no_generation(monkeypatch)

    attempt = exams.attempt_start(assignment=assignment, language="en")

    items = attempt.items.select_related("question").order_by("position")
    assert [item.question.content_hash for item in items] == wanted
    variant.refresh_from_db()
    assert variant.attempt == attempt  # the attempt prepared with it, now started
    attempt.refresh_from_db()
    assert (attempt.status, attempt.number, attempt.seed) == ("in_progress", 1, variant.seed)


def test_each_attempt_claims_its_own_variant(monkeypatch):
    assignment = assign(max_attempts=2).assignments.get()
    no_generation(monkeypatch)

    first = exams.attempt_start(assignment=assignment, language="en")
    exams.attempt_submit(attempt=first)
    second = exams.attempt_start(assignment=assignment, language="en")

    claimed = dict(ExamVariant.objects.values_list("number", "attempt"))
    assert claimed == {1: first.pk, 2: second.pk}
    first_hashes = {i.question.content_hash for i in first.items.select_related("question")}
    second_hashes = {i.question.content_hash for i in second.items.select_related("question")}
    assert first_hashes != second_hashes


def test_without_a_ready_variant_a_start_generates_on_the_spot_and_logs_it(caplog):
    assignment = assign().assignments.get()
    ExamVariant.objects.all().delete()
    Attempt.all_objects.all().delete()  # nothing prepared

    with caplog.at_level(logging.WARNING, logger="quizzes.exams.services.exams"):
        attempt = exams.attempt_start(assignment=assignment, language="en")

    assert attempt.items.count() == 4
    assert "no pre-generated en variant ready" in caplog.text
    made = ExamVariant.objects.get()  # kept with its payload, as a pre-generated one
    assert (made.attempt, made.number, made.language) == (attempt, 1, "en")
    assert len(json.loads(made.payload)) == 4


def test_a_start_in_another_language_sits_the_prepared_variant(monkeypatch, caplog):
    """Walk 5, #16: the exam's language is fixed when its variants are prepared; a start from
    a page in Spanish drew the English variant again in Spanish."""
    assignment = assign().assignments.get()
    variant = assignment.variants.get()
    no_generation(monkeypatch)

    with caplog.at_level(logging.WARNING, logger="quizzes.exams.services.exams"):
        attempt = exams.attempt_start(assignment=assignment, language="es")

    assert (attempt.pk, attempt.language) == (variant.attempt_id, "en")
    assert {item.question.language for item in attempt.items.select_related("question")} == {"en"}
    assert "no pre-generated" not in caplog.text


def test_a_start_with_nothing_prepared_draws_in_the_language_the_exam_began_in():
    assignment = assign(max_attempts=2).assignments.get()
    first = exams.attempt_start(assignment=assignment, language="en")
    exams.attempt_submit(attempt=first)
    Attempt.all_objects.filter(status=Attempt.Status.READY).delete()  # nothing prepared now

    second = exams.attempt_start(assignment=assignment, language="es")

    assert (second.number, second.language) == (2, "en")


def test_a_start_with_a_prepared_attempt_is_one_update_for_4_or_40_questions():
    for size in (4, 40):
        blueprint = BlueprintFactory(
            composition=[{"topic": None, "kind": "free_form", "count": size}]
        )
        job = assign(blueprint=blueprint)
        assignment = job.assignments.select_related("blueprint").get()  # as the views read it
        with CaptureQueriesContext(connection) as queries:
            attempt = exams.attempt_start(assignment=assignment, language="en")
        statements = [
            query["sql"]
            for query in queries
            if not query["sql"].startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))
        ]
        # The savepoint only because the test runs in a transaction; 14 queries before.
        assert len(statements) == 1
        assert statements[0].lstrip().startswith("UPDATE")
        assert attempt.items.count() == size
        assert attempt.known_revisions == [(n, 0) for n in range(1, size + 1)]


def test_a_start_on_the_locked_path_makes_the_same_number_of_queries_for_4_or_40():
    """A second attempt while a first is overdue: closed, then the next prepared one
    started, with the assignment and its attempts locked."""
    counts = []
    for size in (4, 40):
        blueprint = BlueprintFactory(
            composition=[{"topic": None, "kind": "free_form", "count": size}]
        )
        assignment = assign(blueprint=blueprint, max_attempts=2).assignments.get()
        first = exams.attempt_start(assignment=assignment, language="en")
        Attempt.objects.filter(pk=first.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        with CaptureQueriesContext(connection) as queries:
            second = exams.attempt_start(assignment=assignment, language="en")
        assert second.number == 2
        assert Attempt.objects.get(pk=first.pk).status == Attempt.Status.GRADED
        counts.append(len([q for q in queries if "quizzes_question" not in q["sql"]]))

    assert counts[0] == counts[1]


def test_grading_makes_the_same_number_of_queries_for_4_or_40_answers():
    counts = []
    for size in (4, 40):
        blueprint = BlueprintFactory(
            composition=[{"topic": None, "kind": "free_form", "count": size}]
        )
        attempt = exams.attempt_start(
            assignment=assign(blueprint=blueprint).assignments.get(), language="en"
        )
        attempt.items.update(response="Missed trigger, no penalty")
        exams.attempt_submit(attempt=attempt)
        attempt.items.update(grade=None, score=None)
        Attempt.objects.filter(pk=attempt.pk).update(status=Attempt.Status.SUBMITTED)
        with CaptureQueriesContext(connection) as queries:
            graded = exams.attempt_grade(attempt_id=attempt.pk)
        assert graded.items.filter(score__isnull=False).count() == size
        counts.append(len(queries))

    assert counts[0] == counts[1]


def test_the_sweep_requeues_jobs_that_stopped_progressing(monkeypatch):
    from quizzes.tasks import variant_jobs_resume

    monkeypatch.setattr(variants, "_queue_job", lambda job_id: None)
    lost = assign(max_attempts=2)
    fresh = assign()
    done = assign()
    variant_job_run(done.pk)
    closed = assign(closes_at=timezone.now() + timedelta(minutes=1))
    failed = assign()
    VariantJob.objects.filter(pk=failed.pk).update(error="cannot be drawn")
    long_ago = timezone.now() - timedelta(minutes=11)
    VariantJob.objects.exclude(pk=fresh.pk).update(progressed_at=long_ago)
    later = timezone.now() + timedelta(minutes=2)

    assert variants.variant_jobs_stalled(now=later) == [lost.pk]
    assert variant_jobs_resume() == [lost.pk, closed.pk]  # closed is still open now

    lost.refresh_from_db()
    assert (lost.built, lost.state) == (2, "done")
    assert variants.variant_jobs_stalled() == []


SCORING_ONLY = [{"topic": "scoring", "kind": "multiple_choice", "count": 1}]


def retire(template_id):
    RetiredTemplate.objects.create(template_id=template_id, reason="Too easy.", flags=[])


def test_assigning_a_blueprint_a_retired_template_left_undrawable_is_refused_with_why():
    """Walk 4, #11: the job failed later with "please tell your mentor", to the mentor."""
    blueprint = BlueprintFactory(composition=SCORING_ONLY)
    retire("rb-forgetting-to-score")
    now = timezone.now()

    with pytest.raises(variants.AssignmentError) as refused:
        variants.exam_assign(
            by=mentor(), blueprint=blueprint, cohort=None, candidates=[candidate()],
            opens_at=now + timedelta(hours=1), closes_at=now + timedelta(days=1), now=now,
        )  # fmt: skip

    assert (refused.value.code, refused.value.field) == ("undrawable", "blueprint")
    message = str(refused.value)
    assert "Slot 1" in message
    assert "retired or withdrew" in message
    assert "tell your mentor" not in message
    assert not VariantJob.objects.exists()


def test_a_job_failed_on_a_retired_template_says_why_and_runs_again_once_restored():
    blueprint = BlueprintFactory(composition=SCORING_ONLY)
    retire("rb-forgetting-to-score")
    job = assign(blueprint=blueprint)
    job.refresh_from_db()
    assert job.state == "failed"
    assert "retired or withdrew" in job.error

    with pytest.raises(variants.AssignmentError):
        variants.variant_job_retry(job=job)
    RetiredTemplate.objects.all().delete()
    variants.variant_job_retry(job=job)

    job.refresh_from_db()
    assert job.state == "done"
    assert job.built == 1


def test_an_exam_prepared_before_a_template_was_retired_starts_in_any_language():
    """Walk 5, #16, as walked: prepared in English, the template its slot needs retired, then
    started from a page in Spanish."""
    blueprint = BlueprintFactory(composition=SCORING_ONLY)
    assignment = assign(blueprint=blueprint).assignments.get()
    retire("rb-forgetting-to-score")

    attempt = exams.attempt_start(assignment=assignment, language="es")

    assert (attempt.status, attempt.language) == (Attempt.Status.IN_PROGRESS, "en")
    assert attempt.items.count() == 1
    assert VariantJob.objects.get(pk=assignment.variant_job_id).state == "done"


def test_a_variant_that_cannot_be_drawn_on_the_spot_fails_the_job_and_says_so():
    """Nothing prepared and the blueprint undrawable: the mentor's job shows the failure (with
    its retry), and the candidate learns that nothing was started or used."""
    blueprint = BlueprintFactory(composition=SCORING_ONLY)
    job = assign(blueprint=blueprint)
    assignment = job.assignments.get()
    Attempt.all_objects.all().delete()  # nothing prepared
    retire("rb-forgetting-to-score")

    with pytest.raises(exams.ExamDrawError) as refused:
        exams.attempt_start(assignment=assignment, language="es")

    assert "Your mentor sees this" in str(refused.value)
    assert "tell your mentor" not in str(refused.value)
    assert not Attempt.all_objects.filter(assignment=assignment).exists()
    job.refresh_from_db()
    assert job.state == "failed"
    assert "retired or withdrew" in job.error
