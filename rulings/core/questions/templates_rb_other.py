"""Riftbound templates beyond triggers: scoring and round cycles, payments, penalty upgrades,
rewinds and the other TR 702 game play errors."""

from __future__ import annotations

import random
from typing import Any

from rulings.core.questions import story as st
from rulings.core.questions.template import Count, Draft, Sentence, Term, s, template

GAME = "riftbound"
BASE_WARNING = (
    "looking_at_extra_cards",
    "channeling_too_many_runes",
    "drawing_extra_cards",
    "facedown_card_error",
    "mulligan_procedure_error",
)
# Not told either: an opponent's hand seen by accident (an arm bumped, the hand tipped over).
# The seeds give TR 702.11 by name only, and whether an accidental glimpse caused by the
# player is their infraction is settled by neither the seeds nor the committee, whose name-only
# rule keeps items to clear cases (review 11: fr-033; coverage.EXCLUDED says why).
# Not told: an opponent's deck card seen while cutting it. The seeds give TR 702.10 (Looking at
# Secret Information) and 702.11 (Looking at Opponent Private Information) by name only, and the
# committee's decisions settle 702.5 against 702.10, not 702.10 against 702.11 (review 9: mu-032,
# mu-036), so no exam story tells it (coverage.EXCLUDED says why 702.10 is unreached).
# Further errors the told action itself can produce (TR 701.3.d: one error, several
# infractions), each told as what that action also did (`related_for.<kind>.<other>`): a draw
# never "also involved searching a deck", a glance at an opponent's hand no deck error at all.
RELATED_ERRORS: dict[str, tuple[str, ...]] = {
    "mulligan_procedure_error": ("drawing_extra_cards", "looking_at_extra_cards"),
    "drawing_extra_cards": ("looking_at_extra_cards",),
    # Not Looking at Extra Cards with a card put into the hand: that card is Drawing Extra
    # Cards in its own right, and a candidate could defend it as the error asked about (with
    # no earlier Warnings of its own) against the third Looking at Extra Cards (review 14:
    # fr-035, mu-035). The seeds give both sections by name only and do not say which leads.
}
# The looks are told as accidents (committee decisions, 2026-12-06: Looking at Extra Cards only
# for cards seen by accident while handling one's own; no deliberate look unless intent is
# stated): an opponent's deck tipped while cutting it produces no further error.
# Earlier Warnings a story counts are facts of the case, not told errors: every kind may be one.
PAST_WARNINGS = (*BASE_WARNING, "looking_at_opponent_private_information")
BASE_NONE = ("forgetting_to_draw_cards", "channeling_too_few_runes", "forgetting_to_ready")


@template(
    "rb-forgetting-to-score",
    version=4,
    game=GAME,
    topics=("scoring", "round_cycle", "multiplayer", "opponent_duties"),
    summary="A point from conquering or holding not scored (TR 702.3): corrected within a full "
    "round cycle if determinable (TR 702.1.e), in 2-, 3- and 4-player games; a silent opponent "
    "gets Failure to Maintain Game State (TR 702.17).",
    pivots=("turns_more", "turns_fewer", "acted_in_new_turn", "score_undeterminable", "no_witness"),
    distractors=("silent_witness_as_offender",),
)
def rb_forgetting_to_score(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, st.pick(rng, (2, 3, 4)))
    scorer = order[rng.randrange(len(order))]
    source = st.pick(rng, ("conquer", "hold"))
    turns = rng.randrange(0, len(order) + 2)
    now = st.next_in_order(order, scorer, turns)
    determinable = rng.random() < 0.8
    others = [p for p in order if p != scorer]
    witness = [st.pick(rng, others)] if rng.random() < 0.5 else []
    when = "same_turn" if turns == 0 else "previous_turn"
    noticed: dict[str, Any] = {"when": when, "turns_elapsed": turns, "error_turn_player": scorer}
    before_turn = False
    if turns == len(order):
        # The scorer's own next turn has begun, so by TR 702.1.e the cycle has completed: the
        # story tells it after the scorer has acted in it. The boundary's other side is told
        # from before that turn begins, at the end of the turn before it (review 3: Q086,
        # "just as Kai begins the turn" read as a completed cycle the key denied).
        before_turn = rng.random() < 0.5
        if before_turn:
            turns -= 1
            now = st.next_in_order(order, scorer, turns)
            noticed["turns_elapsed"] = turns
        else:
            noticed["at_start_of_turn"] = False
    situation: dict[str, Any] = st.situation(
        GAME,
        order,
        now,
        score={"player": scorer, "source": source, "determinable": determinable},
        noticed=noticed,
        silent_witnesses=witness,
    )
    lines: list[Sentence] = [
        st.setup(GAME, order),
        s(f"score.{source}", player=scorer),
        _score_noticed(turns, now, scorer if before_turn else None, turns == len(order)),
        s("score.determinable" if determinable else "score.undeterminable"),
    ]
    if witness:
        lines.append(s("witness", witness=witness[0]))
    lines.append(s("score.ask_cycle"))
    return Draft(situation, tuple(lines), {"turns": turns, "players": len(order)})


def _score_noticed(turns: int, now: str, before: str | None, own_turn: bool) -> Sentence:
    """When the missed point is noticed: `before` names the scorer when it is told as just
    before their next turn begins; `own_turn`, in that next turn, after they acted in it."""
    if turns == 0:
        return s("score.same_turn", now=now)
    if before is not None:
        return s("score.later_before_turn", turns=Count("turns", turns), now=now, player=before)
    if own_turn:
        return s("score.later_after_action", turns=Count("turns", turns), now=now)
    return s("score.later", turns=Count("turns", turns), now=now)


def _payment_setup(rng: random.Random) -> tuple[tuple[str, ...], str, int, str]:
    order = st.players(rng, GAME, st.pick(rng, (2, 3)))
    return order, order[0], rng.randrange(2, 7), st.pick(rng, ("unit", "spell", "gear"))


@template(
    "rb-overpayment",
    version=6,
    game=GAME,
    topics=("payment", "overpayment", "rewind", "floating_resources"),
    summary="Overpaying a cost (TR 702.8): no penalty, General Error if it caused a result; "
    "simple rewind (runes readied/unrecycled) or play on; nothing floats.",
    pivots=("underpaid_instead", "advantageous", "caused_result", "rewind_none"),
)
def rb_overpayment(rng: random.Random) -> Draft:
    order, player, cost, what = _payment_setup(rng)
    paid = cost + rng.randrange(1, 3)
    caused = rng.random() < 0.3
    # No story tells an advantage (TR 702.8.b.1.a; coverage.EXCLUDED says why): a rune
    # recycled to the bottom of the rune deck brings no other rune up sooner (review 10: fr-008,
    # mu-006, mu-036), and anything else overpaying changes on the board is a result it caused
    # (TR 702.8.b.1.b). Whether it caused one is told as events on both sides (review 10:
    # "paying that way made nothing else happen" was the conclusion; mu-021 tells the events).
    rewind = st.pick(rng, ("simple", "none"))
    floating = rng.random() < 0.5
    situation = st.situation(
        GAME,
        order,
        player,
        payment={"player": player, "cost": cost, "paid": paid, "caused_result": caused},
        advantageous=False,
        rewind=rewind,
    )
    lines: list[Sentence] = [
        st.setup(GAME, order),
        s(
            "pay.story",
            player=player,
            what=Term(f"paid_for.{what}"),
            cost=Count("runes", cost),
            paid=Count("runes", paid),
        ),
        s("pay.result.yes" if caused else "pay.result.no", player=player),
        # What came later is told only where the story goes on past the error, in order: "the
        # error is the last action" and a later fact contradict each other (review 12: mu-016).
        *((s("pay.later.nothing_else", player=player),) if rewind == "none" and not caused else ()),
        s(f"rewind.{rewind}", player=player),
    ]
    if floating:
        lines.append(s("pay.floating", other=order[1], player=player))
    return Draft(situation, tuple(lines), {"caused": caused, "rewind": rewind})


@template(
    "rb-mispayment",
    version=2,
    game=GAME,
    topics=("payment", "underpayment", "rewind"),
    summary="Underpaying (TR 702.9): Warning; simple rewind to before it went on the chain, else "
    "correct the cost, else play on.",
    pivots=("overpaid_instead", "rewind_none", "not_correctable"),
)
def rb_mispayment(rng: random.Random) -> Draft:
    order, player, cost, what = _payment_setup(rng)
    paid = cost - rng.randrange(1, cost)
    rewind = st.pick(rng, ("simple", "none", "none"))
    correctable = rng.random() < 0.6
    situation = st.situation(
        GAME,
        order,
        player,
        payment={"player": player, "cost": cost, "paid": paid, "correctable": correctable},
        rewind=rewind,
    )
    lines = (
        st.setup(GAME, order),
        s(
            "pay.story",
            player=player,
            what=Term(f"paid_for.{what}"),
            cost=Count("runes", cost),
            paid=Count("runes", paid),
        ),
        s(f"rewind.{rewind}", player=player),
        s("pay.correctable" if correctable else "pay.not_correctable", player=player),
    )
    return Draft(situation, lines, {"rewind": rewind, "correctable": correctable})


def _history(rng: random.Random, kind: str, opl: str) -> dict[str, int]:
    same = rng.randrange(0, 3)
    history = {kind: same} if same else {}
    threshold = {"competitive": 6, "professional": 5}.get(opl, 6)
    others = [k for k in PAST_WARNINGS if k != kind]
    left = max(0, threshold - 1 - same + rng.choice((-1, 0, 0)))
    while left > 0:
        # A possible record: two Warnings at most in any other category, or the third would
        # already have been a Game Loss.
        other = st.pick(rng, [k for k in others if history.get(k, 0) < 2])
        history[other] = history.get(other, 0) + 1
        left -= 1
    return history


@template(
    "rb-repeated-warnings",
    version=8,
    game=GAME,
    topics=("penalty_upgrade", "repeated_warnings"),
    summary="Repeated Warnings: the third in the same category, the sixth in total at competitive "
    "OPL or the fifth at professional OPL becomes a Game Loss (TR 702.1.b.1-3).",
    pivots=("history_less", "history_more", "opl_casual", "opl_professional"),
    distractors=("extra_cards",),
)
def rb_repeated_warnings(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, 2)
    player = order[0]
    opl = st.pick(rng, ("casual", "competitive", "professional"))
    kind = st.pick(rng, BASE_WARNING)
    history = _history(rng, kind, opl)
    situation = st.situation(
        GAME,
        order,
        player,
        opl=opl,
        game_error={"kind": kind, "player": player},
        history={"warnings": history},
    )
    lines = (
        st.setup(GAME, order, opl),
        s(f"error.story.{kind}", player=player),
        *st.history_lines(player, history, kind),
    )
    return Draft(situation, lines, {"kind": kind, "history": history, "opl": opl})


@template(
    "rb-ftmgs-exemption",
    version=7,
    game=GAME,
    topics=("penalty_upgrade", "ftmgs_exemption", "repeated_warnings"),
    summary="Failure to Maintain Game State never upgrades (TR 702.1.b, TR 702.17.b) unless the "
    "head judge instructs it.",
    pivots=("head_judge_upgrade", "history_less"),
    # No "the opponent's error" distractor: the story says the question is about the witness
    # (review 13: mu-022, Drawing Extra Cards for the player who drew nothing was dead).
)
def rb_ftmgs_exemption(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, 2)
    player = order[0]
    opl = st.pick(rng, ("competitive", "professional"))
    kind = "failure_to_maintain_game_state"
    history = {kind: rng.randrange(1, 4)}
    if rng.random() < 0.5:
        history[st.pick(rng, PAST_WARNINGS)] = rng.randrange(1, 3)  # a third would be a Game Loss
    instructs = rng.random() < 0.3
    if instructs:
        # Counted toward the thresholds, a third such Warning would already have been a Game Loss.
        history[kind] = min(history[kind], 2)
    situation = st.situation(
        GAME,
        order,
        player,
        opl=opl,
        game_error={"kind": kind, "player": player},
        history={"warnings": history, "head_judge_instructs_upgrade": instructs},
    )
    lines = (
        st.setup(GAME, order, opl),
        s("error.ftmgs", player=player, other=order[1]),
        *st.history_lines(player, history, kind),
        s("history.head_judge_upgrade" if instructs else "history.head_judge_silent"),
    )
    return Draft(situation, lines, {"history": history, "instructs": instructs})


@template(
    "rb-related-penalties",
    version=16,
    game=GAME,
    topics=("penalty_upgrade", "related_penalties", "low_opl"),
    summary="One error, several related penalties: only the most severe is issued (TR 701.3.d); "
    "at low OPL the judge may soften (TR 702.1.c).",
    pivots=("no_related", "soften", "opl_competitive"),
    distractors=("extra_cards",),
)
def rb_related_penalties(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, 2)
    player = order[0]
    kind = st.pick(rng, BASE_WARNING)
    producible = RELATED_ERRORS.get(kind, ())
    # Related errors carry their base Warning only. Earlier Warnings that make an upgrade are
    # always for the MAIN error's own kind (review 4: Q030): the main error then carries the
    # most severe penalty itself, so the keyed infraction and penalty come from one section
    # (TR 701.3.d with TR 702.1.b.1), never a Game Loss earned only by a related error.
    shapes = ((), ("warning",), ("warning", "warning"))
    related = st.pick(rng, tuple(r for r in shapes if len(r) <= len(producible)))
    upgrade = rng.random() < 0.5
    opl = st.pick(rng, ("casual", "competitive"))
    # No softening beside earlier Warnings that make an upgrade: the seeds do not say whether
    # the announced softening comes before or after TR 702.1.b.1, and "Warnings recorded as no
    # penalty" beside "received 2 Warnings" reads as a contradiction (review 13: mu-005; the
    # committee decides only the practice to state, not that order).
    # Nor beside related errors (review 16: fr-035): the seeds do not say whether a further error
    # the same mistake involved keeps its own Warning when only "the main error" is softened, or
    # is that error itself; such a Casual story states penalties as written instead.
    soften = opl == "casual" and rng.random() < 0.5 and not upgrade and not related
    # Each related penalty comes from a further error the same mistake involved, told as what
    # the player did (never "a related penalty: Warning").
    others = rng.sample(producible, len(related))
    situation = st.situation(
        GAME,
        order,
        player,
        opl=opl,
        game_error={"kind": kind, "player": player},
        related_penalties=list(related),
        soften_at_low_opl=soften,
    )
    if upgrade:
        situation["history"] = {"warnings": {kind: 2}}
    lines: list[Sentence] = [
        st.setup(GAME, order, opl, practice=False),  # the soften sentences state the practice
        s(f"error.story.{kind}", player=player),
    ]
    if related:
        what = {f"what{i}": Term(f"related_for.{kind}.{k}") for i, k in enumerate(others)}
        shape = "both" if len(related) == 2 else "one"
        # Told as what the player did while making it, never as "the same mistake also involved
        # a further error" (TR 701.3.d's own test; review 12: fr-018, mu-004, mu-032).
        lines.append(s(f"related.item_{shape}", player=player, **what))
    if upgrade:
        # Told as what the player did, so that the stem never names the infraction.
        lines.extend(st.history_lines(player, {kind: 2}, kind))
    if soften:
        lines.append(s("related.soften"))
    elif opl == "casual":
        lines.append(s("related.no_soften"))
    facts = {
        "related": related,
        "soften": soften,
        "told_errors": tuple(others),
        "upgrade": upgrade,
    }
    return Draft(situation, tuple(lines), facts)


@template(
    "rb-other-game-errors",
    version=5,
    game=GAME,
    topics=("game_play_errors", "no_infraction"),
    summary="The other TR 702 game play errors: base Warning, or no penalty unless advantageous.",
    pivots=("advantageous",),
    distractors=("extra_cards",),
)
def rb_other_errors(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, st.pick(rng, (2, 3)))
    player = order[rng.randrange(len(order))]
    kind = st.pick(rng, BASE_NONE + BASE_WARNING)
    # Advantage decides only the errors whose base penalty is none (a Warning if advantageous):
    # there the story says whether the error helped, and why; a base-Warning error's story
    # leaves it out (it changes nothing, and "it helped" without a reason reads as a hint).
    decides = kind in BASE_NONE
    adv = decides and rng.random() < 0.5
    situation = st.situation(
        GAME,
        order,
        player,
        game_error={"kind": kind, "player": player},
        advantageous=adv,
    )
    lines: list[Sentence] = [st.setup(GAME, order), s(f"error.story.{kind}", player=player)]
    if adv:
        lines.append(s("error.advantage.yes", player=player, why=Term(f"error_why.{kind}")))
    elif decides:
        # The board facts that show no advantage (review 10: fr-007 told only the timing).
        why = Term(f"error_why_not.{kind}")
        lines.append(s("error.advantage.no", player=player, why=why))
    return Draft(situation, tuple(lines), {"kind": kind, "adv": adv})


@template(
    "rb-rewind-authority",
    version=5,
    game=GAME,
    topics=("rewind", "general_error", "low_opl"),
    summary="General Error (TR 702.16): who may rewind: any judge for a simple rewind "
    "(TR 701.5.b.1), "
    "the head judge or, at high OPL, an appeals judge for more (TR 701.5.c).",
    pivots=("rewind_simple", "rewind_none", "opl_casual", "opl_competitive"),
)
def rb_rewind_authority(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, st.pick(rng, (2, 3, 4)))
    player = order[rng.randrange(len(order))]
    opl = st.pick(rng, ("casual", "competitive", "professional"))
    # The template asks who may rewind: a story where nobody can reconstruct the game leaves
    # only "play continues" against options the story rules out (review 7: mu-033), so it is
    # not told; "play continues" stays a distractor (pivot `rewind_none`).
    rewind = st.pick(rng, ("simple", "complex", "complex"))
    situation = st.situation(
        GAME,
        order,
        player,
        opl=opl,
        game_error={"kind": "general_error", "player": player},
        rewind=rewind,
    )
    # The error gives its maker a gain (a Gold token ready) that the card played since used,
    # and nobody else has acted since: a rewind beyond the last action takes back only that
    # player's own actions, where TR 701.5.a's test is met. A rewind past an opponent's spell
    # or a finished showdown to undo an error that only hurt its maker is left to judgement the
    # seeds do not settle (review 12: mu-035).
    lines = (
        st.setup(GAME, order, opl),
        s("error.general", player=player),
        s(f"rewind.{rewind}", player=player),
        # A rewind beyond the last action needs leaving the game as it is to be substantially
        # worse (TR 701.5.a): the story shows what the error brought (review 9: mu-007, mu-035).
        *((s("rewind.worse", player=player),) if rewind == "complex" else ()),
        s("rewind.ask_who"),
    )
    return Draft(situation, lines, {"rewind": rewind, "opl": opl})
