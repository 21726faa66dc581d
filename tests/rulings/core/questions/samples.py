"""The find-the-wrong-part samples several test modules only read, generated once a process
(as `key_rates.thousand_multiple_choice` is for multiple choice).

The modules that read these samples run in one xdist process (`SAME_PROCESS` in
tests/conftest.py), so each sample is generated once per run, not once per module."""

from __future__ import annotations

from functools import cache

from rulings.core.questions import Question, generate_questions

WRONG_PART_ITEMS = 600


@cache
def wrong_part_items(game: str) -> tuple[Question, ...]:
    """600 English find-the-wrong-part items of one game (seed 11)."""
    return tuple(
        generate_questions(
            game=game, lang="en", kind="find_the_wrong_part", count=WRONG_PART_ITEMS, seed=11
        )
    )
