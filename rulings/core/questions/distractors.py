"""Named distractor rules: wrong rulings candidates give for a kind of story, as data.

A template lists the rules its stories call for (`@template(..., distractors=(...))`). Each rule
is a small function of the key and the story's situation that returns wrong values of one part,
each a real confusion no near miss produces (the engine rules one changed fact; a confusion is a
candidate misreading the rule). `build._alternatives` offers them beside the near misses, with
the same weight, and the usual checks (coherent, allowed by the story, not right as well) still
apply.

Why they exist (issue 27, review 11): where only "Missed Trigger" and "No infraction" are live, a
story keyed "No infraction" had three Missed Trigger distractors and the key was the odd
infraction out, so it made no multiple-choice item; across the bank "Missed Trigger" was then
the key in 85% of the items offering it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from rulings.core.questions.model import KeyParts


@dataclass(frozen=True)
class Distractor:
    """One wrong value of one part (`part`: infraction, penalty or remedy), set in the key."""

    part: str
    parts: KeyParts
    params: Mapping[str, Mapping[str, Any]]
    origin: str


Rule = Callable[[KeyParts, Mapping[str, Any]], tuple[Distractor, ...]]
RULES: dict[str, Rule] = {}

# The fix a candidate gives who takes "no penalty" for "no infraction" and a trigger not put on
# the stack in time for a lost one: play goes on and the trigger never resolves. Only beside a
# "No infraction" key (see `build.coherent`).
TRIGGER_NEVER_RESOLVES = "trigger_never_resolves"


def rule(name: str) -> Callable[[Rule], Rule]:
    def register(function: Rule) -> Rule:
        if name in RULES:
            raise ValueError(f"duplicate distractor rule {name!r}")
        RULES[name] = function
        return function

    return register


def distractors(
    names: tuple[str, ...], key: KeyParts, situation: Mapping[str, Any]
) -> list[Distractor]:
    """The wrong values the named rules give for this key and story, in the rules' order."""
    found: list[Distractor] = []
    for name in names:
        found.extend(RULES[name](key, situation))
    return found


def trigger_still_pending(situation: Mapping[str, Any]) -> bool:
    """The story's trigger has not been dealt with yet and still changes the game: it was not
    acknowledged (and resolved), it has an effect, and nobody chose to skip it."""
    trigger = situation.get("trigger") or {}
    play = situation.get("play") or {}
    return (
        bool(trigger)
        and play.get("acknowledged", "no") == "no"
        and trigger.get("impact") is not False
        and situation.get("intent", "none") == "none"
    )


@rule("trigger_never_resolves")
def other_timing(key: KeyParts, situation: Mapping[str, Any]) -> tuple[Distractor, ...]:
    """The remedy of the other timing: a trigger not yet missed (its moment has not passed, an
    opponent rushed past it, it was acknowledged later the same turn) is ruled no infraction
    and resolves; the candidate who reads its moment as gone lets play continue without it."""
    if key.infraction != "no_infraction" or key.remedy != ("none",):
        return ()
    if not trigger_still_pending(situation) or _breach_told(situation):
        return ()
    parts = replace(key, remedy=(TRIGGER_NEVER_RESOLVES,), rewind_by=None)
    return (Distractor("remedy", parts, {}, f"confusion:{TRIGGER_NEVER_RESOLVES}"),)


def _breach_told(situation: Mapping[str, Any]) -> bool:
    """The story tells an illegal action (an opponent's block the trigger forbids): that breach,
    a Game Rule Violation, is the confusion such a story offers."""
    play = situation.get("play") or {}
    return "illegal" in str(play.get("following_action", ""))


@rule("out_of_order_as_violation")
def out_of_order(key: KeyParts, situation: Mapping[str, Any]) -> tuple[Distractor, ...]:
    """Actions announced out of order (MTR 4.3): the candidate who does not know that a block of
    actions may be announced slightly out of order calls the order itself a Game Rule
    Violation, whether the block was fine (no infraction) or gained information (missed)."""
    if key.infraction not in ("missed_trigger", "no_infraction") or not situation.get("trigger"):
        return ()
    parts = replace(key, infraction="game_rule_violation")
    return (Distractor("infraction", parts, {}, "confusion:out_of_order_as_violation"),)
