"""Named conditions that policy data refers to in `when = [...]` (prefix `!` negates).

Adding an infraction usually needs only data; a genuinely new kind of fact needs one small
predicate here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rulings.core.situation import Trigger
from rulings.core.vocabulary import LOW_OPLS

if TYPE_CHECKING:
    from rulings.core.facts import Context

Predicate = Callable[["Context"], bool]
PREDICATES: dict[str, Predicate] = {}


def predicate(fn: Predicate) -> Predicate:
    PREDICATES[fn.__name__] = fn
    return fn


def holds(ctx: Context, names: tuple[str, ...]) -> bool:
    """True when every named predicate holds."""
    return all(_one(ctx, name) for name in names)


def _one(ctx: Context, name: str) -> bool:
    if name.startswith("!"):
        return not PREDICATES[name[1:]](ctx)
    return PREDICATES[name](ctx)


NO_TRIGGER = Trigger(kind="none")


def _trigger(ctx: Context) -> Trigger:
    """The trigger, or a neutral one when an infraction's rules are reached another way."""
    return ctx.situation.trigger or NO_TRIGGER


# --- intent, advantage and OPL -------------------------------------------------------


@predicate
def intentional(ctx: Context) -> bool:
    return ctx.situation.intent == "intentional"


@predicate
def unaware_of_rule(ctx: Context) -> bool:
    return ctx.situation.intent == "intentional_unaware_of_rule"


@predicate
def advantageous(ctx: Context) -> bool:
    return ctx.situation.advantageous


@predicate
def low_opl(ctx: Context) -> bool:
    return ctx.situation.opl in LOW_OPLS


# --- timing ------------------------------------------------------------------------


@predicate
def noticed_same_turn(ctx: Context) -> bool:
    return ctx.situation.noticed.when in ("same_action", "same_turn")


@predicate
def missed_in_previous_turn(ctx: Context) -> bool:
    return not noticed_same_turn(ctx)


@predicate
def past_time_bar(ctx: Context) -> bool:
    """Missed before the current phase of the previous turn. With the phases given, how long
    ago is derived from them (in the policy's order of phases) and the turns elapsed; otherwise
    `noticed.when` says it."""
    noticed = ctx.situation.noticed
    phases = ctx.policy.phases
    if noticed.phase is not None and noticed.error_phase is not None and ctx.policy.phases_ordered:
        if ctx.turns_elapsed != 1:
            return ctx.turns_elapsed > 1
        return phases.index(noticed.error_phase) < phases.index(noticed.phase)
    return noticed.when == "before_current_phase_of_previous_turn"


@predicate
def within_round_cycle(ctx: Context) -> bool:
    return not ctx.cycle_passed


@predicate
def cycle_boundary(ctx: Context) -> bool:
    """Noticed as the player on whose turn the error happened begins their next turn."""
    noticed = ctx.situation.noticed
    return noticed.full_round_cycle_passed is None and ctx.turns_elapsed == len(
        ctx.situation.players
    )


# --- rewinds -----------------------------------------------------------------------


@predicate
def simple_rewind_possible(ctx: Context) -> bool:
    return ctx.situation.rewind == "simple"


@predicate
def rewind_possible(ctx: Context) -> bool:
    return ctx.situation.rewind != "none"


# --- partial fixes (IPG 2.5) ---------------------------------------------------------


@predicate
def missed_draw_or_discard(ctx: Context) -> bool:
    return ctx.situation.partial_fix == "missed_draw_or_discard"


@predicate
def object_in_wrong_zone(ctx: Context) -> bool:
    return ctx.situation.partial_fix == "object_in_wrong_zone"
