"""Near misses: the same situation with ONE fact changed, re-evaluated by the engine.

Each mutation (mutations_*.py) takes a situation dict and returns a changed copy, or None when
the fact does not apply. The engine decides what the changed situation's ruling is; nothing
here rules.
"""

from __future__ import annotations

from collections.abc import Iterator

from rulings.core import Situation, SituationError, evaluate
from rulings.core.context import as_conclusions
from rulings.core.questions import mutations_other, mutations_trigger
from rulings.core.questions.mutation import MUTATIONS, Data

MODULES = (mutations_other, mutations_trigger)  # imported to register their mutations

# Facts far from any stem: tried only when a template names them as pivots (a related Game Loss
# or an earlier Warning the story never mentions is no mistake a candidate would make).
PIVOT_ONLY = frozenset(
    {
        "intent_intentional",
        "related_game_loss",
        "history_more",
        "soften",
        "head_judge_upgrade",
        "opl_casual",
        "opl_competitive",
        "opl_professional",
    }
)


def near_misses(situation: Data, order: tuple[str, ...]) -> Iterator[tuple[str, Data, Data]]:
    """(mutation name, changed situation, its ruling dict) for every mutation that applies
    and yields a valid situation, in `order` first and then the rest by name. A situation told
    as events (a stored question's) is first given by its conclusions, the form mutations
    change one fact of."""
    situation = as_conclusions(situation)
    generic = (name for name in sorted(MUTATIONS) if name not in PIVOT_ONLY)
    names = list(dict.fromkeys((*order, *generic)))
    for name in names:
        changed = MUTATIONS[name](situation)
        if changed is None or changed == situation:
            continue
        try:
            ruling = evaluate(Situation.from_dict(changed)).to_dict()
        except SituationError:
            continue
        yield name, changed, ruling
