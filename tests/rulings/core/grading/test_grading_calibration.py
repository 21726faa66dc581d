"""Confidence is each decision rule's track record, fitted and checked leaving a batch out.

The observations below are made up for the tests (buckets, answers and batches by name); no
labelled answer is read.
"""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer
from rulings.core.grading.reading.calibration import (
    REVIEWED_CEILING,
    Observation,
    band_of,
    bucket,
    calibrated,
    choose_threshold,
    fit,
    leave_one_batch_out,
    load_table,
    part_bucket,
)


def _obs(answer: str, key: str, right: bool = True, flagged: bool = False) -> Observation:
    return Observation(answer, key, right, flagged)


def test_a_bucket_reads_its_share_of_agreeing_parts_with_a_prior() -> None:
    table = fit([_obs("a", "one_claim/clear")] * 8 + [_obs("b", "one_claim/clear", False)] * 2)
    assert table == {"one_claim/clear": (8, 10)}
    assert calibrated(table, "one_claim/clear") == round(9 / 12, 3)
    assert calibrated(table, "never_seen/clear") == 0.5


def test_a_part_the_rules_send_to_a_mentor_is_never_firm() -> None:
    table = {"undecided/review": (1000, 1000)}
    assert calibrated(table, "undecided/review") == REVIEWED_CEILING < 0.9


def test_bands_split_at_the_review_and_firm_marks() -> None:
    assert [band_of(c) for c in (0.3, 0.6, 0.95, 0.995)] == [
        "<0.5",
        "0.5-0.9",
        "0.9-0.99",
        ">=0.99",
    ]


def test_leaving_a_batch_out_scores_it_by_the_others_only() -> None:
    # the rule "odd" is right in batch one and wrong in batch two: held out, each batch's
    # parts read the other batch's record
    batches = {
        "one": [_obs(f"1-{i}", "odd/clear") for i in range(10)],
        "two": [_obs(f"2-{i}", "odd/clear", right=False) for i in range(10)],
    }
    held = leave_one_batch_out(batches, 0.5)
    assert held.misgrades_firm == 10  # batch two's misgrades read batch one's 11/12
    assert held.bands["0.9-0.99"] == (0, 10)
    assert held.bands["<0.5"] == (10, 10)  # batch one's parts read batch two's 1/12
    assert held.flagged == 10  # and go to a mentor below 0.5


def test_the_threshold_chosen_is_the_lowest_meeting_the_targets() -> None:
    right = [_obs(f"r{i}", "sure/clear") for i in range(90)]
    shaky = [_obs(f"s{i}", "shaky/clear", right=i % 4 != 0) for i in range(8)]
    batches = {"a": right[:45] + shaky[:4], "b": right[45:] + shaky[4:]}
    chosen = choose_threshold(batches)
    assert chosen is not None
    assert chosen.misgraded_flagged_share >= 0.95
    assert chosen.flagged_share <= 0.12
    assert chosen.threshold == min(
        t / 100 for t in range(50, 100) if leave_one_batch_out(batches, t / 100).flagged >= 8
    )


def test_a_grade_reports_its_buckets_calibrated_confidence() -> None:
    grade = grade_answer(
        "Missed trigger, Warning.", Expected("missed_trigger", "warning"), game="mtg"
    )
    table = load_table()
    assert grade.parts["penalty"].confidence == calibrated(table, bucket("one_claim", False))
    assert grade.parts["penalty"].confidence >= 0.9


def test_a_named_doubt_reads_its_own_bucket_only_on_a_part_the_rules_cleared() -> None:
    assert part_bucket("one_claim", False, False, False, "rewind_length_unsaid") == (
        "one_claim/rewind_length_unsaid"
    )
    assert part_bucket("one_claim", True, False, False, "rewind_length_unsaid") == (
        "one_claim/review"
    )
    assert part_bucket("one_claim", False, False, False) == "one_claim/clear"


# Sentences written for this test: a rewind of unstated length where the key is another fix.
@pytest.mark.parametrize(
    ("lang", "answer"),
    [
        ("en", "Game Rule Violation, Warning; rewind to the combat step."),
        ("pt-BR", "Violação de Regra do Jogo, Advertência; retrocesso até o combate."),
        ("es", "Violación de las reglas del juego, Advertencia; retroceder hasta el combate."),
    ],
)
def test_a_rewind_of_unstated_length_where_the_key_is_no_rewind_is_not_firm(
    lang: str, answer: str
) -> None:
    expected = Expected("game_rule_violation", "warning", "make_up_draw_or_discard")
    remedy = grade_answer(answer, expected, game="mtg", lang=lang).parts["remedy"]
    assert remedy.doubt == "rewind_length_unsaid"
    assert not remedy.correct
    assert remedy.confidence < 0.9


def test_a_rewind_of_unstated_length_where_a_rewind_is_the_key_carries_no_doubt() -> None:
    expected = Expected("game_rule_violation", "warning", "simple_backup")
    remedy = grade_answer("GRV, Warning, back up.", expected, game="mtg").parts["remedy"]
    assert remedy.correct
    assert remedy.doubt == ""


# Sentences written for these tests.
@pytest.mark.parametrize(
    "answer",
    [
        "Ana: FtMGS, Warning. (Ben: Forgetting to Score, no penalty, we fix the score.)",
        "Ana: FtMGS, Advertência. (Ben: esquecer de pontuar, sem penalidade, corrige o placar.)",
        "Ana: FtMGS, Advertencia. (Ben: olvido de puntuar, sin penalización, se corrige el"
        " marcador.)",
    ],
)
def test_a_fix_read_in_brackets_about_another_infraction_reads_that_doubts_record(
    answer: str,
) -> None:
    expected = Expected("failure_to_maintain_game_state", "warning", "none")
    remedy = grade_answer(answer, expected, game="riftbound").parts["remedy"]
    assert remedy.doubt == "another_ruling_in_brackets"
    assert remedy.confidence < 0.9


def test_a_fix_in_brackets_beside_the_same_infraction_carries_no_doubt() -> None:
    expected = Expected("forgetting_to_score", "no_penalty", "correct_score")
    answer = "Kai forgot to score: Forgetting to Score (no penalty; we correct the score)."
    remedy = grade_answer(answer, expected, game="riftbound").parts["remedy"]
    assert remedy.found == "correct_score"
    assert remedy.doubt == ""


@pytest.mark.parametrize(
    "answer",
    [
        "Not sure whether this is cheating or no infraction at all. DQ.",
        "Não sei se é trapaça ou nenhuma infração. DQ.",
        "No sé si es trampa o ninguna infracción. DQ.",
    ],
)
def test_a_fix_left_unstated_beside_an_undecided_infraction_is_not_firm(answer: str) -> None:
    expected = Expected("cheating", "disqualification", "none")
    remedy = grade_answer(answer, expected, game="riftbound").parts["remedy"]
    assert remedy.found is None
    assert remedy.doubt == "unstated_beside_open_infraction"
    assert remedy.confidence < 0.9


def test_an_infraction_read_where_two_are_named_carries_that_doubt() -> None:
    expected = Expected("game_rule_violation", "warning")
    answer = "Two infractions here: GRV and FtMGS. Warning."
    grade = grade_answer(answer, expected, game="mtg")
    assert grade.parts["infraction"].doubt == "two_infractions"
    assert grade.parts["penalty"].doubt == ""


# Sentences written for this test: two of the opponent's options offered as alternatives,
# the one giving way to the other.
@pytest.mark.parametrize(
    "answer",
    [
        "Missed trigger, Warning. As a fix, either it goes on the stack or the default action"
        " happens.",
        "Trigger esquecido, Advertência. Na correção, ou coloca na pilha ou faz a ação padrão.",
    ],
)
def test_an_option_another_gave_way_to_reads_that_doubts_record(answer: str) -> None:
    expected = Expected("missed_trigger", "warning", "opponent_chooses_default_action")
    remedy = grade_answer(answer, expected, game="mtg").parts["remedy"]
    assert remedy.doubt == "alternative_folded"
    assert remedy.confidence < 0.9
