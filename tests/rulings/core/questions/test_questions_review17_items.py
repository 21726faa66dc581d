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


# fr-027 (pt-BR) and fr-041 (es): the Sword's discard skipped, and the player it names says he
# saw it and said nothing. His knowing silence benefits him, which the real IPG points to
# Cheating; IPG 2.5's Failure to Maintain Game State (the policy notes) is for an opponent who
# failed to notice, which explanation step 7 cites. The story now tells that opponent.
SWORD = "mtg-after-acknowledgement"
SAW = {"en": "says they saw", "pt-BR": "diz que viu", "es": "dice que vio"}
DID_NOT_NOTICE = {"en": "had not noticed", "pt-BR": "não tinha percebido", "es": "no se había dado"}


@pytest.mark.parametrize("seed", range(30))
def test_the_swords_silent_opponent_did_not_notice_the_skipped_discard(seed: int) -> None:
    sc = scenario(SWORD, seed, None, None)
    ftmgs = [a for a in sc.key.additional if a[1] == "failure_to_maintain_game_state"]
    assert not sc.situation.get("silent_witnesses"), seed
    for lang in ("en", "pt-BR", "es"):
        question = build_question(SWORD, seed, lang, "free_form")
        assert SAW[lang] not in question.stem, (lang, question.stem)
        if ftmgs:
            assert DID_NOT_NOTICE[lang] in question.stem, (lang, question.stem)
            assert "IPG 2.5" in question.explanation


# fr-011, fr-028, fi-026, fi-027, fi-040: a trigger missed in its controller's turn and found in
# the end step of their following turn fires again in between (Dark Confidant, Desecration
# Demon, Masticore, Smokestack); the story said nothing of those firings, on which the ruling
# would also turn. It now says they resolved normally.
# The review's cards, each in the template it was flagged in (the templates' versions moved
# with the fix, so the review's seeds now tell other stories: each case takes the first seed
# that tells this card found past the time bar).
LATER_FIRINGS = [
    ("mtg-visible-change", "dark_confidant"),  # fr-011
    ("mtg-time-bar", "desecration_demon"),  # fr-028
    ("mtg-visible-change", "desecration_demon"),  # fi-026
    ("mtg-default-action", "masticore"),  # fi-027
    ("mtg-time-bar", "smokestack"),  # fi-040
]
RESOLVED = {"en": "resolved normally", "pt-BR": "resolvida normalmente", "es": "con normalidad"}
BARRED = "before_current_phase_of_previous_turn"


@pytest.mark.parametrize(("template_id", "card_id"), LATER_FIRINGS)
def test_a_repeating_triggers_later_firings_are_told(template_id: str, card_id: str) -> None:
    seed = next(
        seed
        for seed in range(400)
        if scenario(template_id, seed, None, None).draft.facts.get("card") == card_id
        and scenario(template_id, seed, None, None).situation["noticed"]["when"] == BARRED
    )
    for lang in ("en", "pt-BR", "es"):
        stem = build_question(template_id, seed, lang, "free_form").stem
        assert RESOLVED[lang] in stem, (lang, stem)


@pytest.mark.parametrize(
    "template_id", ["mtg-visible-change", "mtg-time-bar", "mtg-default-action"]
)
def test_every_time_barred_repeating_trigger_tells_its_later_firings(template_id: str) -> None:
    told = 0
    for seed in range(80):
        sc = scenario(template_id, seed, None, None)
        keys = {line.key for line in sc.draft.sentences}
        barred = sc.situation["noticed"]["when"] == BARRED
        recurs = sc.draft.facts.get("card") in REPEATING
        assert ("mtg.later_firings_resolved" in keys) == (barred and recurs), seed
        told += barred and recurs
    assert told


REPEATING = frozenset(
    {
        "rift_bolt",
        "smokestack",
        "dark_confidant",
        "sulfuric_vortex",
        "masticore",
        "braids_cabal_minion",
        "desecration_demon",
    }
)


# fr-035 (es): "pone en juego una carta sin revelarla" beside "Error con carta boca abajo": the
# face-down idea named two ways. Each language names it as its infraction does (glossary
# `terms.facedown`, checked over every template by test_questions_glossary_terms).
FACEDOWN = {"en": "face down", "pt-BR": "virada para baixo", "es": "boca abajo"}


@pytest.mark.parametrize("lang", ["en", "pt-BR", "es"])
def test_a_facedown_story_names_the_idea_as_its_infraction_does(lang: str) -> None:
    question = build_question("rb-related-penalties", 1496375638, lang, "free_form")
    assert question.key.infraction == "facedown_card_error"
    assert question.stem.count(FACEDOWN[lang]) >= 2, question.stem
    assert "sin revelar" not in question.stem
    assert "face para baixo" not in question.stem
