"""The second reading inside grade_answer: it sends to a mentor the confident misreadings no
rule doubts, and settles a rule's doubt about the words when it firmly agrees. It never
changes a grade (second_reader.py; figures in bench/bench_second_reader.py)."""

from __future__ import annotations

import pytest

from rulings.core.grading import grade_answer
from rulings.core.grading.models import Expected
from rulings.core.grading.reasons import read_reason
from rulings.core.grading.second_reader import NO_SECOND_READING, using_second_reader
from tests.rulings.core.grading_cases import GE, MISPAY, MISPAYMENT

OVERPAID = Expected(infraction="overpayment", penalty="no_penalty", remedy="simple_rewind")

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
    assert reason == (
        "remedy: read as continue_play, but a second reading of how it is worded disagrees: "
        "check what the candidate meant"
    )


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


# UX walk 7, #18: a plain "no fix" against a simple-rewind key was sent to a mentor because
# answers to those questions mostly say the rewind (the key read back, not the words).
# Sentences written for this test.
PLAIN_NO_FIX = [
    ("Mispayment, Warning, no fix.", MISPAYMENT),
    ("Mispayment for cost. Warning. Nothing to fix.", MISPAYMENT),
    ("Overpayment, no penalty, no fix.", OVERPAID),
    ("Pagamento incorreto, advertência, sem correção.", MISPAYMENT),
    ("Pagamento a mais, sem penalidade, sem correção.", OVERPAID),
    ("Erro geral, advertência, nada a corrigir.", GE),
    ("Pago incorrecto, amonestación, sin corrección.", MISPAYMENT),
    ("Pago de más, sin penalización, sin corrección.", OVERPAID),
    ("Error general, amonestación, nada que corregir.", GE),
]


@pytest.mark.parametrize(("answer", "expected"), PLAIN_NO_FIX)
def test_a_plain_no_fix_against_a_rewind_key_is_graded_wrong_without_a_mentor(
    answer: str, expected: Expected
) -> None:
    grade = grade_answer(answer, expected, game="riftbound")
    remedy = grade.parts["remedy"]
    assert remedy.found == "none"
    assert not remedy.correct
    assert grade.review_reasons == ()
    assert not grade.needs_review


@pytest.mark.parametrize(("answer", "expected"), PLAIN_NO_FIX)
def test_the_key_alone_does_not_make_a_second_reading_doubt_a_plain_fix(
    answer: str, expected: Expected
) -> None:
    """Told another key, the second reading leaves the same words alone as well: what it
    doubts must come from the words, not from the key."""
    with_rewind = grade_answer(answer, expected, game="riftbound")
    other = Expected(
        infraction=expected.infraction, penalty=expected.penalty, remedy="correct_cost"
    )
    with_cost = grade_answer(answer, other, game="riftbound")
    assert not any("second reading" in r for r in with_rewind.review_reasons)
    assert not any("second reading" in r for r in with_cost.review_reasons)


def test_a_second_reading_doubt_never_names_an_id_as_what_the_words_mean() -> None:
    # the doubt of the first test: the words the key expects are not named as their meaning
    answer = (
        "Pagamento Incorreto de Custo, Advertência. A Ilse ainda tem runas sobrando, então "
        "basta pagar as 2 que faltaram e seguir."
    )
    grade = grade_answer(answer, MISPAY, game="riftbound")
    (reason,) = grade.review_reasons
    read = read_reason(reason)
    assert read is not None
    assert read.code == "second_reading"
    assert set(read.values) == {"found"}
    assert "correct_cost" not in reason
    assert "labelled" not in reason
