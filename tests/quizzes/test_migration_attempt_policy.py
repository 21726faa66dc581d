"""Migration 0008 gives each assignment made before it the cooldown its blueprint had then, so
nothing changes for exams already assigned."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import candidate
from tests.quizzes.migrating import _latest_schema_after, migrate  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("quizzes", "0007_appeal_status_choices_after_merge")]
AFTER = [("quizzes", "0008_assignment_attempt_policy")]


def test_assignments_made_before_take_their_blueprints_cooldown():
    old = migrate(BEFORE)
    Blueprint = old.get_model("quizzes", "ExamBlueprint")
    Assignment = old.get_model("quizzes", "ExamAssignment")
    person = candidate()  # accounts stays migrated: today's model fits its table
    now = timezone.now()
    slow = Blueprint.objects.create(name="slow", game="riftbound", composition=[],
                                    cooldown_minutes=90)  # fmt: skip
    quick = Blueprint.objects.create(name="quick", game="riftbound", composition=[])
    for blueprint in (slow, quick):
        Assignment.objects.create(
            blueprint=blueprint,
            candidate_id=person.pk,
            opens_at=now,
            closes_at=now + timedelta(days=1),
        )

    new = migrate(AFTER)

    copied = new.get_model("quizzes", "ExamAssignment").objects.order_by("blueprint__name")
    assert [(a.blueprint.name, a.cooldown_minutes) for a in copied] == [("quick", 0), ("slow", 90)]
