"""The typed situation model: everything a judge needs to know to rule."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from rulings.core import codec
from rulings.core.codec import spec
from rulings.core.vocabulary import GAMES, INFRACTIONS, OPLS, PENALTIES

TRIGGER_KINDS = (
    # Magic IPG 2.1: the four awareness categories.
    "choices_on_stack",
    "visible_change",
    "rule_change",
    "invisible",
    # Riftbound TR 506.3.e: observable impacts.
    "point_total",
    "rune_total",
    "buff_token",
    "draw_or_discard",
    "exhaust_or_ready",
    "move_unit",
    "information_request",
    "optional_placement",
    "board_change",
    "might_only",
)
FOLLOWING_ACTIONS = (
    "none",
    "new_game_action",
    "pass_priority",
    "instant_speed_action",
    "sorcery_speed_action",
    "advance_step",
    "draw_card",
    "declare_damage",
    "wrong_characteristics",
    "visible_consequence_ignored",
    "might_matters",
    "opponent_illegal_action_unchallenged",
    "opponent_illegal_action_challenged",
)
# What happens after a trigger, told as events (issue 30): showing awareness of it
# ("acknowledge": announcing it, its choices or what it changes, such as a Might total),
# "noticed" (someone else points the miss out, or a judge or spectator sees it), passing
# priority explicitly ("no responses"), or any of the following actions above.
EVENT_ACTIONS = (
    "acknowledge",
    "noticed",
    "explicit_pass",
    *(a for a in FOLLOWING_ACTIONS if a != "none"),
)
# Who may act in an event besides the players: only to notice.
OBSERVERS = ("judge", "spectator")
# What a trigger's controller did on an opponent's turn before showing awareness (IPG 2.1).
CONTROLLER_ACTIVE_ROLES = ("unstated", "none", "action", "explicit_pass")
NOTICED = ("same_action", "same_turn", "previous_turn", "before_current_phase_of_previous_turn")
# Magic's phases in turn order, for "missed before the current phase of the previous turn".
PHASES = ("beginning", "precombat_main", "combat", "postcombat_main", "ending")
# Riftbound's phases as the sources name them (the policy data's `[turn]` cites where): the
# Awaken Phase (TR 702.15) and the Beginning Phase (TR 506.3.d); the seeds name no others.
RIFTBOUND_PHASES = ("awaken", "beginning")
# Every phase id of any game, for the schema; a situation's phases are checked against its
# policy version's own list (`[turn] phases`).
ALL_PHASES = tuple(dict.fromkeys((*PHASES, *RIFTBOUND_PHASES)))
NOTICED_BY = ("unstated", "opponent", "error_player", "judge", "spectator")
# What IPG 2.5's partial fixes can repair when a simple backup is not possible.
PARTIAL_FIXES = ("none", "missed_draw_or_discard", "object_in_wrong_zone")
GAME_ERRORS = tuple(i for i in INFRACTIONS if i not in ("missed_trigger", "no_infraction"))


@dataclass(frozen=True)
class TurnControl:
    controller: str = field(metadata=spec("player who controls another player's turn"))
    controlled: str = field(metadata=spec("player whose turn is being controlled"))


@dataclass(frozen=True)
class Event:
    by: str = field(metadata=spec("the player who acts (or judge / spectator, to notice)"))
    action: str = field(metadata=spec("what they did", choices=EVENT_ACTIONS))
    turn: int = field(
        default=0, metadata=spec("turns begun since the trigger's turn (0 = that turn)", minimum=0)
    )
    says: str = field(
        default="", metadata=spec("what was said or stated, for the record ('no responses')")
    )
    phase: str | None = field(
        default=None,
        metadata=spec(
            "the phase of the turn it happened in, one of the game's phases (mtg: beginning, "
            "precombat_main, combat, postcombat_main, ending; riftbound: awaken, beginning); "
            "with phases on the event that missed the trigger and the one that noticed it, the "
            "engine derives noticed.phase and noticed.error_phase",
            choices=ALL_PHASES,
        ),
    )


@dataclass(frozen=True)
class Battlefield:
    controlled_by: str | None = field(
        default=None, metadata=spec("player controlling the battlefield; null = uncontrolled")
    )
    names_player: str | None = field(
        default=None, metadata=spec("player the ability names (as controller or chooser)")
    )


@dataclass(frozen=True)
class Trigger:
    kind: str | None = field(
        default=None,
        metadata=spec(
            "IPG awareness category (mtg) or TR 506.3.e impact; null when the story does not say "
            "what the trigger does (then only actions past any trigger's impact show a miss)",
            choices=TRIGGER_KINDS,
        ),
    )
    also: tuple[str, ...] = field(
        default=(),
        metadata=spec(
            "further categories of a trigger that mixes them (a target plus damage plus a "
            "draw); with events, the earliest point of impact of any of them counts",
            choices=TRIGGER_KINDS,
            unique=True,
        ),
    )
    name: str = field(default="", metadata=spec("card or ability name, for the record"))
    source: str = field(
        default="card", metadata=spec("what has the ability", choices=("card", "battlefield"))
    )
    controller: str | None = field(
        default=None, metadata=spec("controller of the ability's card (source card)")
    )
    owner: str | None = field(default=None, metadata=spec("owner of the card; default controller"))
    battlefield: Battlefield | None = field(
        default=None, metadata=spec("control of the battlefield (source battlefield)")
    )
    optional: bool = field(default=False, metadata=spec("a 'may' trigger"))
    impact: bool = field(
        default=True, metadata=spec("false if resolving it could change nothing in the game")
    )
    first_time: bool = field(default=False, metadata=spec("triggers only the first time"))
    first_beginning_phase: bool = field(
        default=False, metadata=spec("triggers at the start of a player's first Beginning Phase")
    )
    creates_only_delayed_trigger: bool = field(
        default=False, metadata=spec("does nothing but create a delayed trigger")
    )
    creates_only_copies: bool = field(
        default=False, metadata=spec("does nothing but copy a spell or ability")
    )
    delayed: bool = field(default=False, metadata=spec("is itself a delayed trigger"))
    zone_change: bool = field(default=False, metadata=spec("moves an object between zones"))
    creates_token: bool = field(default=False, metadata=spec("creates a token"))
    aura_enchanted_only: bool = field(
        default=False,
        metadata=spec("Aura ETB trigger changing only the enchanted permanent, visibly"),
    )
    default_action: bool = field(
        default=False, metadata=spec("has a default action ('unless' / 'if you don't')")
    )
    duration_expired: bool = field(
        default=False, metadata=spec("its effect had a duration that has already ended")
    )
    detrimental: bool = field(
        default=False, metadata=spec("usually considered detrimental to its controller")
    )
    symmetric: bool = field(default=False, metadata=spec("same effect for every player"))
    symmetric_effect: str = field(
        default="beneficial",
        metadata=spec("for symmetric triggers", choices=("beneficial", "harmful")),
    )
    affects: str = field(
        default="controller",
        metadata=spec("whom this instance affects", choices=("controller", "opponent")),
    )
    only_target_opponent: bool = field(
        default=False, metadata=spec("its only choice on the stack is 'target opponent'")
    )


@dataclass(frozen=True)
class OutOfOrder:
    legal_in_order: bool = field(
        default=True, metadata=spec("every action would be legal in the correct order")
    )
    information_gained: bool = field(
        default=False, metadata=spec("the block revealed information before a decision")
    )


@dataclass(frozen=True)
class Play:
    acknowledged: str = field(
        default="no",
        metadata=spec("when the trigger was acknowledged", choices=("in_time", "late", "no")),
    )
    following_action: str = field(
        default="none", metadata=spec("the action that followed", choices=FOLLOWING_ACTIONS)
    )
    following_action_by: str = field(
        default="accountable",
        metadata=spec("who took that action", choices=("accountable", "other")),
    )
    out_of_order_block: OutOfOrder | None = field(
        default=None, metadata=spec("the trigger was announced inside a block of actions")
    )
    revealing_action_changes_effect: bool = field(
        default=False, metadata=spec("the action that revealed the miss changes the effect")
    )
    error_after_miss: bool = field(
        default=False, metadata=spec("a further error about an already missed trigger")
    )
    problem_after_acknowledgement: bool = field(
        default=False, metadata=spec("acknowledged in time, then mishandled")
    )
    active_role_taken: bool = field(
        default=True,
        metadata=spec(
            "a trigger controlled on an opponent's turn: its controller took an active part "
            "(an action, or passing priority explicitly) before showing awareness of it (IPG 2.1); "
            "false = not yet, so it still counts as remembered"
        ),
    )
    controller_active_role: str = field(
        default="unstated",
        metadata=spec(
            "a trigger controlled on an opponent's turn: what its controller did before showing "
            "awareness of it: action (took a game action), explicit_pass (passed priority "
            "explicitly, such as 'no responses'), none (neither, so it still counts as "
            "remembered), unstated (the story does not say: active_role_taken decides, and an "
            "opponent's action alone never makes it missed)",
            choices=CONTROLLER_ACTIVE_ROLES,
        ),
    )


@dataclass(frozen=True)
class Payment:
    player: str = field(metadata=spec("player who paid"))
    cost: int = field(metadata=spec("what the cost required", minimum=0))
    paid: int = field(metadata=spec("what was paid", minimum=0))
    wrong_requirements: bool = field(
        default=False, metadata=spec("paid with the wrong kind of resource")
    )
    caused_result: bool = field(
        default=False, metadata=spec("caused a result that would not otherwise have happened")
    )
    correctable: bool = field(default=True, metadata=spec("the cost paid can still be corrected"))


@dataclass(frozen=True)
class Score:
    player: str = field(metadata=spec("player entitled to the point"))
    source: str = field(metadata=spec("how it was earned", choices=("conquer", "hold")))
    forgotten: bool = field(default=True, metadata=spec("the point was not tracked"))
    determinable: bool = field(default=True, metadata=spec("the correct score can be determined"))


@dataclass(frozen=True)
class GameError:
    kind: str = field(metadata=spec("infraction id of the error", choices=GAME_ERRORS))
    player: str = field(metadata=spec("player who made the error"))


@dataclass(frozen=True)
class Noticed:
    when: str = field(
        default="same_action", metadata=spec("when the error was noticed", choices=NOTICED)
    )
    turns_elapsed: int | None = field(
        default=None, metadata=spec("turns begun since the error", minimum=0)
    )
    extra_turns: int = field(
        default=0,
        metadata=spec(
            "how many of the turns begun since the error were extra turns; they do not count "
            "toward the full round cycle (TR 206)",
            minimum=0,
        ),
    )
    error_turn_player: str | None = field(
        default=None, metadata=spec("whose turn the error happened on; default turn_player")
    )
    full_round_cycle_passed: bool | None = field(
        default=None, metadata=spec("override the derived round-cycle answer (extra turns)")
    )
    at_start_of_turn: bool = field(
        default=False,
        metadata=spec(
            "noticed just as the current turn began, before its player took any game action "
            "(channel, draw, play)"
        ),
    )
    phase: str | None = field(
        default=None,
        metadata=spec(
            "the phase of the current turn in which it was noticed, one of the game's phases",
            choices=ALL_PHASES,
        ),
    )
    error_phase: str | None = field(
        default=None,
        metadata=spec(
            "the phase in which the error happened, one of the game's phases; with `phase` and "
            "`turns_elapsed` it decides how long ago the error was (mtg's time bar), apart from "
            "when it was noticed",
            choices=ALL_PHASES,
        ),
    )
    by: str = field(
        default="unstated",
        metadata=spec(
            "who noticed the error: an opponent pointing it out at once, the player who made "
            "it, a judge or a spectator (then no opponent noticed it)",
            choices=NOTICED_BY,
        ),
    )


@dataclass(frozen=True)
class History:
    player: str | None = field(
        default=None,
        metadata=spec("whose record this is: the player who made the error (the default)"),
    )
    warnings: tuple[tuple[str, int], ...] = field(
        default=(),
        metadata=spec(
            "Warnings already received in this event, by infraction id",
            choices=INFRACTIONS,
            mapping=True,
        ),
    )
    head_judge_instructs_upgrade: bool = field(
        default=False, metadata=spec("the head judge instructs upgrading an exempt infraction")
    )


@dataclass(frozen=True)
class PlayerRecord:
    player: str = field(metadata=spec("a player other than the one who made the error"))
    warnings: tuple[tuple[str, int], ...] = field(
        default=(),
        metadata=spec(
            "Warnings this player already received in this event, by infraction id",
            choices=INFRACTIONS,
            mapping=True,
        ),
    )


@dataclass(frozen=True)
class Situation:
    game: str = field(metadata=spec("game id", choices=GAMES))
    players: tuple[str, ...] = field(
        metadata=spec("player ids in turn order", min_items=2, unique=True)
    )
    turn_player: str = field(metadata=spec("whose turn it is now"))
    policy_version: str | None = field(
        default=None, metadata=spec("policy version id; null = the game's default")
    )
    opl: str = field(default="competitive", metadata=spec("Organized Play Level", choices=OPLS))
    description: str = field(
        default="", metadata=spec("free text, ignored by the engine", max_length=4000)
    )
    turn_control: TurnControl | None = field(
        default=None, metadata=spec("a player controls another player's turn")
    )
    trigger: Trigger | None = field(default=None, metadata=spec("the triggered ability"))
    play: Play = field(
        default_factory=Play,
        metadata=spec(
            "what happened around the trigger; tell the story as `events` (the form questions "
            "are stored in): the conclusions they decide (acknowledged, following_action(_by), "
            "controller_active_role, active_role_taken) still work here for one policy cycle"
        ),
    )
    events: tuple[Event, ...] = field(
        default=(),
        metadata=spec(
            "what happened after the trigger, in order; when given, the engine derives "
            "play.acknowledged, play.following_action(_by) and play.controller_active_role "
            "(and noticed.when/turns_elapsed/by from a 'noticed' event or a late "
            "acknowledgement): leave those fields out"
        ),
    )
    payment: Payment | None = field(default=None, metadata=spec("a cost paid"))
    score: Score | None = field(default=None, metadata=spec("a point from conquer or hold"))
    game_error: GameError | None = field(default=None, metadata=spec("another game play error"))
    noticed: Noticed = field(default_factory=Noticed, metadata=spec("when it was noticed"))
    rewind: str = field(
        default="simple",
        metadata=spec(
            "the most that can still be undone: simple (the last action alone), complex (more "
            "than the last action, a longer rewind is still possible; for Magic, no simple backup "
            "but the game could still be reconstructed), none (no rewind or backup of any size)",
            choices=("simple", "complex", "none"),
        ),
    )
    advantageous: bool = field(
        default=False, metadata=spec("the error was advantageous to the player who made it")
    )
    intent: str = field(
        default="none",
        metadata=spec(
            "was the error deliberate",
            choices=("none", "intentional", "intentional_unaware_of_rule"),
        ),
    )
    history: History = field(
        default_factory=History,
        metadata=spec("earlier Warnings of the player who made the error"),
    )
    other_records: tuple[PlayerRecord, ...] = field(
        default=(),
        metadata=spec("earlier Warnings of other players (e.g. a silent opponent)"),
    )
    related_penalties: tuple[str, ...] = field(
        default=(),
        metadata=spec("penalties of other infractions caused by the same error", choices=PENALTIES),
    )
    silent_witnesses: tuple[str, ...] = field(
        default=(), metadata=spec("players who saw the error and said nothing")
    )
    asked_about: str | None = field(
        default=None,
        metadata=spec(
            "the player the question asks the ruling for; null = the accountable player (the "
            "one who erred). Another player (a silent witness, or an opponent the policy rules "
            "on) gets their own ruling as the main one, the erring player's as additional"
        ),
    )
    soften_at_low_opl: bool = field(
        default=False, metadata=spec("the judge uses the low-OPL discretion to soften")
    )
    partial_fix: str = field(
        default="none",
        metadata=spec(
            "what a partial fix (IPG 2.5) could repair when no simple backup is possible",
            choices=PARTIAL_FIXES,
        ),
    )

    @classmethod
    def from_dict(cls, data: object) -> Situation:
        """Decode and validate; raises SituationError naming the field."""
        situation = codec.decode(cls, data)
        if _validator is None:
            raise RuntimeError("rulings.core.validate is not loaded: import rulings.core first")
        _validator(situation)
        return situation

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = codec.encode(self)
        return result

    @cached_property
    def subject(self) -> str:
        """Which part of the situation the question is about."""
        for name in ("trigger", "payment", "score", "game_error"):
            if getattr(self, name) is not None:
                return name
        return "none"


# The checks that need more than one field or the policy data (`rulings.core.validate`) sit
# above this module: they need the policy loader, which needs the predicates, which read
# situations. `validate` installs itself here when imported, and `rulings.core` imports it,
# so every `Situation.from_dict` is checked (a missing validator fails loudly).
_validator: Callable[[Situation], None] | None = None


def install_validator(validate: Callable[[Situation], None]) -> None:
    """Make ``validate`` the check `Situation.from_dict` runs (`rulings.core.validate` calls it)."""
    global _validator
    _validator = validate
