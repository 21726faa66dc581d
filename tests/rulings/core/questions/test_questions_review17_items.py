"""Review 17's findings, each checked at its cause over generated items.

- mu-002, 008, 010, 011, 012, 015, 029, 031, 034, 042: "No infraction" offered where the story
  plainly shows a miss (the player moves on, draws or announces damage with no twist). It is
  offered only where the story has a twist that makes it a real confusion (`twists.py`).
- Finding 6 (mu-002, mu-018, mu-037): the round-cycle clause, and "other player Lena: Failure to
  Maintain Game State", were the same in all four options, so nothing tested them.

The item ids are the review's (docs/reviews/questions-review-17-templates.jsonl).
"""

from __future__ import annotations

import pytest

from rulings.core.questions import build_question, templates
from rulings.core.questions.build import offers_kind, scenario
from rulings.core.questions.twists import no_infraction_twist

V2024 = "mtg-ipg-2.1-2024-09-23"
SEEDS = range(40)
PLAIN_MISSES = [
    ("rb-forgetting-to-score", 359713339, None),  # mu-002: conquered, did not score
    ("rb-opponent-duties", 2021928304, None),  # mu-008: moved on without the discard
    ("mtg-time-bar", 1594308009, None),  # mu-010: drew without the Dark Confidant trigger
    ("mtg-invisible", 1769283273, None),  # mu-011: damage announced without exalted
    ("mtg-default-action", 348654591, None),  # mu-012: drew without the Pact trigger
    ("mtg-third-warning", 890839728, None),  # mu-015: drew without the Pact trigger
    ("mtg-2024-wording", 1760544068, V2024),  # mu-029: moved on without exiling the token
    ("rb-battlefield-accountability", 536350451, None),  # mu-031: controlled battlefield
    ("rb-opponent-duties", 1560155321, None),  # mu-034: moved on without the draw
    ("mtg-detrimental-symmetric", 1086841687, None),  # mu-042: upkeep damage let pass
]
SAME_CLAUSE = [
    ("rb-forgetting-to-score", 359713339),  # mu-002
    ("rb-forgetting-to-score", 396626418),  # mu-018 (and "Lena: FtMGS")
    ("rb-forgetting-to-score", 2068623601),  # mu-037
]


@pytest.mark.parametrize(("template_id", "seed", "version"), PLAIN_MISSES)
def test_a_plain_miss_offers_no_infraction_only_as_nothing(
    template_id: str, seed: int, version: str | None
) -> None:
    for lang in ("en", "pt-BR", "es"):
        question = build_question(template_id, seed, lang, "multiple_choice", version)
        assert len(question.options) == 4
        if question.key.infraction == "no_infraction":
            # mtg-default-action and mtg-time-bar moved to a new version with review 17's
            # later-firings fix: these seeds now tell other stories, some keyed so.
            continue
        dead = [
            o.text
            for o in question.options
            if o.parts.infraction == "no_infraction" and not o.correct
        ]
        assert not dead, (lang, question.stem, dead)


@pytest.mark.parametrize("template_id", [t.id for t in templates()])
def test_no_infraction_is_a_distractor_only_beside_a_twist(template_id: str) -> None:
    found = []
    for seed in SEEDS:
        if not offers_kind(template_id, seed, "multiple_choice"):
            continue
        question = build_question(template_id, seed, "en", "multiple_choice")
        if question.key.infraction == "no_infraction":
            continue
        offered = any(o.parts.infraction == "no_infraction" for o in question.options)
        if offered and not no_infraction_twist(scenario(template_id, seed, None, None).situation):
            found.append((seed, question.stem))
    assert not found


def test_a_twist_still_makes_no_infraction_a_distractor() -> None:
    # An MTR 4.3 block that drew before the trigger's choice (missed), a storm trigger passed
    # over: "nothing went wrong" is the confusion these stories are about.
    for template_id in ("mtg-out-of-order", "mtg-copies"):
        offered = 0
        for seed in SEEDS:
            question = build_question(template_id, seed, "en", "multiple_choice")
            offered += question.key.infraction != "no_infraction" and any(
                o.parts.infraction == "no_infraction" for o in question.options
            )
        assert offered, template_id


def test_the_twists_are_told_by_the_situation() -> None:
    plain = {"trigger": {"kind": "visible_change"}, "play": {"following_action": "draw_card"}}
    assert not no_infraction_twist(plain)
    assert no_infraction_twist({**plain, "play": {"following_action": "instant_speed_action"}})
    assert no_infraction_twist(
        {**plain, "play": {"following_action": "draw_card", "following_action_by": "other"}}
    )
    assert no_infraction_twist({**plain, "trigger": {"kind": "might_only"}})
    assert no_infraction_twist({**plain, "trigger": {"kind": "x", "optional": True}})
    uncontrolled = {"kind": "rune_total", "source": "battlefield", "battlefield": {}}
    assert no_infraction_twist({**plain, "trigger": uncontrolled})
    controlled = {**uncontrolled, "battlefield": {"controlled_by": "Tomás"}}
    assert not no_infraction_twist({**plain, "trigger": controlled})
    assert not no_infraction_twist({"score": {"determinable": True}})


@pytest.mark.parametrize(("template_id", "seed"), SAME_CLAUSE)
def test_an_asked_clause_is_not_the_same_in_every_option(template_id: str, seed: int) -> None:
    question = build_question(template_id, seed, "en", "multiple_choice")
    cycles = {(o.parts.cycle_ends, o.parts.cycle_passed) for o in question.options}
    assert len(cycles) > 1, [o.text for o in question.options]
    if question.key.additional:
        assert len({o.parts.additional for o in question.options}) > 1


def test_scoring_items_vary_the_round_cycle_and_the_witness_clause() -> None:
    same_cycle = same_witness = 0
    for seed in SEEDS:
        question = build_question("rb-forgetting-to-score", seed, "en", "multiple_choice")
        same_cycle += (
            len({(o.parts.cycle_ends, o.parts.cycle_passed) for o in question.options}) == 1
        )
        if question.key.additional:
            same_witness += len({o.parts.additional for o in question.options}) == 1
    assert (same_cycle, same_witness) == (0, 0)
