"""Reliability by confidence band, and review thresholds tried by leaving one batch out.

The readings here are made up: what is counted, not what the grader reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulings.cli import main
from rulings.grading_eval.evaluation import Reading
from rulings.grading_eval.reliability import (
    ALL,
    bands,
    leave_one_batch_out,
    lowest_threshold_for,
    reliability,
    review_at,
)


def _read(
    batch: str,
    ident: str,
    conf: float,
    right: bool,
    *,
    lang: str = "en",
    part: str = "penalty",
    flagged: bool = False,
) -> Reading:
    return Reading(batch, ident, lang, part, conf, right, flagged)


def test_parts_are_counted_in_their_confidence_band_with_the_share_read_right() -> None:
    parts = [
        _read("b", "1", 0.3, False),
        _read("b", "2", 0.85, True),
        _read("b", "3", 0.85, False),
        _read("b", "4", 0.9, True),
        _read("b", "5", 0.95, True),
    ]
    counted = bands(parts)
    assert [b.label for b in counted] == ["< 0.5", "0.5-0.7", "0.7-0.8", "0.8-0.9", ">= 0.9"]
    assert [b.parts for b in counted] == [1, 0, 0, 2, 2]
    assert [b.share_right for b in counted] == [0.0, None, None, 0.5, 1.0]


def test_the_table_has_a_row_per_part_and_language_and_their_totals() -> None:
    parts = [
        _read("b", "1", 0.95, True, lang="pt-BR", part="remedy"),
        _read("b", "1", 0.95, False, lang="pt-BR", part="penalty"),
    ]
    table = reliability(parts)
    assert set(table) == {
        ("remedy", "pt-BR"),
        ("remedy", ALL),
        ("penalty", "pt-BR"),
        ("penalty", ALL),
        (ALL, "pt-BR"),
        (ALL, ALL),
    }
    assert table[(ALL, ALL)][-1].parts == 2
    assert table[(ALL, ALL)][-1].right == 1


def test_an_answer_goes_to_a_mentor_when_flagged_or_any_part_is_below_the_threshold() -> None:
    parts = [
        _read("b", "1", 0.95, True),
        _read("b", "1", 0.6, False, part="remedy"),  # caught: 0.6
        _read("b", "2", 0.95, False, flagged=True),  # caught by the grader's own flag
        _read("b", "3", 0.92, False),  # a confident misgrade
        _read("b", "4", 0.95, True),
    ]
    review = review_at(parts, 0.7)
    assert (review.answers, review.misgraded, review.misgraded_flagged, review.flagged) == (
        4,
        3,
        2,
        2,
    )
    assert review.confident_misgrades == 2
    alone = review_at(parts, 0.7, rules=False)
    assert (alone.misgraded_flagged, alone.flagged) == (1, 1)


def test_the_lowest_threshold_catching_the_target_share_is_just_above_a_misgrade() -> None:
    parts = [_read("b", str(n), conf, False) for n, conf in enumerate((0.4, 0.6, 0.8, 0.95))]
    chosen = lowest_threshold_for(0.75)(parts)
    assert 0.8 < chosen < 0.81
    assert review_at(parts, chosen).misgraded_flagged == 3
    assert lowest_threshold_for(0.75)([_read("b", "1", 0.9, True)]) == 0.0


def test_each_batch_is_held_out_and_judged_by_a_threshold_chosen_without_it() -> None:
    parts = [
        _read("b1", "1", 0.6, False),
        _read("b1", "2", 0.95, True),
        _read("b2", "1", 0.8, False),
        _read("b2", "2", 0.95, True),
    ]
    folds = leave_one_batch_out(parts, lowest_threshold_for(1.0))
    by_batch = {fold.batch: fold.review for fold in folds}
    assert 0.8 < by_batch["b1"].threshold < 0.81  # chosen on b2
    assert by_batch["b1"].misgraded_flagged == 1
    assert 0.6 < by_batch["b2"].threshold < 0.61  # chosen on b1: misses b2's misgrade
    assert by_batch["b2"].misgraded_flagged == 0
    fixed = leave_one_batch_out(parts, 0.9)
    assert [f.review.flagged for f in fixed] == [1, 1]


def _batch(path: Path, *answers: tuple[str, str]) -> None:
    parts = {"infraction": "missed_trigger", "penalty": "no_penalty"}
    lines = [
        json.dumps(
            {
                "id": ident,
                "game": "riftbound",
                "lang": "en",
                "expected": parts,
                "answer": text,
                "label": parts,
            }
        )
        for ident, text in answers
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_grade_eval_prints_the_reliability_table_and_the_held_out_batches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _batch(tmp_path / "b1.jsonl", ("x1", "Missed trigger, no penalty."))
    _batch(tmp_path / "b2.jsonl", ("y1", "Missed trigger. Penalty: none."))
    main(["grade-eval", "--blind", "--blind-dir", str(tmp_path), "--leave-one-out", "0.8"])
    out = capsys.readouterr().out
    assert "reliability (parts, share read right, by confidence band)" in out
    assert any(line.split()[:2] == ["penalty", "en"] for line in out.splitlines())
    folds = out[out.index("leave one batch out") :].splitlines()
    assert [line.split()[0] for line in folds[2:]] == ["b1", "b2", "pooled"]
    main(["grade-eval", "--file", str(tmp_path / "b1.jsonl")])
    assert "reliability" in capsys.readouterr().out


def test_leave_one_out_needs_blind_and_a_number(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade-eval", "--leave-one-out", "0.8"]) == 2
    assert "need --blind" in capsys.readouterr().err
    assert main(["grade-eval", "--blind", "--leave-one-out", "high", "--blind-dir", "x"]) == 2
    assert "not a number" in capsys.readouterr().err
