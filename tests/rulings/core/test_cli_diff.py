"""`python -m rulings diff A.json B.json`: JSON out, exit 2 with the field for invalid input."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from rulings.cli import main
from tests.rulings.core.fixture_cases import FIXTURES

EXAMPLE = FIXTURES / "tr-worked-example-treasure-hunter.json"


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _write(tmp_path: Path, name: str, data: Any) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def _situation() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text())["situation"]
    return data


def test_diff_prints_the_changed_fact_and_remedy(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    later = {**_situation(), "noticed": {"when": "previous_turn"}}
    code, out, err = _run(["diff", str(EXAMPLE), _write(tmp_path, "b.json", later)], capsys)
    assert (code, err) == (0, "")
    body = json.loads(out)
    assert body["facts"] == [
        {"path": "noticed.when", "before": "same_action", "after": "previous_turn"}
    ]
    remedies = [c for c in body["changes"] if c["part"] == "remedy_step"]
    assert remedies[0]["after"]["remedy"] == "continue_play"


def test_diff_reads_one_side_from_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(_situation())))
    code, out, _ = _run(["diff", str(EXAMPLE), "-"], capsys)
    assert code == 0
    assert json.loads(out)["same_ruling"] is True


def test_an_invalid_second_situation_exits_2_naming_its_side_and_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = {**_situation(), "trigger": {"kind": "nope", "controller": "ana"}}
    code, out, err = _run(["diff", str(EXAMPLE), _write(tmp_path, "bad.json", bad)], capsys)
    assert (code, out) == (2, "")
    error = json.loads(err)
    assert error["field"] == "after.trigger.kind"
    assert "bad.json" in error["error"]


def test_an_invalid_first_situation_is_named_before(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = _run(["diff", _write(tmp_path, "a.json", [1]), str(EXAMPLE)], capsys)
    assert code == 2
    assert json.loads(err)["field"] == "before.(root)"


def test_two_policies_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    magic = {
        "game": "mtg",
        "players": ["ana", "ben"],
        "turn_player": "ana",
        "trigger": {"kind": "visible_change", "controller": "ana"},
    }
    code, _, err = _run(["diff", str(EXAMPLE), _write(tmp_path, "m.json", magic)], capsys)
    assert code == 2
    assert json.loads(err)["field"] == "after.game"


def test_unreadable_files_and_two_standard_inputs_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = _run(["diff", str(EXAMPLE), str(tmp_path / "missing.json")], capsys)
    assert code == 2
    assert "cannot read JSON" in json.loads(err)["error"]
    code, _, err = _run(["diff", "-", "-"], capsys)
    assert code == 2
    assert "standard input" in json.loads(err)["error"]
