"""Facts derived once per evaluation: who is accountable, who is the opponent, round cycle.

The `Context` the predicates read. It sits below the predicate registry, so it needs only the
situation, the policy types and the events, never the policy loader.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulings.core.events import Derived, derive
from rulings.core.policy_types import Policy
from rulings.core.situation import Battlefield, Situation

SAME_TURN = ("same_action", "same_turn")


@dataclass(frozen=True)
class Context:
    situation: Situation
    policy: Policy
    accountable: str
    accountability: tuple[str, ...]  # statement ids that decided who is accountable
    opponent: str
    turns_elapsed: int
    error_turn_player: str
    cycle_passed: bool
    derived: tuple[Derived, ...] = ()  # conclusions drawn from the situation's events


def build_context(situation: Situation, policy: Policy) -> Context:
    """The derived facts; a situation told as events is ruled on the conclusions the engine
    draws from them (`ctx.situation` holds them, `ctx.derived` says why)."""
    accountable, why = _accountable(situation, policy)
    situation, derived = derive(situation, policy, accountable)
    turns = _turns_elapsed(situation)
    error_player = situation.noticed.error_turn_player or situation.turn_player
    return Context(
        situation=situation,
        policy=policy,
        accountable=accountable,
        accountability=why,
        opponent=_opponent(situation, accountable),
        turns_elapsed=turns,
        error_turn_player=error_player,
        cycle_passed=_cycle_passed(situation, turns),
        derived=derived,
    )


def _accountable(s: Situation, policy: Policy) -> tuple[str, tuple[str, ...]]:
    if s.trigger is None:
        return _actor(s), ()
    player, keys = _trigger_controller(s)
    control = s.turn_control
    if control and control.controlled == player and "turn_control" in policy.accountability:
        player, keys = control.controller, (*keys, "turn_control")
    found = (policy.accountability.get(k, ()) for k in keys)
    return player, tuple(dict.fromkeys(ref for refs in found for ref in refs))


def _trigger_controller(s: Situation) -> tuple[str, tuple[str, ...]]:
    assert s.trigger is not None
    if s.trigger.source == "card":
        return s.trigger.controller or s.turn_player, ("default",)
    field = s.trigger.battlefield or Battlefield()
    if field.names_player:
        return field.names_player, ("default", "battlefield_names_player")
    if field.controlled_by:
        return field.controlled_by, ("default", "battlefield_controlled")
    return s.turn_player, ("default", "battlefield_uncontrolled")


def _actor(s: Situation) -> str:
    for part in (s.payment, s.score, s.game_error):
        if part is not None:
            return part.player
    return s.turn_player


def _opponent(s: Situation, accountable: str) -> str:
    """The next opponent in turn order; a controlled player counts as the opponent."""
    control = s.turn_control
    if control and control.controller == accountable:
        return control.controlled
    index = s.players.index(accountable)
    return s.players[(index + 1) % len(s.players)]


def _turns_elapsed(s: Situation) -> int:
    if s.noticed.turns_elapsed is not None:
        return s.noticed.turns_elapsed
    return 0 if s.noticed.when in SAME_TURN else 1


def _cycle_passed(s: Situation, turns: int) -> bool:
    """The cycle ends when the player whose turn it was begins their next turn. Project
    decision (docs/rulings.md): noticed just as that turn begins, before any game action in
    it, the cycle has not passed yet; once that player has acted in it, it has."""
    if s.noticed.full_round_cycle_passed is not None:
        return s.noticed.full_round_cycle_passed
    standard = turns - s.noticed.extra_turns  # extra turns do not change the cycle (TR 206)
    if standard == len(s.players):
        return not s.noticed.at_start_of_turn
    return standard > len(s.players)
