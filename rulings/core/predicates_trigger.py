"""Predicates about triggered abilities (registered into PREDICATES on import)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulings.core.events import impact_actions, on_own_turn
from rulings.core.predicates import _trigger, predicate

if TYPE_CHECKING:
    from rulings.core.facts import Context


@predicate
def no_impact(ctx: Context) -> bool:
    return not _trigger(ctx).impact


@predicate
def mandatory(ctx: Context) -> bool:
    return not _trigger(ctx).optional


@predicate
def optional_invisible(ctx: Context) -> bool:
    trigger = _trigger(ctx)
    return trigger.optional and trigger.kind == "invisible"


@predicate
def first_time(ctx: Context) -> bool:
    return _trigger(ctx).first_time


@predicate
def creates_only_delayed(ctx: Context) -> bool:
    return _trigger(ctx).creates_only_delayed_trigger


@predicate
def creates_only_copies(ctx: Context) -> bool:
    return _trigger(ctx).creates_only_copies


@predicate
def action_by_other(ctx: Context) -> bool:
    """The point of impact was passed by someone other than the accountable player."""
    return ctx.situation.play.following_action_by == "other"


@predicate
def rushed_on_own_turn(ctx: Context) -> bool:
    """Another player moved the game on during the accountable player's own turn (TR 702.2.c's
    rushing). On another player's turn, that player's ordinary move is no rushing (review 8)."""
    return action_by_other(ctx) and ctx.accountable == ctx.error_turn_player


@predicate
def acknowledged_in_time(ctx: Context) -> bool:
    return ctx.situation.play.acknowledged == "in_time"


@predicate
def problem_after_acknowledgement(ctx: Context) -> bool:
    return acknowledged_in_time(ctx) and ctx.situation.play.problem_after_acknowledgement


@predicate
def out_of_order_acceptable(ctx: Context) -> bool:
    block = ctx.situation.play.out_of_order_block
    return block is not None and block.legal_in_order and not block.information_gained


@predicate
def out_of_order_information(ctx: Context) -> bool:
    block = ctx.situation.play.out_of_order_block
    return block is not None and block.information_gained


@predicate
def first_beginning_phase(ctx: Context) -> bool:
    """The trigger happened as its controller's very first Beginning Phase started."""
    return _trigger(ctx).first_beginning_phase


@predicate
def first_beginning_phase_window(ctx: Context) -> bool:
    trigger = _trigger(ctx)
    in_turn = ctx.situation.noticed.when in ("same_action", "same_turn")
    return trigger.first_beginning_phase and in_turn


@predicate
def target_opponent_assumed(ctx: Context) -> bool:
    """Two players, the only choice is 'target opponent', and only priority moved on."""
    trigger = _trigger(ctx)
    play = ctx.situation.play
    only = trigger.kind == "choices_on_stack" and trigger.only_target_opponent
    early = play.following_action in ("none", "pass_priority", "instant_speed_action")
    return only and early and len(ctx.situation.players) == 2


@predicate
def illegal_action_challenged(ctx: Context) -> bool:
    return ctx.situation.play.following_action == "opponent_illegal_action_challenged"


@predicate
def missed(ctx: Context) -> bool:
    """The accountable player passed the trigger's first point of impact unaware of it."""
    play = ctx.situation.play
    if play.acknowledged == "late" or out_of_order_information(ctx):
        return True
    return play.following_action in impact_actions(ctx.policy, _trigger(ctx))


def _on_opponents_turn(ctx: Context) -> bool:
    """The trigger was controlled on an opponent's turn: the turn of the error (noticed a turn
    later, `turn_player` is whose turn it is now), not one its controller controls."""
    return not on_own_turn(ctx.situation, ctx.accountable)


@predicate
def awaiting_active_role(ctx: Context) -> bool:
    """On an opponent's turn, a trigger is remembered if its controller shows awareness before
    taking an active part (IPG 2.1): not yet having taken one, it is not missed."""
    play = ctx.situation.play
    if play.controller_active_role != "unstated":
        return _on_opponents_turn(ctx) and play.controller_active_role == "none"
    return _on_opponents_turn(ctx) and not play.active_role_taken


@predicate
def active_role_before_awareness(ctx: Context) -> bool:
    """The active-role rule (IPG 2.1): on an opponent's turn, the trigger's controller took an
    active part (a game action, or an explicit pass of priority such as "no responses") before
    showing awareness of it. From then on the trigger can be missed even though the actions that
    passed its point of impact were the opponent's: the controller let it go, no one forced it.
    Only a stated role counts (`unstated` keeps the rule that an opponent cannot force a miss)."""
    role = ctx.situation.play.controller_active_role
    return _on_opponents_turn(ctx) and role in ("action", "explicit_pass")


@predicate
def error_after_miss(ctx: Context) -> bool:
    return ctx.situation.play.error_after_miss


@predicate
def might_only(ctx: Context) -> bool:
    return _trigger(ctx).kind == "might_only"


@predicate
def default_action(ctx: Context) -> bool:
    return _trigger(ctx).default_action


@predicate
def delayed_zone_change(ctx: Context) -> bool:
    trigger = _trigger(ctx)
    return trigger.delayed and trigger.zone_change


@predicate
def delayed_zone_change_or_token(ctx: Context) -> bool:
    trigger = _trigger(ctx)
    return trigger.delayed and (trigger.zone_change or trigger.creates_token)


@predicate
def aura_enchanted_only(ctx: Context) -> bool:
    return _trigger(ctx).aura_enchanted_only


@predicate
def duration_expired(ctx: Context) -> bool:
    return _trigger(ctx).duration_expired


@predicate
def revealing_action_changes_effect(ctx: Context) -> bool:
    return ctx.situation.play.revealing_action_changes_effect


@predicate
def detrimental(ctx: Context) -> bool:
    return _trigger(ctx).detrimental


@predicate
def symmetric_bad_for_controller(ctx: Context) -> bool:
    """Symmetric: harmful to its controller, or beneficial to an opponent."""
    trigger = _trigger(ctx)
    if not trigger.symmetric:
        return False
    harmful = trigger.symmetric_effect == "harmful"
    return harmful == (trigger.affects == "controller")


@predicate
def owns_card(ctx: Context) -> bool:
    trigger = _trigger(ctx)
    owner = trigger.owner or trigger.controller or ctx.accountable
    return owner == ctx.accountable


@predicate
def zone_change(ctx: Context) -> bool:
    return _trigger(ctx).zone_change
