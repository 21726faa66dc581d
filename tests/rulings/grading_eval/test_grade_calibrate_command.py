"""`grade-calibrate`: fit the confidence table on labelled batches, one held out in turn.

The two batches below are written for this test (one answer each, the second labelled a Game
Loss on purpose so that it is misgraded); no labelled answer of the project is read.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulings import cli
from rulings.grading_eval import calibrate


def _labelled(ident: str, answer: str, penalty: str = "no_penalty") -> str:
    expected = {
        "infraction": "missed_trigger",
        "penalty": "no_penalty",
        "remedy": "opponent_chooses_resolve_or_skip",
    }
    return json.dumps(
        {
            "id": ident,
            "game": "riftbound",
            "lang": "en",
            "expected": expected,
            "answer": answer,
            "label": {**expected, "penalty": penalty},
        }
    )


def test_grade_calibrate_prints_each_bucket_and_the_held_out_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answer = "Missed trigger for Ilse, no penalty, her opponent chooses."
    (tmp_path / "b1.jsonl").write_text(_labelled("b1-1", answer) + "\n", encoding="utf-8")
    # labelled a Game Loss on purpose: misgraded, and not flagged
    (tmp_path / "b2.jsonl").write_text(
        _labelled("b2-1", answer, "game_loss") + "\n", encoding="utf-8"
    )
    table = tmp_path / "calibration.json"
    monkeypatch.setattr(calibrate, "CALIBRATION_PATH", table)

    code = cli.main(["grade-calibrate", "--write", "--blind-dir", str(tmp_path)])

    out = capsys.readouterr().out
    assert "one_claim/clear" in out
    assert "misgraded parts at confidence >= 0.9: 0" in out  # each batch reads the other's
    assert code == 1  # the misgraded answer is not flagged: no threshold meets the targets
    assert json.loads(table.read_text())["buckets"]["one_claim/clear"] == [5, 6]
