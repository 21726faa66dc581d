"""JudgeTrain rulings: the pure-Python engine and its public API.

from rulings import evaluate, Situation
ruling = evaluate(Situation.from_dict(data))
"""

from rulings.core import (
    PolicyError,
    Ruling,
    RulingsError,
    Situation,
    SituationError,
    default_version,
    evaluate,
    explain,
    load_policy,
    policy_versions,
    situation_schema,
    statement,
)

__all__ = [
    "PolicyError",
    "Ruling",
    "RulingsError",
    "Situation",
    "SituationError",
    "default_version",
    "evaluate",
    "explain",
    "load_policy",
    "policy_versions",
    "situation_schema",
    "statement",
]
