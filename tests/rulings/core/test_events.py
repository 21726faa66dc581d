"""Situations told as events (issue 30, point 1): the engine, not its caller, decides whether
awareness came in time for the trigger's category, which action passed its point of impact and
whether the controller took an active role. The stories are written for these tests."""

from __future__ import annotations

from typing import Any

import pytest

from rulings.core import Situation, SituationError, evaluate, load_policy
from rulings.core.events import as_events, impact_actions
from rulings.core.questions.build import scenario
from rulings.core.questions.templates import all_templates
from rulings.core.situation import FOLLOWING_ACTIONS

GAMES = {"mtg": "mtg-ipg-2.1-seed", "riftbound": "riftbound-tr-2026-seed"}
MTG_VERSIONS = ("mtg-ipg-2.1-seed", "mtg-ipg-2.1-2024-09-23", "mtg-ipg-2.1-es-article")


def _kinds(version: str) -> list[str]:
    return sorted(load_policy(version).awareness)


CASES = [(version, kind) for version in GAMES.values() for kind in _kinds(version)]


def _story(
    version: str, kind: str, events: list[dict[str, Any]], *, turn_player: str = "ana"
) -> dict[str, Any]:
    """Ana controls a mandatory trigger that helps her; what follows is told as events."""
    return {
        "game": load_policy(version).game,
        "policy_version": version,
        "players": ["ana", "ben"],
        "turn_player": turn_player,
        "trigger": {"kind": kind, "controller": "ana", "name": "A trigger of the test"},
        "events": events,
    }


def _passing(version: str, kind: str) -> str:
    """An action that passes this category's point of impact."""
    return sorted(load_policy(version).awareness[kind])[0]


def _not_passing(version: str, kind: str) -> str | None:
    """An action of this game that does not pass it, if the category has one."""
    awareness = load_policy(version).awareness
    of_game = {a for actions in awareness.values() for a in actions}
    quiet = [a for a in FOLLOWING_ACTIONS if a in of_game and a not in awareness[kind]]
    quiet = [a for a in quiet if not a.startswith("opponent_illegal")]
    return quiet[0] if quiet else None


def _rule(data: dict[str, Any]) -> Any:
    return evaluate(Situation.from_dict(data))


@pytest.mark.parametrize(("version", "kind"), CASES)
def test_awareness_before_any_action_is_in_time_for_every_category(version, kind):
    ruling = _rule(_story(version, kind, [{"by": "ana", "action": "acknowledge"}]))
    assert ruling.infraction != "missed_trigger"
    assert {"fact": "play.acknowledged", "value": "in_time"}.items() <= _fact(ruling, 0).items()


@pytest.mark.parametrize(("version", "kind"), CASES)
def test_awareness_after_the_point_of_impact_is_late_for_every_category(version, kind):
    action = _passing(version, kind)
    events = [{"by": "ana", "action": action}, {"by": "ana", "action": "acknowledge"}]
    ruling = _rule(_story(version, kind, events))
    assert ruling.infraction == "missed_trigger"
    facts = {f["fact"]: f for f in ruling.to_dict()["derived"]}
    assert facts["play.acknowledged"]["value"] == "late"
    assert facts["play.following_action"]["event"] == 0
    assert facts["play.acknowledged"]["citation"]  # the category's awareness statement


@pytest.mark.parametrize(("version", "kind"), CASES)
def test_an_action_short_of_the_point_of_impact_leaves_time(version, kind):
    action = _not_passing(version, kind)
    if action is None:
        pytest.skip(f"every listed action passes {kind}'s point of impact")
    events = [{"by": "ana", "action": action}, {"by": "ana", "action": "acknowledge"}]
    assert _rule(_story(version, kind, events)).infraction != "missed_trigger"


def test_might_stated_when_it_first_matters_is_in_time():
    """The issue's example: a Might-only buff stated at combat damage, after other actions."""
    events = [
        {"by": "ana", "action": "sorcery_speed_action"},
        {"by": "ana", "action": "new_game_action"},
        {"by": "ana", "action": "acknowledge", "says": "5 Might with the buff"},
        {"by": "ana", "action": "might_matters"},
    ]
    ruling = _rule(_story("riftbound-tr-2026-seed", "might_only", events))
    assert ruling.infraction == "no_infraction"


def test_invisible_trigger_stated_at_combat_damage_is_in_time():
    events = [
        {"by": "ana", "action": "sorcery_speed_action"},
        {"by": "ana", "action": "advance_step"},
        {"by": "ana", "action": "acknowledge", "says": "it deals 2"},
        {"by": "ana", "action": "declare_damage"},
    ]
    ruling = _rule(_story("mtg-ipg-2.1-seed", "invisible", events))
    assert ruling.infraction == "no_infraction"


def test_a_trigger_mixing_categories_is_passed_by_the_earliest_impact():
    """A target (choices on the stack) plus damage: passing priority already misses it."""
    story = _story("mtg-ipg-2.1-seed", "invisible", [])
    story["trigger"]["also"] = ["choices_on_stack"]
    story["events"] = [
        {"by": "ana", "action": "pass_priority"},
        {"by": "ana", "action": "acknowledge"},
    ]
    assert _rule(story).infraction == "missed_trigger"
    story["trigger"]["also"] = []
    assert _rule(story).infraction == "no_infraction"


@pytest.mark.parametrize("version", MTG_VERSIONS)
@pytest.mark.parametrize("kind", _kinds("mtg-ipg-2.1-seed"))
def test_opponent_moving_on_alone_never_misses_the_controllers_trigger(version, kind):
    events = [{"by": "ben", "action": _passing(version, kind)}]
    ruling = _rule(_story(version, kind, events, turn_player="ben"))
    assert ruling.infraction == "no_infraction"
    assert _fact(ruling, "play.controller_active_role")["value"] == "none"


@pytest.mark.parametrize("version", MTG_VERSIONS)
@pytest.mark.parametrize("kind", _kinds("mtg-ipg-2.1-seed"))
@pytest.mark.parametrize("role", ["explicit_pass", "instant_speed_action"])
def test_an_active_role_before_awareness_lets_the_opponent_pass_the_impact(version, kind, role):
    events = [
        {"by": "ana", "action": role, "says": "no responses" if role == "explicit_pass" else ""},
        {"by": "ben", "action": _passing(version, kind)},
    ]
    ruling = _rule(_story(version, kind, events, turn_player="ben"))
    assert ruling.infraction == "missed_trigger"
    role_fact = _fact(ruling, "play.controller_active_role")
    expected = "explicit_pass" if role == "explicit_pass" else "action"
    assert (role_fact["value"], role_fact["event"]) == (expected, 0)
    assert role_fact["citation"] == "IPG 2.1"


def test_symmetric_draw_trigger_helping_the_opponent_after_no_responses_is_a_warning():
    """Howling Mine on the opponent's draw step: 'no responses', then the opponent draws."""
    story = _story("mtg-ipg-2.1-seed", "visible_change", [], turn_player="ben")
    story["trigger"].update(symmetric=True, symmetric_effect="beneficial", affects="opponent")
    story["events"] = [
        {"by": "ana", "action": "explicit_pass", "says": "no responses"},
        {"by": "ben", "action": "advance_step"},
    ]
    ruling = _rule(story)
    assert (ruling.infraction, ruling.penalty.final) == ("missed_trigger", "warning")


def test_riftbound_has_no_active_role_rule_so_nothing_is_derived_for_it():
    events = [{"by": "ana", "action": "acknowledge"}]
    ruling = _rule(_story("riftbound-tr-2026-seed", "point_total", events, turn_player="ben"))
    facts = {f["fact"] for f in ruling.to_dict()["derived"]}
    assert "play.controller_active_role" not in facts


def test_a_noticed_event_decides_when_and_by_whom():
    events = [
        {"by": "ana", "action": "new_game_action"},
        {"by": "ben", "action": "noticed", "turn": 1},
    ]
    ruling = _rule(_story("riftbound-tr-2026-seed", "point_total", events, turn_player="ben"))
    assert ruling.infraction == "missed_trigger"
    assert _fact(ruling, "noticed.when")["value"] == "previous_turn"
    assert _fact(ruling, "noticed.by")["value"] == "opponent"


def test_a_judge_may_notice_but_not_act():
    events = [{"by": "judge", "action": "noticed"}]
    assert _rule(_story("mtg-ipg-2.1-seed", "invisible", events)).infraction
    with pytest.raises(SituationError) as caught:
        Situation.from_dict(
            _story("mtg-ipg-2.1-seed", "invisible", [{"by": "judge", "action": "draw_card"}])
        )
    assert caught.value.path == "events[0].by"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"play": {"acknowledged": "late"}}, "play.acknowledged"),
        ({"play": {"following_action": "draw_card"}}, "play.following_action"),
        ({"play": {"controller_active_role": "none"}}, "play.controller_active_role"),
    ],
)
def test_conclusions_the_events_decide_cannot_also_be_given(change, field):
    story = _story("mtg-ipg-2.1-seed", "invisible", [{"by": "ana", "action": "acknowledge"}])
    story.update(change)
    with pytest.raises(SituationError) as caught:
        Situation.from_dict(story)
    assert caught.value.path == field


def test_events_run_forward_in_time():
    events = [
        {"by": "ana", "action": "draw_card", "turn": 2},
        {"by": "ana", "action": "acknowledge", "turn": 1},
    ]
    with pytest.raises(SituationError) as caught:
        Situation.from_dict(_story("mtg-ipg-2.1-seed", "invisible", events))
    assert caught.value.path == "events[1].turn"


def test_events_are_only_for_a_trigger():
    data = {
        "game": "riftbound",
        "players": ["ana", "ben"],
        "turn_player": "ana",
        "game_error": {"kind": "general_error", "player": "ana"},
        "events": [{"by": "ana", "action": "draw_card"}],
    }
    with pytest.raises(SituationError) as caught:
        Situation.from_dict(data)
    assert caught.value.path == "events"


def test_rulings_without_events_keep_their_shape():
    story = _story("mtg-ipg-2.1-seed", "invisible", [])
    del story["events"]
    assert "derived" not in _rule(story).to_dict()


def test_impact_actions_of_an_unsaid_category_are_those_past_every_category():
    policy = load_policy("riftbound-tr-2026-seed")
    trigger = Situation.from_dict(_story("riftbound-tr-2026-seed", "point_total", [])).trigger
    assert trigger is not None
    unsaid = impact_actions(policy, type(trigger)(controller="ana"))
    assert unsaid == frozenset.intersection(*(frozenset(v) for v in policy.awareness.values()))


def _fact(ruling: Any, which: int | str) -> dict[str, Any]:
    facts = ruling.to_dict()["derived"]
    if isinstance(which, int):
        return dict(facts[which])
    return dict(next(f for f in facts if f["fact"] == which))


# ---- the old fields told as events (as_events) ----------------------------------------------


def _old(play: dict[str, Any], kind: str = "visible_change", turn_player: str = "ana"):
    return {
        "game": "mtg",
        "players": ["ana", "ben"],
        "turn_player": turn_player,
        "trigger": {"kind": kind, "controller": "ana"},
        "play": play,
    }


def test_old_fields_become_the_events_they_describe():
    told = as_events(
        _old(
            {
                "acknowledged": "late",
                "following_action": "advance_step",
                "following_action_by": "other",
                "controller_active_role": "explicit_pass",
            },
            turn_player="ben",
        )
    )
    assert "play" not in told
    assert told["events"] == [
        {"by": "ana", "action": "explicit_pass"},
        {"by": "ben", "action": "advance_step"},
        {"by": "ana", "action": "acknowledge"},
    ]


def test_old_fields_the_engine_does_not_decide_stay_in_play():
    told = as_events(_old({"following_action": "draw_card", "error_after_miss": True}))
    assert told["play"] == {"error_after_miss": True}


def test_a_late_label_after_an_action_short_of_the_impact_is_ruled_in_time():
    """The encoder's literal 'late' is no longer the engine's conclusion (issue 30)."""
    old = _old({"acknowledged": "late", "following_action": "instant_speed_action"})
    assert evaluate(Situation.from_dict(old)).infraction == "missed_trigger"
    assert evaluate(Situation.from_dict(as_events(old))).infraction == "no_infraction"


def test_a_controlled_turn_tells_the_controlling_player_as_the_one_who_acknowledges():
    old = _old({"acknowledged": "in_time", "following_action": "advance_step"})
    old["players"] = ["ana", "ben", "cy"]
    old["turn_control"] = {"controller": "cy", "controlled": "ana"}
    assert as_events(old)["events"][0] == {"by": "cy", "action": "acknowledge"}
    assert evaluate(Situation.from_dict(as_events(old))).infraction == "no_infraction"


@pytest.mark.parametrize("template", sorted(t.id for t in all_templates()))
def test_every_generated_trigger_story_keys_the_same_told_as_events(template):
    """The migration check: the generator's stories mean the same told as events, so the bank
    and stored questions can move to the event form without a key changing."""
    for seed in range(6):
        sc = scenario(template, seed)
        if "trigger" not in sc.situation:
            return
        ruling = evaluate(Situation.from_dict(as_events(sc.situation))).to_dict()
        assert _parts(ruling) == _parts(sc.ruling_dict), (template, seed)


def _parts(ruling: dict[str, Any]) -> tuple[object, ...]:
    remedy = tuple(step["remedy"] for step in ruling["remedy"])
    final = ruling["penalty"]["final"]
    return ruling["infraction"], final, remedy, ruling["accountable_player"]


# ---- extra turns (TR 206: they do not change the round cycle) ------------------------------


def _forgotten_point(turns: int, extra: int) -> dict[str, Any]:
    """Ana forgot a point on her turn; turns follow, `extra` of them ben's extra turns."""
    standard = turns - extra
    return {
        "game": "riftbound",
        "players": ["ana", "ben"],
        "turn_player": "ana" if standard % 2 == 0 else "ben",
        "score": {"player": "ana", "source": "hold"},
        "noticed": {
            "when": "previous_turn",
            "turns_elapsed": turns,
            "extra_turns": extra,
            "error_turn_player": "ana",
        },
    }


def test_an_extra_turn_does_not_complete_the_round_cycle():
    """Noticed during ben's extra turn: two turns begun, but ana has not begun her next one."""
    assert _rule(_forgotten_point(2, 1)).round_cycle.passed is False
    assert _rule(_forgotten_point(2, 0)).round_cycle.passed is True


def test_extra_turns_cannot_outnumber_the_turns_begun():
    with pytest.raises(SituationError) as caught:
        Situation.from_dict(_forgotten_point(1, 2))
    assert caught.value.path == "noticed.extra_turns"


def test_a_late_acknowledgement_keeps_the_noticing_the_caller_gave():
    """Told when it was noticed (a turn later), a late acknowledgement does not move it."""
    story = _story(
        "riftbound-tr-2026-seed",
        "point_total",
        [{"by": "ana", "action": "new_game_action"}, {"by": "ana", "action": "acknowledge"}],
    )
    story["noticed"] = {"when": "previous_turn", "turns_elapsed": 1}
    ruling = _rule(story)
    assert ruling.remedy[0].remedy == "continue_play"  # a previous turn's miss: play continues
    assert "noticed.when" not in {f["fact"] for f in ruling.to_dict()["derived"]}
