"""grade-train: the second reader is learnt from the labelled answers into an artefact that
the runtime only loads, and the committed artefact is what the current data trains."""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

import pytest

from rulings.core.grading import GradingError
from rulings.core.grading.second_reader import (
    count,
    dump_counts,
    load_counts,
    load_second_reader,
    reader_from,
    train,
)
from rulings.grading_eval import DEVSET_PATH
from rulings.grading_eval import train as grade_train

# Made up for these tests.
EXAMPLES: list[tuple[list[str], dict[str, str | None]]] = [
    (["we", "rewind", "to", "the", "attack"], {"remedy": "rewind", "infraction": None}),
    (["pay", "the", "missing", "cost"], {"remedy": "correct_cost", "infraction": "mispayment"}),
    (["paga", "o", "custo", "que", "falta"], {"remedy": "correct_cost", "infraction": None}),
]


def test_the_committed_artefact_is_what_the_current_training_data_builds() -> None:
    """Fails when the devset, the generator's wordings or the tokeniser changed without a
    retraining: run `python -m rulings grade-train` and commit the artefact."""
    assert grade_train.shipped_artefact() == grade_train.build_artefact()


def test_the_artefact_records_the_sha256_of_the_devset_it_learnt_from() -> None:
    shipped = json.loads(grade_train.shipped_artefact())
    devset = DEVSET_PATH.read_bytes()
    assert shipped["trained_on"]["devset"]["sha256"] == hashlib.sha256(devset).hexdigest()
    assert shipped["answers"] == load_second_reader().answers


def test_counts_survive_the_artefact_exactly() -> None:
    counts = count(EXAMPLES)
    text = dump_counts(counts, {"note": "test"})
    loaded, trained_on = load_counts(text)
    assert loaded == counts
    assert trained_on == {"note": "test"}
    assert dump_counts(loaded, trained_on) == text
    assert reader_from(loaded) == train(EXAMPLES)


def test_the_same_data_builds_the_same_text() -> None:
    assert dump_counts(count(EXAMPLES), {}) == dump_counts(count(list(EXAMPLES)), {})
    assert dump_counts(count(EXAMPLES), {}) != dump_counts(count(EXAMPLES[:2]), {})


@pytest.mark.parametrize(
    "text",
    ["not json", '{"format": 99}', '{"format": 1, "parts": {}}'],
)
def test_a_broken_artefact_is_refused(text: str) -> None:
    with pytest.raises(GradingError, match="not a second reader"):
        load_counts(text)


def test_check_says_whether_the_artefact_is_up_to_date(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    artefact = tmp_path / "second_reader.json"
    monkeypatch.setattr(grade_train, "artefact_path", lambda: artefact)
    monkeypatch.setattr(grade_train, "build_artefact", lambda: dump_counts(count(EXAMPLES), {}))
    assert grade_train.run(argparse.Namespace(check=True)) == 1
    assert "STALE" in capsys.readouterr().out
    assert grade_train.run(argparse.Namespace(check=False)) == 0
    assert artefact.read_text(encoding="utf-8") == dump_counts(count(EXAMPLES), {})
    assert grade_train.run(argparse.Namespace(check=True)) == 0
    assert "up to date" in capsys.readouterr().out
