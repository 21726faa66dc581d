"""Grading stays fast: data is compiled once, and answers grade in well under a millisecond."""

from __future__ import annotations

import time

from rulings.core.grading import grade_answer
from rulings.core.grading.evaluation import load_devset
from rulings.core.grading.lexicon import load_lexicon


def test_lexicon_is_loaded_once_per_process() -> None:
    assert load_lexicon() is load_lexicon()


def test_grading_keeps_a_generous_floor_of_answers_per_second() -> None:
    # The target is 2,000 answers/s (bench/bench_grading.py measures it); this
    # floor is a quarter of that so a slow CI machine does not make the suite flaky.
    items = load_devset()
    for item in items:
        grade_answer(item.answer, item.expected, game=item.game)
    start = time.perf_counter()
    for item in items:
        grade_answer(item.answer, item.expected, game=item.game)
    rate = len(items) / (time.perf_counter() - start)
    assert rate >= 500, rate
