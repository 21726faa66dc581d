"""Every game term of a pt-BR or es item is named as the glossary says (issue 27, point 5).

The terms and the card-name rules are in rulings/core/data/glossary.toml (`terms`, and its header
for card names); the issue's terminology findings were "Might" left in English (now a recorded
choice), an English card name in a pt-BR Magic item, one infraction named two ways and garbled
token text. Every template x language x kind is rendered over several seeds, the cards' own
texts (tokens included) are read, and any English game term the glossary translates, any second
naming of a term, and any English card name in a pt-BR Magic item fails.

Review 8 found English Riftbound card and battlefield names and "Might" in 26 of 48 translated
Riftbound items: Riftbound names and Might are now translated, with the English printed word in
parentheses at the first mention in the story only (glossary header and `terms.might`).
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


def printed_forms(lang: str, game: str) -> list[tuple[str, str]]:
    """(form in `lang`, English printed word) for every Riftbound card and printed game term."""
    if game != "riftbound":
        return []
    forms = [
        (str(c["name"][lang]), str(c["name"]["en"])) for c in cards().values() if c["game"] == game
    ]
    forms += [(str(e[lang]), str(e["printed"])) for e in terms().values() if "printed" in e]
    return sorted(forms, key=lambda f: len(f[0]), reverse=True)


def without_card_names(text: str, lang: str, game: str) -> str:
    # A printed word is allowed only as "form (printed)": strip those, and the forms.
    for form, printed in printed_forms(lang, game):
        text = text.replace(f"{form} ({printed})", " ")
    for name in card_names(lang, game):
        text = text.replace(name, " ")
    return text


def printed_name_problems(stem: str, lang: str, game: str) -> list[str]:
    """A pt-BR or es Riftbound story gives each card's, battlefield's and printed term's English
    word once, in parentheses right after its first mention, and never on its own."""
    found = []
    for form, printed in printed_forms(lang, game):
        if form == printed:
            found.append(f"{printed!r} not translated")
            continue
        first = re.search(rf"(?<!\w){re.escape(form)}(?!\w)", stem)
        intro = f"{form} ({printed})"
        if first and not stem.startswith(intro, first.start()):
            found.append(f"first mention of {form!r} without ({printed})")
        if stem.count(intro) > 1:
            found.append(f"{intro!r} more than once")
        if re.search(rf"\b{re.escape(printed)}\b", stem.replace(intro, " ")):
            found.append(f"English {printed!r} outside its introduction")
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
    if game == "mtg":
        for c in cards().values():
            en = str(c["name"]["en"])
            if c["game"] == "mtg" and c["name"][lang] != en and en in text:
                found.append(f"English card name {en!r}")
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
            stem = texts[0]
            found += [(kind, seed, p) for p in printed_name_problems(stem, lang, game)]
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


def test_might_is_translated_and_introduced_with_the_printed_word() -> None:
    might = terms()["might"]
    assert (might["pt-BR"], might["es"], might["printed"]) == ("Poderio", "Poderío", "Might")
    assert "Power" in might["note"]
    intro = build_question("rb-trigger-might-only", 1, "pt-BR", "free_form").stem
    assert intro.count("Poderio (Might)") == 1
    assert not printed_name_problems(intro, "pt-BR", "riftbound")


def test_the_check_catches_each_kind_of_finding() -> None:
    # The review's findings, as texts of the kind it read.
    assert problems("o Poder da unidade", "pt-BR", "riftbound")
    assert problems("Kitesail Freebooter entra no campo de batalha", "pt-BR", "mtg")
    assert problems("Nadia lanza Empty the Warrens", "es", "mtg")
    assert problems("a pila de la habilidad y la cadena", "es", "mtg")
    assert problems("jogue uma ficha Ouro exaurida", "pt-BR", "riftbound")
    assert problems("compra o card do turno", "pt-BR", "mtg")
    assert not problems("recebe +2 de Poderio (Might) neste turno", "pt-BR", "riftbound")
    # Review 9 (fr-025, mu-027): the Menace keyword as a noun instead of the keyword.
    assert problems("as criaturas ganham ameaça até o final do turno", "pt-BR", "mtg")
    assert not problems("as criaturas ganham a habilidade ameaçar", "pt-BR", "mtg")
    assert problems("creatures gain menace", "es", "mtg")
    # Review 8's findings: English Riftbound names and a bare "Might".
    assert problems("recebe +2 de Might neste turno", "pt-BR", "riftbound")
    story = "La habilidad de Mirefen Seer, de Kai, se dispara."
    assert printed_name_problems(story, "es", "riftbound")
    story = "A habilidade de Coletor de Dízimos, de Odile, desencadeia."
    assert printed_name_problems(story, "pt-BR", "riftbound")
    story = (
        "A habilidade de Coletor de Dízimos (Tithe Collector) desencadeia; Tithe Collector ataca."
    )
    assert printed_name_problems(story, "pt-BR", "riftbound")
