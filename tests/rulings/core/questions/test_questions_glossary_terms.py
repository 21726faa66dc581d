"""Every game term of a pt-BR or es item is named as the glossary says (issue 27, point 5).

The terms and the card-name rules are in rulings/core/data/glossary.toml (`terms`, and its header
for card names); the issue's terminology findings were "Might" left in English (now a recorded
choice), an English card name in a pt-BR Magic item, one infraction named two ways and garbled
token text. Every template x language x kind is rendered over several seeds, the cards' own
texts (tokens included) are read, and any English game term the glossary translates, any second
naming of a term, and any English card name in a pt-BR Magic item fails.

Review 8 found English Riftbound card and battlefield names and "Might" in 26 of 48 translated
Riftbound items; they were translated with the English printed word in parentheses at the first
mention. Review 12 flagged that gloss on 28 items ("Gólem del Peaje (Tollgate Golem)",
"Poderío (Might)"): a translated item names a card or term once, in its language. So any English
card name (either game) or English game term in a pt-BR or es text fails, in brackets or not.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rulings.core.questions import KINDS, build_question, templates
from rulings.core.questions.catalog import cards
from tests.rulings.core.questions.offered import offered

ROOT = Path(__file__).resolve().parents[4]
LANGS = ("pt-BR", "es")
SEEDS = range(4)
TEMPLATE_IDS = tuple(t.id for t in templates())
# English words a Portuguese or Spanish card text never needs: left there, they are garbled text.
ENGLISH_WORDS = ("the", "and", "of", "with", "when", "whenever", "that", "your", "you", "this")


@cache
def terms() -> dict[str, dict[str, Any]]:
    path = ROOT / "rulings/core/data/glossary.toml"
    return dict(tomllib.loads(path.read_text(encoding="utf-8"))["terms"])


def _applies(entry: dict[str, Any], game: str) -> bool:
    return entry["game"] in ("both", game)


def card_names(lang: str, game: str) -> list[str]:
    names = [str(c["name"][lang]) for c in cards().values() if c["game"] == game]
    return sorted(names, key=len, reverse=True)


def without_card_names(text: str, lang: str, game: str) -> str:
    for name in card_names(lang, game):
        text = text.replace(name, " ")
    return text


def english_names(game: str) -> list[str]:
    """Every English card name of `game`."""
    names = [str(c["name"]["en"]) for c in cards().values() if c["game"] == game]
    return sorted(names, key=len, reverse=True)


def english_terms(lang: str, game: str) -> set[str]:
    """The English form of every game term of `game` that `lang` names otherwise."""
    return {
        str(e["en"]).lower()
        for e in terms().values()
        if _applies(e, game) and str(e[lang]).lower() != str(e["en"]).lower()
    }


def gloss_problems(text: str, lang: str, game: str) -> list[str]:
    """An English card name or game term in a pt-BR or es text: a second naming, glossed
    in brackets ("Gólem del Peaje (Tollgate Golem)", "Poderío (Might)") or on its own (review 12,
    terminology, 28 items)."""
    found = []
    translated = {str(c["name"][lang]) for c in cards().values() if c["game"] == game}
    for en in english_names(game):
        if en in translated:
            continue
        for hit in re.finditer(rf"(?<!\w){re.escape(en)}(?!\w)", text):
            found.append(f"English name {hit.group(0)!r}")
    for hit in re.finditer(r"\(([^()]*)\)", text):
        inside = hit.group(1).strip()
        if inside in english_names(game) or inside.lower() in english_terms(lang, game):
            found.append(f"English gloss {hit.group(0)!r}")
    return found


def problems(text: str, lang: str, game: str) -> list[str]:
    """English game terms the glossary translates, and other namings it avoids, in `text`."""
    found = []
    plain = without_card_names(text, lang, game)
    for term_id, entry in terms().items():
        if not _applies(entry, game):
            continue
        if entry[lang] != entry["en"]:
            for form in entry.get("english", ()):
                for hit in re.finditer(rf"\b(?:{form})\b", plain):
                    found.append(f"{term_id}: English {hit.group(0)!r}")
        for pattern in entry.get("avoid", {}).get(lang, ()):
            for hit in re.finditer(pattern, plain):
                found.append(f"{term_id}: {hit.group(0)!r} instead of {entry[lang]!r}")
    found += gloss_problems(text, lang, game)
    return found


def item_texts(template_id: str, lang: str, kind: str, seed: int) -> tuple[str, list[str]]:
    q = build_question(template_id, seed, lang, kind)
    texts = [q.stem, q.key_text, q.explanation, *(o.text for o in q.options)]
    if q.wrong_part:
        texts += [q.wrong_part.stated_text, q.wrong_part.correct_text]
    return q.game, texts


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_every_item_names_each_game_term_as_the_glossary(template_id: str, lang: str) -> None:
    found = []
    for kind in KINDS:
        for seed in SEEDS:
            if not offered(template_id, seed, lang, kind):
                continue
            game, texts = item_texts(template_id, lang, kind, seed)
            found += [(kind, seed, p) for text in texts for p in problems(text, lang, game)]
    assert not found


@pytest.mark.parametrize("lang", LANGS)
def test_card_and_token_texts_are_in_the_items_language(lang: str) -> None:
    found = []
    for card_id, c in cards().items():
        text = str(c["text"][lang])
        found += [(card_id, p) for p in problems(text, lang, str(c["game"]))]
        plain = without_card_names(text, lang, str(c["game"]))
        found += [(card_id, w) for w in ENGLISH_WORDS if re.search(rf"\b{w}\b", plain, re.I)]
    assert not found


def test_card_names_follow_the_glossary_rules() -> None:
    """Magic pt-BR and es: never the English name (official or translated, `name_source` says
    which); Riftbound pt-BR and es: a translated name marked `name_source`, with the English
    printed name only in the story's first mention (glossary header)."""
    wrong = []
    for card_id, c in cards().items():
        name = c["name"]
        wrong += [(card_id, lang, name[lang]) for lang in LANGS if name[lang] == name["en"]]
        if c["game"] == "riftbound":
            source = c.get("name_source", {})
            wrong += [
                (card_id, lang, "name_source") for lang in LANGS if source.get(lang) != "translated"
            ]
    assert not wrong


def test_might_is_named_once_in_the_items_language() -> None:
    might = terms()["might"]
    assert (might["pt-BR"], might["es"]) == ("Poderio", "Poderío")
    assert "Power" in might["note"]
    for lang in LANGS:
        q = build_question("rb-trigger-might-only", 1, lang, "free_form")
        assert might[lang] in q.stem
        assert not gloss_problems(" ".join((q.stem, q.explanation)), lang, "riftbound")


def test_the_check_catches_each_kind_of_finding() -> None:
    # The review's findings, as texts of the kind it read.
    assert problems("o Poder da unidade", "pt-BR", "riftbound")
    assert problems("Kitesail Freebooter entra no campo de batalha", "pt-BR", "mtg")
    assert problems("Nadia lanza Empty the Warrens", "es", "mtg")
    assert problems("a pila de la habilidad y la cadena", "es", "mtg")
    assert problems("jogue uma ficha Ouro exaurida", "pt-BR", "riftbound")
    assert problems("compra o card do turno", "pt-BR", "mtg")
    assert not problems("recebe +2 de Poderio neste turno", "pt-BR", "riftbound")
    # Review 9 (fr-025, mu-027): the Menace keyword as a noun instead of the keyword.
    assert problems("as criaturas ganham ameaça até o final do turno", "pt-BR", "mtg")
    assert not problems("as criaturas ganham a habilidade ameaçar", "pt-BR", "mtg")
    assert problems("creatures gain menace", "es", "mtg")
    # Review 8's findings: English Riftbound names and a bare "Might".
    assert problems("recebe +2 de Might neste turno", "pt-BR", "riftbound")
    story = "La habilidad de Mirefen Seer, de Kai, se dispara."
    assert problems(story, "es", "riftbound")
    # Review 12: the English gloss in brackets, of a card and of Might.
    assert problems("El Gólem del Peaje (Tollgate Golem) ataca.", "es", "riftbound")
    assert problems("recebe +2 de Poderio (Might) neste turno", "pt-BR", "riftbound")
    assert problems("gana +2 de Poderío (Might).", "es", "riftbound")
    assert not problems("El Gólem del Peaje ataca.", "es", "riftbound")
