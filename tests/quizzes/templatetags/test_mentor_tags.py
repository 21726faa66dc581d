import re

import pytest
from django.utils import translation

from quizzes.templatetags.mentor_tags import (
    GRADING_DOUBTS,
    GRADING_RULES,
    REVIEW_REASONS,
    grading_doubt,
    grading_rule,
    review_reason,
)
from rulings.core.grading.grader import DOUBTS
from rulings.core.grading.reading.rules import RULE_NAMES
from rulings.core.grading.reasons import NOTHING_STATED, REASON_TEXTS, reason_text


def test_every_reason_the_grader_writes_has_page_words_with_the_same_values() -> None:
    assert set(REVIEW_REASONS) == set(REASON_TEXTS)
    for code, text in REASON_TEXTS.items():
        assert set(re.findall(r"%\((\w+)\)s", str(REVIEW_REASONS[code]))) == set(
            re.findall(r"\{(\w+)\}", text)
        ), code


def test_every_decision_rule_the_grader_names_has_page_words() -> None:
    assert set(GRADING_RULES) == set(RULE_NAMES)


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en", "every option named is denied"),
        ("pt-br", "toda opção citada é negada"),
        ("es", "toda opción nombrada se niega"),
    ],
)
def test_a_decision_rule_is_shown_in_the_page_language(language: str, shown: str) -> None:
    with translation.override(language):
        assert grading_rule("only_denied") == shown


def test_a_rule_no_grader_of_this_version_names_is_shown_as_stored() -> None:
    assert grading_rule("some_future_rule") == "some_future_rule"


def test_every_named_doubt_the_grader_writes_has_page_words() -> None:
    assert set(GRADING_DOUBTS) == set(DOUBTS)


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en", "The answer names a rewind without saying how far back."),
        ("pt-br", "A resposta cita um retrocesso sem dizer até onde."),
        ("es", "La respuesta nombra un retroceso sin decir hasta dónde."),
    ],
)
def test_a_named_doubt_is_shown_as_a_sentence_in_the_page_language(
    language: str, shown: str
) -> None:
    with translation.override(language):
        assert grading_doubt("rewind_length_unsaid") == shown


def test_a_doubt_no_grader_of_this_version_names_is_shown_as_stored() -> None:
    assert grading_doubt("some_future_doubt") == "some_future_doubt"


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en", "Remedy: read as “simple backup”, a neighbour of “the opponent chooses"),
        ("pt-br", "Correção: lido como “retrocesso simples”, vizinho de “o oponente"),
        ("es", "Remedio: leído como “retroceso simple”, vecino de “el oponente"),
    ],
)
def test_a_reason_is_shown_in_the_page_language_with_its_ids_named(
    language: str, shown: str
) -> None:
    reason = "remedy: " + reason_text(
        "weak_neighbour", found="simple_backup", want="opponent_chooses_put_on_stack"
    )
    with translation.override(language):
        text = review_reason(reason)
    assert text.startswith(shown)
    assert "simple_backup" not in text
    assert "opponent_chooses_put_on_stack" not in text


def test_nothing_stated_and_lists_of_options_are_named_too() -> None:
    with translation.override("es"):
        second = review_reason("infraction: " + reason_text("second_reading", found=NOTHING_STATED))
        options = review_reason(
            "penalty: " + reason_text("two_candidates", options="warning, no_penalty")
        )
    assert second.startswith("Infracción: leído como nada dicho, ")
    assert "missed_trigger" not in second
    assert "warning" not in options
    assert "no_penalty" not in options


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en", "Remedy: read as “nothing to fix”, but a second reading of how it is worded"),
        ("pt-br", "Correção: lido como “nada a corrigir”, mas uma segunda leitura"),
        ("es", "Remedio: leído como “nada que corregir”, pero una segunda lectura"),
    ],
)
def test_a_stored_second_reading_doubt_is_shown_in_neutral_words_naming_no_key(
    language: str, shown: str
) -> None:
    """UX walk 7, #18: a grading stored with the former text ("... are mostly labelled
    simple_rewind") is shown in today's words, which never present an id as what the
    answer's words mean."""
    stored = (
        "remedy: read as none, but answers worded like this one are mostly labelled simple_rewind"
    )
    with translation.override(language):
        text = review_reason(stored)
        rewind = review_reason("remedy: " + reason_text("rewind_to_a_point", found="simple_rewind"))
    named_rewind = rewind.split("“")[1].split("”")[0]
    assert text.startswith(shown)
    assert named_rewind not in text
    assert "simple_rewind" not in text


def test_a_reason_this_grader_does_not_write_is_shown_as_stored() -> None:
    assert review_reason("remedy: an older grader's words") == "remedy: an older grader's words"


def test_a_reason_says_no_developer_word_to_a_mentor() -> None:
    """Walk 4, #5: "graded wrong, but the answer also names the expected id"."""
    text = review_reason("penalty: " + reason_text("names_expected"))

    assert text == "Penalty: graded wrong, but the answer also names the expected answer"


def test_a_correction_rows_exam_is_named_in_the_page_language() -> None:
    """Walk 4, #22: the preview table showed the English name on a Spanish page."""
    from quizzes.templatetags.quizzes_tags import exam_name

    with translation.override("es"):
        catalogued = exam_name({"exam": "Magic Missed Trigger demo exam"})
        typed = exam_name({"exam": "L1", "exam_names": {"es": "Nivel 1"}})

    assert catalogued == "Examen de demostración Magic: disparo olvidado"
    assert typed == "Nivel 1"
