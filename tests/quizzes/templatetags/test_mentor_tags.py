import re

import pytest
from django.utils import translation

from quizzes.templatetags.mentor_tags import REVIEW_REASONS, review_reason
from rulings.core.grading.reasons import NOTHING_STATED, REASON_TEXTS, reason_text


def test_every_reason_the_grader_writes_has_page_words_with_the_same_values() -> None:
    assert set(REVIEW_REASONS) == set(REASON_TEXTS)
    for code, text in REASON_TEXTS.items():
        assert set(re.findall(r"%\((\w+)\)s", str(REVIEW_REASONS[code]))) == set(
            re.findall(r"\{(\w+)\}", text)
        ), code


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
        second = review_reason(
            "infraction: "
            + reason_text("second_reading", found=NOTHING_STATED, second="missed_trigger")
        )
        options = review_reason(
            "penalty: " + reason_text("two_candidates", options="warning, no_penalty")
        )
    assert second.startswith("Infracción: leído como nada dicho, ")
    assert "missed_trigger" not in second
    assert "warning" not in options
    assert "no_penalty" not in options


def test_a_reason_this_grader_does_not_write_is_shown_as_stored() -> None:
    assert review_reason("remedy: an older grader's words") == "remedy: an older grader's words"
