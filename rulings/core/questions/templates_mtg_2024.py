"""Magic templates ruled under the 2024 IPG wording (a second policy version): the Aura first
step, the simple backup when the revealing action changes the effect, the owner condition on
the detrimental upgrade, and delayed token triggers."""

from __future__ import annotations

import random
from typing import Any

from rulings.core import policy_versions
from rulings.core.questions import story as st
from rulings.core.questions.template import Card, Draft, Sentence, s, template

GAME = "mtg"
VERSION_2024 = "mtg-ipg-2.1-2024-09-23"


def _version() -> str | None:
    """Pinned to the 2024 wording while the engine ships it; else the game's default."""
    return VERSION_2024 if VERSION_2024 in policy_versions(GAME) else None


@template(
    "mtg-2024-wording",
    version=11,
    game=GAME,
    topics=(
        "missed_trigger",
        "policy_versions",
        "penalty_upgrade",
        "delayed_zone_change",
        "rewind",
    ),
    summary="Under the 2024 IPG wording: an Aura's enters trigger on the enchanted permanent "
    "resolves at once; a simple backup comes first when the revealing action changes the effect; "
    "the detrimental upgrade needs the controller to own the card; delayed token triggers resolve.",
    pivots=("not_aura", "revealing_unchanged", "owner_is_controller"),
)
def mtg_2024(rng: random.Random) -> Draft:
    order = st.players(rng, GAME, 2)
    player, other = order
    variant = st.pick(rng, ("aura", "backup", "borrowed", "token"))
    lines: list[Sentence] = [st.setup(GAME, order), s("mtg2024.version")]
    play: dict[str, Any] = {"following_action": "advance_step"}
    rest: dict[str, Any] = {}
    if variant == "aura":
        card_id = "claustrophobia"
        # The 2024 Warning test asks whether the controller owns the card: always said (review
        # 9: mu-042 left it out).
        trig = st.trigger(card_id, player, owner=player)
        lines += [
            s("mtg2024.owns", player=player, card=Card(card_id)),
            *st.trigger_lines(card_id, player, other),
            s("mtg2024.aura", actor=player, other=other),
        ]
    elif variant == "backup":
        card_id = "luminarch_aspirant"
        # Only the story where the revealing action cannot change the effect: the 2024 note
        # allows ("may") a backup where it would, and whether attacking with one of two
        # creatures changes "put a counter on target creature" or only its best target is a
        # point the seeds and the committee leave open (review 9: fr-011).
        changes = False
        trig = st.trigger(card_id, player)
        play["revealing_action_changes_effect"] = changes
        rest["rewind"] = "simple"
        lines += [
            *st.trigger_lines(card_id, player, other),
            s("mtg2024.attack", actor=player),
            s(
                "mtg2024.changes" if changes else "mtg2024.unchanged",
                actor=player,
                card=Card(card_id),
            ),
            # The backup needs only the revealing action to have happened: said, and the judge
            # is called at once (a judge "later in the turn" leaves no simple backup).
            s("mtg.backup.revealing_only"),
        ]
    elif variant == "borrowed":
        card_id = st.pick(rng, ("smokestack", "masticore"))
        owner = st.pick(rng, (player, other))
        trig = st.trigger(card_id, player, owner=owner)
        play["following_action"] = "draw_card"
        lines += [
            s("mtg2024.borrowed", player=player, owner=owner, card=Card(card_id)),
            *st.trigger_lines(card_id, player, other),
            st.action(GAME, "draw_card", player, other),
        ]
    else:
        card_id = "geist_of_saint_traft"
        trig = st.trigger(card_id, player, zone_change=False, creates_token=True, owner=player)
        lines += [
            s("mtg2024.owns", player=player, card=Card(card_id)),
            *st.trigger_lines(card_id, player, other),
            s("mtg.delayed.missed.geist_of_saint_traft", actor=player, other=other),
        ]
    when = "same_action" if variant == "backup" else "same_turn"
    if variant != "backup":
        # Called later in the turn: no backup is possible, so the backup-first step cannot
        # apply whatever the revealing action did; the story says so.
        rest["rewind"] = "complex"
        lines.append(s("mtg.backup.complex"))
    situation = st.situation(
        GAME, order, player, trigger=trig, play=play, noticed={"when": when}, **rest
    )
    version = _version()
    if version:
        situation["policy_version"] = version
    lines.append(st.noticed(when, player))
    return Draft(situation, tuple(lines), {"variant": variant})
