"""Questions generated per second on one core: `.venv/bin/python bench/bench_questions.py [s]`.

Generates questions of every template, kind and language in turn, each with a fresh seed, so
every question pays for its own facts, engine evaluation, near misses and rendering (the
per-seed caches never hit). No Django. Prints `questions.generate: N questions/s`.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from itertools import count, cycle
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rulings.core.questions import (  # noqa: E402
    KINDS,
    KindUnavailable,
    all_templates,
    build_question,
)

LANGS = ("en", "pt-BR", "es")


def run(seconds: float) -> tuple[float, dict[str, float]]:
    plan = [(t.id, kind, lang) for t in all_templates() for kind in KINDS for lang in LANGS]
    made = 0
    per_kind = dict.fromkeys(KINDS, 0.0)
    seeds = count(1_000_000)
    start = time.perf_counter()
    deadline = start + seconds
    for (template_id, kind, lang), seed in zip(cycle(plan), seeds, strict=False):
        if time.perf_counter() >= deadline:
            break
        began = time.perf_counter()
        # A story that makes no item of this kind raises KindUnavailable: timed all the same.
        with contextlib.suppress(KindUnavailable):
            build_question(template_id, seed, lang, kind)
        per_kind[kind] += time.perf_counter() - began
        made += 1
    elapsed = time.perf_counter() - start
    share = made / len(KINDS)
    return made / elapsed, {k: share / v for k, v in per_kind.items() if v}


def pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    pin_to_one_core()
    build_question(all_templates()[0].id, 0, "en", "free_form")  # load data files, untimed
    rate, by_kind = run(seconds)
    detail = ", ".join(f"{k} {v:.0f}/s" for k, v in by_kind.items())
    print(f"questions.generate: {rate:.0f} questions/s ({detail}; one core)")


if __name__ == "__main__":
    main()
