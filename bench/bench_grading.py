"""Grading throughput on one core: grade the devset answers over and over.

Run: .venv/bin/python bench/bench_grading.py [seconds]   (no Django, no database)
Prints `grading: N answers/s`. The issue's target is at least 2,000 answers per second.
"""

from __future__ import annotations

import os
import platform
import sys
import time

from rulings.core.grading import grade_answer
from rulings.grading_eval.evaluation import load_devset


def _pin_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def main(seconds: float = 3.0) -> float:
    _pin_one_core()
    items = load_devset()
    for item in items:  # warm the caches (lexicon, typo corrections) once, untimed
        grade_answer(item.answer, item.expected, game=item.game)
    graded = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for item in items:
            grade_answer(item.answer, item.expected, game=item.game)
        graded += len(items)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    rate = graded / elapsed
    print(f"grading: {rate:.0f} answers/s")
    print(f"({graded} answers in {elapsed:.2f} s on one core, {len(items)} distinct answers)")
    # On a machine shared with other work the wall-clock rate understates the grader;
    # the rate per CPU-second is what one free core would do.
    print(f"({graded / cpu:.0f} answers per CPU-second)" if cpu > 0 else "")
    # The interpreter's build sets the speed as much as the code: say which one ran.
    print(f"(Python {platform.python_version()}, {os.path.realpath(sys.executable)})")
    return rate


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)
