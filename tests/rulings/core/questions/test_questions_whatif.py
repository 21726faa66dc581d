"""The what-if explorer's engine side (issue 30, point 4): deciding facts in plain words and the
ruling of a story with one of them changed. Known answers come from the templates' own stories
(seed 3), ruled by the engine."""

from __future__ import annotations

import pytest

from rulings.core import Situation, evaluate
from rulings.core.questions import QuestionError, deciding_facts, templates, what_if, whatif
from rulings.core.questions.build import key_parts, scenario
from rulings.core.questions.catalog import LANGS
from rulings.core.questions.mutation import MUTATIONS
from rulings.core.questions.nearmiss import near_misses

TEMPLATE_IDS = tuple(t.id for t in templates())
SEEDS = range(5)


def test_every_mutation_names_the_fact_it_changes() -> None:
    assert set(whatif.FACT_PATHS) == set(MUTATIONS)


def test_every_label_is_in_every_language() -> None:
    missing = [
        f"{path} = {value}: {lang}"
        for path, values in whatif.label_table().items()
        for value, words in values.items()
        for lang in LANGS
        if not words.get(lang, "").strip()
    ]
    assert missing == []


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_every_mutation_a_template_can_produce_has_a_label_in_every_language(
    template_id: str,
) -> None:
    """Every near miss of the template's stories (its pivots, then every generic fact), in
    every language: the current and changed values are named, and differently."""
    tpl = next(t for t in templates() if t.id == template_id)
    for seed in SEEDS:
        sc = scenario(template_id, seed)
        for name, changed, _ruling in near_misses(sc.situation, tpl.pivots):
            if whatif.encoded(changed) == whatif.encoded(sc.situation):
                continue  # set to its default: the same story, never a deciding fact
            for lang in LANGS:
                fact = whatif.describe(name, sc.situation, changed, lang)
                assert fact.current != fact.changed, (template_id, seed, name, lang)


def test_a_deciding_fact_changes_the_key_and_pivots_come_first() -> None:
    sc = scenario("rb-trigger-intent", 5)
    facts = deciding_facts(sc.situation, sc.ruling_dict, "rb-trigger-intent", "en")
    assert [f.name for f in facts] == ["intent_none", "optional", "no_impact"]
    assert (facts[1].current, facts[1].changed) == ("the ability says must", "the ability says may")
    key = key_parts(sc.template, sc.ruling_dict)
    for fact in facts:
        changed = next(c for n, c, _ in near_misses(sc.situation, ()) if n == fact.name)
        assert key_parts(sc.template, scenario_ruling(changed)) != key


def scenario_ruling(situation: dict[str, object]) -> dict[str, object]:
    return evaluate(Situation.from_dict(situation)).to_dict()


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_at_most_six_facts_each_its_own_story(template_id: str) -> None:
    sc = scenario(template_id, 0)
    facts = deciding_facts(sc.situation, sc.ruling_dict, template_id, "es")
    assert len(facts) <= whatif.MAX_FACTS
    assert len({f.name for f in facts}) == len(facts)


def test_facts_are_named_in_the_readers_language() -> None:
    sc = scenario("rb-trigger-intent", 5)
    facts = deciding_facts(sc.situation, sc.ruling_dict, "rb-trigger-intent", "pt-BR")
    assert facts[1].current == "a habilidade diz que é obrigatória"
    assert facts[1].changed == "a habilidade diz “pode”"


def test_a_variant_marks_what_changed_from_the_key_with_citations() -> None:
    sc = scenario("rb-trigger-intent", 5)
    variant = what_if(sc.situation, sc.ruling_dict, "rb-trigger-intent", "intent_none", "en")
    parts = {part.part: part for part in variant.parts}
    assert (parts["infraction"].was, parts["infraction"].text) == ("Cheating", "Missed Trigger")
    assert parts["infraction"].changed
    assert parts["infraction"].citation == "TR 702.2"
    assert (parts["penalty"].was, parts["penalty"].text) == ("Disqualification", "Warning")
    assert parts["penalty"].changed
    assert parts["remedy"].changed
    assert not parts["accountable"].changed
    assert all(step.citation for step in variant.steps)
    assert any(step.changed for step in variant.steps)
    assert "TR 704.8" in {step.citation for step in variant.dropped}


def test_a_changed_remedy_only_keeps_the_rest_unmarked() -> None:
    # The backup story (mtg-2024-wording 9 tells only the revealing action that changes
    # nothing, review 9: fr-011): had it changed the effect, a simple backup comes first.
    # Seed 8 tells it under version 11 (review 15 told Masticore's body).
    sc = scenario("mtg-2024-wording", 8)
    assert sc.draft.facts["variant"] == "backup"
    variant = what_if(sc.situation, sc.ruling_dict, "mtg-2024-wording", "revealing_unchanged", "en")
    changed = [part.part for part in variant.parts if part.changed]
    assert changed == ["remedy"]
    assert [step.citation for step in variant.steps if step.changed] == ["IPG 2.1"]
    assert not variant.dropped


def test_a_fact_that_does_not_decide_the_question_is_refused() -> None:
    sc = scenario("rb-trigger-intent", 5)
    with pytest.raises(QuestionError):
        what_if(sc.situation, sc.ruling_dict, "rb-trigger-intent", "opl_casual", "en")


def test_a_question_whose_template_is_gone_still_has_its_facts() -> None:
    sc = scenario("rb-trigger-intent", 5)
    facts = deciding_facts(sc.situation, sc.ruling_dict, "retired-template", "en")
    assert "optional" in {f.name for f in facts}


def test_a_penalty_reached_by_another_step_but_the_same_is_not_marked_changed() -> None:
    """Walk 4, #1: "Changed: No penalty (was: No penalty)"."""
    sc = scenario("mtg-2024-wording", 1)

    variant = what_if(sc.situation, sc.ruling_dict, "mtg-2024-wording", "no_impact", "en")

    penalty = next(part for part in variant.parts if part.part == "penalty")
    assert penalty.text == penalty.was == "No penalty"
    assert not penalty.changed
