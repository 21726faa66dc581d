"""Magic IPG 2.1 trigger templates: the four awareness categories, delayed triggers, default
actions, the time bar, expired durations, detrimental and symmetric triggers."""

from __future__ import annotations

import random
from typing import Any

from rulings.core.questions import story as st
from rulings.core.questions.catalog import card, cards_where
from rulings.core.questions.template import Card, Draft, Sentence, s, template

GAME = "mtg"
WHENS = ("same_turn", "previous_turn", "before_current_phase_of_previous_turn")
# The phase in which the following action revealed the miss, where the action tells it.
ERROR_PHASE = {
    "draw_card": "beginning",
    "sorcery_speed_action": "precombat_main",
    "declare_damage": "combat",
}
STILL_ON_STACK = ("none", "pass_priority", "instant_speed_action")
# The controller answers "go ahead" on the opponent's turn (an explicit pass, IPG 2.1's active
# role) and the turn player moves the game on.
EXPLICIT_PASS_THEN_OTHER = {
    "following_action_by": "other",
    "controller_active_role": "explicit_pass",
}


def _when(
    rng: random.Random, order: tuple[str, ...], player: str, choices: tuple[str, ...] = WHENS
) -> tuple[str, str, Sentence]:
    when = st.pick(rng, choices)
    if when == "same_turn":
        return when, player, st.noticed(when, player)
    if when == "previous_turn":
        now = st.next_in_order(order, player)
        return when, now, st.noticed("mtg_previous_turn", now)
    return when, player, st.noticed(when, player)


def _later_firings(card_id: str, when: str) -> tuple[Sentence, ...]:
    """A trigger that fires every upkeep (or combat), missed and found past the time bar, fired
    again in between: the story says those firings resolved normally, so that the ruling turns
    on the first miss alone (review 17: fr-011, fr-028, fi-026, fi-027, fi-040)."""
    if when != "before_current_phase_of_previous_turn" or not card(card_id).get("recurs"):
        return ()
    return (s("mtg.later_firings_resolved", card=Card(card_id)),)


def _situation(
    order: tuple[str, ...],
    now: str,
    player: str,
    when: str,
    trig: dict[str, Any],
    play: dict[str, Any],
    **rest: Any,
) -> dict[str, Any]:
    noticed = {"when": when, "error_turn_player": player}
    data = st.situation(GAME, order, now, trigger=trig, play=play, noticed=noticed)
    error_phase = ERROR_PHASE.get(play.get("following_action", ""))
    if when != "same_action" and when != "same_turn" and error_phase:
        # How long ago, apart from when: noticed in the next turn's upkeep (not past the time
        # bar), or in the end step of the player's following turn (past it).
        later = when == "before_current_phase_of_previous_turn"
        data["noticed"].update(
            phase="ending" if later else "beginning",
            error_phase=error_phase,
            turns_elapsed=len(order) if later else 1,
        )
    data.update(rest)
    return data


def _category(
    rng: random.Random,
    cards: tuple[str, ...],
    actions: tuple[str, ...],
    whens: tuple[str, ...] = WHENS,
    sizes: tuple[int, ...] = (2, 2, 2),  # Magic at Competitive REL is two-player
) -> Draft:
    order = st.players(rng, GAME, st.pick(rng, sizes))
    player, other = order[0], order[1]
    card_id = st.pick(rng, cards)
    mode = st.fit_action(card_id, st.pick(rng, actions))
    when, now, noticed = _when(rng, order, player, whens)
    if mode in STILL_ON_STACK:
        # After only these the trigger may still be on the stack: a judge called later would
        # imply the game went on past its impact, which the key (not missed) does not assume.
        when, now, noticed = "same_action", player, st.noticed("same_action", player)
    trig = st.trigger(card_id, player)
    if card(card_id).get("until_end_of_turn") and when not in ("same_action", "same_turn"):
        # An "until end of turn" effect noticed in a later turn has run out (IPG 2.1).
        trig["duration_expired"] = True
    situation = _situation(order, now, player, when, trig, {"following_action": mode})
    # A trigger that needs a target has one: the story shows it (review 8: a Manic Vandal with
    # no artifact to destroy could not have been missed for want of a target; st.trigger_lines).
    sentences = (
        *st.opening(GAME, order, card_id, player),
        st.action(GAME, mode, player, other, card_id),
        *_later_firings(card_id, when),
        noticed,
    )
    return Draft(situation, sentences, {"card": card_id, "mode": mode, "when": when})


@template(
    "mtg-choices-on-stack",
    version=8,
    game=GAME,
    topics=("missed_trigger", "awareness_category"),
    summary="IPG category 1: targets, modes or choices when put on the stack, announced before "
    "passing priority; in a two-player game 'target opponent' is assumed.",
    pivots=("following_none", "noticed_later", "pass_priority"),
    distractors=("judge_reminds",),
)
def mtg_choices(rng: random.Random) -> Draft:
    cards = ("manic_vandal", "kitesail_freebooter", "sower_of_temptation", "pitchburn_devils")
    # Not "casts an instant": the choices are due before passing priority, and whether casting
    # an instant over an unannounced trigger misses it is not settled by the seed (the instant
    # note is written for category 2), so no key could be signed for it.
    return _category(
        rng,
        cards,
        ("pass_priority", "sorcery_speed_action", "sorcery_speed_action", "none"),
        # Two-player: Magic at Competitive REL is played one against one.
        sizes=(2, 2, 2),
    )


@template(
    "mtg-visible-change",
    version=8,
    game=GAME,
    topics=("missed_trigger", "awareness_category"),
    summary="IPG category 2: a visible change or a choice on resolution, shown before an action "
    "only possible after it resolved (casting an instant does not count).",
    pivots=("following_none", "noticed_later", "detrimental"),
    distractors=("judge_reminds",),
)
def mtg_visible(rng: random.Random) -> Draft:
    cards = ("rift_bolt", "dark_confidant", "desecration_demon")
    return _category(
        rng, cards, ("instant_speed_action", "draw_card", "sorcery_speed_action", "advance_step")
    )


@template(
    "mtg-rules-change",
    version=7,
    game=GAME,
    topics=("missed_trigger", "awareness_category", "opponent_duties"),
    summary="IPG category 3: a rules-changing trigger is missed only if its controller lets an "
    "opponent's action it makes illegal stand; trying such a play is no infraction.",
    pivots=("illegal_challenged", "noticed_later"),
    distractors=("judge_reminds",),
)
def mtg_rules(rng: random.Random) -> Draft:
    actions = ("opponent_illegal_action_unchallenged", "opponent_illegal_action_challenged", "none")
    return _category(rng, ("pyreheart_wolf",), actions, ("same_turn", "previous_turn"))


@template(
    "mtg-invisible",
    version=7,
    game=GAME,
    topics=("missed_trigger", "awareness_category"),
    summary="IPG category 4: a non-visible effect (exalted) must be made clear when it first "
    "changes the visible state, e.g. combat damage or a stated power.",
    pivots=("following_none", "noticed_later"),
    distractors=("judge_reminds",),
)
def mtg_invisible(rng: random.Random) -> Draft:
    cards = ("knight_of_infamy", "battlegrace_angel", "cathedral_of_war")
    actions = ("declare_damage", "wrong_characteristics", "none", "instant_speed_action")
    return _category(rng, cards, actions, ("same_turn", "previous_turn"))


DELAYED = ("geist_of_saint_traft", "aetherling", "kaijin_of_the_vanishing_touch")
BLOCKERS = frozenset({"kaijin_of_the_vanishing_touch"})  # its trigger comes on the opponent's turn


@template(
    "mtg-delayed-triggers",
    version=8,
    game=GAME,
    topics=("missed_trigger", "delayed_trigger", "delayed_zone_change", "time_bar"),
    summary="Triggers that only create a delayed trigger resolve by themselves; a missed delayed "
    "zone change is resolved now or at the start of the next phase and never expires.",
    pivots=("not_delayed_zone_change", "noticed_later"),
    distractors=("judge_reminds",),
)
def mtg_delayed(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, st.pick(rng, (2, 2)))
    player, other = order[0], order[1]
    creation = rng.random() < 0.3
    card_id = "grave_betrayal" if creation else st.pick(rng, (*DELAYED, "grave_betrayal"))
    # Kaijin blocks, so its return comes at end of combat on the OPPONENT's turn (review 7:
    # mu-014 had it block on its controller's own turn): the turn is the opponent's, and the
    # controller misses it by agreeing to move on (an active part on the opponent's turn).
    turn = other if card_id in BLOCKERS else player
    # The creation story says the end step has not begun: it is noticed in that same turn.
    when, now, noticed = _when(rng, order, turn, ("same_turn",) if creation else WHENS)
    if creation:
        trig = st.trigger(card_id, player)
        play = {"following_action": "sorcery_speed_action"}
        story = s("mtg.delayed.creation", actor=player, other=other)
        # The key (no infraction) holds only while the end step has not begun: the judge is
        # called then, not "later in the same turn" (review 13: fr-041).
        noticed = s("mtg.delayed.creation_called", other=other)
    else:
        trig = st.trigger(
            card_id, player, delayed=True, zone_change=True, creates_only_delayed_trigger=False
        )
        play = {"following_action": "advance_step"}
        if turn != player:
            # "Go ahead" on the opponent's turn: an explicit pass (the active role), then the
            # turn player moves on; told so, the story keeps its meaning as events (issue 30).
            play = {**play, **EXPLICIT_PASS_THEN_OTHER}
        story = s(f"mtg.delayed.missed.{card_id}", actor=player, other=other)
    situation = _situation(order, now, turn, when, trig, play)
    sentences = (*st.opening(GAME, order, card_id, player), story, noticed)
    return Draft(situation, sentences, {"card": card_id, "creation": creation, "when": when})


@template(
    "mtg-default-action",
    version=8,
    game=GAME,
    topics=("missed_trigger", "default_action", "time_bar", "penalty_upgrade"),
    summary="A trigger with a default action ('unless', 'if you don't'): the opponent may apply "
    "the default, now or at the start of the next phase; it never expires.",
    pivots=("not_default_action", "noticed_later", "following_none"),
    distractors=("judge_reminds",),
)
def mtg_default_action(rng: random.Random) -> Draft:
    actions = ("draw_card", "sorcery_speed_action", "advance_step", "instant_speed_action")
    return _category(rng, cards_where(GAME, default_action=True), actions)


@template(
    "mtg-time-bar",
    version=9,
    game=GAME,
    topics=("missed_trigger", "time_bar", "penalty_upgrade"),
    summary="Missed before the current phase of the previous turn: play continues, yet a "
    "detrimental trigger is still penalised; otherwise the opponent chooses whether it goes on "
    "the stack, with only choices that were legal back then.",
    pivots=("noticed_same_turn", "noticed_time_bar", "detrimental"),
)
def mtg_time_bar(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, st.pick(rng, (2, 2)))
    player, other = order[0], order[1]
    card_id = st.pick(
        rng, ("sower_of_temptation", "dark_confidant", "smokestack", "desecration_demon")
    )
    when, now, noticed = _when(rng, order, player)
    mode = st.fit_action(card_id, "draw_card")
    if card_id == "sower_of_temptation":
        mode = "sorcery_speed_action"
    situation = _situation(
        order, now, player, when, st.trigger(card_id, player), {"following_action": mode}
    )
    lines: list[Sentence] = [
        *st.opening(GAME, order, card_id, player),
        st.action(GAME, mode, player, other, card_id),
        *_later_firings(card_id, when),
        noticed,
    ]
    if card_id == "sower_of_temptation":
        lines.append(s("mtg.legal_choices", other=other))
    return Draft(situation, tuple(lines), {"card": card_id, "when": when})


@template(
    "mtg-expired-duration",
    version=5,
    game=GAME,
    topics=("missed_trigger", "expired_duration"),
    summary="A missed trigger whose effect's duration has already ended: play continues; "
    "while it lasts, the opponent chooses whether it goes on the stack.",
    pivots=("duration_running", "noticed_time_bar"),
)
def mtg_duration(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, st.pick(rng, (2, 2)))
    player, other = order[0], order[1]
    card_id = st.pick(
        rng, ("primal_forcemage", "nivix_cyclops", "battlegrace_angel", "knight_of_infamy")
    )
    expired = rng.random() < 0.5
    # A defender or a creature that entered this turn does not attack: its power is asked.
    mode = st.fit_action(card_id, "declare_damage")
    when = "previous_turn" if expired else "same_turn"
    now = st.next_in_order(order, player) if expired else player
    situation = _situation(
        order,
        now,
        player,
        when,
        st.trigger(card_id, player, duration_expired=expired),
        {"following_action": mode},
    )
    sentences = (
        *st.opening(GAME, order, card_id, player),
        st.action(GAME, mode, player, other, card_id),
        s("mtg.duration.expired" if expired else "mtg.duration.running", now=now),
    )
    return Draft(situation, sentences, {"card": card_id, "expired": expired})


@template(
    "mtg-detrimental-symmetric",
    version=6,
    game=GAME,
    topics=("missed_trigger", "penalty_upgrade", "symmetric_trigger"),
    summary="Upgrade to Warning for a trigger usually detrimental to its controller; symmetric "
    "triggers count when this instance hurts the controller or helps an opponent; the game state "
    "(e.g. a low life total) is never a factor.",
    pivots=("affects_other", "detrimental"),
)
def mtg_detrimental(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, 2)
    player, other = order
    card_id = st.pick(
        rng,
        ("howling_mine", "sulfuric_vortex", "smokestack", "braids_cabal_minion", "dark_confidant"),
    )
    symmetric = card_id != "dark_confidant"
    affects = st.pick(rng, ("controller", "opponent")) if symmetric else "controller"
    turn = player if affects == "controller" else other
    trig = st.trigger(card_id, player, affects=affects)
    play: dict[str, str] = {"following_action": "advance_step"}
    if turn != player:  # "no, go ahead" on the opponent's turn, as in mtg-delayed-triggers
        play = {**play, **EXPLICIT_PASS_THEN_OTHER}
    situation = _situation(order, turn, turn, "same_turn", trig, play)
    lines: list[Sentence] = [
        st.setup(GAME, order),
        s("mtg.symmetric.whose_turn", turn=turn, player=player, card=Card(card_id)),
        st.triggers(card_id, player),
        # On an opponent's turn a trigger is missed only once its controller takes an active
        # part (seed IPG 2.1): the story says so, or the key would rest on an unstated fact.
        s("mtg.symmetric.skipped", player=player)
        if turn == player
        else s("mtg.symmetric.skipped_other_turn", player=player, turn=turn),
    ]
    if card_id == "dark_confidant" and rng.random() < 0.5:
        lines.append(s("mtg.low_life", player=player))
    lines.append(st.noticed("same_turn", turn))
    return Draft(situation, tuple(lines), {"card": card_id, "affects": affects})
