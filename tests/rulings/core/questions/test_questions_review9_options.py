"""Review 9's option and part findings, checked over generated items, not over the review's own.

1. Multiple choice: "No infraction" appeared only as the key, the only option that was not a
   Missed Trigger (8 items); picking the option whose infraction differs from all the others
   found it without reading the story.
2. Multiple choice: options the story's stated facts rule out (a simple rewind "of the last
   action" for an error a turn old; a rewind as the fix for a silent witness; Overpayment for
   paying less than the cost, Mispayment for paying more).
3. Find the wrong part: an infraction nobody doubts, because the story states the forgetting or
   the intent, was offered as pickable.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rulings.core.questions import Question, generate_questions
from rulings.core.questions.build import (
    STATED_FACTS,
    TOLD_ACTION_FACTS,
    _near_misses,
    scenario,
)
from tests.rulings.core.questions.key_rates import (
    ITEMS,
    offered_infractions,
    thousand_multiple_choice,
)

ODD_MARGIN = 0.05
PRESENT_MARGIN = 0.10
# Infractions shown in fewer items say little about a strategy; the ones a reader can learn
# from the bank (review 9: "No infraction" in 8 of 8) are well above it.
MIN_PRESENT = 50
REWINDS = frozenset({"rewind", "simple_rewind", "simple_backup"})


@pytest.fixture(scope="module")
def items() -> list[Question]:
    return list(thousand_multiple_choice())


def _key_index(question: Question) -> int:
    return next(i for i, option in enumerate(question.options) if option.correct)


def _odd_one_out(question: Question) -> list[int]:
    """The options whose infraction no other option shares; all four when none or all do."""
    names = [option.parts.infraction for option in question.options]
    counts = Counter(names)
    alone = [i for i, name in enumerate(names) if counts[name] == 1]
    return alone if 0 < len(alone) < len(names) else list(range(len(names)))


def test_the_odd_infraction_out_finds_the_key_no_more_than_chance(items: list[Question]) -> None:
    assert len(items) == ITEMS
    hits = 0.0
    for question in items:
        picked = _odd_one_out(question)
        hits += (_key_index(question) in picked) / len(picked)
    assert hits / len(items) <= 1 / 4 + ODD_MARGIN, hits / len(items)


def test_the_key_is_never_alone_in_its_infraction_while_the_others_share_one(
    items: list[Question],
) -> None:
    found = []
    for question in items:
        key = question.key.infraction
        others = {o.parts.infraction for o in question.options if not o.correct}
        if len(others) == 1 and key not in others:
            found.append((question.template_id, question.seed, key, others))
    assert not found


def test_an_infraction_offered_is_the_key_no_more_often_than_chance(
    items: list[Question],
) -> None:
    offered = offered_infractions(items)
    present, keyed, chance = offered.present, offered.keyed, offered.chance
    assert present["no_infraction"] >= MIN_PRESENT
    for name, times in present.items():
        if times < MIN_PRESENT:
            continue
        rate, expected = keyed[name] / times, chance[name] / times
        assert rate <= expected + PRESENT_MARGIN, (name, times, rate, expected)


def test_no_infraction_is_a_distractor_more_often_than_the_key(items: list[Question]) -> None:
    as_key = sum(q.key.infraction == "no_infraction" for q in items)
    as_distractor = sum(
        any(o.parts.infraction == "no_infraction" and not o.correct for o in q.options)
        for q in items
    )
    assert as_distractor >= as_key > 0


def _ruled_out(question: Question) -> list[str]:
    """The options the story's stated facts rule out (review 9, finding 4)."""
    situation = question.situation
    noticed = situation.get("noticed") or {}
    old = bool(noticed.get("turns_elapsed")) or noticed.get("when", "same_action") not in (
        "same_action",
        "same_turn",
    )
    payment = situation.get("payment") or {}
    witness = (situation.get("game_error") or {}).get("kind") == "failure_to_maintain_game_state"
    found = []
    for option in question.options:
        if option.correct:
            continue
        remedy = set(option.parts.remedy)
        if old and remedy & {"simple_rewind", "simple_backup"}:
            found.append(f"{option.label}: last action undone for an error a turn old")
        if witness and remedy & REWINDS:
            found.append(f"{option.label}: a rewind for a silent witness")
        paid, cost = payment.get("paid", 0), payment.get("cost", 0)
        if payment and option.parts.infraction == "overpayment" and paid < cost:
            found.append(f"{option.label}: Overpayment for paying too little")
        if payment and option.parts.infraction == "mispayment_for_cost" and paid > cost:
            found.append(f"{option.label}: Mispayment for paying too much")
    return found


def test_no_option_is_one_the_story_rules_out(items: list[Question]) -> None:
    found = [(q.template_id, q.seed, p) for q in items for p in _ruled_out(q)]
    assert not found


def test_the_check_finds_each_kind_of_ruled_out_option() -> None:
    # The review's cases as it read them: mu-001 (a trigger missed the turn before), mu-003 (a
    # silent witness) and mu-021 (paid 1 of 6).
    from dataclasses import replace

    from rulings.core.questions.model import KeyParts, Option

    def item(situation: dict[str, Any], parts: KeyParts) -> Question:
        base = generate_questions(lang="en", kind="multiple_choice", count=1, seed=1)[0]
        option = Option("A", "", parts, False, "design")
        return replace(base, situation=situation, options=(option,))

    ge = KeyParts("general_error", "warning", ("simple_rewind",))
    assert _ruled_out(item({"noticed": {"when": "previous_turn"}}, ge))
    ftmgs = KeyParts("failure_to_maintain_game_state", "warning", ("simple_rewind",))
    witness = {"game_error": {"kind": "failure_to_maintain_game_state", "player": "T"}}
    assert _ruled_out(item(witness, ftmgs))
    over = KeyParts("overpayment", "warning", ("correct_cost",))
    assert _ruled_out(item({"payment": {"cost": 6, "paid": 1}}, over))
    assert not _ruled_out(item({"payment": {"cost": 6, "paid": 8}}, over))


@pytest.fixture(scope="module")
def wrong_part_items() -> list[Question]:
    return generate_questions(lang="en", kind="find_the_wrong_part", count=300, seed=927)


def test_the_infraction_is_pickable_only_where_the_story_leaves_it_in_doubt(
    wrong_part_items: list[Question],
) -> None:
    stated = STATED_FACTS | TOLD_ACTION_FACTS
    found = []
    for question in wrong_part_items:
        assert question.wrong_part is not None
        if "infraction" not in question.wrong_part.pickable:
            continue
        key = scenario(question.template_id, question.seed).key
        doubts = [
            miss.fact
            for miss in _near_misses(question.template_id, question.seed, None)
            if miss.parts.infraction != key.infraction and miss.fact not in stated
        ]
        if not doubts:
            found.append((question.template_id, question.seed))
    assert not found


def test_a_story_stating_the_forgetting_leaves_the_infraction_unpickable() -> None:
    # Review 9's fi-010 ("draws for the turn without the trigger") and fi-026 ("moves to the
    # next step without mentioning the trigger"), rebuilt from their templates and seeds (the
    # templates' versions are the ones reviewed; fi-005, fi-018 and fi-038's template changed).
    # Both templates changed since (review 14 tells the trigger's event: mtg-opponent-duties 8,
    # mtg-default-action 6): seeds 8 and 2 tell fi-010's and fi-026's stories again; after
    # review 15 (mtg-opponent-duties 9, mtg-default-action 7), seeds 4 and 0. Since review 16
    # a trigger that only helps its controller leaves "No penalty" beyond doubt (seed 4's Knight
    # of Infamy makes no find-the-wrong-part item): seed 15 tells a Desecration Demon's.
    from rulings.core.questions import build_question

    for template_id, seed in (
        ("mtg-opponent-duties", 15),
        ("mtg-default-action", 0),
    ):
        wrong = build_question(template_id, seed, "en", "find_the_wrong_part").wrong_part
        assert wrong is not None
        assert wrong.pickable == ("penalty", "remedy"), (template_id, seed)
