"""Templates: every one renders in every language and kind, and varies the answer."""

from __future__ import annotations

import pytest

from rulings.core.questions import KINDS, all_templates, build_question, templates
from rulings.core.questions.build import scenario
from rulings.core.questions.catalog import LANGS
from rulings.core.questions.mutation import MUTATIONS
from tests.rulings.core.questions.offered import offered

TEMPLATE_IDS = tuple(t.id for t in all_templates())

SEEDS = range(200)


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_every_template_renders_free_form_in_all_languages_for_200_seeds(template_id: str) -> None:
    for seed in SEEDS:
        for lang in LANGS:
            question = build_question(template_id, seed, lang, "free_form")
            assert question.stem
            assert question.key_text


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
@pytest.mark.parametrize("kind", ["multiple_choice", "find_the_wrong_part"])
def test_every_template_renders_other_kinds_in_all_languages(template_id: str, kind: str) -> None:
    for seed in range(40):
        for lang in LANGS:
            if not offered(template_id, seed, lang, kind):
                continue
            assert build_question(template_id, seed, lang, kind).stem


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_template_facts_change_the_answer_across_seeds(template_id: str) -> None:
    keys = {scenario(template_id, seed).key for seed in range(60)}
    assert len(keys) >= 2, f"{template_id} always yields the same ruling"


def test_templates_cover_both_games_and_every_seed_topic() -> None:
    required = {
        "riftbound": {
            "observable_impact",
            "might_only",
            "first_beginning_phase",
            "battlefield",
            "opponent_duties",
            "overpayment",
            "underpayment",
            "floating_resources",
            "scoring",
            "round_cycle",
            "multiplayer",
            "repeated_warnings",
            "ftmgs_exemption",
            "related_penalties",
            "rewind",
            "no_infraction",
            "general_error",
        },
        "mtg": {
            "awareness_category",
            "delayed_trigger",
            "delayed_zone_change",
            "default_action",
            "expired_duration",
            "time_bar",
            "turn_control",
            "opponent_duties",
            "out_of_order",
            "no_infraction",
            "repeated_warnings",
            "ftmgs_exemption",
            "game_rule_violation",
            "cheating",
        },
    }
    for game, topics in required.items():
        covered = {topic for tpl in templates(game) for topic in tpl.topics}
        assert topics <= covered, f"{game} misses {topics - covered}"


def test_template_ids_are_unique_and_versioned() -> None:
    found = all_templates()
    assert len({t.id for t in found}) == len(found)
    assert all(t.version >= 1 and t.game in ("riftbound", "mtg") and t.topics for t in found)


def test_every_pivot_names_a_known_mutation() -> None:
    for tpl in all_templates():
        assert set(tpl.pivots) <= set(MUTATIONS), tpl.id


@pytest.mark.parametrize("kind", KINDS)
def test_same_story_with_one_fact_flipped_carries_a_different_key(kind: str) -> None:
    # Over 200 seeds the missed-trigger template yields stems that differ only in whether
    # missing the trigger was advantageous; the engine gives them different penalties.
    penalties = {
        scenario("rb-trigger-impact", seed).key.penalty
        for seed in range(200)
        if scenario("rb-trigger-impact", seed).key.infraction == "missed_trigger"
    }
    assert penalties == {"no_penalty", "warning"}
    seed = next(s for s in range(200) if offered("rb-trigger-impact", s, "en", kind))
    assert build_question("rb-trigger-impact", seed, "en", kind).key.infraction
