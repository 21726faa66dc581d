"""Review 12's findings, each checked over generated items (every language and kind).

- fr-045: a remedy is concrete; a made-up discard names who discards, never "the player who
  failed to draw or discard does so now" (committee decision: remedies are concrete).
- fr-022: a story about a mishandled trigger never says later cards were paid "with the runes
  the error left" (the error was no payment).
"""

from __future__ import annotations

import pytest

from rulings.core.questions import KINDS, build_question
from tests.rulings.core.questions.offered import offered

LANGS = ("en", "pt-BR", "es")
SEEDS = range(40)

GENERIC_MAKE_UP = {
    "en": "the player who failed to draw or discard",
    "pt-BR": "o jogador que deixou de comprar ou descartar",
    "es": "el jugador que no robó o no descartó",
}


def answers(template_id: str, seed: int, lang: str, kind: str) -> list[str]:
    """What an item offers or keys as a ruling (the explanation may quote the rule itself)."""
    q = build_question(template_id, seed, lang, kind)
    found = [q.key_text, *(o.text for o in q.options)]
    if q.wrong_part:
        found += [q.wrong_part.stated_text, q.wrong_part.correct_text]
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_a_made_up_discard_names_who_discards(lang: str) -> None:
    generic, concrete = [], 0
    for kind in KINDS:
        for seed in SEEDS:
            if not offered("mtg-after-acknowledgement", seed, lang, kind):
                continue
            q = build_question("mtg-after-acknowledgement", seed, lang, kind)
            if "make_up_draw_or_discard" in q.key.remedy:
                concrete += 1
            generic += [
                (kind, seed)
                for text in answers("mtg-after-acknowledgement", seed, lang, kind)
                if GENERIC_MAKE_UP[lang] in text
            ]
    assert concrete
    assert not generic


RUNES_LEFT = {
    "en": "runes the error left",
    "pt-BR": "runas que o erro deixou",
    "es": "runas que dejó",
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_trigger_error_leaves_no_runes_behind(lang: str) -> None:
    told = [
        (kind, seed)
        for kind in KINDS
        for seed in SEEDS
        if offered("rb-error-after-trigger", seed, lang, kind)
        and RUNES_LEFT[lang] in build_question("rb-error-after-trigger", seed, lang, kind).stem
    ]
    assert not told
