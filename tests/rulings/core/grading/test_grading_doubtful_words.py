"""Parts read firmly from words that doubt them go to a mentor (grader 2026.12.01.17):
a sentence where the candidate says it does not know or cannot decide, and a word that
hints at a neighbour of the id read (the head judge, for Riftbound's longer rewind)."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from rulings.core.grading import grade_answer
from rulings.core.grading.lexicon import LANGUAGES, load_lexicon
from rulings.core.grading.matcher import Analysis, analyse
from rulings.core.grading.text import blank_markup, fold, tokenize
from tests.rulings.core.grading_cases import GE, GRV_BACKUP, MT_WARNING

UNSURE = "penalty: stated in a sentence that says it is unsure"
HINTED = (
    "remedy: read as simple_rewind, but the answer's words point to rewind, a neighbour "
    "judges confuse with it"
)


def test_a_part_in_a_sentence_that_says_it_is_unsure_goes_to_a_mentor() -> None:
    answer = (
        "Missed Trigger. Warning, I don't know if it's detrimental. The opponent chooses "
        "whether it goes on the stack."
    )
    grade = grade_answer(answer, MT_WARNING, game="mtg")
    assert grade.parts["penalty"].found == "warning"
    assert grade.review_reasons == (UNSURE,)


def test_the_doubt_of_one_sentence_does_not_reach_the_next() -> None:
    answer = (
        "I don't know the card well. Missed Trigger, Warning. The opponent chooses whether "
        "it goes on the stack."
    )
    grade = grade_answer(answer, MT_WARNING, game="mtg")
    assert not grade.needs_review


def test_a_part_concluded_after_the_doubt_is_committed() -> None:
    answer = (
        "Torn between MT and GRV, but I'll go with MT. Warning. The opponent chooses whether "
        "it goes on the stack."
    )
    grade = grade_answer(answer, MT_WARNING, game="mtg")
    assert grade.parts["infraction"].found == "missed_trigger"
    assert not grade.needs_review


@pytest.mark.parametrize(
    "answer",
    [
        "GE, Warning. Every action since depends on it, so rewind.",
        "Erro Geral, Advertência. Tudo depende do alvo ilegal, então retrocesso.",
    ],
)
def test_depending_on_something_in_a_reason_is_no_doubt(answer: str) -> None:
    grade = grade_answer(answer, GE, game="riftbound")
    assert not any("unsure" in reason for reason in grade.review_reasons)


@pytest.mark.parametrize(
    "answer",
    [
        "General Error, W. This one needs a rewind, which the HJ makes.",
        "Erro Geral, Advertência. Precisa de um retrocesso, então o juiz principal cuida disso.",
        "Error general, Advertencia. Hace falta un rebobinado, y lo hace el juez principal.",
    ],
)
def test_a_rewind_of_unstated_length_beside_the_head_judge_is_the_longer_rewind(
    answer: str,
) -> None:
    """The blind writers label such answers the longer rewind (only the head judge rewinds
    beyond the last action; 11 of 11 labelled answers): the grader reads it so, by the
    `hinted_id` rule, and no longer asks a mentor about the neighbour."""
    grade = grade_answer(answer, GE, game="riftbound")
    assert grade.parts["remedy"].found == "rewind"
    assert grade.parts["remedy"].rule == "hinted_id"
    assert HINTED not in grade.review_reasons


def test_a_simple_rewind_named_beside_the_head_judge_is_no_doubt() -> None:
    answer = "General Error, Warning, simple rewind - no need for the HJ."
    grade = grade_answer(answer, GE, game="riftbound")
    assert grade.parts["remedy"].found == "simple_rewind"
    assert not grade.needs_review


def test_the_head_judge_hints_at_nothing_in_magic() -> None:
    """Magic has no longer rewind as an id of its own: a backup is a backup."""
    grade = grade_answer("GRV, Warning. Back up, the HJ does it.", GRV_BACKUP, game="mtg")
    assert grade.parts["remedy"].found == "simple_backup"
    assert not grade.needs_review


@pytest.mark.parametrize(
    "answer", ["Erro Geral, W. Rewind simples.", "Error general, W. Rewind simple."]
)
def test_rewind_simples_is_the_simple_rewind(answer: str) -> None:
    grade = grade_answer(answer, GE, game="riftbound")
    assert grade.parts["remedy"].found == "simple_rewind"
    assert grade.parts["remedy"].confidence >= 0.9


def _analysis(answer: str, lang: str, game: str = "riftbound") -> Analysis:
    blanked = blank_markup(answer)
    return analyse(tokenize(fold(blanked), blanked), False, game, lang)


def _phrases(key: str) -> list[tuple[str, str]]:
    data = tomllib.loads(
        resources.files("rulings.core.grading").joinpath("data", "language.toml").read_text()
    )
    return [(lang, phrase) for lang in LANGUAGES for phrase in data[lang][key]]


@pytest.mark.parametrize(("lang", "phrase"), _phrases("unsure"))
def test_every_unsure_phrase_marks_its_sentence(lang: str, phrase: str) -> None:
    analysis = _analysis(f"Warning. {phrase.capitalize()} about this one. GE.", lang)
    sentence = analysis.sentence[analysis.tokens.words.index(fold(phrase).split()[0])]
    assert analysis.unsure_sentences == {sentence}


@pytest.mark.parametrize(
    ("lang", "phrase"),
    [
        (lang, phrase)
        for lang, index in load_lexicon().hints["remedy"].items()
        for cues in index.values()
        for phrase in (" ".join(cue.words) for cue in cues)
    ],
)
def test_every_hint_at_the_longer_rewind_is_found(lang: str, phrase: str) -> None:
    analysis = _analysis(f"GE, Warning. Rewind, {phrase} does it.", lang)
    assert analysis.hinted == {("remedy", "rewind")}
