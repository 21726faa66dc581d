"""Grading throughput of this checkout against another revision, in one process.

Run: .venv/bin/python bench/compare_grading.py REV [repeats]   (no Django, no database)

On a shared machine two benchmark runs minutes apart can differ by a quarter with the same
code, so a speed change is measured here in one run: the revision's `rulings` package is
loaded beside this checkout's (as `rulings_then`), both grade the same devset answers in
small slices taken in turn, and each slice keeps its fastest of `repeats` timings. Prints
both rates and their ratio. (Not run by `make bench`, which needs no revision.)
"""

from __future__ import annotations

import importlib
import io
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

from bench_grading import _pin_one_core  # a script beside this one: bench/ is on the path

from rulings.grading_eval.evaluation import load_devset

_SLICES = 64
_THEN = "rulings_then"


def _package_at(rev: str, into: Path) -> None:
    """Extract the revision's `rulings` package into `into` as `rulings_then`."""
    tar = subprocess.run(
        ["git", "archive", "--format=tar", rev, "rulings"], capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        if hasattr(tarfile, "data_filter"):
            archive.extractall(into, filter="data")
        else:  # Python 3.11 before 3.11.4 (Debian's 3.11.2) has no filters; our own archive
            archive.extractall(into)
    (into / "rulings").rename(into / _THEN)
    for path in (into / _THEN).rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"\brulings\.", f"{_THEN}.", text), encoding="utf-8")


def _grader(package: str) -> tuple[Any, dict[str, Any]]:
    """The package's grade_answer, and this checkout's devset with each key in that
    package's Expected (labelled answers live outside the package since issue 26)."""
    grading: ModuleType = importlib.import_module(f"{package}.core.grading")
    expected = grading.Expected
    items = {
        item.ident: SimpleNamespace(
            answer=item.answer,
            game=item.game,
            expected=expected(
                item.expected.infraction, item.expected.penalty, item.expected.remedy
            ),
        )
        for item in load_devset()
    }
    return grading.grade_answer, items


def _timed(grade: Any, items: list[Any]) -> float:
    start = time.perf_counter()
    for item in items:
        grade(item.answer, item.expected, game=item.game)
    return time.perf_counter() - start


def main(rev: str, repeats: int = 3) -> float:
    _pin_one_core()
    with tempfile.TemporaryDirectory() as tmp:
        _package_at(rev, Path(tmp))
        sys.path.insert(0, tmp)
        then_grade, then_items = _grader(_THEN)
        now_grade, now_items = _grader("rulings")
        ids = [ident for ident in now_items if ident in then_items]
        runs = [
            (then_grade, [then_items[i] for i in ids]),
            (now_grade, [now_items[i] for i in ids]),
        ]
        for grade, items in runs:  # warm the caches (lexicon, second reading) once, untimed
            _timed(grade, items)
        totals = [0.0, 0.0]
        for k in range(_SLICES):
            best = [float("inf"), float("inf")]
            for _ in range(repeats):
                for which, (grade, items) in enumerate(runs):
                    best[which] = min(best[which], _timed(grade, items[k::_SLICES]))
            totals = [total + b for total, b in zip(totals, best, strict=True)]
    ratio = totals[0] / totals[1]
    print(f"grading at {rev}: {len(ids) / totals[0]:.0f} answers/s")
    print(f"grading now: {len(ids) / totals[1]:.0f} answers/s")
    print(f"now / {rev}: {ratio:.2f}x ({len(ids)} devset answers, best of {repeats} per slice)")
    return ratio


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: bench/compare_grading.py REV [repeats]")
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 3)
