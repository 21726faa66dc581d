"""A choice question never asks the candidate to say something (UX walk 1, finding 7: a
"which part is wrong, choose one" question also said "Say also whether a full round cycle has
passed, and when it ends", with nowhere to say it). Its stem says what a correct ruling
states instead; a free-form question, whose answer is written, keeps the ask."""

from __future__ import annotations

import pytest

from rulings.core.questions import build_question
from rulings.core.questions.errors import KindUnavailable
from rulings.core.questions.templates import templates

SAY_ALSO = {"en": "say also", "pt-BR": "diga também", "es": "indica también"}
ASKING_TEMPLATES = ("rb-forgetting-to-score", "mtg-turn-control")


@pytest.mark.parametrize("lang", sorted(SAY_ALSO))
@pytest.mark.parametrize("kind", ["multiple_choice", "find_the_wrong_part"])
def test_no_choice_question_asks_to_say_anything(lang: str, kind: str) -> None:
    for template in [*templates("riftbound"), *templates("mtg")]:
        for seed in range(6):
            try:
                stem = build_question(template.id, seed, lang, kind).stem
            except KindUnavailable:  # no find-the-wrong-part item for this story
                continue
            assert SAY_ALSO[lang] not in stem.casefold(), (template.id, seed)


@pytest.mark.parametrize("template_id", ASKING_TEMPLATES)
def test_a_free_form_question_keeps_its_ask(template_id: str) -> None:
    stems = [build_question(template_id, seed, "en", "free_form").stem for seed in range(6)]

    assert any("say also" in stem.casefold() for stem in stems)
