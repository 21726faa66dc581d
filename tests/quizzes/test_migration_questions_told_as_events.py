"""Migration 0022 tells stored questions' trigger situations as events (issue 30, point 1): the
key stays, the ruling records what the engine derived, and reversing gives the conclusions
back. The stories are written for this test."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from rulings import Situation, evaluate

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("quizzes", "0021_practicesession_served")]
AFTER = [("quizzes", "0022_questions_told_as_events")]

LATE = {
    "game": "mtg",
    "players": ["ana", "ben"],
    "turn_player": "ana",
    "trigger": {"kind": "visible_change", "controller": "ana", "name": "Lens of the test"},
    "play": {"acknowledged": "late", "following_action": "advance_step"},
}
PAYMENT = {
    "game": "riftbound",
    "players": ["ana", "ben"],
    "turn_player": "ana",
    "payment": {"player": "ana", "cost": 2, "paid": 3},
}


def migrate(target: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.fixture(autouse=True)
def _latest_schema_after():
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def _store(apps: Any, situation: dict[str, Any], n: int) -> int:
    ruling = evaluate(Situation.from_dict(situation))
    PolicyVersion = apps.get_model("rulings", "PolicyVersion")
    Question = apps.get_model("quizzes", "Question")
    row = Question.objects.create(
        content_hash=f"{n:064x}",
        template_id="test-template",
        template_version="1",
        seed=n,
        policy_version=PolicyVersion.objects.get(version_id=ruling.policy_version),
        game=situation["game"],
        language="en",
        kind="free_form",
        stem="A story written for this test.",
        situation=situation,
        ruling=ruling.to_dict(),
        key_infraction=ruling.infraction,
        key_penalty=ruling.penalty.final,
        key_remedy=ruling.remedy[0].remedy,
        explanation="",
        difficulty=0.3,
    )
    return int(row.pk)


def test_trigger_questions_are_told_as_events_with_the_same_key_and_back():
    apps = migrate(BEFORE)
    trigger, payment = _store(apps, LATE, 1), _store(apps, PAYMENT, 2)

    apps = migrate(AFTER)
    Question = apps.get_model("quizzes", "Question")
    told = Question.objects.get(pk=trigger)
    assert told.situation["events"] == [
        {"by": "ana", "action": "advance_step"},
        {"by": "ana", "action": "acknowledge"},
    ]
    assert "play" not in told.situation
    assert told.ruling["infraction"] == "missed_trigger"
    assert {d["fact"]: d["value"] for d in told.ruling["derived"]}["play.acknowledged"] == "late"
    assert Question.objects.get(pk=payment).situation == PAYMENT

    apps = migrate(BEFORE)
    Question = apps.get_model("quizzes", "Question")
    back = Question.objects.get(pk=trigger).situation
    assert "events" not in back
    assert (back["play"]["acknowledged"], back["play"]["following_action"]) == (
        "late",
        "advance_step",
    )
