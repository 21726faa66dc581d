"""The shared cache of built questions (tests/rulings/core/questions/built.py)."""

from __future__ import annotations

from rulings.core.questions import build_question
from tests.rulings.core.questions.built import built_question


def test_a_built_question_equals_a_fresh_build() -> None:
    assert built_question("rb-trigger-impact", 3, "es", "multiple_choice") == build_question(
        "rb-trigger-impact", 3, "es", "multiple_choice"
    )


def test_a_test_changing_its_question_leaves_the_next_callers_alone() -> None:
    first = built_question("mtg-time-bar", 2, "en", "free_form")
    first.situation.clear()
    first.ruling.clear()

    again = built_question("mtg-time-bar", 2, "en", "free_form")

    assert again.situation
    assert again.ruling
    assert again == build_question("mtg-time-bar", 2, "en", "free_form")
