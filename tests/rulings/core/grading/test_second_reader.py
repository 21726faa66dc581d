"""The second reading: a naive Bayes model of how labellers read answers, which doubts or
confirms a grader's reading (its figures: bench/bench_second_reader.py)."""

from __future__ import annotations

from rulings.core.grading import Expected, grade_answer, warm_up
from rulings.core.grading.second_reader import (
    CONFIRM_MARGIN,
    DOUBT_MARGIN,
    KEY_WEIGHT,
    NO_SECOND_READING,
    current_second_reader,
    features,
    load_second_reader,
    train,
    using_second_reader,
)
from rulings.grading_eval.evaluation import load_devset
from rulings.grading_eval.train import generated_wordings


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
NO_KEY: dict[str, str | None] = {}


def test_features_are_the_words_and_the_pairs_of_adjacent_words() -> None:
    assert features(["pay", "the", "cost"]) == {"pay", "the", "cost", "pay the", "the cost"}


def test_a_reading_worded_like_another_labels_answers_is_doubted_with_both_ids() -> None:
    reader = train(LABELLED)
    read = reader.read({"remedy": "continue_play"}, words("she pays the missing cost"), NO_KEY)
    (doubt,) = read.doubts
    assert (doubt.part, doubt.found, doubt.second) == ("remedy", "continue_play", "correct_cost")
    assert doubt.margin >= DOUBT_MARGIN["remedy"]


def test_a_reading_the_second_reading_shares_is_not_doubted() -> None:
    reader = train(LABELLED)
    read = reader.read({"remedy": "correct_cost"}, words("pay the missing cost"), NO_KEY)
    assert read.doubts == ()


def test_a_disagreement_below_the_parts_margin_is_not_doubted() -> None:
    reader = train(LABELLED)
    few = words("the cost")  # too little to go on
    (lead,) = reader.leads({"remedy": "rewind"}, few, NO_KEY)
    assert not lead.agrees
    assert lead.margin < DOUBT_MARGIN["remedy"]
    assert reader.read({"remedy": "rewind"}, few, NO_KEY).doubts == ()


def test_a_reading_no_labelled_answer_commits_to_is_left_alone() -> None:
    reader = train(LABELLED)
    found = {"remedy": "simple_backup"}  # never a label: the model cannot weigh it
    assert reader.leads(found, words("we rewind to the attack"), NO_KEY) == ()


def test_nothing_stated_is_a_reading_of_its_own() -> None:
    reader = train(LABELLED)
    (lead,) = reader.leads({"infraction": "mispayment"}, words("no fix just play on"), NO_KEY)
    assert lead.best is None


def test_only_the_parts_with_a_margin_are_read_again() -> None:
    reader = train([(w, {**label, "penalty": "warning"}) for w, label in LABELLED])
    assert set(reader.models) == set(DOUBT_MARGIN) == set(CONFIRM_MARGIN)
    assert set(reader.models) == {"remedy", "infraction"}
    read = reader.read({"penalty": "game_loss"}, words("pay the missing cost"), NO_KEY)
    assert read.doubts == ()
    assert read.confirmed == frozenset()


def test_the_keys_id_wins_a_close_call() -> None:
    reader = train(LABELLED)
    close = words("the attack cost")  # a word of each
    (plain,) = reader.leads({"remedy": "correct_cost"}, close, NO_KEY)
    (keyed,) = reader.leads({"remedy": "correct_cost"}, close, {"remedy": "correct_cost"})
    assert plain.best == "rewind"
    assert plain.margin < KEY_WEIGHT
    assert keyed.agrees


def test_the_key_does_not_outweigh_saying_nothing() -> None:
    """An answer that leaves a part out is not doubted because the key has an id for it."""
    reader = train([*LABELLED, (words("mispayment warning"), {"remedy": None})])
    terse = words("mispayment warning")
    read = reader.read({"remedy": None}, terse, {"remedy": "correct_cost"})
    assert read.doubts == ()


def test_a_reading_far_ahead_of_every_other_is_confirmed() -> None:
    many = LABELLED * 8
    reader = train(many)
    text = words("she pays the missing rune cost")
    (lead,) = reader.leads({"remedy": "correct_cost"}, text, NO_KEY)
    assert lead.agrees
    assert lead.margin >= CONFIRM_MARGIN["remedy"]
    assert reader.read({"remedy": "correct_cost"}, text, NO_KEY).confirmed == {"remedy"}
    assert reader.read({"remedy": "correct_cost"}, words("cost"), NO_KEY).confirmed == set()


def test_the_shipped_reader_learns_from_the_devset_and_the_generators_wordings() -> None:
    reader = load_second_reader()
    assert reader.answers == len(load_devset()) + len(generated_wordings())
    assert load_second_reader() is reader  # loaded once per process
    remedies = reader.models["remedy"].classes
    # ids only the generator's wordings commit to are known too
    assert {"correct_cost", "make_up_draw_or_discard", "return_to_correct_zone"} <= set(remedies)


def test_grading_uses_the_reader_set_for_a_block_and_the_shipped_one_after() -> None:
    answer = (
        "Pagamento Incorreto de Custo, Advertência. A Ilse ainda tem runas sobrando, então "
        "basta pagar as 2 que faltaram e seguir."
    )
    expected = Expected("mispayment_for_cost", "warning", "simple_rewind")
    with using_second_reader(NO_SECOND_READING):
        assert current_second_reader() is NO_SECOND_READING
        alone = grade_answer(answer, expected, game="riftbound")
    assert current_second_reader() is load_second_reader()
    both = grade_answer(answer, expected, game="riftbound")
    assert not alone.needs_review
    assert both.needs_review
    # it sends to a mentor and never changes what was read; a part it doubts is no longer
    # firm (its confidence is the record of parts a mentor is sent)
    assert {p: (g.found, g.correct, g.rule) for p, g in both.parts.items()} == {
        p: (g.found, g.correct, g.rule) for p, g in alone.parts.items()
    }
    assert both.confidence < 0.9 <= alone.confidence


def test_warm_up_loads_the_second_reading_ahead_of_the_first_grading() -> None:
    load_second_reader.cache_clear()
    warm_up()
    assert load_second_reader.cache_info().currsize == 1
