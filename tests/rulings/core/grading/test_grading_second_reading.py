"""The second reading inside grade_answer: it sends to a mentor the confident misreadings no
rule doubts, and settles a rule's doubt about the words when it firmly agrees. It never
changes a grade (second_reader.py; figures in bench/bench_second_reader.py)."""

from __future__ import annotations

from rulings.core.grading import grade_answer
from rulings.core.grading.models import Expected
from rulings.core.grading.second_reader import NO_SECOND_READING, using_second_reader
from tests.rulings.core.grading_cases import GE, MISPAYMENT

MT_SKIP = Expected(
    infraction="missed_trigger", penalty="warning", remedy="opponent_chooses_resolve_or_skip"
)


def test_a_confident_misreading_no_rule_doubts_goes_to_a_mentor() -> None:
    # blind18: "pay the 3 that were missing and carry on" is labelled the cost corrected
    answer = (
        "Pagamento Incorreto de Custo, Advertência. A Ilse ainda tem runas sobrando, então "
        "basta pagar as 2 que faltaram e seguir."
    )
    grade = grade_answer(answer, MISPAYMENT, game="riftbound")
    assert grade.needs_review
    (reason,) = grade.review_reasons
    assert reason.startswith("remedy: read as ")
    assert reason.endswith("mostly labelled correct_cost")


def test_words_not_understood_are_settled_when_the_second_reading_firmly_agrees() -> None:
    # "the fix I'm not sure of" states no fix; the rules alone send it for the unknown words
    # ("Hmm" once served here; "hmm, no" is now a self-correction cue, so a word it knows)
    answer = "Mispayment, warning. The fix I'm not sure of, I'd check with the HJ."
    expected = MISPAYMENT
    with using_second_reader(NO_SECOND_READING):
        alone = grade_answer(answer, expected, game="riftbound")
    grade = grade_answer(answer, expected, game="riftbound")
    assert alone.review_reasons == (
        "remedy: not found, but some words of the answer were not understood",
    )
    assert grade.parts["remedy"].found is None
    assert not grade.needs_review


def test_a_hedge_is_not_settled_by_the_words() -> None:
    # a hedge is about commitment, and may cover two options
    grade = grade_answer(
        "Hmm, could this maybe be a General Error? Then Warning plus a simple rewind.",
        GE,
        game="riftbound",
    )
    assert grade.parts["infraction"].hedged
    assert grade.score == 1.0
    assert grade.review_reasons == ("infraction: the answer hedges",)


def test_a_doubt_about_rulings_judges_confuse_is_not_settled_by_the_words() -> None:
    # a rewind back to a named point may be the longer one: the rule's doubt stands
    answer = "Missed trigger, Warning. We rewind until before he played the other unit."
    grade = grade_answer(answer, MT_SKIP, game="riftbound")
    assert grade.parts["remedy"].found == "rewind"
    assert any("rewind back to a point" in r for r in grade.review_reasons)
