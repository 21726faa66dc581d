"""Measure how a function's time grows with the size of its input, in one test run.

The suite asserts no timings elsewhere (on a shared machine an absolute figure cannot fail
honestly). Issue 25 asks for exactly one kind: that no parser or validator of request input
takes superlinear time. A ratio measured within one run is robust where an absolute time is
not: both sizes run on the same machine, seconds apart, each keeping the fastest of a few
repeats; the time is the thread's CPU time (``time.thread_time``), so other processes
competing for the cores do not count (on a loaded machine a long run is preempted more
often than a short one, which would inflate a ratio of wall-clock times); and the bound is
generous (8 times the size may take at most 8 x 2.5 = 20 times as long; a quadratic step
takes about 64 times, a cubic one 512). A measurement over the bound is taken again (up to
three times) before failing, so a burst of cache misses does not fail the test; a
superlinear function fails every time.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

FACTOR = 8
SLACK = 2.5
REPEATS = 3
ATTEMPTS = 3
FLOOR = 20e-6
"""Times below 20 microseconds are timer noise: the smaller size is timed as at least this."""


def fastest(run: Callable[[Any], object], value: Any, repeats: int = REPEATS) -> float:
    """The least CPU time of `repeats` runs of ``run(value)``, the garbage collector paused (a
    collection would be charged to whichever run it fell in)."""
    best = float("inf")
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeats):
            start = time.thread_time()
            run(value)
            best = min(best, time.thread_time() - start)
    finally:
        if enabled:
            gc.enable()
    return best


@dataclass(frozen=True)
class Growth:
    small: int
    large: int
    small_seconds: float
    large_seconds: float

    @property
    def ratio(self) -> float:
        return self.large_seconds / max(self.small_seconds, FLOOR)

    def __str__(self) -> str:
        return (
            f"size {self.small} took {self.small_seconds * 1e3:.3f} ms, size {self.large} took "
            f"{self.large_seconds * 1e3:.3f} ms: {self.ratio:.1f} times as long"
        )


def growth(
    run: Callable[[Any], object], make: Callable[[int], Any], size: int, factor: int = FACTOR
) -> Growth:
    small, large = make(size), make(size * factor)
    run(small)  # warm caches (compiled patterns, lexicon) before timing
    return Growth(size, size * factor, fastest(run, small), fastest(run, large))


def assert_linear(
    run: Callable[[Any], object],
    make: Callable[[int], Any],
    size: int,
    *,
    factor: int = FACTOR,
    slack: float = SLACK,
    label: str = "",
) -> Growth:
    """Assert ``run(make(size * factor))`` takes at most ``factor * slack`` times as long as
    ``run(make(size))``; `make` builds an input of about the given size."""
    bound = factor * slack
    measured: list[Growth] = []
    for _ in range(ATTEMPTS):
        measured.append(growth(run, make, size, factor))
        if measured[-1].ratio <= bound:
            return measured[-1]
        if measured[-1].ratio > 3 * bound:
            break  # no burst of load explains that much: do not wait for it again
    best = min(measured, key=lambda g: g.ratio)
    raise AssertionError(f"{label or 'input'} grows faster than linearly: {best} (bound {bound})")


def repeated(prefix: str, unit: str, suffix: str = "") -> Callable[[int], str]:
    """`make` for `assert_linear`: `unit` repeated to about `size` characters, between a
    prefix and a suffix."""

    def make(size: int) -> str:
        return prefix + unit * max(1, size // max(1, len(unit))) + suffix

    return make
