"""Measuring the grader (`rulings.core.grading`) on labelled answers, apart from it.

The labelled answers live in the repository's `evaluation/grading/` directory, not in the
runtime package: `devset.jsonl` (the development set the grader was tuned on) and `blind/`
(batches written by people who never saw the grader, one `<batch>.jsonl` each, with their
figures recorded before any fix in `blind/RECORD.toml`). The runtime never imports this
package (an import-linter contract keeps it so): `python -m rulings grade-eval` measures
the grader (`evaluation.py`, `cli.py`), and `python -m rulings grade-train` trains the
second reader into the artefact the runtime loads (`train.py`).
"""

from pathlib import Path

DATA_DIR = Path(__file__).resolve().parents[2] / "evaluation" / "grading"
"""The labelled answers: a source checkout's `evaluation/grading/`."""
DEVSET_PATH = DATA_DIR / "devset.jsonl"
BLIND_DIR = DATA_DIR / "blind"
"""Blind batches, one `<batch-id>.jsonl` each, and their recorded figures (RECORD.toml)."""
