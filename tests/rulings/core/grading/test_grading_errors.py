"""Refusals all raise GradingError with a clear message."""

from __future__ import annotations

import pytest

from rulings.core.grading import MAX_ANSWER_CHARS, Expected, GradingError, grade_answer

W = Expected(penalty="warning")


@pytest.mark.parametrize("text", ["", "   ", "\n\t"])
def test_it_rejects_an_empty_answer(text: str) -> None:
    with pytest.raises(GradingError, match="empty"):
        grade_answer(text, W, game="mtg")


def test_it_rejects_an_answer_over_the_limit() -> None:
    with pytest.raises(GradingError, match=str(MAX_ANSWER_CHARS)):
        grade_answer("w" * (MAX_ANSWER_CHARS + 1), W, game="mtg")


def test_it_accepts_an_answer_at_the_limit() -> None:
    text = ("Warning. " + "The player went on. " * MAX_ANSWER_CHARS)[:MAX_ANSWER_CHARS]
    assert grade_answer(text, W, game="mtg").parts["penalty"].found == "warning"


def test_it_rejects_an_answer_holding_more_terms_than_it_can_weigh() -> None:
    text = ("Warning. " * MAX_ANSWER_CHARS)[:MAX_ANSWER_CHARS]  # 556 terms
    with pytest.raises(GradingError, match="556 terms and 0 cue words; at most 48 terms"):
        grade_answer(text, W, game="mtg")


def test_it_rejects_an_answer_with_no_words() -> None:
    with pytest.raises(GradingError, match="no words"):
        grade_answer("?!... --", W, game="mtg")


def test_it_rejects_an_unknown_id() -> None:
    with pytest.raises(GradingError, match="unknown penalty id"):
        grade_answer("Warning", Expected(penalty="caution"), game="mtg")


def test_it_rejects_an_id_from_the_other_game() -> None:
    with pytest.raises(GradingError, match="not a ruling in game"):
        grade_answer("GRV", Expected(infraction="game_rule_violation"), game="riftbound")


def test_it_rejects_an_unknown_game() -> None:
    with pytest.raises(GradingError, match="unknown game"):
        grade_answer("Warning", W, game="pokemon")


def test_it_rejects_an_unknown_language() -> None:
    with pytest.raises(GradingError, match="unknown language"):
        grade_answer("Warning", W, game="mtg", lang="fr")


def test_it_rejects_an_expected_ruling_with_no_part() -> None:
    with pytest.raises(GradingError, match="no part"):
        grade_answer("Warning", Expected(), game="mtg")


def test_it_rejects_a_non_string_answer() -> None:
    with pytest.raises(GradingError, match="string"):
        grade_answer(42, W, game="mtg")  # type: ignore[arg-type]


def test_grading_error_is_a_value_error() -> None:
    assert issubclass(GradingError, ValueError)
