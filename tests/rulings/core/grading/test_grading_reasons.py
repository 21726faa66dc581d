"""Review reasons are written from one table, and each text reads back to its code and ids."""

from __future__ import annotations

import re

import pytest

from rulings.core.grading import Expected, grade_answer
from rulings.core.grading.reasons import (
    NOTHING_STATED,
    REASON_TEXTS,
    ReadReason,
    read_reason,
    reason_text,
)
from rulings.grading_eval.evaluation import load_devset

_SAMPLE = {
    "found": "simple_backup",
    "want": "opponent_chooses_put_on_stack",
    "hinted": "rewind",
    "second": NOTHING_STATED,
    "options": "warning, no_penalty",
    "other": "opponent_chooses_default_action",
    "rule": "one_claim",
}


@pytest.mark.parametrize("code", sorted(REASON_TEXTS))
def test_every_reason_text_reads_back_to_its_code_and_ids(code: str) -> None:
    names = re.findall(r"\{(\w+)\}", REASON_TEXTS[code])
    values = {name: _SAMPLE[name] for name in names}
    text = reason_text(code, **values)

    assert read_reason(f"remedy: {text}") == ReadReason("remedy", code, values)


def test_no_two_reasons_read_the_same_text() -> None:
    texts = [reason_text(code, **_SAMPLE) for code in REASON_TEXTS]
    assert [read_reason(f"penalty: {t}") for t in texts] == [
        ReadReason("penalty", code, {k: v for k, v in _SAMPLE.items() if "{" + k + "}" in text})
        for code, text in REASON_TEXTS.items()
    ]


@pytest.mark.parametrize(
    "reason",
    [
        "the answer hedges",  # no part
        "ruling: the answer hedges",  # no such part
        "remedy: a reason an older grader wrote",
        "remedy: the answer hedges.",  # not the whole text
        "",
    ],
)
def test_a_text_no_reason_has_reads_as_none(reason: str) -> None:
    assert read_reason(reason) is None


def test_the_reasons_of_flagged_devset_answers_all_read_back() -> None:
    reasons = [
        reason
        for item in load_devset()[::7]
        for reason in grade_answer(item.answer, item.expected, game=item.game).review_reasons
    ]
    assert len(reasons) > 100
    assert all(read_reason(reason) is not None for reason in reasons)


def test_a_hedged_answer_gives_the_hedge_reason() -> None:
    grade = grade_answer(
        "Missed trigger, maybe a warning or perhaps no penalty, resolve it now",
        Expected(
            infraction="missed_trigger",
            penalty="no_penalty",
            remedy="opponent_chooses_put_on_stack",
        ),
        game="mtg",
    )
    read = [read_reason(reason) for reason in grade.review_reasons]
    assert any(r is not None and r.code == "hedged" and not r.values for r in read)
