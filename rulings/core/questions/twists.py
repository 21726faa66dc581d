"""Whether a story gives a candidate a reason to think nothing went wrong.

"No infraction" is a real distractor only where the story has a twist that makes it one: an
instant cast or a pass of priority (which need not miss a trigger), nothing done yet, an MTR 4.3
block of actions, another player's action or turn, a battlefield nobody controls, an optional
trigger, one that only adds Might, changes a rule, only copies or only makes a delayed trigger,
one at the first Beginning Phase, one that could change nothing. Where the story shows a plain
miss (the player moves on, draws or announces damage) nobody who read it picks "No infraction"
(review 17: 10 of 45 multiple-choice items had that dead option); the fourth option then comes
from another real confusion (`build._distractor_fits`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# Actions after which the trigger may still be fine: an instant cast or a pass of priority (not
# every category of trigger is missed by them), nothing done yet, an opponent's play that the
# trigger's rule change forbids.
TWIST_ACTIONS = frozenset(
    {
        "none",
        "instant_speed_action",
        "pass_priority",
        "opponent_illegal_action_challenged",
        "opponent_illegal_action_unchallenged",
    }
)
# Trigger facts that make "nothing went wrong" a reading someone could give.
TWIST_FLAGS = (
    "optional",
    "first_beginning_phase",
    "creates_only_copies",
    "creates_only_delayed_trigger",
    "only_target_opponent",
    "aura_enchanted_only",
)
TWIST_KINDS = frozenset({"might_only", "rule_change"})


def no_infraction_twist(situation: Mapping[str, Any]) -> bool:
    """The story has a twist that makes "No infraction" a real confusion."""
    trigger = situation.get("trigger") or {}
    play = situation.get("play") or {}
    if not trigger:
        return False
    if play.get("following_action") in TWIST_ACTIONS or play.get("out_of_order_block"):
        return True
    if play.get("following_action_by") == "other":
        return True
    if any(trigger.get(flag) for flag in TWIST_FLAGS) or trigger.get("kind") in TWIST_KINDS:
        return True
    if trigger.get("impact") is False:
        return True
    return trigger.get("source") == "battlefield" and not trigger.get("battlefield")
