"""Stories stored as events (issue 30): a question carries its situation told as events only
when the events derive back to the very conclusions the template gave and are ruled the same,
step for step; the generator's stories all do, in every policy version of their game."""

from __future__ import annotations

from typing import Any

import pytest

from rulings.core import Situation, evaluate, load_policy, policy_versions
from rulings.core.context import as_conclusions
from rulings.core.errors import SituationError
from rulings.core.questions import build_question
from rulings.core.questions.build import scenario
from rulings.core.questions.templates import all_templates
from rulings.core.told import conclusions, told_as_events

SEEDS = range(12)
# The conclusions the engine draws from events: never stored beside them.
DECIDED = frozenset(
    {
        "acknowledged",
        "following_action",
        "following_action_by",
        "controller_active_role",
        "active_role_taken",
    }
)
TRIGGER_TEMPLATES = sorted(
    t.id for t in all_templates() if "trigger" in scenario(t.id, 0).situation
)


def _versions(template_id: str) -> list[str | None]:
    game = next(t.game for t in all_templates() if t.id == template_id)
    return [None, *(v for v in policy_versions() if load_policy(v).game == game)]


def _without_derived(ruling: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in ruling.items() if k != "derived"}


def test_both_games_have_trigger_templates():
    games = {t.game for t in all_templates() if t.id in TRIGGER_TEMPLATES}
    assert games == {"mtg", "riftbound"}


@pytest.mark.parametrize("template_id", TRIGGER_TEMPLATES)
def test_every_trigger_story_round_trips_through_its_events(template_id):
    """as_events, then as_conclusions, gives the template's conclusions back, and the event
    form is ruled exactly as the conclusions were (key, steps, citations in order)."""
    told = 0
    for version in _versions(template_id):
        for seed in SEEDS:
            try:
                sc = scenario(template_id, seed, version)
            except SituationError:  # this version cannot express the story
                continue
            stored = told_as_events(sc.situation, sc.ruling_dict)
            assert stored.kept is None, (template_id, version, seed, stored.kept)
            assert not DECIDED & set(stored.situation.get("play", {})), (version, seed)
            back = as_conclusions(stored.situation)
            assert conclusions(back) == conclusions(sc.situation), (version, seed)
            assert _without_derived(stored.ruling) == _without_derived(sc.ruling_dict)
            told += 1
    assert told


@pytest.mark.parametrize("template_id", TRIGGER_TEMPLATES)
def test_a_question_carries_the_event_form_and_its_ruling(template_id):
    seed = next(n for n in SEEDS if "trigger" in scenario(template_id, n).situation)
    question = build_question(template_id, seed, "en", "free_form")
    sc = scenario(template_id, seed)
    assert not DECIDED & set(question.situation.get("play", {}))
    assert "events" in question.situation  # none when nothing followed the trigger
    assert question.ruling == evaluate(Situation.from_dict(question.situation)).to_dict()
    assert question.key.infraction == sc.ruling_dict["infraction"]


def test_a_story_the_events_would_rule_otherwise_keeps_its_conclusions_with_the_reason():
    """The encoder's 'late' after an action short of the trigger's point of impact: told as
    events, the engine finds it in time (issue 30), so the story is not moved silently."""
    old = {
        "game": "mtg",
        "players": ["ana", "ben"],
        "turn_player": "ana",
        "trigger": {"kind": "visible_change", "controller": "ana"},
        "play": {"acknowledged": "late", "following_action": "instant_speed_action"},
    }
    stored = told_as_events(old)
    assert stored.situation == old
    assert not stored.as_events
    assert stored.kept is not None
    assert "play.acknowledged 'late' -> 'in_time'" in stored.kept


def test_situations_without_a_trigger_or_already_told_as_events_stay_as_they_are():
    payment = {
        "game": "riftbound",
        "players": ["ana", "ben"],
        "turn_player": "ana",
        "payment": {"player": "ana", "cost": 2, "paid": 3},
    }
    assert told_as_events(payment).situation == payment
    events = {
        "game": "mtg",
        "players": ["ana", "ben"],
        "turn_player": "ana",
        "trigger": {"kind": "visible_change", "controller": "ana"},
        "events": [{"by": "ana", "action": "advance_step"}],
    }
    assert told_as_events(events).situation == events
    assert told_as_events(events).as_events


def test_the_old_conclusion_fields_still_rule_for_one_policy_cycle():
    """The engine still reads a situation given by its conclusions (docs/rulings.md)."""
    old = {
        "game": "mtg",
        "players": ["ana", "ben"],
        "turn_player": "ana",
        "trigger": {"kind": "visible_change", "controller": "ana"},
        "play": {"acknowledged": "late", "following_action": "advance_step"},
    }
    ruling = evaluate(Situation.from_dict(old))
    assert ruling.infraction == "missed_trigger"
    assert not ruling.derived
