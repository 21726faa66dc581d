"""Magic templates on who answers for a trigger and on what is not a Missed Trigger: turn
control, opponents' duties, out-of-order sequencing, problems after acknowledgement, intent,
triggers without impact, copies, and the third-Warning upgrade."""

from __future__ import annotations

import random
from typing import Any

from rulings.core.questions import story as st
from rulings.core.questions.template import Card, CardText, Count, Draft, Sentence, s, template

GAME = "mtg"


def _base(order: tuple[str, ...], now: str, **rest: Any) -> dict[str, Any]:
    return st.situation(GAME, order, now, **{"noticed": {"when": "same_turn"}, **rest})


@template(
    "mtg-turn-control",
    version=8,
    game=GAME,
    topics=("accountability", "turn_control", "missed_trigger"),
    summary="A player controlling another's turn answers for that player's triggers too; for the "
    "remedy the controlled player is the opponent.",
    pivots=("no_turn_control", "detrimental"),
)
def mtg_turn_control(rng: random.Random) -> Draft:
    # Two players, as at any Competitive REL table: the only opponent controls the turn
    # (Mindslaver) and, for the remedy, the controlled player counts as the opponent (IPG 2.1).
    order = st.players(rng, GAME, 2)
    controlled = order[0]
    controller = order[-1]
    card_id = st.pick(rng, ("rift_bolt", "dark_confidant", "masticore", "smokestack"))
    owner = controlled  # the controlled player's card triggers during their own turn
    mode = st.pick(rng, ("draw_card", "sorcery_speed_action"))
    situation = _base(
        order,
        controlled,
        turn_control={"controller": controller, "controlled": controlled},
        trigger=st.trigger(card_id, owner),
        play={"following_action": mode},
    )
    sentences = (
        st.setup(GAME, order),
        s("mtg.turn_control", controller=controller, controlled=controlled),
        *st.trigger_lines(card_id, owner, controller),
        # The controller makes the controlled player's choices; the controlled player's own
        # hands draw the card or cast the spell (not "the controller draws").
        s(f"mtg.turn_control.{mode}", actor=controller, other=controlled),
        s("noticed.controlled_player", controlled=controlled),
        # Committee decision: the item says who receives the penalty (the key names them).
        s("penalty.ask_who"),
    )
    return Draft(situation, sentences, {"card": card_id, "owner": owner})


@template(
    "mtg-opponent-duties",
    version=9,
    game=GAME,
    topics=("opponent_duties", "accountability", "no_infraction", "missed_trigger"),
    summary="Opponents need not point out triggers and are never penalised for silence; an "
    "opponent's ordinary play on their own turn does not make the controller's trigger missed "
    "before the controller takes an active part (IPG 2.1): no infraction, it resolves now.",
    pivots=("following_by_other", "no_witness"),
    distractors=("judge_reminds",),
)
def mtg_opponent_duties(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, st.pick(rng, (2, 2)))
    player, other = order[0], order[1]
    card_id = st.pick(
        rng, ("dark_confidant", "desecration_demon", "knight_of_infamy", "battlegrace_angel")
    )
    if rng.random() < 0.5:
        return _opponents_turn(order)
    when = "same_turn"
    exalted = card_id in ("knight_of_infamy", "battlegrace_angel")
    play = {
        "following_action": "declare_damage" if exalted else st.fit_action(card_id, "draw_card")
    }
    story = st.action(GAME, play["following_action"], player, other, card_id)
    witness = [other]
    situation = _base(
        order,
        player,
        trigger=st.trigger(card_id, player),
        play=play,
        silent_witnesses=witness,
        noticed={"when": when},
    )
    lines: list[Sentence] = [
        *st.opening(GAME, order, card_id, player),
        story,
        s("witness", witness=other),
        st.noticed(when, player),
    ]
    return Draft(situation, tuple(lines), {"card": card_id})


def _opponents_turn(order: tuple[str, ...]) -> Draft:
    """The controller's trigger on the opponent's turn, passed by the opponent's ordinary play
    (review 7 retired the story of an opponent rushing the game: the seeds forbid the rush but
    do not say what the rusher commits). Nobody hurries here: the active player draws the card
    for the turn as usual, and the controller, who has taken no part since, points the trigger
    out at once; IPG 2.1 counts it as remembered (the controller took no active part on the
    opponent's turn) and nobody can make it missed for them: no infraction, it resolves now.
    Howling Mine's trigger goes on the stack after the draw for the turn, so the opponent's
    next step, playing a land, is what passes it."""
    player, active = order
    card_id = "howling_mine"
    situation = _base(
        order,
        active,
        trigger=st.trigger(card_id, player),
        # "who has taken no part since": the active role the story states (issue 30: told as
        # events, the engine draws this same conclusion).
        play={
            "following_action": "advance_step",
            "following_action_by": "other",
            "controller_active_role": "none",
            "active_role_taken": False,
        },
        noticed={"when": "same_action"},
    )
    lines = (
        st.setup(GAME, order),
        s(
            "mtg.duties.other_turn",
            player=player,
            active=active,
            card=Card(card_id),
            text=CardText(card_id),
        ),
        s("mtg.duties.other_turn_draw", active=active),
        s("mtg.duties.other_turn_called", player=player),
    )
    return Draft(situation, lines, {"card": card_id, "opponents_turn": True})


@template(
    "mtg-out-of-order",
    version=6,
    game=GAME,
    topics=("out_of_order", "missed_trigger", "no_infraction"),
    summary="MTR 4.3: a block of actions announced slightly out of order is fine if each action "
    "is legal in order and no information is gained early; drawing before choosing what the "
    "trigger takes is not.",
    pivots=("information_gained", "no_information"),
    distractors=("out_of_order_as_violation",),
)
def mtg_out_of_order(rng: random.Random) -> Draft:
    # Not the seed's own examples (Rift Bolt, Pitchburn Devils) nor its wording (review 11:
    # fr-010, fr-029, fr-040, mu-030, mu-012, fi-043 retold them and tested recall): other cards
    # in the same two situations. Information gained: an upkeep trigger whose choice (which
    # permanents to sacrifice) is made only after the card for the turn was drawn and seen. None:
    # a beginning-of-combat target announced right after the attack, with nothing learnt between.
    order = st.players(rng, GAME, 2)
    player, other = order
    info = rng.random() < 0.5
    cards = ("braids_cabal_minion", "smokestack") if info else ("luminarch_aspirant",)
    card_id = st.pick(rng, cards)
    block = {"legal_in_order": True, "information_gained": info}
    # The sacrifice chosen after the draw is only pointed at and the opponent calls a judge at
    # once, the permanents still on the battlefield, as in the seed's example (a target
    # announced after the draw). A sacrifice already made would leave open what becomes of it,
    # which the seeds do not settle (review 12: fr-041, mu-025, mu-043). Both variants close
    # alike, so the closing sentence points to neither key.
    when = "same_action"
    situation = _base(
        order,
        player,
        trigger=st.trigger(card_id, player),
        play={"following_action": "draw_card" if info else "none", "out_of_order_block": block},
        noticed={"when": when},
    )
    sentences = (
        *st.opening(GAME, order, card_id, player),
        s(f"mtg.ooo.{card_id}", actor=player, other=other, card=Card(card_id)),
        st.noticed(when, player),
    )
    return Draft(situation, sentences, {"info": info, "card": card_id})


@template(
    "mtg-after-acknowledgement",
    version=11,
    game=GAME,
    topics=("game_rule_violation", "opponent_duties", "rewind"),
    summary="A trigger acknowledged in time and then mishandled is a Game Rule Violation; found "
    "a few actions on, it takes IPG 2.5's partial fix (the missed discard is made up); the story "
    "says who noticed; an opponent who did not point it out saw it and let it stand (Failure to "
    "Maintain Game State).",
    pivots=("rewind_none", "rewind_simple", "noticed_by_opponent", "not_acknowledged"),
    distractors=("silent_witness_as_offender",),
)
def mtg_after_ack(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, 2)
    player, other = order
    card_id = "sword_of_feast_and_famine"
    # The story always says who noticed: the opponent pointing it out at once (nothing else has
    # happened: a simple backup), or the player or a judge, at once or a few actions later.
    # Caught at once with nothing since, both a simple backup and the listed partial fix (the
    # discard made up) are possible, and the seed allows either ("um retrocesso ou [...] o
    # conserto parcial apropriado"; the committee has not ordered them): the opponent pointing
    # it out at once is not told (review 15: fr-040).
    by = st.pick(rng, ("error_player", "error_player", "judge"))
    # A simple backup undoes only the last action: "simple" means the error is that action;
    # "a few actions later" leaves several actions to undo (complex), never "nothing can be
    # reconstructed", which would contradict a story told a few actions on.
    # A player (or judge) who catches the error at once, with the opponent saying they saw it,
    # is not told: whether a one-action silence "lets it stand" (Failure to Maintain Game State)
    # is a point neither the seeds nor the committee settle (review 9: fr-045, fi-042).
    rewind = "simple" if by == "opponent" else "complex"
    # An opponent who did not point it out is asked and says they saw it and let it stand: then
    # the committee's decision (2026-12-06: FtMGS only for a player who saw the error and let it
    # stand) and the 2024 IPG note (FtMGS also for an opponent who failed to notice) key the
    # same. An opponent who had not noticed is left out: there they disagree (review 7: fr-015,
    # fi-010; review 8: fi-011, mu-030).
    seen = by != "opponent"
    situation = _base(
        order,
        player,
        trigger=st.trigger(card_id, player),
        play={
            "acknowledged": "in_time",
            "following_action": "advance_step",
            "problem_after_acknowledgement": True,
        },
        rewind=rewind,
        partial_fix="missed_draw_or_discard",
        noticed={"when": "same_turn", "by": by},
        silent_witnesses=[other] if seen else [],
    )
    timing = "at_once" if rewind == "simple" else "later"
    lines: list[Sentence] = [
        *st.opening(GAME, order, card_id, player),
        s("mtg.after_ack.sword", actor=player, other=other),
        s(f"mtg.after_ack.noticed_by.{by}.{timing}", actor=player, other=other),
    ]
    if by != "opponent":
        lines.append(s("mtg.after_ack.opponent.seen", other=other))
    lines.append(s(f"mtg.backup.{rewind}"))  # Magic says "backup", Riftbound "rewind"
    # The Sword's discard is made up by the player it names: the remedy says so (review 12).
    make_up = {"player": other, "act": "discard"}
    facts = {"rewind": rewind, "by": by, "seen": seen, "make_up": make_up}
    return Draft(situation, tuple(lines), facts)


@template(
    "mtg-intent-and-no-impact",
    version=7,
    game=GAME,
    topics=("cheating", "no_infraction", "missed_trigger"),
    summary="Ignoring one's own trigger on purpose may be Cheating unless the player did not know "
    "the rule; a trigger that changes nothing is no infraction; an acknowledged optional "
    "invisible trigger is taken as chosen.",
    pivots=("intent_none", "impact_yes"),
    distractors=("suspected_cheating",),
)
def mtg_intent(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, 2)
    player, other = order
    variant = st.pick(rng, ("drake", "mimic", "deliberate"))
    lines: list[Sentence] = [st.setup(GAME, order)]
    if variant == "drake":
        alone = rng.random() < 0.6
        intent = st.pick(rng, ("none", "intentional"))
        if not alone:
            # Chasm Drake's trigger only helps its controller: skipping it on purpose gains
            # nothing, which is no attempt at an advantage (Cheating needs one), so with an
            # impact the story is one of forgetting.
            intent = "none"
        trig = st.trigger("chasm_drake", player, impact=not alone)
        play: dict[str, Any] = {"following_action": "pass_priority"}
        lines += [
            st.triggers("chasm_drake", player),
            s("mtg.drake.alone" if alone else "mtg.drake.friend", actor=player),
        ]
        told = [s(f"intent.{intent}", actor=player)]
    elif variant == "mimic":
        intent = "none"
        # Acknowledged and unanswered, the 'may' is taken as chosen; never acknowledged, the
        # trigger is missed at combat damage. (An opponent's response after an acknowledgement
        # leaves the choice open, which no key can settle: not told.)
        silent = rng.random() < 0.5
        trig = st.trigger("eldrazi_mimic", player)
        play = {
            "acknowledged": "in_time" if not silent else "no",
            "following_action": "declare_damage" if silent else "none",
        }
        lines += [
            st.triggers("eldrazi_mimic", player),
            s(
                "mtg.mimic.silent" if silent else "mtg.mimic.ack",
                actor=player,
                other=other,
                card=Card("eldrazi_mimic"),
            ),
        ]
        # A "may" trigger: the original power and toughness could be a choice not to use it.
        # The story says the player forgot it, so the key (missed) rests on a fact.
        told = [s("intent.none", actor=player)] if silent else []
    else:
        intent = st.pick(rng, ("intentional", "intentional_unaware_of_rule", "none"))
        card_id = st.pick(rng, ("smokestack", "masticore", "dark_confidant"))
        if intent != "none" and card_id == "dark_confidant":
            # Skipping Dark Confidant costs a card as much as it saves life: no clear gain, so
            # a deliberate skip is told of a trigger that only costs its controller.
            card_id = "masticore"
        trig = st.trigger(card_id, player)
        play = {"following_action": "draw_card"}
        lines += [
            *st.trigger_lines(card_id, player, other),
            st.action(GAME, "draw_card", player, other),
        ]
        told = [s(f"intent.{intent}", actor=player)]
    situation = _base(order, player, trigger=trig, play=play, intent=intent)
    # The judge is called before the player answers the judge, and the intent is what the
    # player says, never the narrator's fact (review 14: fr-026, mu-026, fi-025, fi-035).
    lines.append(st.noticed("same_turn", player))
    lines += told
    return Draft(situation, tuple(lines), {"variant": variant, "intent": intent})


@template(
    "mtg-copies",
    version=4,
    game=GAME,
    topics=("missed_trigger", "copies"),
    summary="A trigger that only copies a spell (storm) resolves by itself, but the copies must "
    "be acknowledged under the usual timing.",
    pivots=("pass_priority", "advance_step"),
    distractors=("judge_reminds",),
)
def mtg_copies(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, 2)
    player, _other = order
    mode = st.pick(rng, ("pass_priority", "advance_step", "sorcery_speed_action"))
    spells = rng.randrange(2, 6)
    # After passing priority the trigger may still be on the stack: the judge is called at once,
    # or "later" would imply the Goblins never came, which the key (not missed) does not assume.
    when = "same_action" if mode == "pass_priority" else "same_turn"
    situation = _base(
        order,
        player,
        trigger=st.trigger("empty_the_warrens", player),
        play={"following_action": mode},
        noticed={"when": when},
    )
    sentences = (
        st.setup(GAME, order),
        s(
            "mtg.storm.cast",
            actor=player,
            card=Card("empty_the_warrens"),
            spells=Count("spells", spells),
        ),
        # Storm itself resolves without being acknowledged; what can be missed are its copies:
        # the story says the copies' Goblins were never made.
        s("mtg.storm.pass", actor=player)
        if mode == "pass_priority"
        else s(f"mtg.storm.missed.{mode}", actor=player, card=Card("empty_the_warrens")),
        st.noticed(when, player),
    )
    return Draft(situation, sentences, {"mode": mode})


@template(
    "mtg-third-warning",
    version=12,
    game=GAME,
    topics=("penalty_upgrade", "repeated_warnings", "ftmgs_exemption"),
    summary="The third Warning in the same category becomes a Game Loss; Failure to Maintain Game "
    "State is exempt.",
    pivots=("history_less", "head_judge_upgrade"),
)
def mtg_third_warning(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, 2)
    player, other = order
    kind = st.pick(rng, ("missed_trigger", "game_rule_violation", "failure_to_maintain_game_state"))
    history = {kind: rng.randrange(0, 3)}
    if rng.random() < 0.5:
        extra = st.pick(rng, ("missed_trigger", "game_rule_violation"))
        # Two at most in a category: a third would already have been a Game Loss.
        history[extra] = min(2, history.get(extra, 0) + 1)
    history = {k: v for k, v in history.items() if v}
    lines: list[Sentence] = [st.setup(GAME, order)]
    data: dict[str, Any]
    if kind == "missed_trigger":
        card_id = st.pick(rng, ("smokestack", "masticore", "pact_of_negation"))
        data = {"trigger": st.trigger(card_id, player), "play": {"following_action": "draw_card"}}
        lines += [
            *st.trigger_lines(card_id, player, other),
            st.action(GAME, "draw_card", player, other),
        ]
    elif kind == "game_rule_violation":
        data, told = _rules_error(rng, player, other)
        lines += told
    else:
        data = {"game_error": {"kind": kind, "player": player}}
        lines.append(s(f"mtg.error.{kind}", player=player, other=other))
        # Exempt from the upgrade unless the head judge says otherwise: the story says which.
        lines.append(s("history.head_judge_silent"))
    situation = _base(order, player, history={"warnings": history}, **data)
    lines += st.history_lines(player, history, kind)
    return Draft(situation, tuple(lines), {"kind": kind, "history": history})


# A Game Rule Violation told as facts, with who noticed it and what could still be undone:
# the fix follows IPG 2.5 in order (simple backup, a partial fix, else leave it as it is).
RULES_ERRORS = {
    # variant: (noticed by, rewind, partial fix, sentence)
    "haste_pointed_out": ("opponent", "simple", "none", "mtg.error.game_rule_violation"),
    # Found after blocks and combat damage, or several actions later: more than the last action
    # would have to be undone, yet the game is not beyond reconstruction (no contradiction with a
    # story that lists what happened since).
    "haste_found_late": ("judge", "complex", "none", "mtg.error.grv.haste_late"),
    # The object in the wrong zone is pointed out at once: a simple backup comes first (IPG
    # 2.5). Found later, the key would rest on a partial fix the seeds and the policy notes do
    # not describe ("listed partial fixes"; review 13: mu-045).
    "wrong_zone": ("opponent", "simple", "object_in_wrong_zone", "mtg.error.grv.wrong_zone"),
}


def _rules_error(
    rng: random.Random, player: str, other: str
) -> tuple[dict[str, Any], list[Sentence]]:
    by, rewind, fix, key = RULES_ERRORS[st.pick(rng, tuple(RULES_ERRORS))]
    data: dict[str, Any] = {
        "game_error": {"kind": "game_rule_violation", "player": player},
        "noticed": {"when": "same_turn", "by": by},
        "rewind": rewind,
        "partial_fix": fix,
    }
    told = [s(key, player=player, other=other)]
    if by != "opponent":
        # Caught by a judge: the opponent, asked, says they saw it and said nothing. The
        # committee (2026-12-06: Failure to Maintain Game State only for a player who saw the
        # error and let it stand) and the IPG note (also for one who failed to notice) then key
        # the same; an opponent who "had not noticed" is where they differ (review 12: fr-009,
        # mu-014), so it is not told.
        data["silent_witnesses"] = [other]
        told.append(s(f"{key}.seen", player=player, other=other))
    return data, [*told, s(f"mtg.backup.{rewind}")]
