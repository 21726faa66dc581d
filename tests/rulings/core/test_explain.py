"""Judge-readable explanations in en, pt-BR and es."""

from __future__ import annotations

import pytest

from rulings import RulingsError, Situation, evaluate, explain
from rulings.core.policy import LANGS
from tests.rulings.core.fixture_cases import fixture_paths, load_fixture

SCORE = {
    "game": "riftbound",
    "players": ["ana", "ben"],
    "turn_player": "ana",
    "score": {"player": "ana", "source": "conquer"},
    "silent_witnesses": ["ben"],
}


@pytest.mark.parametrize("lang", LANGS)
def test_every_explanation_line_cites_a_section(lang: str) -> None:
    ruling = evaluate(Situation.from_dict(SCORE))
    text = explain(ruling, lang)
    for step in ruling.explanation:
        assert f"[{step.citation}]" in text
    numbered = [line for line in text.splitlines() if line[:1].isdigit()]
    assert len(numbered) == len(ruling.explanation)
    assert all("[" in line for line in numbered)


def test_spanish_explanation_names_the_other_players_penalty() -> None:
    text = explain(evaluate(Situation.from_dict(SCORE)), "es")
    assert (
        "Otro jugador: ben: Fallo al mantener el estado de juego, Advertencia [TR 702.17]" in text
    )


def test_explanation_rejects_an_unknown_language() -> None:
    with pytest.raises(RulingsError):
        explain(evaluate(Situation.from_dict(SCORE)), "de")


@pytest.mark.parametrize("path", fixture_paths()[:40], ids=lambda p: p.stem)
def test_every_fixture_explains_in_all_languages(path: object) -> None:
    ruling = evaluate(Situation.from_dict(load_fixture(path)["situation"]))  # type: ignore[arg-type]
    assert len({explain(ruling, lang) for lang in LANGS}) == 3
