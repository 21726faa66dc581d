"""Mutations of facts about the error and about the trigger and what happened around it."""

from __future__ import annotations

from rulings.core.questions.mutation import Data, mutation, noticed_at, play_of, set_fact, toggle

# --- facts about the error ---------------------------------------------------------------


@mutation
def advantageous(d: Data) -> bool:
    return toggle(d, "advantageous")


@mutation
def intent_none(d: Data) -> bool:
    return set_fact(d, "intent", "none")


@mutation
def intent_intentional(d: Data) -> bool:
    return set_fact(d, "intent", "intentional")


@mutation
def noticed_same_turn(d: Data) -> bool:
    return noticed_at(d, "same_turn")


@mutation
def noticed_later(d: Data) -> bool:
    return noticed_at(d, "previous_turn")


@mutation
def noticed_time_bar(d: Data) -> bool:
    return noticed_at(d, "before_current_phase_of_previous_turn")


@mutation
def rewind_simple(d: Data) -> bool:
    return set_fact(d, "rewind", "simple")


@mutation
def rewind_complex(d: Data) -> bool:
    return set_fact(d, "rewind", "complex")


@mutation
def rewind_none(d: Data) -> bool:
    return set_fact(d, "rewind", "none")


@mutation
def opl_casual(d: Data) -> bool:
    return set_fact(d, "opl", "casual")


@mutation
def opl_competitive(d: Data) -> bool:
    return d.get("opl", "competitive") != "competitive" and set_fact(d, "opl", "competitive")


@mutation
def opl_professional(d: Data) -> bool:
    return set_fact(d, "opl", "professional")


@mutation
def no_witness(d: Data) -> bool:
    if not d.get("silent_witnesses"):
        return False
    d["silent_witnesses"] = []
    return True


# --- the trigger and what happened around it -----------------------------------------


@mutation
def optional(d: Data) -> bool:
    return toggle(d.get("trigger"), "optional")


@mutation
def detrimental(d: Data) -> bool:
    return toggle(d.get("trigger"), "detrimental")


@mutation
def no_impact(d: Data) -> bool:
    return set_fact(d.get("trigger"), "impact", False)


@mutation
def impact_yes(d: Data) -> bool:
    trigger = d.get("trigger")
    return (
        trigger is not None and trigger.get("impact") is False and set_fact(trigger, "impact", True)
    )


@mutation
def not_delayed_zone_change(d: Data) -> bool:
    return bool(d.get("trigger", {}).get("delayed")) and set_fact(d["trigger"], "delayed", False)


@mutation
def not_default_action(d: Data) -> bool:
    trigger = d.get("trigger", {})
    return bool(trigger.get("default_action")) and set_fact(trigger, "default_action", False)


@mutation
def duration_running(d: Data) -> bool:
    return toggle(d.get("trigger"), "duration_expired")


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
    return bool(trigger.get("aura_enchanted_only")) and set_fact(
        trigger, "aura_enchanted_only", False
    )


@mutation
def owner_is_controller(d: Data) -> bool:
    trigger = d.get("trigger")
    if trigger is None or not trigger.get("owner") or trigger["owner"] == trigger.get("controller"):
        return False
    trigger["owner"] = trigger.get("controller")
    return True


@mutation
def revealing_unchanged(d: Data) -> bool:
    return "trigger" in d and toggle(play_of(d), "revealing_action_changes_effect")


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
    return "trigger" in d and set_fact(play_of(d), "acknowledged", "in_time")


@mutation
def not_acknowledged(d: Data) -> bool:
    if "trigger" not in d or play_of(d).get("acknowledged", "no") == "no":
        return False
    play_of(d)["acknowledged"] = "no"
    play_of(d).pop("problem_after_acknowledgement", None)
    return True


@mutation
def following_none(d: Data) -> bool:
    return "trigger" in d and set_fact(play_of(d), "following_action", "none")


@mutation
def pass_priority(d: Data) -> bool:
    return (
        d.get("game") == "mtg"
        and "trigger" in d
        and set_fact(play_of(d), "following_action", "pass_priority")
    )


@mutation
def advance_step(d: Data) -> bool:
    return "trigger" in d and set_fact(play_of(d), "following_action", "advance_step")


@mutation
def might_matters(d: Data) -> bool:
    return (
        d.get("game") == "riftbound"
        and "trigger" in d
        and set_fact(play_of(d), "following_action", "might_matters")
    )


@mutation
def illegal_challenged(d: Data) -> bool:
    play = play_of(d)
    swap = {
        "opponent_illegal_action_unchallenged": "opponent_illegal_action_challenged",
        "opponent_illegal_action_challenged": "opponent_illegal_action_unchallenged",
    }
    current = play.get("following_action", "none")
    return current in swap and set_fact(play, "following_action", swap[current])


@mutation
def following_by_other(d: Data) -> bool:
    if "trigger" not in d:
        return False
    play = play_of(d)
    play["following_action_by"] = (
        "other" if play.get("following_action_by") != "other" else ("accountable")
    )
    return True


@mutation
def error_after_miss(d: Data) -> bool:
    return "trigger" in d and toggle(play_of(d), "error_after_miss")


@mutation
def information_gained(d: Data) -> bool:
    block = play_of(d).get("out_of_order_block") if "trigger" in d else None
    return toggle(block, "information_gained")


@mutation
def no_information(d: Data) -> bool:
    block = play_of(d).get("out_of_order_block") if "trigger" in d else None
    return bool(block) and set_fact(block, "information_gained", False)


@mutation
def noticed_by_opponent(d: Data) -> bool:
    """The opponent pointed the error out at once, instead of nobody on the other side."""
    noticed: Data = d.setdefault("noticed", {})
    if noticed.get("by", "unstated") in ("unstated", "opponent"):
        return False
    noticed["by"] = "opponent"
    d["rewind"] = "simple"
    return True
