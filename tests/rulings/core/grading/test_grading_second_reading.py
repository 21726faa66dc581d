"""The second reading inside grade_answer: it sends to a mentor the confident misreadings no
rule doubts, and settles a rule's doubt about the words when it firmly agrees. It never
changes a grade (second_reader.py; figures in bench/bench_second_reader.py)."""

from __future__ import annotations

from rulings.core.grading import Expected, grade_answer

MISPAYMENT = Expected(infraction="mispayment_for_cost", penalty="warning", remedy="simple_rewind")
GE = Expected(infraction="general_error", penalty="warning", remedy="simple_rewind")


def test_a_confident_misreading_no_rule_doubts_goes_to_a_mentor() -> None:
    # blind18: "pay the 3 that were missing and carry on" is labelled the cost corrected
    answer = (
        "Pagamento Incorreto de Custo, Advertência. Ela ainda tem runas livres, então é só "
        "pagar as 3 que faltaram e seguir."
    )
    grade = grade_answer(answer, MISPAYMENT, game="riftbound")
    assert grade.needs_review
    (reason,) = grade.review_reasons
    assert reason.startswith("remedy: read as ")
    assert reason.endswith("mostly labelled correct_cost")


def test_a_hedge_the_second_reading_firmly_agrees_with_is_not_sent_to_a_mentor() -> None:
    grade = grade_answer(
        "Hmm, probably a General Error? Warning and a simple rewind.", GE, game="riftbound"
    )
    assert grade.parts["infraction"].hedged  # read as hedged, and graded so
    assert grade.score == 1.0
    assert not grade.needs_review


def test_a_doubt_about_rulings_judges_confuse_is_not_settled_by_the_words() -> None:
    # a rewind the head judge must make is the longer one: the rule's doubt stands
    answer = "General Error, Warning. At Professional the rewind has to be done by the head judge."
    grade = grade_answer(answer, GE, game="riftbound")
    assert grade.parts["remedy"].found == "rewind"
    assert grade.needs_review
