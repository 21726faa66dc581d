"""The golden corpus (golden.toml): short answers tagged by the phenomenon they show, each
graded and compared with what it commits to. Cases the grader reads otherwise today are
marked xfail (strict) with their reason, so a fix that makes one pass must drop its mark."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rulings.core.grading import GAMES, LANGUAGES, PARTS, Expected, grade_answer
from rulings.grading_eval.evaluation import labelled_by_meaning, read_as_labelled

GOLDEN = Path(__file__).with_name("golden.toml")

REQUIRED = (
    "rejection",
    "counterfactual",
    "condition",
    "self_correction",
    "hedge",
    "question",
    "abbreviation",
    "mixed_language",
    "reason_vs_conclusion",
    "delayed_trigger_vs_put_on_stack",
    "resolve_or_skip_vs_put_on_stack",
    "backup_rewind_or_continue",
    "overpayment_vs_mispayment",
)
"""The phenomena every language must show (issue 26, point 5)."""


def _cases() -> list[dict[str, Any]]:
    return list(tomllib.loads(GOLDEN.read_text(encoding="utf-8"))["case"])


def _params() -> list[Any]:
    seen: Counter[str] = Counter()
    params = []
    for case in _cases():
        name = f"{case['phenomenon']}-{case['lang']}"
        seen[name] += 1
        marks = (
            [pytest.mark.xfail(strict=True, reason=f"{case['phenomenon']}: {case['xfail']}")]
            if "xfail" in case
            else []
        )
        params.append(pytest.param(case, id=f"{name}-{seen[name]}", marks=marks))
    return params


def _none(ident: str) -> str | None:
    return ident or None


@pytest.mark.parametrize("case", _params())
def test_the_answer_is_read_as_it_commits(case: dict[str, Any]) -> None:
    infraction, penalty, remedy = map(_none, case["key"])
    expected = Expected(infraction, penalty, remedy)
    grade = grade_answer(case["answer"], expected, game=case["game"])
    # what it commits to, judged by meaning as grade-eval judges labels ("none" where the
    # key says "continue_play" is the key)
    found = labelled_by_meaning(
        {part: _none(ident) for part, ident in case["found"].items()},
        dict(zip(PARTS, map(_none, case["key"]), strict=True)),
    )
    read = {part: grade.parts[part].found for part in found}
    same = {
        part: read[part] if read_as_labelled(part, read[part], want) else want
        for part, want in found.items()
    }
    assert read == same, grade.review_reasons
    if "review" in case:
        assert grade.needs_review == case["review"], grade.review_reasons


def test_every_case_is_well_formed() -> None:
    allowed = {"phenomenon", "note", "game", "lang", "key", "answer", "found", "review", "xfail"}
    for case in _cases():
        assert set(case) <= allowed, case
        assert case["game"] in GAMES, case
        assert case["lang"] in LANGUAGES, case
        assert len(case["key"]) == len(PARTS), case
        assert case["found"], case
        assert set(case["found"]) <= set(PARTS), case
        assert case["found"].keys() <= {
            part for part, ident in zip(PARTS, case["key"], strict=True) if ident
        }, case


def test_every_phenomenon_is_shown_in_every_language() -> None:
    shown = {(case["phenomenon"], case["lang"]) for case in _cases()}
    missing = [(p, lang) for p in REQUIRED for lang in LANGUAGES if (p, lang) not in shown]
    assert not missing
