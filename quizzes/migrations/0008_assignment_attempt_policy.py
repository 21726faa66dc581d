"""Each assignment keeps its own cooldown, copied from its blueprint when it is assigned.

Assignments made before this migration took the blueprint's cooldown live: they get the
blueprint's current value, so nothing changes for them today.
"""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def copy_blueprint_cooldown(apps, schema_editor):
    ExamAssignment = apps.get_model("quizzes", "ExamAssignment")
    ExamBlueprint = apps.get_model("quizzes", "ExamBlueprint")
    ExamAssignment.objects.update(
        cooldown_minutes=Subquery(
            ExamBlueprint.objects.filter(pk=OuterRef("blueprint_id")).values("cooldown_minutes")[:1]
        )
    )


class Migration(migrations.Migration):
    dependencies = [
        ("quizzes", "0007_appeal_status_choices_after_merge"),
    ]

    operations = [
        migrations.AddField(
            model_name="examassignment",
            name="cooldown_minutes",
            field=models.PositiveIntegerField(
                default=0, verbose_name="cooldown between attempts (minutes)"
            ),
        ),
        migrations.RunPython(copy_blueprint_cooldown, migrations.RunPython.noop),
    ]
