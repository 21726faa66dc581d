"""Migration 0022 tells stored questions' trigger situations as events (issue 30, point 1): a
row moves only when its events rule it with the same key and the same reasoning steps (so it
renders the same), a row that cannot is kept and named with the reason, and reversing gives
the conclusions back. The stories are the generator's and some written for this test."""

from __future__ import annotations

from typing import Any

import pytest

from rulings import Situation, evaluate
from rulings.core.questions import build_question
from rulings.core.questions.build import scenario
from tests.quizzes.migrating import _latest_schema_after, migrate  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("quizzes", "0021_practicesession_served")]
AFTER = [("quizzes", "0022_questions_told_as_events")]

# The encoder's literal "late" after an action short of a visible change's point of impact:
# told as events the engine finds the acknowledgement in time, so the key would change.
LATE_SHORT_OF_IMPACT = {
    "game": "mtg",
    "players": ["ana", "ben"],
    "turn_player": "ana",
    "trigger": {"kind": "visible_change", "controller": "ana", "name": "Lens of the test"},
    "play": {"acknowledged": "late", "following_action": "instant_speed_action"},
}
PAYMENT = {
    "game": "riftbound",
    "players": ["ana", "ben"],
    "turn_player": "ana",
    "payment": {"player": "ana", "cost": 2, "paid": 3},
}
WORKBENCH = {
    "game": "mtg",
    "players": ["ana", "ben"],
    "turn_player": "ana",
    "trigger": {"kind": "visible_change", "controller": "ana", "name": "Lens of the test"},
    "events": [{"by": "ana", "action": "advance_step"}, {"by": "ana", "action": "acknowledge"}],
}


def _store(
    apps: Any,
    situation: dict[str, Any],
    n: int,
    ruling: dict[str, Any] | None = None,
    template_id: str = "test-template",
    explanation: str = "The explanation as rendered when it was stored.",
) -> int:
    """A row as the code before 0022 stored it: the situation given, its ruling."""
    if ruling is None:
        ruling = evaluate(Situation.from_dict(situation)).to_dict()
    PolicyVersion = apps.get_model("rulings", "PolicyVersion")
    Question = apps.get_model("quizzes", "Question")
    row = Question.objects.create(
        content_hash=f"{n:064x}",
        template_id=template_id,
        template_version="1",
        seed=n,
        policy_version=PolicyVersion.objects.get(version_id=ruling["policy_version"]),
        game=situation["game"],
        language="en",
        kind="free_form",
        stem="A story written for this test.",
        situation=situation,
        ruling=ruling,
        key_infraction=ruling["infraction"],
        key_penalty=ruling["penalty"]["final"],
        key_remedy=ruling["remedy"][0]["remedy"],
        explanation=explanation,
        difficulty=0.3,
    )
    return int(row.pk)


def _without_derived(ruling: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in ruling.items() if k != "derived"}


GENERATED = [
    ("mtg-visible-change", 0),
    ("mtg-opponent-duties", 0),
    ("mtg-turn-control", 1),
    ("mtg-after-acknowledgement", 0),
    ("rb-trigger-impact", 4),
    ("rb-trigger-might-only", 2),
]


def test_generated_trigger_questions_move_to_events_keyed_and_reasoned_the_same_and_back(
    capsys,
):
    apps = migrate(BEFORE)
    stored = {}
    for n, (template_id, seed) in enumerate(GENERATED, start=1):
        sc = scenario(template_id, seed)
        text = build_question(template_id, seed, "en", "free_form").explanation
        row = _store(apps, sc.situation, n, sc.ruling_dict, template_id, text)
        stored[row] = (sc.situation, sc.ruling_dict, text)

    apps = migrate(AFTER)
    Question = apps.get_model("quizzes", "Question")
    for row, (_situation, ruling, text) in stored.items():
        told = Question.objects.get(pk=row)
        assert "events" in told.situation, told.template_id
        assert "acknowledged" not in told.situation.get("play", {})
        assert _without_derived(told.ruling) == ruling  # same key, same steps in order
        assert told.ruling == evaluate(Situation.from_dict(told.situation)).to_dict()
        assert told.explanation == text
    assert f"{len(GENERATED)} questions told as events; 0 kept" in capsys.readouterr().out

    apps = migrate(BEFORE)
    Question = apps.get_model("quizzes", "Question")
    for row, (_situation, ruling, _text) in stored.items():
        back = Question.objects.get(pk=row)
        assert "events" not in back.situation
        assert back.ruling == ruling
        assert evaluate(Situation.from_dict(back.situation)).to_dict() == ruling


def test_a_row_the_events_would_rule_otherwise_is_kept_and_named_with_the_reason(capsys):
    apps = migrate(BEFORE)
    late = _store(apps, LATE_SHORT_OF_IMPACT, 1)
    payment = _store(apps, PAYMENT, 2)

    apps = migrate(AFTER)
    Question = apps.get_model("quizzes", "Question")
    assert Question.objects.get(pk=late).situation == LATE_SHORT_OF_IMPACT
    assert Question.objects.get(pk=payment).situation == PAYMENT
    out = capsys.readouterr().out
    assert f"kept in the conclusions form: question {late} (test-template)" in out
    assert "play.acknowledged 'late' -> 'in_time'" in out
    # the engine still reads the old form
    ruling = evaluate(Situation.from_dict(Question.objects.get(pk=late).situation))
    assert ruling.infraction == "missed_trigger"


def test_a_row_whose_stored_ruling_the_engine_no_longer_gives_is_kept(capsys):
    apps = migrate(BEFORE)
    sc = scenario("mtg-visible-change", 0)
    ruling = dict(sc.ruling_dict, explanation=sc.ruling_dict["explanation"][:-1])
    row = _store(apps, sc.situation, 1, ruling)

    apps = migrate(AFTER)
    Question = apps.get_model("quizzes", "Question")
    assert Question.objects.get(pk=row).situation == sc.situation
    assert "ruled otherwise (explanation)" in capsys.readouterr().out


def test_reversing_leaves_workbench_stories_told_as_events():
    apps = migrate(BEFORE)
    row = _store(apps, WORKBENCH, 1, template_id="workbench")
    migrate(AFTER)
    apps = migrate(BEFORE)
    Question = apps.get_model("quizzes", "Question")
    assert Question.objects.get(pk=row).situation == WORKBENCH


def test_a_row_whose_explanation_would_read_otherwise_is_kept(capsys):
    apps = migrate(BEFORE)
    sc = scenario("mtg-visible-change", 0)
    text = build_question("mtg-visible-change", 0, "en", "free_form").explanation
    edited = text.replace("1. [", "1. [IPG 9.9] ", 1)
    row = _store(apps, sc.situation, 1, sc.ruling_dict, explanation=edited)

    apps = migrate(AFTER)
    Question = apps.get_model("quizzes", "Question")
    assert Question.objects.get(pk=row).situation == sc.situation
    assert "its explanation would read otherwise" in capsys.readouterr().out
