"""Stories tell events, never the conclusion a ruling turns on (issue 27, point 1).

A reviewer who saw only the seeds and the items found stories saying "she simply forgot",
"leaving the game as it stands would carry its effect", "applies part of its effect" (without
saying which part) and the seed's own test, "taking an active role by passing priority
explicitly". Each of these phrases (and its pt-BR and es rendering) is checked over every
template, language and kind, with many seeds."""

from __future__ import annotations

import re

import pytest

from rulings.core.questions import KINDS, build_question, templates
from tests.rulings.core.questions.offered import offered

SEEDS = range(12)
BANNED = {
    "en": (
        r"\bforgot\b",
        r"\bsimply\b",
        r"carry its effect",
        r"part of its effect",
        r"active (part|role)",
        r"worked in .* favour",
        r"gave \w+ an advantage",
        r"was advantageous",
        r"no advantage",  # review 7: the Warning test stated as a conclusion
        r"benefits nobody",
    ),
    "pt-BR": (
        r"se esqueceu",
        r"simplesmente",
        r"levaria o efeito",
        r"parte do efeito",
        r"papel ativo",
        r"favoreceu",
        r"deu vantagem",
        r"nenhuma vantagem",
        r"não favorece ninguém",
    ),
    "es": (
        r"se olvidó",
        r"simplemente",
        r"arrastraría su efecto",
        r"parte de su efecto",
        r"parte activa",
        r"favoreció",
        r"le dio ventaja",
        r"no favorece a nadie",
    ),
}

# Review 8 (finding 10): the rewind tests pasted into the story ("could still be undone one by
# one, newest first", "each of those actions used cards or resources that the error had
# changed"), the backup test ("it can be undone on its own") and "would change absolutely
# nothing"; the stories now tell the actions taken since and the board instead.
REVIEW_8 = {
    "en": (
        r"undone one by one",
        r"newest first",
        r"resources that the error",
        r"undone on its own",
        r"absolutely nothing",
        r"could change nothing",
    ),
    "pt-BR": (
        r"desfeitas uma a uma",
        r"da mais recente para a mais antiga",
        r"recursos que o erro",
        r"desfeita sozinha",
        r"absolutamente nada",
    ),
    "es": (
        r"deshacerse una a una",
        r"de la más reciente a la más antigua",
        r"recursos que el error",
        r"deshacer por sí sola",
        r"absolutamente nada",
    ),
}
for _lang, _patterns in REVIEW_8.items():
    BANNED[_lang] = (*BANNED[_lang], *_patterns)


def banned_in(text: str, lang: str) -> list[str]:
    return [p for p in BANNED[lang] if re.search(p, text, flags=re.IGNORECASE)]


@pytest.mark.parametrize("lang", ["en", "pt-BR", "es"])
@pytest.mark.parametrize("template_id", [t.id for t in templates()])
def test_no_story_states_a_conclusion_or_pastes_a_seed_test(template_id: str, lang: str) -> None:
    for kind in KINDS:
        for seed in SEEDS:
            if not offered(template_id, seed, lang, kind):
                continue
            stem = build_question(template_id, seed, lang, kind).stem
            assert not banned_in(stem, lang), (seed, kind, banned_in(stem, lang), stem)


def test_the_check_catches_each_phrase_it_names() -> None:
    assert banned_in("Ana simply forgot about it.", "en")
    assert banned_in("Ana aplica parte do efeito assim mesmo.", "pt-BR")
    assert banned_in("tomando parte activa en el turno", "es")
    assert not banned_in("When the judge asks, Ana says they had not noticed the trigger.", "en")
    assert banned_in("The mistake gave Kai no advantage.", "en")
    assert banned_in("Que la habilidad no se resuelva no favorece a nadie en particular.", "es")


def test_a_partly_applied_effect_says_which_part() -> None:
    told = 0
    for seed in range(60):
        q = build_question("rb-error-after-trigger", seed, "en", "free_form")
        if "realising it" in q.stem:
            told += 1
            assert "discards 1 card but does not draw the 2" in q.stem, q.stem
    assert told > 10


def test_the_check_catches_review_8s_pasted_tests() -> None:
    assert banned_in("so they could still be undone one by one, newest first.", "en")
    assert banned_in(
        "Declarar atacantes é a única ação feita desde então, e ela pode ser desfeita sozinha.",
        "pt-BR",
    )
    assert banned_in("resolver la habilidad no cambiaría absolutamente nada", "es")
    assert banned_in(
        "Cada uma dessas ações usou cartas ou recursos que o erro tinha alterado.", "pt-BR"
    )
