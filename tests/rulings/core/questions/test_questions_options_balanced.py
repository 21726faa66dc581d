"""Multiple choice whose key cannot be found without reading the story (issue 27, point 2).

The security review found that "pick the option sharing the most parts with the others" found
the key 55% of the time (chance: 25%), because every distractor was the key with one part
changed. These tests play that strategy, and "pick the option whose values are most frequent",
over 1,000 generated items of both games, on what a candidate sees: each option's text cut into
its parts at the language's separator. Ties are broken at random, so a strategy's hit rate is
its expected value: 1/len(tied) when the key is among the tied options.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from rulings.core.questions import Question, generate_questions
from rulings.core.questions.model import KeyParts
from rulings.core.questions.options import Confusions, using_confusions
from rulings.core.questions.render import term
from tests.rulings.core.questions.key_rates import ITEMS, thousand_multiple_choice

MARGIN = 0.05  # the target: chance plus 5 points


@pytest.fixture(scope="module")
def items() -> list[Question]:
    return list(thousand_multiple_choice())


def _segments(question: Question) -> list[tuple[str, ...]]:
    sep = term(question.lang, "part_separator")
    return [tuple(option.text.split(sep)) for option in question.options]


def _most_shared(rows: list[tuple[str, ...]]) -> list[int]:
    scores = [
        sum(a == b for other in rows if other is not row for a, b in zip(row, other, strict=False))
        for row in rows
    ]
    return [i for i, score in enumerate(scores) if score == max(scores)]


def _most_frequent(rows: list[tuple[str, ...]]) -> list[int]:
    counts = Counter((i, value) for row in rows for i, value in enumerate(row))
    scores = [sum(counts[(i, value)] for i, value in enumerate(row)) for row in rows]
    return [i for i, score in enumerate(scores) if score == max(scores)]


def _hit_rate(
    questions: list[Question], strategy: Callable[[list[tuple[str, ...]]], list[int]]
) -> float:
    total = 0.0
    for question in questions:
        picked = strategy(_segments(question))
        key = next(i for i, option in enumerate(question.options) if option.correct)
        total += (key in picked) / len(picked)
    return total / len(questions)


def test_there_are_a_thousand_items_of_both_games(items: list[Question]) -> None:
    assert len(items) == ITEMS
    assert {q.game for q in items} == {"mtg", "riftbound"}
    assert all(len(q.options) == 4 for q in items)


@pytest.mark.parametrize("strategy", [_most_shared, _most_frequent])
def test_agreeing_with_the_other_options_finds_the_key_no_more_than_chance(
    items: list[Question], strategy: Callable[[list[tuple[str, ...]]], list[int]]
) -> None:
    rate = _hit_rate(items, strategy)
    assert rate <= 1 / 4 + MARGIN, f"{strategy.__name__}: {rate:.3f}"


def test_most_options_come_from_a_balanced_design(items: list[Question]) -> None:
    # The padded fallback (near misses, then the ladder) is kept only where no balanced set is
    # coherent; it must stay the exception.
    balanced = sum(all(not o.origin.startswith("ladder:") for o in q.options) for q in items)
    assert balanced / len(items) >= 0.8, balanced


def test_candidates_wrong_answers_become_distractors() -> None:
    key = KeyParts("missed_trigger", "no_penalty", ("opponent_chooses_resolve_or_skip",))
    chosen = KeyParts("general_error", "warning", ("simple_rewind",))
    confusions = Confusions.from_choices({"rb-trigger-impact": [(key, chosen, 12)]})
    assert confusions.by_template["rb-trigger-impact"]["infraction"] == ("general_error",)
    with using_confusions(confusions):
        origins = [
            option.origin
            for seed in range(30)
            for option in generate_questions(
                game="riftbound",
                topics=["observable_impact"],
                lang="en",
                kind="multiple_choice",
                count=1,
                seed=seed,
            )[0].options
        ]
    assert any("candidates" in origin for origin in origins), origins
