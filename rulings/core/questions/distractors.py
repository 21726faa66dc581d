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

# What a candidate rules who sees nothing wrong yet with a pending trigger but fears it will be
# forgotten: no infraction, and the judge reminds its controller of it. Wrong under IPG 2.1
# (seed: a judge asking about a trigger is itself a reminder, to be avoided; judges step in only
# to penalise or to investigate Cheating), and it presumes no error, so it goes with "No
# infraction" only (see `build.coherent`). It replaced "play continues without the trigger, which
# never resolves" beside a "No infraction" key (review 16: 6 of 45 items), which contradicted
# itself: if nothing was done wrong, the trigger is not lost.
JUDGE_REMINDS = "judge_reminds"


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


@rule("judge_reminds")
def judge_reminds(key: KeyParts, situation: Mapping[str, Any]) -> tuple[Distractor, ...]:
    """A Magic trigger not yet missed (its moment has not passed, or it is still on the stack)
    and called about at once: the candidate who reads the call as a request for help has the
    judge remind the controller. Not where an opponent's action is the story (the key's fix is
    then the trigger resolving, which a reminder would only restate), nor where one player
    controls another's turn (who would be reminded is the question there)."""
    if key.infraction != "no_infraction" or key.remedy != ("none",):
        return ()
    if situation.get("game") != "mtg" or situation.get("turn_control"):
        return ()
    play = situation.get("play") or {}
    if play.get("following_action_by") == "other":
        return ()
    if not trigger_still_pending(situation) or _breach_told(situation):
        return ()
    controller = str((situation.get("trigger") or {}).get("controller", ""))
    if not controller:
        return ()
    parts = replace(key, remedy=(JUDGE_REMINDS,), rewind_by=None)
    params = {JUDGE_REMINDS: {"player": controller}}
    return (Distractor("remedy", parts, params, f"confusion:{JUDGE_REMINDS}"),)


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


# Rare infractions offered as wrong answers, not only as keys (issue 27, h27i): measured on 1,000
# multiple-choice items, Cheating was the key in 93% of the items offering it (chance 48%),
# Failure to Maintain Game State 92% (50%), Forgetting to Score 100% (71%), the extra-card errors
# 69-100% (50%). Each rule below offers one where a candidate who read the story could name it.

CHEATING = "cheating"
FTMGS = "failure_to_maintain_game_state"
FORGETTING_TO_SCORE = "forgetting_to_score"


def _suspect_intent(situation: Mapping[str, Any]) -> bool:
    """The story shows what makes a candidate suspect the skip was on purpose: the player
    admits skipping it (but did not know the rule, or it changed nothing), or says they had not
    noticed a trigger whose missing helped them (it cost them something or was advantageous)."""
    trigger = situation.get("trigger") or {}
    intent = situation.get("intent", "none")
    if intent != "none":
        return True
    return situation.get("advantageous") is True or trigger.get("detrimental") is True


@rule("suspected_cheating")
def suspected_cheating(key: KeyParts, situation: Mapping[str, Any]) -> tuple[Distractor, ...]:
    """A trigger skipped where intent is only suspected (the player did not know the rule, the
    trigger could change nothing, or a costly trigger was "not noticed"): the candidate who
    reads the events as an attempt at an advantage calls it Cheating, a Disqualification (or a
    Game Loss)."""
    if key.infraction not in ("missed_trigger", "no_infraction") or not situation.get("trigger"):
        return ()
    if not _suspect_intent(situation):
        return ()
    origin = "confusion:suspected_cheating"
    return (
        Distractor("infraction", replace(key, infraction=CHEATING), {}, origin),
        # Cheating's penalty and the rung below it (the two a Cheating option is shown with);
        # neither goes with the key's infraction (`build.coherent`, `build._distractor_fits`).
        Distractor("penalty", replace(key, penalty="disqualification"), {}, origin),
        Distractor("penalty", replace(key, penalty="game_loss"), {}, origin),
    )


@rule("silent_witness_as_offender")
def silent_witness(key: KeyParts, situation: Mapping[str, Any]) -> tuple[Distractor, ...]:
    """A player's error that an opponent saw and let stand (the story says so): the candidate
    who asks who erred rules the witness's Failure to Maintain Game State, a Warning, as the
    infraction. Never where no opponent is told to have seen it (committee decisions,
    2026-12-06: Failure to Maintain Game State is for a player who saw the error)."""
    if key.infraction in (FTMGS, "no_infraction") or not situation.get("silent_witnesses"):
        return ()
    origin = "confusion:silent_witness_as_offender"
    return (
        Distractor("infraction", replace(key, infraction=FTMGS), {}, origin),
        Distractor("penalty", replace(key, penalty="warning"), {}, origin),
    )


# Cards seen or taken too many, as candidates mix them up: a card turned over by accident while
# searching read as secret information, a card drawn too many as looked at, a mulligan's early
# draw as a card drawn too many (never the other way round: a Draw Phase error is no mulligan's,
# and nothing is drawn while searching).
EXTRA_CARDS = {
    "looking_at_extra_cards": "looking_at_secret_information",
    "drawing_extra_cards": "looking_at_extra_cards",
    "mulligan_procedure_error": "drawing_extra_cards",
}


@rule("extra_cards")
def extra_cards(key: KeyParts, situation: Mapping[str, Any]) -> tuple[Distractor, ...]:
    """Looking at Extra Cards vs Drawing Extra Cards vs Looking at Secret Information: the
    neighbour candidates name for the told action, before the General Error."""
    error = situation.get("game_error") or {}
    other = EXTRA_CARDS.get(key.infraction)
    if other is None or error.get("kind") != key.infraction:
        return ()
    parts = replace(key, infraction=other)
    return (Distractor("infraction", parts, {}, "confusion:extra_cards"),)


def points_trigger(situation: Mapping[str, Any]) -> bool:
    """The story's trigger changes a point total (an opponent gains or loses a point)."""
    trigger = situation.get("trigger") or {}
    return trigger.get("kind") == "point_total" and trigger.get("impact") is not False


@rule("points_as_score")
def points_as_score(key: KeyParts, situation: Mapping[str, Any]) -> tuple[Distractor, ...]:
    """A trigger that would have changed the score, skipped: the candidate who reads a point
    not gained as a point not scored rules Forgetting to Score (TR 702.3 is for conquering and
    holding, not for effects)."""
    if key.infraction not in ("missed_trigger", "no_infraction") or not points_trigger(situation):
        return ()
    parts = replace(key, infraction=FORGETTING_TO_SCORE)
    return (Distractor("infraction", parts, {}, "confusion:points_as_score"),)
