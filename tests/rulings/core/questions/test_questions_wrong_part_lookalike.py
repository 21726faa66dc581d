"""Find the wrong part: the stated ruling of an item keyed No infraction does not give the
answer away.

Such an item can only state a Missed Trigger with no penalty and the "no infraction" fix
("Missed Trigger — No penalty — nothing to fix", or "... the trigger resolves now" for a
trigger acknowledged in time), the infraction wrong: a penalty or another fix would make a
second part wrong. Some items keyed Missed Trigger state that same ruling with the remedy
wrong, so the words alone do not tell which part is wrong; the story does.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from rulings.core.questions.build import coherent
from tests.rulings.core.questions.samples import wrong_part_items


@pytest.fixture(scope="module", params=("riftbound", "mtg"))
def items(request: pytest.FixtureRequest) -> list:
    return list(wrong_part_items(request.param))


def test_a_no_infraction_items_stated_ruling_is_also_stated_with_the_remedy_wrong(items):
    lookalikes = {q.wrong_part.stated_text for q in items if q.key.infraction == "no_infraction"}
    assert lookalikes
    answers = Counter(q.wrong_part.part for q in items if q.wrong_part.stated_text in lookalikes)

    assert set(answers) == {"infraction", "remedy"}, answers
    # Before, every one of them was "infraction" (Riftbound has more stories keyed No
    # infraction, so its share stays the higher: about 80%, Magic's about 55%).
    assert answers["infraction"] / answers.total() < 0.9, answers


def test_a_lookalike_states_only_the_remedy_wrong_and_the_key_says_the_right_one(items):
    stated_by_no_infraction = {
        q.wrong_part.stated_text for q in items if q.key.infraction == "no_infraction"
    }
    found = [
        q
        for q in items
        if q.key.infraction == "missed_trigger"
        and q.wrong_part.stated_text in stated_by_no_infraction
    ]
    assert found
    for q in found:
        wrong = q.wrong_part
        assert wrong.part == "remedy"
        assert q.key.penalty == "no_penalty"
        assert wrong.stated != q.key
        assert replace(wrong.stated, remedy=q.key.remedy, rewind_by=q.key.rewind_by) == q.key
        assert coherent(wrong.stated)
        assert wrong.correct_text in q.key_text
