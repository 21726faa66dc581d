"""JudgeTrain rulings: the pure-Python engine and its public API.

from rulings import evaluate, Situation
ruling = evaluate(Situation.from_dict(data))
changes = diff_rulings(Situation.from_dict(a), Situation.from_dict(b))
"""

from rulings.core import (
    PolicyError,
    Ruling,
    RulingDiff,
    RulingsError,
    Situation,
    SituationError,
    as_events,
    default_version,
    diff_rulings,
    evaluate,
    explain,
    labels,
    load_policy,
    policy_versions,
    ruling_view,
    situation_schema,
    statement,
)

__all__ = [
    "PolicyError",
    "Ruling",
    "RulingDiff",
    "RulingsError",
    "Situation",
    "SituationError",
    "as_events",
    "default_version",
    "diff_rulings",
    "evaluate",
    "explain",
    "labels",
    "load_policy",
    "policy_versions",
    "ruling_view",
    "situation_schema",
    "statement",
]
