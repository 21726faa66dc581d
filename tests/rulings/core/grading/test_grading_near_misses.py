"""The question's near misses are the answer's likely confusions (issue 26, point 2).

Where the reading is the key or a near miss's ruling and the words do not firmly tell the two
apart, a mentor reads the answer; a firm, plain statement of either is graded as it stands.
The answers were written for these tests; none comes from the development set or a blind
batch.
"""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, GradingError, grade_answer

KEY = {
    "infraction": "missed_trigger",
    "penalty": "warning",
    "remedy": "opponent_chooses_put_on_stack",
}
NEAR = (
    {**KEY, "remedy": "opponent_chooses_default_action"},
    {**KEY, "penalty": "no_penalty"},
)
WITH_NEAR = Expected(
    "missed_trigger",
    "warning",
    "opponent_chooses_put_on_stack",
    policy_version="mtg-ipg",
    near_misses=NEAR,
)
WITHOUT = Expected("missed_trigger", "warning", "opponent_chooses_put_on_stack")


def _near_reasons(answer: str, expected: Expected) -> list[str]:
    grade = grade_answer(answer, expected, game="mtg")
    return [r for r in grade.review_reasons if "near misses" in r]


def test_the_confusions_of_a_part_are_the_near_misses_ids_other_than_the_key() -> None:
    assert WITH_NEAR.confusions("remedy") == ("opponent_chooses_default_action",)
    assert WITH_NEAR.confusions("penalty") == ("no_penalty",)
    assert WITH_NEAR.confusions("infraction") == ()


def test_a_near_miss_read_from_a_paraphrase_goes_to_a_mentor() -> None:
    answer = "Missed trigger, Warning, the opponent chooses whether the default action happens."
    assert _near_reasons(answer, WITH_NEAR) == [
        "remedy: read as opponent_chooses_default_action, but the words do not firmly tell it"
        " from opponent_chooses_put_on_stack, the ruling of one of this question's near misses"
    ]
    assert _near_reasons(answer, WITHOUT) == []


def test_the_key_read_over_a_near_miss_named_in_a_reason_goes_to_a_mentor() -> None:
    answer = (
        "Missed trigger. Since no penalty applies to the opponent, it's a Warning. "
        "The opponent chooses whether it goes on the stack."
    )
    assert [r.split(":")[0] for r in _near_reasons(answer, WITH_NEAR)] == ["penalty"]


@pytest.mark.parametrize(
    "answer",
    [
        "Missed trigger by Ilse, Warning; the opponent chooses whether it goes on the stack.",
        "Missed trigger. Torn between Warning and no penalty, but I'll go with Warning. "
        "The opponent chooses whether it goes on the stack.",
    ],
)
def test_a_firm_or_settled_statement_of_the_key_is_not_sent(answer: str) -> None:
    assert _near_reasons(answer, WITH_NEAR) == []


def test_near_misses_that_are_not_part_to_id_maps_are_refused() -> None:
    bad = Expected("missed_trigger", "warning", near_misses=({"verdict": "warning"},))
    with pytest.raises(GradingError, match="near miss"):
        grade_answer("Missed trigger, Warning.", bad, game="mtg")
