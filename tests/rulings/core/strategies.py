"""Hypothesis strategies: valid situations for every game and policy version."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from rulings import default_version, load_policy, policy_versions
from rulings.core.policy import Policy
from rulings.core.situation import CONTROLLER_ACTIVE_ROLES, FOLLOWING_ACTIONS, GAME_ERRORS
from rulings.core.vocabulary import GAMES, OPLS, PENALTIES

NAMES = ("ana", "ben", "cy", "dee")
SAME_TURN = ("same_action", "same_turn")
LATER = ("previous_turn", "before_current_phase_of_previous_turn")
TRIGGER_FLAGS = (
    "optional",
    "impact",
    "first_time",
    "first_beginning_phase",
    "creates_only_delayed_trigger",
    "creates_only_copies",
    "delayed",
    "zone_change",
    "creates_token",
    "aura_enchanted_only",
    "default_action",
    "duration_expired",
    "detrimental",
    "symmetric",
    "only_target_opponent",
)


def _subjects(policy: Policy) -> list[str]:
    return sorted({rule.subject for rule in policy.classify})


@st.composite
def situation_dicts(draw: st.DrawFn) -> dict[str, Any]:
    game = draw(st.sampled_from(GAMES))
    version = draw(st.sampled_from(policy_versions(game)))
    policy = load_policy(version)
    players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True))
    player = st.sampled_from(players)
    data: dict[str, Any] = {
        "game": game,
        "players": players,
        "turn_player": draw(player),
        "policy_version": draw(st.sampled_from([version, None]))
        if version == default_version(game)
        else version,
        "opl": draw(st.sampled_from(OPLS)),
        "rewind": draw(st.sampled_from(["simple", "complex", "none"])),
        "advantageous": draw(st.booleans()),
        "intent": draw(
            st.sampled_from(["none", "none", "intentional", "intentional_unaware_of_rule"])
        ),
        "soften_at_low_opl": draw(st.booleans()),
        "noticed": draw(_noticed(players)),
        "history": draw(_history(policy)),
        "related_penalties": draw(st.lists(st.sampled_from(PENALTIES), max_size=2)),
        "silent_witnesses": draw(st.lists(player, max_size=2, unique=True)),
    }
    subject = draw(st.sampled_from(_subjects(policy)))
    data[subject] = draw(_SUBJECT[subject](policy, players))
    if subject == "trigger":
        data["play"] = draw(_play())
        if draw(st.booleans()):
            pair = draw(st.lists(player, min_size=2, max_size=2, unique=True))
            data["turn_control"] = {"controller": pair[0], "controlled": pair[1]}
    return data


@st.composite
def _noticed(draw: st.DrawFn, players: list[str]) -> dict[str, Any]:
    when = draw(st.sampled_from(SAME_TURN + LATER))
    turns = 0 if when in SAME_TURN else draw(st.integers(min_value=1, max_value=6))
    noticed: dict[str, Any] = {"when": when, "error_turn_player": draw(st.sampled_from(players))}
    if draw(st.booleans()):
        noticed["turns_elapsed"] = turns
    if draw(st.booleans()):
        noticed["full_round_cycle_passed"] = draw(st.booleans())
    return noticed


@st.composite
def _history(draw: st.DrawFn, policy: Policy) -> dict[str, Any]:
    categories = sorted(policy.infractions)
    counts = draw(st.dictionaries(st.sampled_from(categories), st.integers(0, 7), max_size=3))
    return {"warnings": counts, "head_judge_instructs_upgrade": draw(st.booleans())}


@st.composite
def _trigger(draw: st.DrawFn, policy: Policy, players: list[str]) -> dict[str, Any]:
    player = st.sampled_from(players)
    trigger: dict[str, Any] = {"kind": draw(st.sampled_from(sorted(policy.awareness)))}
    trigger.update({flag: draw(st.booleans()) for flag in TRIGGER_FLAGS})
    trigger["symmetric_effect"] = draw(st.sampled_from(["beneficial", "harmful"]))
    trigger["affects"] = draw(st.sampled_from(["controller", "opponent"]))
    if draw(st.booleans()):
        trigger["source"] = "battlefield"
        trigger["battlefield"] = {
            "controlled_by": draw(st.none() | player),
            "names_player": draw(st.none() | player),
        }
    else:
        trigger["controller"] = draw(player)
        trigger["owner"] = draw(st.none() | player)
    return trigger


@st.composite
def _play(draw: st.DrawFn) -> dict[str, Any]:
    play: dict[str, Any] = {
        "acknowledged": draw(st.sampled_from(["in_time", "late", "no"])),
        "following_action": draw(st.sampled_from(FOLLOWING_ACTIONS)),
        "following_action_by": draw(st.sampled_from(["accountable", "other"])),
        "revealing_action_changes_effect": draw(st.booleans()),
        "error_after_miss": draw(st.booleans()),
        "problem_after_acknowledgement": draw(st.booleans()),
        "controller_active_role": draw(st.sampled_from(CONTROLLER_ACTIVE_ROLES)),
    }
    if draw(st.booleans()):
        play["out_of_order_block"] = {
            "legal_in_order": draw(st.booleans()),
            "information_gained": draw(st.booleans()),
        }
    return play


@st.composite
def _payment(draw: st.DrawFn, policy: Policy, players: list[str]) -> dict[str, Any]:
    return {
        "player": draw(st.sampled_from(players)),
        "cost": draw(st.integers(0, 12)),
        "paid": draw(st.integers(0, 12)),
        "wrong_requirements": draw(st.booleans()),
        "caused_result": draw(st.booleans()),
        "correctable": draw(st.booleans()),
    }


@st.composite
def _score(draw: st.DrawFn, policy: Policy, players: list[str]) -> dict[str, Any]:
    return {
        "player": draw(st.sampled_from(players)),
        "source": draw(st.sampled_from(["conquer", "hold"])),
        "forgotten": draw(st.booleans()),
        "determinable": draw(st.booleans()),
    }


@st.composite
def _game_error(draw: st.DrawFn, policy: Policy, players: list[str]) -> dict[str, Any]:
    kinds = sorted(k for k in policy.infractions if k in GAME_ERRORS)
    return {"kind": draw(st.sampled_from(kinds)), "player": draw(st.sampled_from(players))}


_SUBJECT = {"trigger": _trigger, "payment": _payment, "score": _score, "game_error": _game_error}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
