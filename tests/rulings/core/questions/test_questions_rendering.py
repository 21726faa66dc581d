"""Rendering: no other language's words, no unfilled placeholders, the community's terms."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from rulings.core.questions import KINDS, Question, QuestionError, all_templates, build_question
from rulings.core.questions.catalog import LANGS, cards, people
from rulings.core.questions.render import sentence
from rulings.core.questions.template import s
from tests.rulings.core.questions.offered import offered

TEMPLATE_IDS = tuple(t.id for t in all_templates())
GAMES = ("riftbound", "mtg")

# Words that only one of the three languages uses; none may appear in another language's text
# once card and player names (which stay the same across languages) are removed.
MARKERS = {
    "en": (
        "the",
        "and",
        "player",
        "players",
        "trigger",
        "warning",
        "penalty",
        "opponent",
        "without",
        "judge",
        "which",
        "turn",
        "ruling",
        "nothing",
    ),
    "pt-BR": (
        "não",
        "jogador",
        "jogadores",
        "habilidade",
        "advertência",
        "pilha",
        "juiz",
        "sem",
        "ação",
        "correção",
        "depois",
        "perda",
        "jogo",
        "mesmo",
        "você",
    ),
    "es": (
        "jugador",
        "jugadores",
        "habilidad",
        "advertencia",
        "pila",
        "juez",
        "sin",
        "después",
        "pérdida",
        "juego",
        "mismo",
        "remedio",
        "nadie",
    ),
}


def _names() -> list[str]:
    found = {name for game in GAMES for name in people(game)}
    for data in cards().values():
        found |= set(data["name"].values())
    return sorted(found, key=len, reverse=True)


NAMES = _names()


def strip_names(text: str) -> str:
    for name in NAMES:
        text = text.replace(name, " ")
    return text


def leaks(text: str, lang: str) -> list[str]:
    """Marker words of the other languages found in `text`."""
    plain = strip_names(text).lower()
    found = []
    for other, words in MARKERS.items():
        if other == lang:
            continue
        found += [w for w in words if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", plain)]
    return found


def texts(question: Question) -> Iterator[str]:
    """Every piece of rendered text a candidate or a reviewer sees."""
    yield question.stem
    yield question.key_text
    yield question.explanation
    for option in question.options:
        yield option.text
    if question.wrong_part is not None:
        yield question.wrong_part.stated_text
        yield question.wrong_part.correct_text


PLACEHOLDER = re.compile(r"[{}]|\bNone\b|\bnull\b")


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_rendering_leaks_another_language_or_a_placeholder(template_id: str, lang: str) -> None:
    for seed in range(25):
        for kind in KINDS:
            if not offered(template_id, seed, lang, kind):
                continue
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
            if not offered(template_id, seed, "en", kind):
                continue
            question = build_question(template_id, seed, "en", kind)
            assert question.key_text not in question.stem
            assert "Key:" not in question.display
