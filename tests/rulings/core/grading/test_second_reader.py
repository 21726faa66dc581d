"""The second reading: a naive Bayes model of how labellers read answers, used to doubt a
grader's reading (measured in bench/bench_second_reader.py; not wired into grading yet)."""

from __future__ import annotations

import math

from rulings.core.grading.evaluation import load_devset
from rulings.core.grading.second_reader import (
    DOUBT_MARGIN,
    features,
    load_second_reader,
    train,
)


def words(text: str) -> list[str]:
    return text.split()


LABELLED: list[tuple[list[str], dict[str, str | None]]] = [
    (words("we rewind to the attack"), {"remedy": "rewind", "infraction": "game_rule_violation"}),
    (
        words("rewind back to the attack"),
        {"remedy": "rewind", "infraction": "game_rule_violation"},
    ),
    (words("she pays the missing cost"), {"remedy": "correct_cost", "infraction": "mispayment"}),
    (words("pay the missing rune cost"), {"remedy": "correct_cost", "infraction": "mispayment"}),
    (words("no fix just play on"), {"remedy": "continue_play", "infraction": None}),
]


def test_features_are_the_words_and_the_pairs_of_adjacent_words() -> None:
    assert features(["pay", "the", "cost"]) == {"pay", "the", "cost", "pay the", "the cost"}


def test_a_reading_worded_like_another_labels_answers_is_doubted_with_both_ids() -> None:
    reader = train(LABELLED)
    (doubt,) = reader.doubts({"remedy": "continue_play"}, words("she pays the missing cost"))
    assert (doubt.part, doubt.found, doubt.second) == ("remedy", "continue_play", "correct_cost")
    assert doubt.margin >= DOUBT_MARGIN["remedy"]


def test_a_reading_the_second_reading_shares_is_not_doubted() -> None:
    reader = train(LABELLED)
    assert reader.doubts({"remedy": "correct_cost"}, words("pay the missing cost")) == ()


def test_a_disagreement_below_the_parts_margin_is_not_doubted() -> None:
    reader = train(LABELLED)
    few = words("the cost")  # too little to go on
    (loose,) = reader.doubts({"remedy": "rewind"}, few, margin=0.0)
    assert loose.margin < DOUBT_MARGIN["remedy"]
    assert reader.doubts({"remedy": "rewind"}, few) == ()


def test_an_id_no_labelled_answer_commits_to_is_always_doubted() -> None:
    reader = train(LABELLED)
    (doubt,) = reader.doubts({"remedy": "simple_backup"}, words("we rewind to the attack"))
    assert doubt.second == "rewind"
    assert doubt.margin == math.inf


def test_nothing_stated_is_a_reading_of_its_own() -> None:
    reader = train(LABELLED)
    (doubt,) = reader.doubts({"infraction": "mispayment"}, words("no fix just play on"), margin=0)
    assert doubt.second is None


def test_only_the_parts_with_a_margin_are_read_again() -> None:
    reader = train([(w, {**label, "penalty": "warning"}) for w, label in LABELLED])
    assert set(reader.models) == set(DOUBT_MARGIN) == {"remedy", "infraction"}
    assert reader.doubts({"penalty": "game_loss"}, words("pay the missing cost")) == ()


def test_the_shipped_reader_learns_from_the_whole_development_set() -> None:
    reader = load_second_reader()
    assert reader.answers == len(load_devset())
    assert load_second_reader() is reader  # trained once per process
    assert "correct_cost" in reader.models["remedy"].classes
