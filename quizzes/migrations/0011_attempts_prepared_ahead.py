"""Pre-generation prepares the attempt itself (status ``ready``, its items unanswered) and
stores each variant's questions as served (``ExamVariant.payload``), so a start is one UPDATE.

Variants made before this migration keep working: every variant not yet claimed by an attempt
of an exam still open becomes such a prepared attempt, numbered after the attempts already
started (within the attempts allowed; one beyond them could never be started and is dropped,
as is one of an exam already closed); a claimed variant takes its attempt's number; attempts in
progress get their payload (those started on the spot get a variant for it). The variants'
own item rows are dropped: an attempt's items are its questions. Reversing it turns prepared
attempts back into unclaimed variants."""

import json

from django.conf import settings
from django.db import migrations, models
from django.utils import timezone

import quizzes.exams.models.exams

# The fields of quizzes.api.serializers.ExamQuestionSerializer, as they are at this migration.
SERVED_FIELDS = ("language", "kind", "stem", "options", "stated_ruling")


def _render(Question, question_ids):
    rows = Question.objects.filter(pk__in=question_ids).values_list("pk", *SERVED_FIELDS)
    shown = {row[0]: dict(zip(SERVED_FIELDS, row[1:], strict=True)) for row in rows}
    return json.dumps([shown[pk] for pk in question_ids], ensure_ascii=False, separators=(",", ":"))


def _constraints_now(schema_editor):
    """Fire the foreign keys' deferred checks now: PostgreSQL refuses to change a table's schema
    later in this migration's transaction while they are pending."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def prepare_variants(apps, schema_editor):
    Assignment = apps.get_model("quizzes", "ExamAssignment")
    Attempt = apps.get_model("quizzes", "Attempt")
    AttemptItem = apps.get_model("quizzes", "AttemptItem")
    Variant = apps.get_model("quizzes", "ExamVariant")
    VariantItem = apps.get_model("quizzes", "ExamVariantItem")
    Question = apps.get_model("quizzes", "Question")
    now = timezone.now()
    with_work = set(Variant.objects.values_list("assignment_id", flat=True)) | set(
        Attempt.objects.filter(status="in_progress").values_list("assignment_id", flat=True)
    )
    for assignment in Assignment.objects.filter(pk__in=with_work).order_by("pk"):
        attempts = {a.number: a for a in Attempt.objects.filter(assignment=assignment)}
        variants = list(Variant.objects.filter(assignment=assignment).order_by("number"))
        free = [n for n in range(1, assignment.max_attempts + 1) if n not in attempts]
        if assignment.closes_at <= now:
            free = []  # nothing of a closed exam can be started
        numbered, dropped = [], []
        for variant in variants:
            if variant.attempt_id is not None:
                claimed = next(a for a in attempts.values() if a.pk == variant.attempt_id)
                numbered.append((variant, claimed.number, None))
            elif free:
                numbered.append((variant, free.pop(0), "prepare"))
            else:
                dropped.append(variant.pk)
        Variant.objects.filter(pk__in=dropped).delete()
        # Two steps, so that no number is held twice on the way.
        Variant.objects.filter(pk__in=[v.pk for v, _n, _w in numbered]).update(
            number=models.F("number") + 10000
        )
        for variant, number, work in numbered:
            variant.number = number
            ids = list(
                VariantItem.objects.filter(variant=variant)
                .order_by("position")
                .values_list("question_id", flat=True)
            )
            if work == "prepare":
                prepared = Attempt.objects.create(
                    assignment=assignment, candidate_id=assignment.candidate_id, number=number,
                    language=variant.language, seed=variant.seed, status="ready",
                    started_at=now, deadline=assignment.closes_at,
                )  # fmt: skip
                AttemptItem.objects.bulk_create(
                    AttemptItem(attempt=prepared, position=position, question_id=question_id)
                    for position, question_id in enumerate(ids, start=1)
                )
                variant.attempt = prepared
                variant.payload = _render(Question, ids)
            elif attempts[number].status == "in_progress":
                variant.payload = _render(Question, ids)
            variant.save(update_fields=["number", "attempt", "payload"])
        with_variant = {number for _v, number, _w in numbered}
        for number, attempt in attempts.items():
            if attempt.status == "in_progress" and number not in with_variant:
                ids = list(
                    AttemptItem.objects.filter(attempt=attempt)
                    .order_by("position")
                    .values_list("question_id", flat=True)
                )
                Variant.objects.create(
                    assignment=assignment, number=number, language=attempt.language,
                    seed=attempt.seed, attempt=attempt, payload=_render(Question, ids),
                )  # fmt: skip
    _constraints_now(schema_editor)


def unprepare_variants(apps, schema_editor):
    Attempt = apps.get_model("quizzes", "Attempt")
    AttemptItem = apps.get_model("quizzes", "AttemptItem")
    Variant = apps.get_model("quizzes", "ExamVariant")
    VariantItem = apps.get_model("quizzes", "ExamVariantItem")
    for variant in Variant.objects.exclude(attempt=None).order_by("pk"):
        VariantItem.objects.bulk_create(
            VariantItem(variant_id=variant.pk, position=item.position, question_id=item.question_id)
            for item in AttemptItem.objects.filter(attempt_id=variant.attempt_id)
        )
    prepared = Attempt.objects.filter(status="ready")
    Variant.objects.filter(attempt__in=prepared).update(attempt=None)
    AttemptItem.objects.filter(attempt__in=prepared).delete()
    prepared.delete()
    _constraints_now(schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("quizzes", "0010_attempt_waiting_grading_index"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="examvariant",
            name="payload",
            field=models.TextField(
                blank=True,
                help_text="JSON, one entry per position: language, kind, stem, options and "
                "stated ruling (never a key). Rendered when the variant is built; the exam "
                "page and API serve it.",
                verbose_name="questions as served",
            ),
        ),
        migrations.AlterField(
            model_name="attempt",
            name="assignment",
            field=models.ForeignKey(
                on_delete=quizzes.exams.models.exams.protect_started,
                related_name="attempts",
                to="quizzes.examassignment",
            ),
        ),
        migrations.AlterField(
            model_name="attempt",
            name="candidate",
            field=models.ForeignKey(
                on_delete=quizzes.exams.models.exams.protect_started,
                related_name="attempts",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AlterField(
            model_name="attempt",
            name="status",
            field=models.CharField(
                choices=[
                    ("ready", "Prepared, not started"),
                    ("in_progress", "In progress"),
                    ("submitted", "Submitted, being graded"),
                    ("graded", "Graded"),
                ],
                default="in_progress",
                max_length=20,
                verbose_name="status",
            ),
        ),
        migrations.RunPython(prepare_variants, unprepare_variants),
        migrations.AddConstraint(
            model_name="attempt",
            constraint=models.UniqueConstraint(
                condition=models.Q(("status", "in_progress")),
                fields=("assignment",),
                name="one_attempt_in_progress",
            ),
        ),
        migrations.RemoveIndex(model_name="examvariant", name="variant_unclaimed"),
        migrations.RemoveField(model_name="examvariant", name="claimed_at"),
        migrations.DeleteModel(name="ExamVariantItem"),
    ]
