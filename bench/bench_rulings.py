"""Rulings evaluated per second on one core: `.venv/bin/python bench/bench_rulings.py [seconds]`.

Evaluates every seed fixture situation in turn (a mix of games, policy versions and
infractions), decoding each from its JSON dict as the CLI and the API do. No Django.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rulings import Situation, evaluate  # noqa: E402

FIXTURES = ROOT / "fixtures" / "situations"


def situations() -> list[dict[str, object]]:
    return [json.loads(p.read_text("utf-8"))["situation"] for p in sorted(FIXTURES.glob("*.json"))]


def run(seconds: float) -> float:
    mix = situations()
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for data in mix:
            evaluate(Situation.from_dict(data))
        count += len(mix)
    return count / (time.perf_counter() - start)


def pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    pin_to_one_core()
    run(0.2)  # warm the policy caches
    print(f"rulings.evaluate: {run(seconds):.0f} evaluations/s")


if __name__ == "__main__":
    main()
