"""Rendering: no other language's words, no unfilled placeholders, the community's terms."""

from __future__ import annotations

import re

import pytest
from conftest import KINDS, LANGS, TEMPLATE_IDS, leaks, texts

from rulings.core.questions import QuestionError, build_question
from rulings.core.questions.render import sentence
from rulings.core.questions.template import s

PLACEHOLDER = re.compile(r"[{}]|\bNone\b|\bnull\b")


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_rendering_leaks_another_language_or_a_placeholder(template_id: str, lang: str) -> None:
    for seed in range(25):
        for kind in KINDS:
            question = build_question(template_id, seed, lang, kind)
            for text in texts(question):
                assert not leaks(text, lang), (leaks(text, lang), text)
                assert not PLACEHOLDER.search(text), text


def test_the_marker_check_catches_a_real_leak() -> None:
    assert leaks("O jogador recebe uma Warning.", "pt-BR") == ["warning"]
    assert leaks("Nissa's Chasm Drake attacks", "en") == []


@pytest.mark.parametrize(
    ("lang", "terms"),
    [
        ("pt-BR", ("Habilidade Desencadeada Esquecida", "Advertência", "Perda de Jogo")),
        ("es", ("Habilidad disparada olvidada", "Advertencia", "Pérdida de juego")),
        ("en", ("Missed Trigger", "Warning", "Game Loss")),
    ],
)
def test_rulings_use_the_judge_communitys_terms(lang: str, terms: tuple[str, ...]) -> None:
    seen = " ".join(
        build_question("mtg-third-warning", seed, lang, "multiple_choice").display
        for seed in range(40)
    )
    for term in terms:
        assert term in seen


def test_seed_examples_names_appear_in_stems() -> None:
    stems = " ".join(
        build_question("mtg-rules-change", n, "pt-BR", "free_form").stem for n in range(20)
    )
    assert "Lobo Coração de Pira" in stems
    riftbound = " ".join(
        build_question("rb-trigger-impact", n, "en", "free_form").stem for n in range(60)
    )
    assert "Treasure Hunter" in riftbound
    assert "rune" in riftbound


def test_a_missing_sentence_is_a_clear_error() -> None:
    import random

    with pytest.raises(QuestionError, match="no sentence 'nope'"):
        sentence("en", s("nope"), random.Random(0))


def test_unknown_language_is_rejected() -> None:
    with pytest.raises(QuestionError, match="language"):
        build_question("mtg-copies", 1, "fr", "free_form")


@pytest.mark.parametrize("kind", KINDS)
def test_the_stem_never_gives_the_key_away(kind: str) -> None:
    for template_id in TEMPLATE_IDS:
        for seed in range(10):
            question = build_question(template_id, seed, "en", kind)
            assert question.key_text not in question.stem
            assert "Key:" not in question.display
