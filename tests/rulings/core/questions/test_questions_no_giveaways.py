"""No stem gives the answer away (issue 10, point 4).

Every template, language and kind is rendered over many seeds; the stem must not name the key's
infraction, penalty or remedy, as read by the grader's own term finder, and must state facts
rather than legal conclusions. Topic names shown to candidates name no ruling either.

Three kinds of sentence legitimately mention a penalty: earlier Warnings (`history.*`), the
related penalties one error leads to (`related.item`) and the head judge's announced softening
(`related.soften*`, which names what a softened penalty becomes: committee decisions). They are
facts of the case, so only their penalty words are allowed; they still may not name the
infraction or the remedy.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from rulings.core.grading.matcher import analyse
from rulings.core.grading.text import blank_markup, fold, tokenize
from rulings.core.questions import KINDS, all_topics, templates, topic_name
from rulings.core.questions.build import scenario
from rulings.core.questions.render import sentence
from rulings.core.questions.template import s, template_rng
from rulings.core.vocabulary import INFRACTIONS, PENALTIES, REMEDIES

LANGS = ("en", "pt-BR", "es")
SEEDS = range(60)
TEMPLATE_IDS = tuple(t.id for t in templates())
PENALTY_FACTS = ("history.", "related.item", "related.soften")
# A typo-corrected or loose match (confidence below this) is not a term the stem names.
NAMED = 0.8
# Only a ruling's own ids count: the grader's generic part nouns and internal ids ("correct it",
# "rewind" of any length) name no ruling, and a described infraction ("forgotten") is a fact of
# the story, not its name.
RULING_IDS = frozenset(INFRACTIONS + PENALTIES + REMEDIES)
_QUOTED = re.compile(r"“[^”]*”|«[^»]*»")

# Legal conclusions a stem must leave to the candidate: it tells what happened, and when.
CONCLUSIONS = {
    "en": (
        "current phase of the previous turn",
        "no other section covers",
        "single error",
        "breaks the rules",
        "than the rules allow",
        "than the rules require",
        "not an infraction",
        # MTR 4.3's own test for a block of actions (review 9: fr-009, mu-039).
        "quick block",
        "block of actions",
        # TR 701.3.d's own test, one error leading to several (review 12: fr-018, mu-004).
        "further error",
        "same mistake",
        # TR 702.1.e's own words for the end of a round cycle (review 15: fr-035, mu-023).
        "begins their next turn",
        # The advantage, stated rather than told (review 15: fr-036, "further from winning").
        "further from winning",
        "no advantage",
        # A block's illegality and an acknowledgement's quality are conclusions: the story
        # tells the block and what the player said (review 15: fr-024, fr-023).
        "makes illegal",
        "acknowledges the trigger clearly",
        # A "first time each turn" condition cannot happen twice (review 15: fi-005).
        "condition happens again",
    ),
    "pt-BR": (
        "fase atual do turno anterior",
        "nenhuma outra seção cobre",
        "único erro",
        "viola as regras",
        "do que as regras",
        "não é infração",
        "sequência rápida",
        "bloco de ações",
        "outro erro",
        "outros dois erros",
        "mesmo engano",
        "começar o seu próximo turno",
        "começar seu próximo turno",
        "mais longe da vitória",
        "não deu vantagem",
        "torna ilegal",
        "com clareza",
        "condição acontece",
    ),
    "es": (
        "fase actual del turno anterior",
        "ninguna otra sección cubre",
        "único error",
        "infringe las reglas",
        "de las que permiten las reglas",
        "de las que exigen las reglas",
        "no es una infracción",
        "secuencia rápida",
        "bloque de acciones",
        "otro error",
        "otros dos errores",
        "mismo fallo",
        "empiece su siguiente turno",
        "más lejos de ganar",
        "no le dio ventaja",
        "hace ilegal",
        "con claridad",
        "vuelve a cumplirse",
    ),
}


def named_terms(text: str, game: str, lang: str) -> set[tuple[str, str]]:
    """(part, id) of every ruling term the grader's finder reads in `text`, outside quoted
    card text ("If you don't, you lose the game" is the card, not the answer)."""
    text = _QUOTED.sub(" ", text)
    blanked = blank_markup(text)
    tokens = tokenize(fold(blanked), blanked)
    analysis = analyse(tokens, False, game, lang)
    return {
        (m.part, m.ident)
        for m in analysis.mentions
        if m.ident in RULING_IDS and not m.described and m.confidence >= NAMED
    }


@cache
def _sentences(template_id: str, seed: int, lang: str, kind: str) -> tuple[tuple[str, str], ...]:
    """The stem as (sentence key, rendered text), rendered exactly as `build_question` does."""
    sc = scenario(template_id, seed)
    rng = template_rng(sc.template.id, sc.template.version, seed, f"render|{lang}")
    items = (*sc.draft.sentences, s(f"ask.{kind}"))
    return tuple((item.key, sentence(lang, item, rng)) for item in items)


def _giveaways(template_id: str, seed: int, lang: str, kind: str) -> list[str]:
    sc = scenario(template_id, seed)
    key = sc.key
    found = []
    for sentence_key, text in _sentences(template_id, seed, lang, kind):
        named = named_terms(text, sc.template.game, lang)
        wanted = {("infraction", key.infraction), *(("remedy", r) for r in key.remedy)}
        if not sentence_key.startswith(PENALTY_FACTS):
            wanted.add(("penalty", key.penalty))
        found += [f"{part} {ident}: {text}" for part, ident in sorted(named & wanted)]
        lowered = text.lower()
        found += [f"conclusion {c!r}: {text}" for c in CONCLUSIONS[lang] if c in lowered]
    return found


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_no_stem_names_its_key_or_states_a_conclusion(
    template_id: str, lang: str, kind: str
) -> None:
    problems = {
        seed: found for seed in SEEDS if (found := _giveaways(template_id, seed, lang, kind))
    }
    assert not problems, next(iter(problems.items()))


def test_the_check_reads_the_stem_as_build_question_renders_it() -> None:
    from rulings.core.questions import build_question

    for template_id in TEMPLATE_IDS[:5]:
        q = build_question(template_id, 3, "es", "multiple_choice")
        rendered = _sentences(template_id, 3, "es", "multiple_choice")
        assert q.stem == " ".join(text for _key, text in rendered)


def test_the_check_catches_a_named_infraction_and_a_conclusion() -> None:
    assert ("infraction", "missed_trigger") in named_terms(
        "Ana commits a Missed Trigger.", "mtg", "en"
    )
    assert ("remedy", "simple_backup") in named_terms("A simple backup is possible.", "mtg", "en")


@pytest.mark.parametrize("lang", LANGS)
def test_topic_names_name_no_infraction_penalty_or_remedy(lang: str) -> None:
    for topic in all_topics():
        name = topic_name(topic, lang)
        for game in ("mtg", "riftbound"):
            assert not named_terms(name, game, lang), (topic, name)


# The seed's own MTR 4.3 examples (Rift Bolt targeted after the draw, Pitchburn Devils announced
# in a block) and their wording: an item that retells them tests recall, not reasoning (review
# 11: fr-010, fr-029, fr-040, mu-030, mu-012, fi-043).
SEED_EXAMPLE_WORDS = {
    "en": ("in one quick motion", "neither speaks nor moves", "only then says"),
    "pt-BR": ("num só movimento rápido", "não fala nem se mexe", "só então diz"),
    "es": ("en un solo movimiento rápido", "no habla ni se mueve", "solo entonces dice"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_no_out_of_order_item_retells_the_seeds_own_examples(lang: str) -> None:
    cards: set[str] = set()
    for seed in SEEDS:
        cards.add(scenario("mtg-out-of-order", seed).draft.facts["card"])
        for template_id in TEMPLATE_IDS:
            if scenario(template_id, seed).template.game != "mtg":
                continue
            text = " ".join(t for _k, t in _sentences(template_id, seed, lang, "free_form"))
            lowered = text.lower()
            assert not [w for w in SEED_EXAMPLE_WORDS[lang] if w in lowered], (template_id, seed)
    assert not cards & {"rift_bolt", "pitchburn_devils"}, cards
    assert len(cards) >= 2, cards
