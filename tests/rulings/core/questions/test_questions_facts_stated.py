"""Stories state every deciding fact and contradict none (issue 10, point 2).

A template's deciding facts are its pivots' facts (`facts.PIVOT_FACTS`); for a given seed a fact
decides when changing it changes the key. Over every template and 200 seeds, each deciding fact
must be stated by some sentence with the situation's value, no two sentences may state a fact
differently, and every stating sentence renders in every language.
"""

from __future__ import annotations

import pytest

from rulings.core import Situation
from rulings.core.questions import facts, templates
from rulings.core.questions.build import key_parts, scenario
from rulings.core.questions.mutation import MUTATIONS
from rulings.core.questions.nearmiss import near_misses
from rulings.core.questions.render import sentence
from rulings.core.questions.template import template_rng

LANGS = ("en", "pt-BR", "es")
SEEDS = range(200)
TEMPLATE_IDS = tuple(t.id for t in templates())


def _problems(template_id: str, seed: int) -> list[str]:
    sc = scenario(template_id, seed)
    full = Situation.from_dict(sc.situation).to_dict()  # defaults filled in
    told = facts.stated(sc.draft.sentences)
    problems = [f"contradiction: {fact}" for fact in facts.contradictions(sc.draft.sentences)]
    for fact, allowed in told.items():
        if allowed and facts.value(full, fact) not in allowed:
            problems.append(
                f"{fact}: told {sorted(map(str, allowed))}, is {facts.value(full, fact)}"
            )
    pivots = tuple(p for p in sc.template.pivots if p in facts.PIVOT_FACTS)
    for name, _changed, ruling in near_misses(sc.situation, pivots):
        if name not in pivots:
            break  # the rest are generic mutations, not this template's deciding facts
        fact = facts.PIVOT_FACTS[name]
        if key_parts(sc.template, ruling) != sc.key and fact not in told:
            problems.append(f"deciding fact not stated: {fact} (pivot {name})")
    return problems


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_every_deciding_fact_is_stated_and_none_contradicted(template_id: str) -> None:
    found = {seed: p for seed in SEEDS if (p := _problems(template_id, seed))}
    assert not found, next(iter(found.items()))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_the_fact_sentences_render_in_every_language(template_id: str, lang: str) -> None:
    for seed in range(0, 200, 5):
        sc = scenario(template_id, seed)
        rng = template_rng(sc.template.id, sc.template.version, seed, f"render|{lang}")
        for item in sc.draft.sentences:
            text = sentence(lang, item, rng)
            if item.key in facts.STATES:
                assert text.strip(), (seed, item.key)


def test_every_pivot_fact_names_a_mutation() -> None:
    assert set(facts.PIVOT_FACTS) <= set(MUTATIONS)


def test_the_check_sees_a_contradiction() -> None:
    from rulings.core.questions.template import s

    told = (s("mtg.delayed.creation"), s("noticed.previous_turn", now="Ana"))
    assert facts.contradictions(told) == ["noticed.when"]
