"""Shared helpers for the question generator's tests (pure Python: no Django, no database)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from rulings.core.questions import Question, all_templates
from rulings.core.questions.catalog import cards, people

LANGS = ("en", "pt-BR", "es")
KINDS = ("free_form", "multiple_choice", "find_the_wrong_part")
GAMES = ("riftbound", "mtg")
TEMPLATE_IDS = tuple(t.id for t in all_templates())

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


@pytest.fixture(scope="session")
def template_ids() -> tuple[str, ...]:
    return TEMPLATE_IDS
