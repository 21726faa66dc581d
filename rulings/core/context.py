"""The context of an evaluation (`facts`) and a situation told by its conclusions.

`Context` and `build_context` live in `rulings.core.facts`, below the predicates; this module
re-exports them and adds `as_conclusions`, which needs the policy loader.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulings.core.facts import Context, build_context
from rulings.core.situation import Situation
from rulings.core.validate import policy_for

__all__ = ["Context", "as_conclusions", "build_context"]


def as_conclusions(data: Mapping[str, Any]) -> dict[str, Any]:
    """A situation told as events, given instead by the conclusions the engine draws from them
    (the `play` and `noticed` fields, events left out): the form the question generator's
    one-fact mutations work on. Situations without events come back unchanged."""
    if not data.get("events"):
        return dict(data)
    situation = Situation.from_dict(data)
    ctx = build_context(situation, policy_for(situation))
    told = ctx.situation.to_dict()
    told.pop("events", None)
    return told
