"""Issue 27, point 1 (review of 135 questions): stories show events, not conclusions such as
"gave X no advantage", and first-Beginning-Phase triggers come from cards that can be on the
board then (the review found such triggers on units, one for the first player, who has had no
turn to play a unit; TR 506.3.d covers each player's first Beginning Phase)."""

from __future__ import annotations

import pytest

from rulings.core.questions import build_question, templates
from rulings.core.questions.build import scenario
from rulings.core.questions.catalog import cards
from rulings.core.questions.story import MISSED_GAIN
from rulings.core.questions.template import Card

RB_TEMPLATES = tuple(t.id for t in templates(game="riftbound"))


@pytest.mark.parametrize("template_id", RB_TEMPLATES)
def test_no_advantage_is_told_by_what_the_missing_trigger_left_out(template_id: str) -> None:
    concluded = []
    for seed in range(120):
        sc = scenario(template_id, seed)
        keys = {line.key for line in sc.draft.sentences}
        told = [v.id for line in sc.draft.sentences for _n, v in line.params if isinstance(v, Card)]
        for card_id in told[:1]:  # the card whose trigger the story is about comes first
            if "advantage.no" in keys and cards()[card_id].get("effect") in MISSED_GAIN:
                concluded.append((seed, card_id))
    assert not concluded


def test_the_event_sentence_reads_in_every_language() -> None:
    texts = [
        build_question("rb-trigger-first-beginning-phase", 0, lang, "free_form").stem
        for lang in ("en", "pt-BR", "es")
    ]
    assert "one card fewer in hand" in texts[0]
    assert "uma carta a menos na mão" in texts[1]
    assert "una carta menos en la mano" in texts[2]
    assert not any("no advantage" in t or "nenhuma vantagem" in t for t in texts)
    # Review 9: not "nothing else in the game changes", which all but said "no advantage".
    assert not any("nothing else" in t or "nada mais" in t or "nada más" in t for t in texts)


def test_first_beginning_phase_triggers_come_from_legends() -> None:
    units = [
        card_id
        for card_id, data in cards().items()
        if data.get("first_beginning_phase") and not data.get("legend")
    ]
    assert not units


@pytest.mark.parametrize("lang", ["en", "pt-BR", "es"])
def test_the_story_names_the_first_beginning_phase_card_as_a_legend(lang: str) -> None:
    legend = {"en": "Legend", "pt-BR": "Lenda", "es": "Leyenda"}[lang]
    for seed in range(20):
        stem = build_question("rb-trigger-first-beginning-phase", seed, lang, "free_form").stem
        assert legend in stem, seed
