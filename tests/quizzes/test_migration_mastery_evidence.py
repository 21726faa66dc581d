"""Migration 0016 caps the masteries stored before the evidence rule: one right answer read
100%; without 5 answers, most of them fully right, a topic now reads at most 60%."""

import pytest

from quizzes.practice.models import TopicMastery
from tests.factories import candidate
from tests.quizzes.migrating import _latest_schema_after, migrate  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("quizzes", "0015_question_part_corrections")]
AFTER = [("quizzes", "0016_practice_sessions")]


def test_unproven_masteries_are_capped_and_proven_ones_kept():
    apps = migrate(BEFORE)
    Topic = apps.get_model("quizzes", "Topic")
    Mastery = apps.get_model("quizzes", "TopicMastery")
    user = candidate()
    rows = {
        "one-answer": (1.0, 1, 1),
        "four-right": (0.9, 4, 4),
        "half-right": (0.7, 6, 3),
        "proven": (0.9, 5, 3),
        "low": (0.2, 1, 0),
    }
    for slug, (level, answered, correct) in rows.items():
        Mastery.objects.create(
            user_id=user.pk,
            topic=Topic.objects.create(slug=slug),
            mastery=level,
            answered=answered,
            correct=correct,
        )

    migrate(AFTER)

    after = dict(TopicMastery.objects.values_list("topic__slug", "mastery"))
    assert after == {
        "one-answer": 0.6,
        "four-right": 0.6,
        "half-right": 0.6,
        "proven": 0.9,
        "low": 0.2,
    }
