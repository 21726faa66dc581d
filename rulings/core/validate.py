"""Checks that need more than one field, or the policy data (run by Situation.from_dict).

This module sits above the policy loader and installs `validate` into `rulings.core.situation`
(see `install_validator`) rather than being imported by it.
"""

from __future__ import annotations

from rulings.core.errors import PolicyError, SituationError, shown
from rulings.core.policy import Policy, default_version, load_policy
from rulings.core.situation import OBSERVERS, Noticed, Play, Situation, install_validator

SAME_TURN = ("same_action", "same_turn")


def validate(s: Situation) -> None:
    _players(s)
    _references(s)
    _subject(s)
    policy = policy_for(s)
    _covered(s, policy)
    _trigger(s, policy)
    _active_role(s)
    _events(s)
    _phases(s, policy)
    _noticed(s)
    _records(s)


def policy_for(s: Situation) -> Policy:
    """The policy version a situation is ruled under."""
    version = s.policy_version or default_version(s.game)
    try:
        policy = load_policy(version)
    except PolicyError:
        raise SituationError(
            "policy_version", f"unknown policy version {shown(version)!r}"
        ) from None
    if policy.game != s.game:
        raise SituationError("policy_version", f"{version!r} is not a {s.game} policy")
    return policy


def _players(s: Situation) -> None:
    if len(s.players) < 2:
        raise SituationError("players", "must list at least 2 players")
    seen: set[str] = set()  # a set, not list.index: linear in the number of players
    for index, player in enumerate(s.players):
        if not player:
            raise SituationError(f"players[{index}]", "must not be empty")
        if player in seen:
            raise SituationError(f"players[{index}]", f"duplicate player {shown(player)!r}")
        seen.add(player)


def _references(s: Situation) -> None:
    players = frozenset(s.players)
    for path, player in _player_refs(s):
        if player is not None and player not in players:
            listed = shown(", ".join(s.players), 200)
            raise SituationError(path, f"must be one of the players ({listed})")


def _player_refs(s: Situation) -> list[tuple[str, str | None]]:
    refs = [
        ("turn_player", s.turn_player),
        ("noticed.error_turn_player", s.noticed.error_turn_player),
        ("asked_about", s.asked_about),
    ]
    refs += [(f"silent_witnesses[{i}]", p) for i, p in enumerate(s.silent_witnesses)]
    refs += [(f"other_records[{i}].player", r.player) for i, r in enumerate(s.other_records)]
    refs.append(("history.player", s.history.player))
    if s.turn_control:
        refs += [("turn_control.controller", s.turn_control.controller)]
        refs += [("turn_control.controlled", s.turn_control.controlled)]
    if s.trigger:
        refs += [("trigger.controller", s.trigger.controller), ("trigger.owner", s.trigger.owner)]
    if s.trigger and s.trigger.battlefield:
        field = s.trigger.battlefield
        refs += [("trigger.battlefield.controlled_by", field.controlled_by)]
        refs += [("trigger.battlefield.names_player", field.names_player)]
    for name in ("payment", "score", "game_error"):
        part = getattr(s, name)
        if part is not None:
            refs.append((f"{name}.player", part.player))
    return refs


def _subject(s: Situation) -> None:
    present = [n for n in ("trigger", "payment", "score", "game_error") if getattr(s, n)]
    if len(present) != 1:
        raise SituationError(
            "(root)", "must describe exactly one of trigger, payment, score, game_error"
        )
    if s.turn_control and s.turn_control.controller == s.turn_control.controlled:
        raise SituationError("turn_control.controlled", "must differ from turn_control.controller")


def _covered(s: Situation, policy: Policy) -> None:
    if not any(rule.subject == s.subject for rule in policy.classify):
        raise SituationError(s.subject, f"is not covered by policy {policy.id!r}")
    if s.game_error and s.game_error.kind not in policy.infractions:
        raise SituationError("game_error.kind", f"is not an infraction of policy {policy.id!r}")


def _trigger(s: Situation, policy: Policy) -> None:
    if s.trigger is None:
        return
    kinds = tuple(policy.awareness)
    if s.trigger.kind is not None and s.trigger.kind not in kinds:
        raise SituationError("trigger.kind", f"must be one of {', '.join(kinds)} for {policy.id}")
    if s.trigger.source == "card" and s.trigger.controller is None:
        raise SituationError("trigger.controller", "is required when trigger.source is card")


def _active_role(s: Situation) -> None:
    """`play.controller_active_role`, when stated, is about a trigger and agrees with
    `play.active_role_taken`."""
    role = s.play.controller_active_role
    if role == "unstated":
        return
    if s.trigger is None:
        raise SituationError("play.controller_active_role", "is only for a trigger")
    if role != "none" and not s.play.active_role_taken:
        raise SituationError(
            "play.controller_active_role",
            f"{role} contradicts play.active_role_taken = false",
        )


# The conclusions a situation told as events leaves to the engine.
DERIVED_PLAY = (
    "acknowledged",
    "following_action",
    "following_action_by",
    "controller_active_role",
    "active_role_taken",
)
DERIVED_NOTICED = ("when", "turns_elapsed", "by")


def _events(s: Situation) -> None:
    """Events are about a trigger, name players (observers only notice), run forward in
    time, and leave the conclusions they decide to the engine."""
    if not s.events:
        return
    if s.trigger is None:
        raise SituationError("events", "are only for a trigger")
    players, turn = frozenset(s.players), 0
    for index, event in enumerate(s.events):
        path = f"events[{index}]"
        if event.by not in players and not (event.by in OBSERVERS and event.action == "noticed"):
            raise SituationError(
                f"{path}.by",
                "must be one of the players (or judge / spectator for a 'noticed' event)",
            )
        if event.turn < turn:
            raise SituationError(f"{path}.turn", "events must be in order: turn went back")
        turn = event.turn
    _left_to_engine(s, "play", s.play, Play(), DERIVED_PLAY)
    if any(e.action == "noticed" for e in s.events):
        _left_to_engine(s, "noticed", s.noticed, Noticed(), DERIVED_NOTICED)


def _phases(s: Situation, policy: Policy) -> None:
    """Every phase named is one of the game's (its policy version's `[turn] phases`), and,
    where the time bar compares them in order, events in one turn never go back a phase."""
    allowed = ", ".join(policy.phases) or "none"
    named = [(f"events[{i}].phase", e.phase) for i, e in enumerate(s.events)]
    named += [("noticed.phase", s.noticed.phase), ("noticed.error_phase", s.noticed.error_phase)]
    for path, phase in named:
        if phase is not None and phase not in policy.phases:
            raise SituationError(
                path, f"must be one of {allowed} (the phases of a turn in {policy.id})"
            )
    if not policy.phases_ordered:
        return
    last: tuple[int, int] | None = None
    for index, event in enumerate(s.events):
        if event.phase is None:
            continue
        at = (event.turn, policy.phases.index(event.phase))
        if last is not None and at < last:
            raise SituationError(
                f"events[{index}].phase",
                f"events must be in order: {event.phase} comes before the previous event's "
                f"phase in turn {event.turn} ({allowed})",
            )
        last = at


def _left_to_engine(
    s: Situation, name: str, given: object, default: object, fields: tuple[str, ...]
) -> None:
    for field in fields:
        if getattr(given, field) != getattr(default, field):
            raise SituationError(
                f"{name}.{field}", "is derived from events; leave it out when events are given"
            )


def _records(s: Situation) -> None:
    """`history` is the record of the player who made the error; others go in other_records."""
    actor = next((p.player for p in (s.payment, s.score, s.game_error) if p is not None), None)
    if s.history.player is not None and actor is not None and s.history.player != actor:
        raise SituationError(
            "history.player", f"must be {actor!r}, who made the error; use other_records"
        )
    seen = {s.history.player}
    for index, record in enumerate(s.other_records):
        if record.player in seen:
            raise SituationError(f"other_records[{index}].player", "has more than one record")
        seen.add(record.player)


def _noticed(s: Situation) -> None:
    if (s.noticed.phase is None) != (s.noticed.error_phase is None):
        raise SituationError("noticed.phase", "give both noticed.phase and noticed.error_phase")
    turns = s.noticed.turns_elapsed
    if s.noticed.extra_turns and (turns is None or s.noticed.extra_turns > turns):
        raise SituationError(
            "noticed.extra_turns", "cannot exceed noticed.turns_elapsed (give both)"
        )
    if turns is None:
        return
    if s.noticed.when in SAME_TURN and turns != 0:
        raise SituationError(
            "noticed.turns_elapsed", f"must be 0 when noticed.when is {s.noticed.when}"
        )
    if s.noticed.when not in SAME_TURN and turns == 0:
        raise SituationError(
            "noticed.turns_elapsed", f"must be at least 1 when noticed.when is {s.noticed.when}"
        )


install_validator(validate)
