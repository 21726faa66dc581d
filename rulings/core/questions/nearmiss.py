"""Near misses: the same situation with ONE fact changed, re-evaluated by the engine.

Each mutation takes a situation dict and returns a changed copy, or None when the fact does not
apply. The engine decides what the changed situation's ruling is; nothing here rules.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

from rulings.core import Situation, SituationError, evaluate

Data = dict[str, Any]
Mutation = Callable[[Data], Data | None]
MUTATIONS: dict[str, Mutation] = {}


def mutation(fn: Callable[[Data], bool]) -> Callable[[Data], bool]:
    """Register `fn`, which edits a copy in place and returns False when it does not apply."""

    def apply(data: Data) -> Data | None:
        changed = copy.deepcopy(data)
        return changed if fn(changed) else None

    MUTATIONS[fn.__name__] = apply
    return fn


def _set(part: Data | None, key: str, value: object) -> bool:
    if part is None or part.get(key) == value:
        return False
    part[key] = value
    return True


def _toggle(part: Data | None, key: str, default: bool = False) -> bool:
    if part is None:
        return False
    part[key] = not part.get(key, default)
    return True


def _play(d: Data) -> Data:
    play: Data = d.setdefault("play", {})
    return play


def _noticed(d: Data, when: str) -> bool:
    noticed: Data = d.setdefault("noticed", {})
    if noticed.get("when", "same_action") == when:
        return False
    noticed["when"] = when
    noticed.pop("turns_elapsed", None)
    return True


# --- facts about the error ---------------------------------------------------------------


@mutation
def advantageous(d: Data) -> bool:
    return _toggle(d, "advantageous")


@mutation
def intent_none(d: Data) -> bool:
    return _set(d, "intent", "none")


@mutation
def intent_intentional(d: Data) -> bool:
    return _set(d, "intent", "intentional")


@mutation
def noticed_same_turn(d: Data) -> bool:
    return _noticed(d, "same_turn")


@mutation
def noticed_later(d: Data) -> bool:
    return _noticed(d, "previous_turn")


@mutation
def noticed_time_bar(d: Data) -> bool:
    return _noticed(d, "before_current_phase_of_previous_turn")


@mutation
def rewind_simple(d: Data) -> bool:
    return _set(d, "rewind", "simple")


@mutation
def rewind_complex(d: Data) -> bool:
    return _set(d, "rewind", "complex")


@mutation
def rewind_none(d: Data) -> bool:
    return _set(d, "rewind", "none")


@mutation
def opl_casual(d: Data) -> bool:
    return _set(d, "opl", "casual")


@mutation
def opl_competitive(d: Data) -> bool:
    return d.get("opl", "competitive") != "competitive" and _set(d, "opl", "competitive")


@mutation
def opl_professional(d: Data) -> bool:
    return _set(d, "opl", "professional")


@mutation
def no_witness(d: Data) -> bool:
    if not d.get("silent_witnesses"):
        return False
    d["silent_witnesses"] = []
    return True


# --- the trigger and what happened around it -----------------------------------------


@mutation
def optional(d: Data) -> bool:
    return _toggle(d.get("trigger"), "optional")


@mutation
def detrimental(d: Data) -> bool:
    return _toggle(d.get("trigger"), "detrimental")


@mutation
def no_impact(d: Data) -> bool:
    return _set(d.get("trigger"), "impact", False)


@mutation
def impact_yes(d: Data) -> bool:
    trigger = d.get("trigger")
    return trigger is not None and trigger.get("impact") is False and _set(trigger, "impact", True)


@mutation
def not_delayed_zone_change(d: Data) -> bool:
    return bool(d.get("trigger", {}).get("delayed")) and _set(d["trigger"], "delayed", False)


@mutation
def not_default_action(d: Data) -> bool:
    trigger = d.get("trigger", {})
    return bool(trigger.get("default_action")) and _set(trigger, "default_action", False)


@mutation
def duration_running(d: Data) -> bool:
    return _toggle(d.get("trigger"), "duration_expired")


@mutation
def affects_other(d: Data) -> bool:
    trigger = d.get("trigger")
    if trigger is None or not trigger.get("symmetric"):
        return False
    trigger["affects"] = "opponent" if trigger.get("affects") != "opponent" else "controller"
    return True


@mutation
def not_aura(d: Data) -> bool:
    trigger = d.get("trigger", {})
    return bool(trigger.get("aura_enchanted_only")) and _set(trigger, "aura_enchanted_only", False)


@mutation
def owner_is_controller(d: Data) -> bool:
    trigger = d.get("trigger")
    if trigger is None or not trigger.get("owner") or trigger["owner"] == trigger.get("controller"):
        return False
    trigger["owner"] = trigger.get("controller")
    return True


@mutation
def revealing_unchanged(d: Data) -> bool:
    return "trigger" in d and _toggle(_play(d), "revealing_action_changes_effect")


@mutation
def battlefield_uncontrolled(d: Data) -> bool:
    trigger = d.get("trigger")
    if trigger is None or trigger.get("source") != "battlefield" or not trigger.get("battlefield"):
        return False
    trigger["battlefield"] = {}
    return True


@mutation
def no_turn_control(d: Data) -> bool:
    return d.pop("turn_control", None) is not None


@mutation
def acknowledged_in_time(d: Data) -> bool:
    return "trigger" in d and _set(_play(d), "acknowledged", "in_time")


@mutation
def not_acknowledged(d: Data) -> bool:
    if "trigger" not in d or _play(d).get("acknowledged", "no") == "no":
        return False
    _play(d)["acknowledged"] = "no"
    _play(d).pop("problem_after_acknowledgement", None)
    return True


@mutation
def following_none(d: Data) -> bool:
    return "trigger" in d and _set(_play(d), "following_action", "none")


@mutation
def pass_priority(d: Data) -> bool:
    return (
        d.get("game") == "mtg"
        and "trigger" in d
        and _set(_play(d), "following_action", "pass_priority")
    )


@mutation
def advance_step(d: Data) -> bool:
    return "trigger" in d and _set(_play(d), "following_action", "advance_step")


@mutation
def might_matters(d: Data) -> bool:
    return (
        d.get("game") == "riftbound"
        and "trigger" in d
        and _set(_play(d), "following_action", "might_matters")
    )


@mutation
def illegal_challenged(d: Data) -> bool:
    play = _play(d)
    swap = {
        "opponent_illegal_action_unchallenged": "opponent_illegal_action_challenged",
        "opponent_illegal_action_challenged": "opponent_illegal_action_unchallenged",
    }
    current = play.get("following_action", "none")
    return current in swap and _set(play, "following_action", swap[current])


@mutation
def following_by_other(d: Data) -> bool:
    if "trigger" not in d:
        return False
    play = _play(d)
    play["following_action_by"] = (
        "other" if play.get("following_action_by") != "other" else ("accountable")
    )
    return True


@mutation
def error_after_miss(d: Data) -> bool:
    return "trigger" in d and _toggle(_play(d), "error_after_miss")


@mutation
def information_gained(d: Data) -> bool:
    block = _play(d).get("out_of_order_block") if "trigger" in d else None
    return _toggle(block, "information_gained")


@mutation
def no_information(d: Data) -> bool:
    block = _play(d).get("out_of_order_block") if "trigger" in d else None
    return bool(block) and _set(block, "information_gained", False)


# --- payments, scores, history -------------------------------------------------------


@mutation
def caused_result(d: Data) -> bool:
    return _toggle(d.get("payment"), "caused_result")


@mutation
def not_correctable(d: Data) -> bool:
    return _toggle(d.get("payment"), "correctable", default=True)


@mutation
def overpaid_instead(d: Data) -> bool:
    payment = d.get("payment")
    return payment is not None and _set(payment, "paid", payment["cost"] + 1)


@mutation
def underpaid_instead(d: Data) -> bool:
    payment = d.get("payment")
    return (
        payment is not None and payment["cost"] > 0 and _set(payment, "paid", payment["cost"] - 1)
    )


@mutation
def score_undeterminable(d: Data) -> bool:
    return _toggle(d.get("score"), "determinable", default=True)


@mutation
def turns_more(d: Data) -> bool:
    return _shift_turns(d, 1)


@mutation
def turns_fewer(d: Data) -> bool:
    return _shift_turns(d, -1)


def _shift_turns(d: Data, delta: int) -> bool:
    noticed = d.get("noticed", {})
    turns = noticed.get("turns_elapsed")
    if turns is None or turns + delta < 0:
        return False
    noticed["turns_elapsed"] = turns + delta
    noticed["when"] = "same_turn" if turns + delta == 0 else "previous_turn"
    return True


@mutation
def history_less(d: Data) -> bool:
    warnings = d.get("history", {}).get("warnings", {})
    if not warnings:
        return False
    top = max(sorted(warnings), key=lambda k: warnings[k])
    warnings[top] -= 1
    if not warnings[top]:
        del warnings[top]
    return True


@mutation
def history_more(d: Data) -> bool:
    history = d.setdefault("history", {})
    warnings = history.setdefault("warnings", {})
    kind = _subject_category(d)
    warnings[kind] = warnings.get(kind, 0) + 1
    return True


def _subject_category(d: Data) -> str:
    if d.get("game_error"):
        return str(d["game_error"]["kind"])
    if d.get("payment"):
        return "mispayment_for_cost"
    return "missed_trigger"


@mutation
def head_judge_upgrade(d: Data) -> bool:
    return _toggle(d.setdefault("history", {}), "head_judge_instructs_upgrade")


@mutation
def no_related(d: Data) -> bool:
    if not d.get("related_penalties"):
        return False
    d["related_penalties"] = []
    return True


@mutation
def related_game_loss(d: Data) -> bool:
    return _set(d, "related_penalties", ["game_loss"])


@mutation
def soften(d: Data) -> bool:
    return d.get("opl") == "casual" and _toggle(d, "soften_at_low_opl")


# Facts far from any stem: tried only when a template names them as pivots.
PIVOT_ONLY = frozenset({"intent_intentional"})


def near_misses(situation: Data, order: tuple[str, ...]) -> Iterator[tuple[str, Data, Data]]:
    """(mutation name, changed situation, its ruling dict) for every mutation that applies
    and yields a valid situation, in `order` first and then the rest by name."""
    generic = (name for name in sorted(MUTATIONS) if name not in PIVOT_ONLY)
    names = list(dict.fromkeys((*order, *generic)))
    for name in names:
        changed = MUTATIONS[name](situation)
        if changed is None or changed == situation:
            continue
        try:
            ruling = evaluate(Situation.from_dict(changed)).to_dict()
        except SituationError:
            continue
        yield name, changed, ruling
