"""Shared story pieces for templates: players, set-up, the trigger, what followed, noticing."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rulings.core import Situation, evaluate
from rulings.core.questions.catalog import card, people
from rulings.core.questions.errors import QuestionError
from rulings.core.questions.template import (
    Card,
    CardText,
    Count,
    Names,
    Part,
    Parts,
    Sentence,
    Term,
    s,
)

T = TypeVar("T")

TRIGGER_FACTS = (
    "optional",
    "first_time",
    "first_beginning_phase",
    "creates_only_delayed_trigger",
    "creates_only_copies",
    "delayed",
    "zone_change",
    "default_action",
    "detrimental",
    "symmetric",
    "only_target_opponent",
    "aura_enchanted_only",
    "creates_token",
)


def pick(rng: random.Random, items: Sequence[T]) -> T:
    return items[rng.randrange(len(items))]


def players(rng: random.Random, game: str, count: int) -> tuple[str, ...]:
    return tuple(rng.sample(people(game), count))


def situation(game: str, order: tuple[str, ...], now: str, **rest: Any) -> dict[str, Any]:
    """The situation dict every template starts from: game, players in turn order, whose turn
    it is now, and the template's own facts."""
    data: dict[str, Any] = {"game": game, "players": list(order), "turn_player": now}
    data.update(rest)
    return data


def setup(
    game: str, order: tuple[str, ...], opl: str = "competitive", *, practice: bool = True
) -> Sentence:
    """The event and its players. At Casual OPL the head judge's announced practice is stated
    (penalties as written) unless the story states its own (`practice=False`): TR 702.1.c fixes
    no softening, so an item that tests the penalty must say (committee decisions, 2026-12-06)."""
    casual = game == "riftbound" and opl == "casual" and practice
    return s(
        f"setup.{game}_casual" if casual else f"setup.{game}",
        opl=Term(f"opl.{game}.{opl}"),
        count=Count("players", len(order)),
        order=Names(order),
    )


def trigger(card_id: str, controller: str | None, **overrides: Any) -> dict[str, Any]:
    """The situation's `trigger` object, from the card's catalogue facts."""
    data = card(card_id)
    result: dict[str, Any] = {"kind": data["kind"], "name": data["name"]["en"]}
    for fact in TRIGGER_FACTS:
        if data.get(fact):
            result[fact] = data[fact]
    if data.get("symmetric_effect"):
        result["symmetric_effect"] = data["symmetric_effect"]
    if data.get("battlefield"):
        result["source"] = "battlefield"
    else:
        result["controller"] = controller
    result.update(overrides)
    return result


def triggers(card_id: str, player: str) -> Sentence:
    # A card whose impact depends on its state says it (Smokestack with no soot counters would
    # change nothing, IPG 2.1): the key assumes the trigger matters.
    data = card(card_id)
    key = "trigger.card_" + data["state"] if data.get("state") else "trigger.card"
    if data.get("legend"):
        key = "trigger.card_legend"  # a Legend is on the board from the start of the game
    # An activated ability or a spell is not a trigger: the story tells the delayed trigger it
    # set up (Aetherling's return, Pact of Negation's upkeep payment).
    if data.get("origin"):
        key = "trigger.delayed_" + data["origin"]
    event = data.get("event")
    if key == "trigger.card" and event:
        # The event that makes it trigger, with its moment: "Pitchburn Devils triggers" alone
        # left its death and the turn it died in untold (review 14: fi-015).
        params = (("player", player), ("card", Card(card_id)), ("creature", subject(card_id)))
        told = Parts(((f"trigger_event.{event}", params),))
        return s(
            "trigger.card_event",
            player=player,
            card=Card(card_id),
            text=CardText(card_id),
            event=told,
        )
    return s(key, player=player, card=Card(card_id), text=CardText(card_id))


def subject(card_id: str) -> Card | Term:
    """The creature a story about the card's trigger uses, named: the card itself when it is a
    creature the trigger is about, else another creature (Cathedral of War's exalted, Primal
    Forcemage's bonus for the creature entering; review 14: fr-012, "the creature" unnamed)."""
    data = card(card_id)
    if data.get("game") == "riftbound":
        # A Riftbound trigger that affects another unit names it (review 15: fr-005, "the
        # unit's Might" read as Shieldbearer's own); one that changes its own Might names itself.
        other = data.get("other_unit") or data.get("effect") in OTHER_UNIT_EFFECTS
        return Term("default_unit") if other else Card(card_id)
    if data.get("creature") and data.get("affects") != "other":
        return Card(card_id)
    return Term("default_creature")


# Riftbound effects that always work on another unit than the card (a private pool's card with
# one of them and no `other_unit` still names the unit it affects).
OTHER_UNIT_EFFECTS = frozenset({"buff_unit", "ready_unit", "move_unit"})


def opening(
    game: str,
    order: tuple[str, ...],
    card_id: str,
    player: str,
    opl: str = "competitive",
    *,
    impact: bool = True,
) -> tuple[Sentence, ...]:
    """The usual first sentences: the event and players, then the player's card triggering,
    with what its trigger needs or affects on the board (`trigger_lines`)."""
    opponent = next_in_order(order, player)
    return (setup(game, order, opl), *trigger_lines(card_id, player, opponent, impact=impact))


def trigger_lines(
    card_id: str, player: str, opponent: str, *, impact: bool = True
) -> tuple[Sentence, ...]:
    """The card triggering, with the board its trigger works on, told as events (review 15):
    what the card gave its controller when its trigger is a drawback balancing its body
    (`body` in cards.toml: the penalty turns on it, fr-039), the object its trigger needs
    (`target_on_board`, `needs_on_board`: a creature to sacrifice), and the other unit its
    trigger affects, named (`other_unit`: Shieldbearer's "another friendly unit here", fr-005).
    `impact=False`: a story in which the trigger can change nothing shows no such object."""
    data = card(card_id)
    before: list[Sentence] = []
    after: list[Sentence] = []
    if data.get("body"):
        before.append(s(f"body.{card_id}", player=player, card=Card(card_id)))
    needed = data.get("target_on_board") or data.get("needs_on_board")
    if needed and impact:
        after.append(s("target.on_board", other=opponent, what=Term(f"target_on_board.{needed}")))
    other = data.get("other_unit")
    if other and impact:
        after.append(
            s(f"rb.other_unit.{other}", player=player, card=Card(card_id), unit=subject(card_id))
        )
    return (*before, triggers(card_id, player), *after)


# The actions a story can tell after a beginning-of-combat trigger, in words that show combat.
COMBAT_ACTIONS = frozenset({"sorcery_speed_action", "advance_step", "instant_speed_action", "none"})


def action(game: str, following: str, actor: str, other: str = "", card_id: str = "") -> Sentence:
    """What followed the trigger. A card with more than one trigger names the one left out
    (`missed_trigger` in cards.toml: Battlegrace Angel's exalted, not its lifelink); a trigger at
    the beginning of combat (`step = "combat"`) is told after the move to combat."""
    missed = card(card_id).get("missed_trigger") if card_id else None
    if game == "mtg" and card_id and following in ("declare_damage", "wrong_characteristics"):
        # The creature is named (review 14: fr-012, "the creature attacks alone").
        suffix = f"_{missed}" if missed else ""
        return s(
            f"action.{game}.{following}{suffix}",
            actor=actor,
            other=other,
            attacker=subject(card_id),
        )
    if game == "riftbound" and card_id:
        # The unit whose Might or state the action is about, named (review 15: fr-005).
        return s(f"action.{game}.{following}", actor=actor, other=other, unit=subject(card_id))
    if game == "mtg" and card_id and following.startswith("opponent_illegal_action"):
        # The block itself, told (review 15: fr-024, "a block the trigger makes illegal" was
        # the conclusion): a single creature blocks the attacker the trigger gave menace.
        return s(f"action.{game}.{following}", actor=actor, other=other, card=Card(card_id))
    if card_id and card(card_id).get("step") == "combat" and following in COMBAT_ACTIONS:
        # A beginning-of-combat trigger: the story shows combat beginning (review 11: fr-025,
        # mu-026 had a sorcery "in the main phase" and no combat at all).
        return s(f"action.{game}.{following}_combat", actor=actor, other=other)
    return s(f"action.{game}.{following}", actor=actor, other=other)


def can_attack(card_id: str) -> bool:
    """Whether a story may have the creature the trigger is about attack (cards.toml)."""
    data = card(card_id)
    return not (data.get("defender") or data.get("summoning_sick"))


def fit_action(card_id: str, following: str) -> str:
    """Drawing for the turn only follows upkeep triggers; otherwise the story moves on a step."""
    if following == "draw_card" and not card(card_id).get("upkeep"):
        return "advance_step"
    if following == "declare_damage" and not can_attack(card_id):
        return "wrong_characteristics"
    return following


def noticed(when: str, now: str, turns: int = 1) -> Sentence:
    return s(f"noticed.{when}", now=now, turns=Count("turns", turns))


MISSED_GAIN = frozenset(
    {
        "create_token",
        "draw",
        "channel_rune",
        "buff_unit",
        "ready_unit",
        "move_unit",
        "opponents_lose_point",
        "discard_then_draw",
        "might",
    }
)
"""Effects whose absence the phrase banks can tell (`terms.missed_gain.<effect>`)."""


def advantage(advantageous: bool, player: str, card_id: str = "") -> Sentence:
    """Whether not having the trigger resolve helped its controller; when it did, why (the
    card's `advantage_reason`: only a trigger that costs its controller something can)."""
    if not advantageous:
        data = card(card_id) if card_id else {}
        if data.get("advantage_reason") and data.get("no_benefit"):
            # A trigger that costs its controller something, missed where the board shows that
            # skipping the cost helped in nothing: the candidate judges helped-vs-hurt from
            # events (TR 702.2.e: a benefit, not a drawback in a vacuum; review 10: fi-001...).
            why = Parts(((f"advantage_why_not.{data['no_benefit']}", (("player", player),)),))
            return s("advantage.no_benefit", player=player, why=why)
        # Told as what the game looks like without the trigger (issue 27: events, not the
        # conclusion "gave no advantage"), where the card's effect only helps its controller.
        effect = data.get("effect") if card_id else None
        if effect in MISSED_GAIN and not card(card_id).get("advantage_reason"):
            # A whole clause with the player in it (review 8: "fica apenas com todos os
            # oponentes mantendo seus pontos" put another player's state in the slot of
            # what this player has).
            told = (("player", player), ("unit", subject(card_id)))
            what = Parts(((missed_gain(card_id), told),))
            return s("advantage.no_event", player=player, what=what)
        return s("advantage.no", player=player)
    return s("advantage.yes", player=player, why=Term(f"advantage_why.{reason(card_id)}"))


def missed_gain(card_id: str) -> str:
    """The phrase-bank term for what missing the card's trigger leaves on the board: the
    card's own `missed_gain` where its effect alone does not show help or harm (a unit moved
    can be either: review 10, fr-023, fi-022, fi-031), else its effect's."""
    data = card(card_id)
    return f"missed_gain.{data.get('missed_gain') or data.get('effect')}"


def reason(card_id: str) -> str:
    why = card(card_id).get("advantage_reason")
    if not why:
        raise QuestionError(f"{card_id}: an advantage story needs a card with advantage_reason")
    return str(why)


def fits_advantage(advantageous: bool) -> Callable[[dict[str, Any]], bool]:
    """For `cards_where`: a card fits the advantage told when its trigger costs its controller
    something (`advantage_reason`) exactly when missing it helped, or when the card also tells
    a board in which missing it helped in nothing (`no_benefit`)."""
    if advantageous:
        return lambda data: bool(data.get("advantage_reason"))
    return lambda data: not data.get("advantage_reason") or bool(data.get("no_benefit"))


def next_in_order(order: tuple[str, ...], player: str, steps: int = 1) -> str:
    return order[(order.index(player) + steps) % len(order)]


def noticed_fields(when: str, turns: int | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"when": when}
    if turns is not None:
        data["turns_elapsed"] = turns
    return data


def accountable(situation: dict[str, Any]) -> str:
    """Who the engine holds accountable (a probe: the story names the actor accordingly)."""
    return evaluate(Situation.from_dict(situation)).accountable_player


def history_lines(player: str, history: dict[str, int], kind: str) -> tuple[Sentence, ...]:
    """Earlier Warnings told as facts, in one sentence, each by what the player did (those for
    the error asked about, `kind`, first), so that the stem never names an infraction. Never
    "for the same kind of error": beside a story with a second error (a card put into the hand
    while looking at extra cards) it leaves open which error the Warnings were for (review 14:
    fr-035)."""
    if not history:
        return (s("history.none", player=player),)
    parts: list[Part] = []
    for k, n in sorted(history.items(), key=lambda item: (item[0] != kind, item[0])):
        what = Term(f"history_for.{k}")
        parts.append(("history_part.other", (("count", Count("warnings", n)), ("what", what))))
    return (s("history.list", player=player, warnings=Parts(tuple(parts))),)
