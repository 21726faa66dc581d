"""A fact's words fit every error it describes (walk 3, #27: "missing it helped the player"
on a "Forgetting to Ready" question, whose error is not a missed trigger)."""

import pytest

from rulings.core.questions.whatif import fact_words


@pytest.mark.parametrize("value", [True, False])
def test_whether_the_error_helped_is_not_told_as_a_missed_trigger(value):
    words = fact_words("advantageous", value, {"advantageous": value}, "en")

    assert "missing it" not in words
    assert words.startswith("the error")
