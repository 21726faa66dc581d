"""Every fact a review 8 key depended on is shown as an event (issue 27, point 1; review 8,
finding 8 and the controlled-turn decision).

- An acknowledged Riftbound trigger is shown resolving, with what it did ("nothing to fix"
  depends on it having been carried out): fr-033, mu-004, mu-020, mu-031.
- A Magic trigger that needs a target has one on the board (fr-014, fr-025, mu-042: Manic Vandal
  with no artifact shown).
- Forgetting to Ready keyed a Warning shows how the error helped: the exhausted-only ability
  used, and the runes left exhausted not needed (fi-019).
- A player controlling another's turn: the item asks who receives the penalty and the key names
  the controlling player (committee decision; fi-009).
"""

from __future__ import annotations

import re

import pytest

from rulings.core.context import as_conclusions
from rulings.core.questions import KINDS, build_question
from rulings.core.questions.catalog import LANGS, cards, phrases
from rulings.core.questions.render import term
from tests.rulings.core.questions.offered import offered

SEEDS = range(40)


@pytest.mark.parametrize("lang", LANGS)
def test_an_acknowledged_trigger_is_shown_carried_out(lang: str) -> None:
    told = 0
    for seed in SEEDS:
        q = build_question("rb-trigger-impact", seed, lang, "free_form")
        if as_conclusions(q.situation).get("play", {}).get("acknowledged") != "in_time":
            continue
        told += 1
        card = next(
            c for c in cards().values() if c["name"]["en"] == q.situation["trigger"]["name"]
        )
        player = q.situation["trigger"]["controller"]
        # The unit it affects is named (review 15: fr-023, "another friendly unit" unnamed).
        unit = term(lang, "default_unit")
        done = term(lang, f"carried_out.{card['effect']}").format(player=player, unit=unit)
        assert done in q.stem, (seed, q.stem)
    assert told >= 3


def test_every_riftbound_impact_effect_can_be_told_carried_out() -> None:
    effects = {
        str(c["effect"])
        for c in cards().values()
        if c["game"] == "riftbound" and c["kind"] != "might_only"
    }
    for lang in LANGS:
        known = set(phrases(lang)["terms"]["carried_out"])
        assert {"create_token", "draw", "discard_then_draw", "buff_unit"} <= known
        missing = {e for e in effects if e not in known and e != "recall_unit"}
        assert not missing, (lang, missing)


# Triggers whose target is another player's object (a creature "you control" is on the board
# already: the story's own attacker or the card itself).
TARGET_WORDS = {"artifact": "destroy target artifact", "creature": "control of target creature"}


def test_cards_whose_trigger_needs_a_target_say_which() -> None:
    wrong = [
        card_id
        for card_id, c in cards().items()
        if c["game"] == "mtg"
        and any(w in str(c["text"]["en"]) for w in TARGET_WORDS.values())
        and c.get("target_on_board") is None
    ]
    assert not wrong


@pytest.mark.parametrize("lang", LANGS)
def test_a_trigger_that_needs_a_target_has_one_on_the_board(lang: str) -> None:
    shown = 0
    for kind in KINDS:
        for seed in SEEDS:
            if not offered("mtg-choices-on-stack", seed, lang, kind):
                continue
            q = build_question("mtg-choices-on-stack", seed, lang, kind)
            name = q.situation["trigger"]["name"]
            card = next(c for c in cards().values() if c["name"]["en"] == name)
            target = card.get("target_on_board")
            if target:
                shown += 1
                assert term(lang, f"target_on_board.{target}") in q.stem, (seed, q.stem)
    assert shown > 20


@pytest.mark.parametrize("lang", LANGS)
def test_forgetting_to_ready_shows_how_it_helped(lang: str) -> None:
    why = term(lang, "error_why.forgetting_to_ready")
    # The ability is used that turn, and the runes left exhausted are not needed.
    assert re.search(r"draw|compra|roba", why), why
    assert re.search(r"\brunes?\b|\brunas?\b", why), why
    told = 0
    for seed in range(80):
        q = build_question("rb-other-game-errors", seed, lang, "free_form")
        if q.key.infraction == "forgetting_to_ready" and q.key.penalty == "warning":
            told += 1
            assert why in q.stem
    assert told > 0


@pytest.mark.parametrize("lang", LANGS)
def test_a_controlled_turn_item_says_who_receives_the_penalty(lang: str) -> None:
    warned = 0
    for kind in KINDS:
        # A choice question has nowhere to "say" it: its stem says a correct ruling states it.
        ask = phrases(lang)["s"]["penalty.ask_who" + ("" if kind == "free_form" else "_choice")]
        for seed in range(20):
            if not offered("mtg-turn-control", seed, lang, kind):
                continue
            q = build_question("mtg-turn-control", seed, lang, kind)
            controller = q.situation["turn_control"]["controller"]
            assert ask in q.stem
            if q.key.penalty == "warning":
                warned += 1
                warning = term(lang, "penalty.warning")
                expected = term(lang, "penalty_to").format(penalty=warning, player=controller)
                assert expected in q.key_text, (kind, seed, q.key_text)
    assert warned > 0
