"""Private pools: validated, applied only inside `using_pools`, and reported on by the check."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rulings import core as engine
from rulings.core.questions import build_question, generate_questions
from rulings.core.questions.catalog import cards_where, people, public_cards
from rulings.core.questions.errors import QuestionError
from rulings.core.questions.pool_check import pools_check
from rulings.core.questions.pools import Pools, current_pools, merge_pools, using_pools

MTG_NAMES = ["Aurelio", "Brisa", "Cosme", "Dalva", "Eloá", "Fausto"]
RB_NAMES = ["Ximena", "Yago", "Zuleica", "Wander", "Valquíria", "Ubirajara"]


def localised(en: str) -> dict[str, str]:
    return {"en": en, "pt-BR": en + " (pt)", "es": en + " (es)"}


def private_card(**facts: Any) -> dict[str, Any]:
    return {
        "game": "riftbound",
        "kind": "draw_or_discard",
        "name": localised("Cinder Lookout"),
        "text": localised("When I move to a battlefield, draw 1."),
        **facts,
    }


POOL_TOML = """
[people]
mtg = ["Aurelio", "Brisa", "Cosme", "Dalva", "Eloá", "Fausto"]
riftbound = ["Ximena", "Yago", "Zuleica", "Wander", "Valquíria", "Ubirajara"]

[cards.dark_confidant]
name = { en = "Gloom Advisor", pt-BR = "Conselheiro Sombrio", es = "Consejero Lúgubre" }
text.en = "At the beginning of your upkeep, reveal the top card of your library."
text.pt-BR = "No início da sua manutenção, revele o card do topo do seu grimório."
text.es = "Al comienzo de tu mantenimiento, muestra la carta superior de tu biblioteca."

[cards.cinder_lookout]
game = "riftbound"
kind = "draw_or_discard"
name = { en = "Cinder Lookout", pt-BR = "Vigia de Cinzas", es = "Vigía de Cenizas" }
text = { en = "When I move, draw 1.", pt-BR = "Ao me mover, compre 1.", es = "Al moverme, roba 1." }

[phrases.en]
"setup.mtg" = ["Table talk at {opl} REL: {count}, seated as {order}."]
"""


@pytest.fixture(scope="module")
def pools() -> Pools:
    return Pools.from_toml(POOL_TOML)


def names_in(text: str, names: list[str] | set[str]) -> set[str]:
    return {name for name in names if re.search(rf"\b{re.escape(name)}\b", text)}


def public_names() -> set[str]:
    return set(people("mtg")) | set(people("riftbound"))


def test_stems_built_with_pools_name_only_private_people(pools: Pools) -> None:
    with using_pools(pools):
        batch = generate_questions(game="mtg", lang="en", kind="free_form", count=20, seed=4)

    assert all(names_in(q.stem, MTG_NAMES) for q in batch)
    assert not any(names_in(q.stem, public_names()) for q in batch)
    assert all("Table talk at" in q.stem for q in batch)  # the private wording
    assert current_pools() is None  # the block is over


def test_a_pool_card_overrides_a_public_cards_name_and_text(pools: Pools) -> None:
    seeds = range(40)
    with using_pools(pools):
        stems = [build_question("mtg-visible-change", s, "es", "free_form").stem for s in seeds]
    public = [build_question("mtg-visible-change", s, "es", "free_form").stem for s in seeds]

    assert any("Consejero Lúgubre" in stem for stem in stems)
    # the public es name (rulings/core/data/glossary.toml: Magic cards have Spanish names)
    assert not any("Confidente oscuro" in stem for stem in stems)
    assert any("Confidente oscuro" in stem for stem in public)


def test_stories_choosing_by_kind_prefer_the_pools_cards(pools: Pools) -> None:
    public = cards_where("riftbound", kind="draw_or_discard")
    with using_pools(pools):
        private = cards_where("riftbound", kind="draw_or_discard")
        fallback = cards_where("riftbound", kind="might_only")

    assert private == ("cinder_lookout",)
    assert "cinder_lookout" not in public
    assert fallback == cards_where("riftbound", kind="might_only")  # none in the pool: public


def test_the_same_seed_and_pools_give_the_same_question_and_public_output_is_untouched(
    pools: Pools,
) -> None:
    before = build_question("rb-forgetting-to-score", 11, "en", "multiple_choice").to_dict()
    with using_pools(pools):
        first = build_question("rb-forgetting-to-score", 11, "en", "multiple_choice")
    with using_pools(Pools.from_toml(POOL_TOML)):
        again = build_question("rb-forgetting-to-score", 11, "en", "multiple_choice")
    after = build_question("rb-forgetting-to-score", 11, "en", "multiple_choice").to_dict()

    assert first == again
    assert first.content_hash != before["content_hash"]
    assert before == after  # the per-seed caches are keyed on the pools too


def test_keys_built_with_pools_are_still_the_engines_rulings(pools: Pools) -> None:
    with using_pools(pools):
        batch = generate_questions(lang="pt-BR", kind="multiple_choice", count=30, seed=8)

    for question in batch:
        ruling = engine.evaluate(engine.Situation.from_dict(question.situation))
        assert (question.key.infraction, question.key.penalty) == (
            ruling.infraction,
            ruling.penalty.final,
        )
        assert set(question.situation["players"]) <= {*MTG_NAMES, *RB_NAMES}


def test_pools_are_equal_by_content_and_round_trip_through_a_dict(pools: Pools) -> None:
    copy = Pools.from_dict(pools.to_dict())

    assert copy == pools
    assert hash(copy) == hash(pools)
    assert len(pools.digest) == 64
    assert Pools.from_dict({"people": {"mtg": MTG_NAMES[::-1]}}) != Pools.from_dict(
        {"people": {"mtg": MTG_NAMES}}
    )


def test_merging_pools_pools_names_and_sentences() -> None:
    one = Pools.from_dict({"people": {"mtg": MTG_NAMES}})
    two = Pools.from_dict({"people": {"mtg": ["Zé", *MTG_NAMES[:3]], "riftbound": RB_NAMES}})

    merged = merge_pools(one, two)

    assert merged.people["mtg"] == (*MTG_NAMES, "Zé")
    assert merged.people["riftbound"] == tuple(RB_NAMES)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"names": {}}, "unknown section names"),
        ({"people": {"chess": MTG_NAMES}}, "game must be one of"),
        ({"people": {"mtg": ["Ana", "Bia"]}}, "at least 4 names"),
        ({"people": {"mtg": ["Ana", "Ana", "Bia", "Caio"]}}, "lists a name twice"),
        ({"people": {"mtg": ["{player}", "Ana", "Bia", "Caio"]}}, "braces"),
        ({"cards": {"new_one": {"game": "riftbound", "kind": "draw_or_discard"}}}, "needs name"),
        ({"cards": {"new_one": private_card(kind="teleport")}}, "kind must be one of"),
        ({"cards": {"new_one": private_card(flavour=True)}}, "unknown field flavour"),
        ({"cards": {"new_one": private_card(name={"en": "X"})}}, "needs exactly en"),
        ({"cards": {"dark_confidant": {"game": "riftbound"}}}, "the card's game"),
        ({"phrases": {"fr": {}}}, "language must be one of"),
        ({"phrases": {"en": {"no.such.sentence": "Hi."}}}, "no such sentence"),
        ({"phrases": {"en": {"setup.mtg": "At {venue}."}}}, "unknown placeholder venue"),
        ({"phrases": {"en": {"setup.mtg": "At {opl!r}."}}}, "plain {name} only"),
        ({"phrases": {"en": {"setup.mtg": "At {opl."}}}, "setup.mtg"),
    ],
)
def test_invalid_pools_are_refused_with_a_clear_message(data: Any, message: str) -> None:
    with pytest.raises(QuestionError, match=message.replace("{", r"\{").replace("}", r"\}")):
        Pools.from_dict(data)


def test_invalid_toml_is_a_clear_error() -> None:
    with pytest.raises(QuestionError, match="not valid TOML"):
        Pools.from_toml("[people\nmtg = 1")


def test_the_check_lists_what_stems_still_take_from_the_public_data(pools: Pools) -> None:
    check = pools_check(pools, seeds=4)

    assert check.ok
    public = ("manic_vandal", "kitesail_freebooter", "sower_of_temptation", "pitchburn_devils")
    assert any(
        w.startswith("mtg-choices-on-stack: ") and any(c in w for c in public)
        for w in check.warnings
    )
    assert not any("dark_confidant" in w for w in check.warnings)
    assert pools_check(Pools.from_dict({}), seeds=1).warnings[:2] == (
        "riftbound: stems use the public player names",
        "mtg: stems use the public player names",
    )


def test_the_check_reports_templates_the_pools_cannot_build() -> None:
    # A riftbound pool whose drawback card names a reason the phrase banks cannot tell: stories
    # where missing its trigger helped cannot say why, so they cannot be built.
    broken = Pools.from_dict(
        {
            "cards": {
                "grim_recruit": private_card(
                    kind="draw_or_discard",
                    advantage_reason="no_such_reason",
                    name=localised("Grim"),
                )
            }
        }
    )

    check = pools_check(broken, seeds=3)

    assert not check.ok
    assert any(error.startswith("rb-") for error in check.errors)


def test_public_cards_are_untouched_by_a_pool(pools: Pools) -> None:
    with using_pools(pools):
        build_question("mtg-visible-change", 1, "en", "free_form")

    assert public_cards()["dark_confidant"]["name"]["en"] == "Dark Confidant"
    assert "cinder_lookout" not in public_cards()
