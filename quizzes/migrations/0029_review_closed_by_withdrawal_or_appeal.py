"""Migration 0029: reviews closed without a decision on their parts (walk 9, #9 and #10): a
withdrawn question's pending reviews, and those an appeal's decision settled. Existing
databases: a pending review of an answer already withdrawn, or whose appeal was decided after
the review was queued, closes now, with an audit entry saying why."""

from django.db import migrations, models
from django.db.models import F
from django.utils import timezone


def close_pending(apps, schema_editor):
    Review = apps.get_model("quizzes", "Review")
    AuditEntry = apps.get_model("quizzes", "AuditEntry")
    now = timezone.now()
    pending = Review.objects.filter(status="pending", item__isnull=False).select_related("item")
    withdrawn = pending.filter(item__withdrawn=True)
    settled = pending.filter(
        item__withdrawn=False,
        item__appeal__status__in=("upheld", "rejected"),
        item__appeal__resolved_at__gte=F("created_at"),
    )
    for rows, status, reason in (
        (withdrawn, "withdrawn", "The committee withdrew this question."),
        (settled, "settled", "The appeal decision settled this grading."),
    ):
        for review in rows.order_by("pk"):
            before = {"status": review.status, "score": review.score, "parts": review.parts}
            review.status = status
            item = review.item
            counted = item.override_score if item.override_score is not None else item.score
            review.score = None if status == "withdrawn" else counted
            review.decided_at = now
            review.save(update_fields=["status", "score", "decided_at"])
            AuditEntry.objects.create(
                action="review_" + status,
                review=review,
                item=item,
                before=before,
                after={"status": review.status, "score": review.score, "parts": review.parts},
                reason=reason,
            )


class Migration(migrations.Migration):
    dependencies = [
        ("quizzes", "0028_blueprint_candidate_instructions"),
    ]

    operations = [
        migrations.AlterField(
            model_name="review",
            name="status",
            field=models.CharField(
                choices=[
                    ("pending", "Waiting for review"),
                    ("accepted", "Grader's grade accepted"),
                    ("overridden", "Grade overridden"),
                    ("withdrawn", "Closed: the question was withdrawn"),
                    ("settled", "Settled by the appeal decision"),
                ],
                default="pending",
                max_length=20,
            ),
        ),
        migrations.RunPython(close_pending, migrations.RunPython.noop),
    ]
