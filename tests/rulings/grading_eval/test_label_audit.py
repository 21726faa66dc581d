"""grade-eval --blind --label-audit: labels breaking the writers' implied-part rules are
listed, and each batch is measured as labelled and with the rules applied. Answers written
for this module."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulings.cli import main
from rulings.grading_eval.evaluation import parse_items
from rulings.grading_eval.label_audit import label_breaks, with_rules_applied

CHEAT = {"infraction": "cheating", "penalty": "disqualification", "remedy": "none"}
NI = {"infraction": "no_infraction", "penalty": "no_penalty", "remedy": "none"}


def _line(ident: str, expected: dict[str, Any], answer: str, label: dict[str, Any]) -> str:
    return json.dumps(
        {
            "id": ident,
            "game": "riftbound",
            "lang": "en",
            "expected": expected,
            "answer": answer,
            "label": label,
        }
    )


SILENT_FIX = _line(
    "a-1",
    CHEAT,
    "Marta hid the card on purpose, so this is Cheating and she is disqualified.",
    {"infraction": "cheating", "penalty": "disqualification", "remedy": None},
)
STATED_FIX = _line(
    "a-2",
    CHEAT,
    "Cheating, DQ; and the opponent picks whether the trigger resolves or is skipped.",
    {"infraction": "cheating", "penalty": "disqualification", "remedy": None},
)
SILENT_PENALTY = _line(
    "a-3",
    NI,
    "Nothing wrong happened here: no infraction.",
    {"infraction": "no_infraction", "penalty": None, "remedy": "none"},
)


def test_a_null_part_the_rules_settle_breaks_them_and_is_filled_in() -> None:
    (item,) = parse_items(SILENT_FIX)
    breaks = label_breaks("b", item)
    assert [(b.part, b.implied) for b in breaks] == [("remedy", "none")]
    assert with_rules_applied(item, breaks).label["remedy"] == "none"


def test_no_infraction_with_the_penalty_unstated_implies_no_penalty() -> None:
    (item,) = parse_items(SILENT_PENALTY)
    assert [(b.part, b.implied) for b in label_breaks("b", item)] == [("penalty", "no_penalty")]


def test_a_null_fix_the_answer_speaks_of_breaks_no_rule() -> None:
    (item,) = parse_items(STATED_FIX)
    assert label_breaks("b", item) == []


def test_the_command_prints_both_figures_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    batch = tmp_path / "blindx.jsonl"
    batch.write_text("\n".join([SILENT_FIX, STATED_FIX, SILENT_PENALTY]) + "\n", "utf-8")
    code = main(["grade-eval", "--blind", "--label-audit", "--blind-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "label audit: 2 labels break" in out
    assert "blindx/a-1 remedy" in out
    assert "blindx as labelled" in out
    assert "blindx rules applied" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blindx.jsonl"]


def test_the_audit_needs_blind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade-eval", "--label-audit"]) == 2
    assert "--label-audit needs --blind" in capsys.readouterr().err
