"""The mutation registry: each mutation changes ONE fact of a situation dict (see nearmiss.py)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

Data = dict[str, Any]
Mutation = Callable[[Data], Data | None]
MUTATIONS: dict[str, Mutation] = {}


def mutation(fn: Callable[[Data], bool]) -> Callable[[Data], bool]:
    """Register `fn`, which edits a copy in place and returns False when it does not apply."""

    def apply(data: Data) -> Data | None:
        changed = copy.deepcopy(data)
        return changed if fn(changed) else None

    MUTATIONS[fn.__name__] = apply
    return fn


def set_fact(part: Data | None, key: str, value: object) -> bool:
    if part is None or part.get(key) == value:
        return False
    part[key] = value
    return True


def toggle(part: Data | None, key: str, default: bool = False) -> bool:
    if part is None:
        return False
    part[key] = not part.get(key, default)
    return True


def play_of(d: Data) -> Data:
    play: Data = d.setdefault("play", {})
    return play


def noticed_at(d: Data, when: str) -> bool:
    noticed: Data = d.setdefault("noticed", {})
    if noticed.get("when", "same_action") == when:
        return False
    noticed["when"] = when
    for derived in ("turns_elapsed", "phase", "error_phase", "at_start_of_turn"):
        noticed.pop(derived, None)  # they told how long ago under the old timing
    return True
