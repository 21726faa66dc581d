"""Riftbound trigger templates: TR 506.3.e impacts, Might-only, first Beginning Phase, first
time, battlefields, opponents' duties, errors after a miss, intent."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from rulings.core.questions import story as st
from rulings.core.questions.catalog import card, cards_where, public_phrases
from rulings.core.questions.template import (
    Card,
    CardText,
    Draft,
    Parts,
    Sentence,
    Term,
    s,
    template,
)

GAME = "riftbound"
ACTIONS = ("new_game_action", "advance_step")


@cache
def _carried_out() -> frozenset[str]:
    """Effects whose resolving the phrase banks tell (`terms.carried_out`)."""
    return frozenset(public_phrases("en")["terms"]["carried_out"])


@cache
def wrong_effects() -> frozenset[str]:
    """Effects whose wrong execution the phrase banks tell (`terms.wrong_effect`, the same keys
    in every language)."""
    return frozenset(public_phrases("en")["terms"]["wrong_effect"])


def applied_parts() -> frozenset[str]:
    """Effects whose partly applied form the phrase banks tell (`terms.part_applied`)."""
    return frozenset(public_phrases("en")["terms"]["part_applied"]) - {"first_step"}


def multi_part_cards() -> tuple[str, ...]:
    """Impact cards whose effect has at least two parts (cards.toml `parts`)."""
    return tuple(c for c in _impact_cards() if int(card(c).get("parts", 1)) >= 2)


def _impact_cards(advantageous: bool | None = None) -> tuple[str, ...]:
    """Cards with an observable impact (not battlefields, first-time, first Beginning Phase or
    Might-only triggers); given `advantageous`, only those that fit it (story.fits_advantage)."""

    told = None if advantageous is None else st.fits_advantage(advantageous)

    def fits(data: dict[str, Any]) -> bool:
        return data.get("kind") != "might_only" and (told is None or told(data))

    found = cards_where(
        GAME, where=fits, battlefield=False, first_beginning_phase=False, first_time=False
    )
    if advantageous is False:
        # A trigger that costs something, missed with no benefit (`no_benefit`), is the story
        # whose penalty needs the helped-vs-hurt judgment; one that only helps settles it
        # (build.ADVANTAGE_SETTLED). Weighted so that about two in five no-advantage stories
        # are the former (review 10: fi-001...).
        costly = tuple(c for c in found if card(c).get("no_benefit"))
        if costly:
            found = found + costly * max(1, (len(found) - len(costly)) * 2 // (3 * len(costly)))
    return found


def _when(
    rng: random.Random, order: tuple[str, ...], player: str, mode: str = ""
) -> tuple[str, str, Sentence]:
    """Same turn, or the next player's turn; returns (when, turn player now, sentence).
    Nothing having happened yet means the judge is called at once."""
    if mode == "none":
        rng.random()  # keep the stream aligned with the other modes
        return "same_action", player, st.noticed("same_action", player)
    if rng.random() < 0.5:
        return "same_turn", player, st.noticed("same_turn", player)
    now = st.next_in_order(order, player)
    return "previous_turn", now, st.noticed("previous_turn", now)


def _base(order: tuple[str, ...], now: str, player: str, when: str, **rest: Any) -> dict[str, Any]:
    noticed = {"when": when, "error_turn_player": player}
    return st.situation(GAME, order, now, **{"noticed": noticed, **rest})


@template(
    "rb-trigger-impact",
    version=9,
    game=GAME,
    topics=("missed_trigger", "observable_impact"),
    summary="A trigger with an observable impact (TR 506.3.e) acknowledged, missed or not yet due; "
    "advantage and the turn it is noticed change penalty and remedy.",
    pivots=("advantageous", "noticed_later", "acknowledged_in_time", "opl_casual", "optional"),
    distractors=("points_as_score",),
)
def rb_trigger_impact(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, st.pick(rng, (2, 2, 3, 4)))
    player = order[0]
    opl = st.pick(rng, ("competitive", "professional", "casual"))
    mode = st.pick(
        rng, ("new_game_action", "advance_step", "new_game_action", "acknowledged", "none")
    )
    # An acknowledged trigger resolves, and one not yet due has not been missed: "not having it
    # resolve helped" can be true of neither, so those stories say nothing of advantage.
    missed = mode not in ("acknowledged", "none")
    adv = missed and rng.random() < 0.5
    fitting = _impact_cards(adv if missed else None)
    if mode == "acknowledged":
        # What resolving did is told from the card's effect: a card from a private pool that
        # states none is kept for the other stories; with no card that does, a story with
        # nothing done yet (neither missed, so nothing is said of advantage either).
        stated_effect = tuple(c for c in fitting if card(c).get("effect") in _carried_out())
        if not stated_effect:
            mode = "none"
        fitting = stated_effect or fitting
    card_id = st.pick(rng, fitting)
    when, now, noticed = _when(rng, order, player, mode)
    play: dict[str, Any] = {"following_action": mode}
    told: tuple[Sentence, ...] = (st.advantage(adv, player, card_id),) if missed else ()
    if mode == "acknowledged":
        play = {"acknowledged": "in_time", "following_action": "new_game_action"}
        # The acknowledgement and what resolving did (review 8: "acknowledged" alone left
        # open whether the trigger was carried out, which "nothing to fix" depends on).
        effect = str(card(card_id)["effect"])
        unit = st.subject(card_id)
        done = Parts(((f"carried_out.{effect}", (("player", player), ("unit", unit))),))
        middle = [
            # What the player said and did, never "acknowledges clearly" (review 15: fr-023).
            s("ack.in_time", actor=player, card=Card(card_id)),
            s("ack.done", done=done),
            s("ack.then_plays", actor=player),
        ]
    else:
        middle = [st.action(GAME, mode, player)]
    situation = _base(
        order,
        now,
        player,
        when,
        trigger=st.trigger(card_id, player),
        play=play,
        advantageous=adv,
        opl=opl,
    )
    sentences = (
        *st.opening(GAME, order, card_id, player, opl),
        *middle,
        *told,
        noticed,
    )
    return Draft(situation, sentences, {"card": card_id, "mode": mode, "when": when})


@template(
    "rb-trigger-might-only",
    version=6,
    game=GAME,
    topics=("missed_trigger", "observable_impact", "might_only"),
    summary="A trigger that only adds Might (TR 506.3.e.4): missed only once the Might matters.",
    pivots=("advantageous", "following_none", "noticed_later"),
)
def rb_might_only(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, st.pick(rng, (2, 3)))
    player = order[0]
    card_id = st.pick(rng, cards_where(GAME, kind="might_only"))
    # No "new game action" before the Might matters: whether a Might-only trigger is then
    # forgotten (TR 506.3.b) or still pending (506.3.e.4) is a point the seeds leave open and
    # the committee has not decided (review 9: fi-019), so exam stories retire that variant.
    mode = st.pick(rng, ("none", "might_matters", "wrong_characteristics"))
    # A Might bonus for one's own unit never helps when it is missed (no card here has a
    # drawback): the story says so once the bonus has mattered, and says nothing before.
    adv = False
    # Before the Might matters the judge is called at once: "later" or "next turn" would imply
    # the combat it was granted for went by, which the key (not missed) does not assume.
    when, now, noticed = _when(rng, order, player, "none" if mode == "new_game_action" else mode)
    facts = {"card": card_id, "mode": mode, "when": when}
    mattered = mode in ("might_matters", "wrong_characteristics")
    timing = (when, now, noticed)
    return _plain_trigger(order, player, card_id, mode, adv, timing, facts, say_advantage=mattered)


@template(
    "rb-trigger-first-beginning-phase",
    version=4,
    game=GAME,
    topics=("missed_trigger", "first_beginning_phase"),
    summary="A trigger at the start of the first Beginning Phase (TR 506.3.d): acknowledged later "
    "the same turn it is no infraction; in a later turn it is missed.",
    pivots=("noticed_later", "advantageous"),
)
def rb_first_beginning_phase(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, st.pick(rng, (2, 3, 4)))
    player = order[rng.randrange(len(order))]
    adv = rng.random() < 0.5
    card_id = st.pick(
        rng, cards_where(GAME, where=st.fits_advantage(adv), first_beginning_phase=True)
    )
    mode = st.pick(rng, ACTIONS)
    when, now, noticed = _when(rng, order, player)
    facts = {"when": when, "mode": mode}
    return _plain_trigger(order, player, card_id, mode, adv, (when, now, noticed), facts)


# The "first time" events whose repeat the phrase banks tell (`rb.first_time.again.<event>`).
FIRST_TIME_AGAIN = frozenset({"first_move"})


@template(
    "rb-trigger-first-time",
    version=6,
    game=GAME,
    topics=("missed_trigger", "first_time"),
    summary="A 'first time' trigger, mandatory or optional (TR 506.5): a forgotten mandatory one "
    "still counts as having triggered.",
    pivots=("advantageous", "optional", "noticed_later"),
)
def rb_first_time(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, st.pick(rng, (2, 3)))
    player = order[0]
    adv = rng.random() < 0.5
    card_id = st.pick(rng, cards_where(GAME, where=st.fits_advantage(adv), first_time=True))
    event = str(card(card_id).get("event", ""))
    when, now, noticed = _when(rng, order, player)
    mode = st.pick(rng, ACTIONS)
    situation = _base(
        order,
        now,
        player,
        when,
        trigger=st.trigger(card_id, player),
        play={"following_action": mode},
        advantageous=adv,
    )
    sentences = (
        *st.opening(GAME, order, card_id, player),
        st.action(GAME, mode, player),
        st.advantage(adv, player, card_id),
        # A forgotten mandatory "first time" trigger is used up (TR 506.5), so the event
        # happening again changes nothing; an optional one not used is not, and would trigger
        # again: told only where it leaves no loose end. Told as the event itself ("moves it
        # again"): a "first time each turn" condition cannot happen twice (review 15: fi-005).
        *(
            ()
            if card(card_id).get("optional") or event not in FIRST_TIME_AGAIN
            else (s(f"rb.first_time.again.{event}", player=player, card=Card(card_id)),)
        ),
        noticed,
    )
    return Draft(situation, sentences, {"card": card_id, "when": when})


@template(
    "rb-battlefield-accountability",
    version=9,
    game=GAME,
    topics=("accountability", "battlefield", "missed_trigger"),
    summary="A battlefield's trigger: controlled, uncontrolled or naming a player (TR 506.1.a, "
    "CR 190.6); the accountable player and the next opponent who chooses follow from that.",
    pivots=("advantageous", "noticed_later", "battlefield_uncontrolled"),
)
def rb_battlefield(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, st.pick(rng, (2, 3, 4)))
    now = order[rng.randrange(len(order))]
    brought = order[rng.randrange(len(order))]
    mode = st.pick(rng, ("controlled", "uncontrolled", "names"))
    # The card's text must fit the control story, or the stem names a different accountable
    # player than the key ("the Turn Player channels" on a controlled battlefield).
    fits = ("controlled", "controlled_hold") if mode == "controlled" else (mode,)
    # Missing it helps only where the trigger costs something (the card's advantage_reason).
    adv = rng.random() < 0.5
    told = st.fits_advantage(adv)
    card_id = st.pick(rng, tuple(c for f in fits for c in cards_where(GAME, told, control=f)))
    control: dict[str, Any] = {}
    lines: list[Sentence] = []
    controller = order[rng.randrange(len(order))]
    if card(card_id).get("control") == "controlled_hold":
        now = controller  # one holds a battlefield at the start of one's own turn
    if mode == "controlled":
        control["controlled_by"] = controller
        # Whose it is decides nothing (TR 506.1.a) but is said; "Ana controls it; Ana brought
        # it" reads as two facts about different players.
        own = brought == controller
        key = "bf.controlled_own" if own else "bf.controlled"
        lines.append(s(key, player=controller, brought=brought))
    else:
        lines.append(s("bf.uncontrolled", brought=brought))
    if mode == "names":
        named = order[rng.randrange(len(order))]
        control["names_player"] = named
        lines.append(s("bf.names", named=named))
    trig = st.trigger(card_id, None, battlefield=control)
    # "No other player has taken any action since": a trigger the turn player could not miss for
    # another player is still pending when the judge comes, and the key has it resolve now.
    situation = _base(
        order,
        now,
        now,
        "same_turn",
        trigger=trig,
        play={"following_action": "advance_step"},
        advantageous=adv,
    )
    who = st.accountable(situation)
    if who != now:
        # Whether another player's moving on forgets the accountable player's trigger is a
        # point the seeds leave open (TR 506.3 against 506.3.b; review 9: mu-037) and the
        # committee has not decided: exam stories retire that variant, and the accountable
        # player is the one whose turn it is and who moves on.
        now = who
        situation = _base(
            order,
            now,
            now,
            "same_turn",
            trigger=trig,
            play={"following_action": "advance_step"},
            advantageous=adv,
        )
    situation["play"]["following_action_by"] = "accountable"
    sentences = (
        st.setup(GAME, order),
        s("trigger.battlefield", card=Card(card_id), text=CardText(card_id), now=now),
        # Every battlefield trigger here is at the start of a turn: in a player's very first
        # Beginning Phase it could be acknowledged all turn (TR 506.3.d), so the story says it
        # is not that turn (review 7: fi-001, fi-033).
        s("bf.not_first_turn", now=now),
        *lines,
        st.action(GAME, "advance_step", now),
        # Whether the accountable player has shown unawareness turns on this (TR 702.2.c): said
        # for every story, so it does not give away who is accountable.
        s("bf.nobody_else"),
        # Without the trigger, what the player it would have served lacks (review 7: fi-001,
        # fi-033, "benefits nobody" stated the Warning test instead of the events).
        s(
            "advantage.no_event",
            what=Parts(((st.missed_gain(card_id), (("player", _served(situation, now)),)),)),
        )
        if not adv
        # An event that uses what missing the trigger left (review 9: fr-020, fi-016; "the
        # runes stay ready" asserted the advantage without showing it, as fr-006 does).
        else s(f"bf.used.{st.reason(card_id)}", player=_served(situation, now)),
        st.noticed("same_turn", now),
    )
    return Draft(situation, sentences, {"mode": mode, "card": card_id})


def _served(situation: dict[str, Any], now: str) -> str:
    """The player a battlefield's trigger would have served: its controller, the player it
    names, else the Turn Player (CR 190.6)."""
    control = situation["trigger"].get("battlefield") or {}
    return str(control.get("controlled_by") or control.get("names_player") or now)


@template(
    "rb-opponent-duties",
    version=9,
    game=GAME,
    topics=("accountability", "opponent_duties", "missed_trigger", "no_infraction"),
    summary="Opponents need not point out triggers (TR 506.2) and are not penalised for staying "
    "silent; the trigger's controller answers for it.",
    pivots=("following_by_other", "advantageous"),
)
def rb_opponent_duties(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, st.pick(rng, (2, 3)))
    player, other = order[0], order[1]
    # The story where the opponent rushed the game past the trigger is retired (review 7:
    # fr-018, fi-002...): TR 702.2.c forbids the rush but does not say what the rusher commits,
    # so "No infraction" was not settled by the seeds. The silent opponent stays.
    adv = rng.random() < 0.5
    card_id = st.pick(rng, _impact_cards(adv))
    play = {"following_action": "advance_step", "following_action_by": "accountable"}
    when = "same_turn"
    situation = _base(
        order,
        player,
        player,
        when,
        trigger=st.trigger(card_id, player),
        play=play,
        advantageous=adv,
        silent_witnesses=[other],
    )
    told = (
        s("rb.duties.silent", actor=player, other=other),
        st.advantage(adv, player, card_id),
        st.noticed(when, player),
    )
    sentences = (*st.opening(GAME, order, card_id, player), *told)
    return Draft(situation, sentences, {"adv": adv})


@template(
    "rb-error-after-trigger",
    version=12,
    game=GAME,
    topics=("missed_trigger", "general_error", "rewind"),
    summary="A further error about a missed trigger, or a trigger mishandled after being "
    "acknowledged, is a General Error (TR 702.2.b, TR 702.16); the rewind possible decides the fix "
    "and who performs it; after rewinding a missed trigger, its own remedy follows (TR 702.2.f.2).",
    pivots=("rewind_simple", "rewind_none", "opl_casual"),
)
def rb_error_after_trigger(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, st.pick(rng, (2, 3)))
    player = order[0]
    opl = st.pick(rng, ("casual", "competitive", "professional"))
    card_id = st.pick(rng, _impact_cards())
    after_ack = rng.random() < 0.5
    # "Applies part of its effect" needs an effect with more than one part (review 4: Q032,
    # Q054): never for "draw 1" or "move a unit"; with no such card, the other story.
    several = multi_part_cards()
    if not after_ack and several:
        card_id = st.pick(rng, several)
    elif not after_ack:
        after_ack = True
    worse = _rewind_worse(card_id, after_ack)
    # A rewind beyond the last action only where the story can tell what the error brought
    # since (TR 701.5.a: leaving the game as it is must be substantially worse; review 10:
    # fi-036 keyed that rewind with no consequence told): a gain the error gave its maker and
    # that they used, with nobody else having acted since (`terms.rewind_worse`; review 12:
    # fr-022, a rewind past an opponent's spell for a draw the player missed, is not told).
    rewinds: tuple[str, ...] = ("simple", "complex", "none") if worse else ("simple", "none")
    if not after_ack:
        # A missed trigger half applied by its controller and never rewound: the half stays on
        # the board, and the Missed Trigger's own remedy ("resolves now") would apply the
        # trigger again (a second discard). The committee's "name both remedies" (policy notes,
        # 2026-12-06) assumes the rewind comes first, and the seeds say nothing of this case,
        # so it is not told (review 14: fr-021, mu-021).
        rewinds = tuple(r for r in rewinds if r != "none")
    rewind = st.pick(rng, rewinds)
    if after_ack:
        play = {
            "acknowledged": "in_time",
            "following_action": "new_game_action",
            "problem_after_acknowledgement": True,
        }
        # Says what was done wrongly (TR 701.5.a: whether undoing it is worth it depends on it);
        # a card from private pools with an effect the phrase banks do not know says it plainly.
        effect = card(card_id).get("effect")
        if effect in wrong_effects():
            middle = s("rb.after.ack", actor=player, how=Term(f"wrong_effect.{effect}"))
        else:
            middle = s("rb.after.ack_plain", actor=player)
    else:
        play = {"following_action": "new_game_action", "error_after_miss": True}
        # Which part was applied, never "part of its effect" (issue 27: a fact the rewind turns on).
        effect = card(card_id).get("effect")
        part = effect if effect in applied_parts() else "first_step"
        middle = s("rb.after.miss", actor=player, part=Term(f"part_applied.{part}"))
    # A simple rewind undoes only the last action: the error is that action, so the judge is
    # called at once ("later in the turn" would put other actions after it).
    when = "same_action" if rewind == "simple" else "same_turn"
    situation = _base(
        order,
        player,
        player,
        when,
        trigger=st.trigger(card_id, player),
        play=play,
        rewind=rewind,
        opl=opl,
    )
    told = rewind == "complex"
    sentences = (
        *st.opening(GAME, order, card_id, player, opl),
        middle,
        # The later cards are not said to be paid with runes the error left: the error is about
        # a trigger, not a payment (review 12: fr-022).
        s("rewind.complex_later" if told else f"rewind.{rewind}", player=player),
        *((s("rewind.worse_by", why=Parts(((worse, (("player", player),)),))),) if told else ()),
        st.noticed(when, player),
        s("rewind.ask_who"),
    )
    return Draft(situation, sentences, {"after_ack": after_ack, "rewind": rewind, "opl": opl})


def _rewind_worse(card_id: str, after_ack: bool) -> str:
    """The phrase-bank term that tells what the card's effect, carried out wrongly (or only in
    part, for a missed trigger), brought after the error (`terms.rewind_worse`); "" when the
    banks tell none (a card from a private pool, a first step only)."""
    effect = str(card(card_id).get("effect", ""))
    if after_ack:
        key = effect if effect in wrong_effects() else ""
    else:
        key = f"partly.{effect}" if effect in applied_parts() else ""
    if not key or key.split(".")[-1] not in _worse_terms(key):
        return ""
    return f"rewind_worse.{key}"


@cache
def _worse_terms(key: str) -> frozenset[str]:
    table = public_phrases("en")["terms"]["rewind_worse"]
    if key.startswith("partly."):
        table = table.get("partly", {})
    return frozenset(k for k, v in table.items() if isinstance(v, str))


@template(
    "rb-trigger-intent",
    version=9,
    game=GAME,
    topics=("missed_trigger", "cheating", "no_infraction"),
    summary="A trigger skipped on purpose: Cheating when mandatory and it would matter "
    "(TR 506.3.c), "
    "no infraction when it could change nothing.",
    pivots=("intent_none", "optional", "no_impact"),
    distractors=("suspected_cheating", "points_as_score"),
)
def rb_trigger_intent(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, 2)
    player = order[0]
    intent = st.pick(rng, ("intentional", "intentional", "none"))
    # A trigger that could change nothing is skipped only by mistake: skipped on purpose,
    # TR 506.3.c (intentionally forgetting a mandatory trigger is penalised) and the no-impact
    # rule disagree, and neither the seeds nor the committee decide it (review 11: mu-003;
    # coverage.EXCLUDED).
    impact = rng.random() < 0.75 or intent != "none"
    adv = rng.random() < 0.5
    # A trigger that could change nothing cannot have helped anyone, and a player who skips a
    # mandatory trigger on purpose does it for an advantage (Cheating, TR 704.8): saying otherwise
    # made the story contradict itself or its key. The card fits: one whose trigger can find
    # nothing to do (its `no_impact` says why), or one whose trigger costs something when it
    # helped to skip it.
    # Skipping an optional trigger on purpose is declining it, neither forgetting (Missed
    # Trigger) nor Cheating (TR 506.3.c is about mandatory triggers): a deliberate skip is told
    # only of a mandatory trigger (docs/rulings.md, Policy decisions).
    deliberate = intent != "none"
    if not impact:
        adv = False
        no_impact = cards_where(
            GAME,
            where=lambda d: bool(d.get("no_impact")) and not (deliberate and d.get("optional")),
            battlefield=False,
            first_time=False,
        )
        card_id = st.pick(rng, no_impact)
    else:
        adv = adv or intent == "intentional"
        fitting = _impact_cards(adv)
        card_id = st.pick(
            rng, tuple(c for c in fitting if not (deliberate and card(c).get("optional")))
        )
    situation = _base(
        order,
        player,
        player,
        "same_turn",
        trigger=st.trigger(card_id, player, impact=impact),
        play={"following_action": "new_game_action"},
        intent=intent,
        advantageous=adv,
    )
    sentences = (
        *st.opening(GAME, order, card_id, player, impact=impact),
        # The forgetting is shown by the player's own new game action, not only by what they
        # say to the judge (review 9: mu-005, mu-023, fi-001).
        st.action(GAME, "new_game_action", player),
        # The impact is told by events: what missing the trigger changed on the board (the
        # advantage line), or why it could change nothing; never "resolving the trigger would
        # change the board", TR 506.3.e's test itself (review 14: fi-035).
        # A trigger that could change nothing leaves nothing to tell about what missing it did:
        # "a unit stays without the bonus" contradicted "no other friendly unit" (fi-035).
        st.advantage(adv, player, card_id)
        if impact
        else s("impact.no", why=Term(f"no_impact_why.{card(card_id)['no_impact']}")),
        # The judge is called before anyone answers the judge (review 14: fi-035).
        st.noticed("same_turn", player),
        s(f"intent.{intent}", actor=player),
    )
    return Draft(situation, sentences, {"intent": intent, "impact": impact})


def _plain_trigger(
    order: tuple[str, ...],
    player: str,
    card_id: str,
    mode: str,
    adv: bool,
    timing: tuple[str, str, Sentence],
    facts: dict[str, Any],
    say_advantage: bool = True,
) -> Draft:
    """The common story: a card triggers, an action follows, the judge is called."""
    when, now, noticed = timing
    situation = _base(
        order,
        now,
        player,
        when,
        trigger=st.trigger(card_id, player),
        play={"following_action": mode},
        advantageous=adv,
    )
    sentences = (
        *st.opening(GAME, order, card_id, player),
        st.action(GAME, mode, player, card_id=card_id),
        *((st.advantage(adv, player, card_id),) if say_advantage else ()),
        noticed,
    )
    return Draft(situation, sentences, facts)
