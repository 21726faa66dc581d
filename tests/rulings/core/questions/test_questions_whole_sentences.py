"""Sentences built from pieces read as whole sentences (review 8, finding 9).

Review 8 found "Tomás fica apenas com todos os oponentes mantendo seus pontos": the slot meant
for what the player is left with ("{player} has {what}") was filled with another player's
state, a gerund clause. The missed gain is now a whole clause that names the player itself,
and no rendered item repeats a word back to back (the other way pieces garble a sentence).
"""

from __future__ import annotations

import random
import re

import pytest

from rulings.core.questions import KINDS, build_question, templates
from rulings.core.questions.catalog import LANGS, cards, phrases
from rulings.core.questions.render import sentence
from rulings.core.questions.story import MISSED_GAIN, advantage
from tests.rulings.core.questions.offered import offered

PLAYER = "Odile"
# A gerund or participle clause in the slot ("mantendo", "conservando", "keeping").
GERUND = re.compile(r"\b\w+(?:ando|endo|indo|ing)\b", re.I)
DOUBLED = re.compile(r"\b(\w+)\s+\1\b", re.I)


def _card_with(effect: str) -> str:
    return next(
        card_id
        for card_id, c in cards().items()
        if c.get("effect") == effect and not c.get("advantage_reason")
    )


@pytest.mark.parametrize("lang", LANGS)
def test_every_missed_gain_is_a_whole_clause_naming_the_player(lang: str) -> None:
    gains = phrases(lang)["terms"]["missed_gain"]
    wrong = [
        (effect, text)
        for effect, text in gains.items()
        if text.count("{player}") != 1 or GERUND.search(text.replace("{player}", ""))
    ]
    assert not wrong


@pytest.mark.parametrize("lang", LANGS)
def test_the_missed_gain_sentence_names_the_player_once_and_reads_whole(lang: str) -> None:
    wrong = []
    for effect in sorted(MISSED_GAIN):
        item = advantage(False, PLAYER, _card_with(effect))
        assert item.key == "advantage.no_event", effect
        text = sentence(lang, item, random.Random(0))
        if text.count(PLAYER) != 1 or DOUBLED.search(text):
            wrong.append((effect, text))
    assert not wrong


def test_the_review_8_sentence_is_caught() -> None:
    old = "todos os oponentes mantendo seus pontos"
    assert "{player}" not in old
    assert GERUND.search(old)
    assert DOUBLED.search("a habilidade de de Odile")


@pytest.mark.parametrize("lang", LANGS)
def test_no_item_repeats_a_word_back_to_back(lang: str) -> None:
    found = []
    for tpl in templates():
        for kind in KINDS:
            for seed in range(2):
                if not offered(tpl.id, seed, lang, kind):
                    continue
                q = build_question(tpl.id, seed, lang, kind)
                texts = [q.stem, q.key_text, *(o.text for o in q.options)]
                if q.wrong_part:
                    texts += [q.wrong_part.stated_text, q.wrong_part.correct_text]
                found += [
                    (tpl.id, kind, seed, m.group(0)) for t in texts for m in DOUBLED.finditer(t)
                ]
    assert not found
