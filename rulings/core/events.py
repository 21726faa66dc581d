"""Situations told as events: what happened after a trigger, in order, and the conclusions the
engine draws from it (issue 30).

A caller who lists `events` does not decide whether awareness came "in time" or "late", which
action passed the trigger's point of impact, or whether its controller took an active role:
those are the judgments a question tests. `derive` reads the events against the policy
version's awareness table and fills in the `play` and `noticed` conclusions; each conclusion
is kept as a `Derived` fact citing the statement that decides it, so the ruling can show why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from rulings.core.policy_types import Policy
from rulings.core.situation import Event, Noticed, Play, Situation, Trigger

# Actions that are a player's own game action: taking one on an opponent's turn before
# showing awareness of a trigger is an active role (IPG 2.1). Passing priority without a word
# is not; saying "no responses" is ("explicit_pass").
PASSIVE = frozenset({"acknowledge", "noticed", "pass_priority"})
# An explicit pass moves the game on exactly as a silent one does.
AS_IMPACT = {"explicit_pass": "pass_priority"}


@dataclass(frozen=True)
class Derived:
    """One conclusion the engine drew from the events: the field it sets, its value, the
    event (index into `events`) that decided it, if any, and the statement that says why."""

    fact: str
    value: str
    event: int | None
    statement: str | None


def impact_actions(policy: Policy, trigger: Trigger) -> frozenset[str]:
    """The actions that pass the trigger's first point of impact under this policy: the union
    over its categories (a trigger that both targets and draws is passed by the earliest), or,
    when the story does not say what it does, only the actions past every category's impact."""
    kinds = tuple(k for k in (trigger.kind, *trigger.also) if k is not None)
    if kinds:
        return frozenset(a for k in kinds for a in policy.awareness.get(k, ()))
    lists = [frozenset(v) for v in policy.awareness.values()]
    return frozenset.intersection(*lists) if lists else frozenset()


def derive(
    situation: Situation, policy: Policy, accountable: str
) -> tuple[Situation, tuple[Derived, ...]]:
    """The situation with its `play` and `noticed` conclusions drawn from its events, and those
    conclusions with their reasons (the situation itself, and none, when it lists no events)."""
    if not situation.events or situation.trigger is None:
        return situation, ()
    play, why_play = _play(situation, policy, accountable)
    noticed, why_noticed = _noticed(situation, accountable, play.acknowledged)
    noticed, why_phases = _phases(situation, policy, play.acknowledged, why_play, noticed)
    return replace(situation, play=play, noticed=noticed), why_play + why_noticed + why_phases


def _awareness_statement(policy: Policy, s: Situation) -> str | None:
    trigger = s.trigger
    assert trigger is not None
    kind = trigger.kind or next(iter(trigger.also), None)
    statements = policy.awareness_statement
    only = kind == "choices_on_stack" and trigger.only_target_opponent
    if "target_opponent" in statements and only and len(s.players) == 2:
        # "Target opponent" is chosen automatically: shown later as a visible change (as
        # evaluate._awareness cites it).
        kind = "visible_change"
    return statements.get(kind) if kind else None


def _play(s: Situation, policy: Policy, accountable: str) -> tuple[Play, tuple[Derived, ...]]:
    assert s.trigger is not None
    first_past, aware, role = _scan(s, impact_actions(policy, s.trigger), accountable)
    acknowledged = "no" if aware is None else ("in_time" if first_past is None else "late")
    following = _following(s, first_past, aware)
    moved_by = s.events[following].by if following is not None else accountable
    active = _active_role(s, policy, role, accountable)
    play = replace(
        s.play,
        acknowledged=acknowledged,
        following_action=_action(s, following),
        following_action_by="accountable" if moved_by == accountable else "other",
        controller_active_role=active,
        active_role_taken=active != "none",
    )
    return play, _play_reasons(s, policy, play, (aware, following, role))


def _scan(
    s: Situation, past: frozenset[str], accountable: str
) -> tuple[int | None, int | None, int | None]:
    """The events up to the controller's showing awareness, read once: the first that passes
    the point of impact, the controller's acknowledgement (none when someone else pointed the
    trigger out first) and the controller's first own game action, each an index or None."""
    first_past: int | None = None
    aware: int | None = None
    role: int | None = None
    for index, event in enumerate(s.events):
        if event.action == "noticed" or (event.action == "acknowledge" and event.by != accountable):
            break  # someone else pointed it out: the controller never showed awareness
        if event.action == "acknowledge":
            aware = index
            break
        if first_past is None and AS_IMPACT.get(event.action, event.action) in past:
            first_past = index
        if role is None and event.by == accountable and event.action not in PASSIVE:
            role = index
    return first_past, aware, role


def _play_reasons(
    s: Situation, policy: Policy, play: Play, events: tuple[int | None, int | None, int | None]
) -> tuple[Derived, ...]:
    """The `play` conclusions, each with the event (aware, following, role) that decided it and
    the statement that says why; the active role only where the policy has the rule."""
    aware, following, role = events
    statement = _awareness_statement(policy, s)
    derived = [
        Derived("play.acknowledged", play.acknowledged, aware, statement),
        Derived("play.following_action", play.following_action, following, statement),
        Derived("play.following_action_by", play.following_action_by, following, statement),
    ]
    active = play.controller_active_role
    if active != "unstated":
        derived.append(
            Derived("play.controller_active_role", active, role, policy.procedure["active_role"])
        )
    return tuple(derived)


def _following(s: Situation, first_past: int | None, aware: int | None) -> int | None:
    """The event that decided the miss: the first past the point of impact, else the last
    action before awareness (or before the end of the story); acknowledged before any action,
    the first action after the acknowledgement (what followed the trigger, as the old
    `following_action` said it)."""
    if first_past is not None:
        return first_past
    end = len(s.events) if aware is None else aware
    actions = [i for i in range(end) if s.events[i].action not in ("acknowledge", "noticed")]
    if actions:
        return actions[-1]
    after = range(0 if aware is None else aware + 1, len(s.events))
    return next((i for i in after if s.events[i].action not in ("acknowledge", "noticed")), None)


def _action(s: Situation, index: int | None) -> str:
    if index is None:
        return "none"
    action = s.events[index].action
    return AS_IMPACT.get(action, action)


def _active_role(s: Situation, policy: Policy, role: int | None, accountable: str) -> str:
    """What the controller did before showing awareness, where the policy has the active-role
    rule (IPG 2.1; Riftbound has none) and the trigger was controlled on an opponent's turn
    (the turn of the error: `noticed.error_turn_player`, else `turn_player`): an action, an
    explicit pass, or neither. On the controller's own turn (or one they control) the rule
    says nothing."""
    if "active_role" not in policy.procedure:
        return "unstated"
    if on_own_turn(s, accountable):
        return "unstated"
    if role is None:
        return "none"
    return "explicit_pass" if s.events[role].action == "explicit_pass" else "action"


def on_own_turn(s: Situation, accountable: str) -> bool:
    """The trigger's turn (the error's: `noticed.error_turn_player`, else `turn_player`) is
    its accountable player's own, or one they control (IPG 2.1's active-role rule is for a
    trigger controlled on an opponent's turn)."""
    turn = s.noticed.error_turn_player or s.turn_player
    control = s.turn_control
    controls = (
        control is not None and control.controlled == turn and control.controller == accountable
    )
    return accountable == turn or controls


def _noticed(
    s: Situation, accountable: str, acknowledged: str
) -> tuple[Noticed, tuple[Derived, ...]]:
    """When and by whom the miss was noticed: the first `noticed` event, or the controller's
    late acknowledgement; unchanged when the events do not say (or nothing was missed)."""
    found = next(
        (i for i, e in enumerate(s.events) if e.action in ("noticed", "acknowledge")), None
    )
    if found is None:
        return s.noticed, ()
    if s.events[found].action == "acknowledge" and (
        acknowledged == "in_time" or s.noticed != Noticed()
    ):
        # Nothing missed, or the caller said when it was noticed: a late acknowledgement
        # alone does not override that.
        return s.noticed, ()
    event = s.events[found]
    when = _when(found, event.turn)
    by = _noticer(event, accountable)
    noticed = replace(s.noticed, when=when, turns_elapsed=event.turn, by=by)
    return noticed, (
        Derived("noticed.when", when, found, None),
        Derived("noticed.turns_elapsed", str(event.turn), found, None),
        Derived("noticed.by", by, found, None),
    )


def _phases(
    s: Situation,
    policy: Policy,
    acknowledged: str,
    why_play: tuple[Derived, ...],
    noticed: Noticed,
) -> tuple[Noticed, tuple[Derived, ...]]:
    """`noticed.error_phase` and `noticed.phase` from the phases of the event that missed the
    trigger (the one that decided `play.following_action`) and of the event that brought the
    miss to light (the first `noticed`, or the controller's late acknowledgement), each citing
    the statement that names the phase. Only where both events give a phase and the caller
    gave neither field (a caller who gives them keeps them); nothing when nothing was missed."""
    given = s.noticed.phase is not None or s.noticed.error_phase is not None
    if acknowledged == "in_time" or given:
        return noticed, ()
    missed = next((d.event for d in why_play if d.fact == "play.following_action"), None)
    found = next(
        (i for i, e in enumerate(s.events) if e.action in ("noticed", "acknowledge")), None
    )
    if missed is None or found is None or missed > found:
        return noticed, ()
    error_phase, phase = s.events[missed].phase, s.events[found].phase
    if error_phase is None or phase is None:
        return noticed, ()
    return replace(noticed, phase=phase, error_phase=error_phase), (
        Derived("noticed.error_phase", error_phase, missed, policy.phase_statements[error_phase]),
        Derived("noticed.phase", phase, found, policy.phase_statements[phase]),
    )


def _when(index: int, turn: int) -> str:
    """Noticed in a later turn, in the trigger's turn, or as the very next thing."""
    if turn > 0:
        return "previous_turn"
    return "same_action" if index == 0 else "same_turn"


def _noticer(event: Event, accountable: str) -> str:
    if event.by in ("judge", "spectator"):
        return event.by
    return "error_player" if event.by == accountable else "opponent"


def as_events(data: Mapping[str, Any]) -> dict[str, Any]:
    """A situation given by its conclusions (`play.acknowledged`, `following_action(_by)`,
    `controller_active_role`), told instead as the events those fields describe, for callers
    and stored questions moving to the event form. The engine may conclude otherwise than the
    old fields did: an acknowledgement called "late" after an action that does not pass the
    trigger's point of impact is in time (issue 30). Situations without a trigger, or already
    told as events, come back unchanged."""
    if "trigger" not in data or data.get("events"):
        return dict(data)
    result = dict(data)
    play = dict(result.pop("play", {}) or {})
    controller = _controller(data)
    moved_by = (
        controller if play.pop("following_action_by", "accountable") == "accountable" else None
    )
    other = next((p for p in data["players"] if p != controller), controller)
    events: list[dict[str, Any]] = []
    role = play.pop("controller_active_role", "unstated")
    play.pop("active_role_taken", None)
    if role in ROLE_EVENTS:
        events.append({"by": controller, "action": ROLE_EVENTS[role]})
    following = play.pop("following_action", "none")
    acknowledged = play.pop("acknowledged", "no")
    step = [] if following == "none" else [{"by": moved_by or other, "action": following}]
    ack = [{"by": controller, "action": "acknowledge"}]
    if acknowledged == "in_time":
        events += ack + step
    elif acknowledged == "late":
        events += step + ack
    else:
        events += step
    if play:
        result["play"] = play
    result["events"] = events
    return result


# The event standing for a stated active role (old field) on an opponent's turn.
ROLE_EVENTS = {"action": "instant_speed_action", "explicit_pass": "explicit_pass"}


def _controller(data: Mapping[str, Any]) -> str:
    """Who must remember the trigger, as the engine decides it (context._accountable), read
    from the raw data: the source card's controller, else the battlefield's named or
    controlling player, else the turn player; the controlling player of a controlled turn."""
    trigger = data["trigger"]
    turn_player: str = data["turn_player"]
    if trigger.get("source", "card") == "card":
        player = str(trigger.get("controller") or turn_player)
    else:
        field = trigger.get("battlefield") or {}
        player = str(field.get("names_player") or field.get("controlled_by") or turn_player)
    control = data.get("turn_control") or {}
    return str(control["controller"]) if control.get("controlled") == player else player
