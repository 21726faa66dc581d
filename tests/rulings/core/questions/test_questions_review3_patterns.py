"""Patterns found before the third independent review, checked over every template, language
and kind where they can be checked mechanically: facts instead of legal conclusions in the 2024
backup story, a score's explanation that says which condition kept it from being corrected."""

from __future__ import annotations

import pytest

from rulings.core.questions import build_question
from rulings.core.questions.catalog import LANGS

SEEDS = range(120)
# The IPG 2024 backup condition, stated as a conclusion instead of a fact, in every language.
BACKUP_CONCLUSIONS = (
    "would change what the trigger does",
    "would not change what the trigger does",
    "the action that revealed",
    "cambiaría lo que hace",
    "la acción en la que se notó",
    "mudaria o que a habilidade faz",
    "a ação em que o problema foi percebido",
)


@pytest.mark.parametrize("lang", LANGS)
def test_the_2024_backup_story_states_what_the_trigger_could_target_not_the_condition(
    lang: str,
) -> None:
    told = 0
    for seed in SEEDS:
        q = build_question("mtg-2024-wording", seed=seed, lang=lang, kind="free_form")
        assert not any(c in q.stem for c in BACKUP_CONCLUSIONS), (seed, q.stem)
        if "revealing_action_changes_effect" in q.situation.get("play", {}):
            told += 1
    assert told > 10


SCORE_REASON = {
    "en": ("can no longer be determined", "More than one full round cycle"),
    "pt-BR": ("não pode mais ser determinado", "Passou mais de um ciclo"),
    "es": ("ya no se puede determinar", "Ha pasado más de un ciclo"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_score_left_as_it_is_explains_which_condition_kept_it_from_being_corrected(
    lang: str,
) -> None:
    undeterminable, too_late = SCORE_REASON[lang]
    seen = set()
    for seed in SEEDS:
        q = build_question("rb-forgetting-to-score", seed=seed, lang=lang, kind="free_form")
        if q.key.remedy != ("continue_play",):
            continue
        determinable = q.situation["score"]["determinable"]
        reason = too_late if determinable else undeterminable
        assert reason in q.explanation, (seed, q.explanation)
        seen.add(determinable)
    assert seen == {True, False}
