"""The grade command's JSONL contract."""

from __future__ import annotations

import io
import json
from typing import Any

from rulings.core.grading.cli import run_grade

MT = {
    "infraction": "missed_trigger",
    "penalty": "no_penalty",
    "remedy": "opponent_chooses_resolve_or_skip",
}


def _run(*lines: str) -> tuple[list[dict[str, Any]], int]:
    out = io.StringIO()
    errors = run_grade(io.StringIO("\n".join(lines) + "\n"), out)
    return [json.loads(line) for line in out.getvalue().splitlines()], errors


def _line(**fields: Any) -> str:
    base: dict[str, Any] = {"id": "q1", "game": "riftbound", "expected": MT, "answer": "MT"}
    base.update(fields)
    return json.dumps(base)


def test_it_writes_exactly_the_contract_keys_and_types() -> None:
    rows, errors = _run(_line(answer="Missed trigger, no penalty, opponent chooses."))
    assert errors == 0
    (row,) = rows
    assert set(row) == {"id", "parts", "score", "confidence", "needs_review", "feedback"}
    assert row["id"] == "q1"
    assert set(row["parts"]) == {"infraction", "penalty", "remedy"}
    for part in row["parts"].values():
        assert set(part) == {"found", "correct", "confidence", "rule"}
        assert isinstance(part["found"], str)
        assert isinstance(part["correct"], bool)
        assert isinstance(part["confidence"], float)
        assert part["rule"] == "one_claim"
    assert isinstance(row["score"], float)
    assert isinstance(row["confidence"], float)
    assert isinstance(row["needs_review"], bool)
    assert isinstance(row["feedback"], str)


def test_it_keeps_input_order_and_grades_past_bad_lines() -> None:
    rows, errors = _run(
        _line(id="a", answer="warning"),
        "{not json",
        _line(id="c", answer="no penalty"),
    )
    assert [r["id"] for r in rows] == ["a", None, "c"]
    assert errors == 1
    assert rows[1] == {"id": None, "line": 2, "error": rows[1]["error"]}
    assert "JSON" in rows[1]["error"]


def test_it_leaves_out_parts_not_in_expected() -> None:
    rows, _ = _run(_line(expected={"penalty": "no_penalty"}, answer="No penalty."))
    assert set(rows[0]["parts"]) == {"penalty"}
    assert rows[0]["parts"]["penalty"]["found"] == "no_penalty"


def test_it_reports_null_when_nothing_is_found() -> None:
    rows, _ = _run(_line(expected={"remedy": "simple_rewind"}, answer="Missed trigger."))
    remedy = rows[0]["parts"]["remedy"]
    assert (remedy["found"], remedy["correct"], remedy["rule"]) == (None, False, "nothing_said")
    assert 0.0 < remedy["confidence"] <= 1.0


def test_error_lines_carry_id_line_number_and_message() -> None:
    rows, errors = _run(
        _line(id="m1", game="poker"),
        json.dumps({"id": "m2", "game": "mtg", "answer": "W"}),
        _line(id="m3", expected={"penalty": "caution"}),
        _line(id="m4", answer=""),
        _line(id="m5", answer="x" * 5001),
        _line(id="m6", answer=12),
        _line(id=7),
        _line(id="m8", expected={"penalti": "warning"}),
        _line(id="m9", expected={}),
        "[1, 2]",
        _line(id="m11", expected={"infraction": "game_rule_violation"}),
    )
    assert errors == 11
    for number, row in enumerate(rows, start=1):
        assert set(row) == {"id", "line", "error"}
        assert row["line"] == number
        assert row["error"]
    assert [r["id"] for r in rows] == [
        "m1",
        "m2",
        "m3",
        "m4",
        "m5",
        "m6",
        None,
        "m8",
        "m9",
        None,
        "m11",
    ]
    assert "game" in rows[0]["error"]
    assert "expected" in rows[1]["error"]
    assert "caution" in rows[2]["error"]
    assert "empty" in rows[3]["error"]
    assert "5000" in rows[4]["error"]


def test_blank_lines_are_skipped_but_counted() -> None:
    rows, errors = _run("", _line(id="b"), "   ", "{")
    assert errors == 1
    assert [r["id"] for r in rows] == ["b", None]
    assert rows[1]["line"] == 4


def test_null_expected_part_is_not_graded() -> None:
    rows, _ = _run(_line(expected={"penalty": "warning", "remedy": None}, answer="W"))
    assert set(rows[0]["parts"]) == {"penalty"}


def test_output_is_utf8_text_not_ascii_escapes() -> None:
    rows_text = io.StringIO()
    run_grade(io.StringIO(_line(answer="Advertência") + "\n"), rows_text)
    assert "\\u" not in rows_text.getvalue()
