"""JudgeTrain rulings: the pure-Python engine and its public API.

from rulings import evaluate, Situation
ruling = evaluate(Situation.from_dict(data))
changes = diff_rulings(Situation.from_dict(a), Situation.from_dict(b))

Django code imports the engine only through its facades: this module (situations, rulings,
policy, vocabulary, diffs), ``rulings.grading`` (the grader) and ``rulings.questions`` (the
question generator). ``rulings.core`` is the engine's inside; import-linter holds the line.
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
from rulings.core.context import as_conclusions
from rulings.core.diff import CHANGES as DIFF_CHANGES
from rulings.core.diff import PARTS as DIFF_PARTS
from rulings.core.diff import sided
from rulings.core.policy import Policy
from rulings.core.policy import title as policy_title
from rulings.core.situation import EVENT_ACTIONS, TRIGGER_KINDS
from rulings.core.told import told_as_events
from rulings.core.vocabulary import INFRACTIONS, PENALTIES, REMEDIES

__all__ = [
    "DIFF_CHANGES",
    "DIFF_PARTS",
    "EVENT_ACTIONS",
    "INFRACTIONS",
    "PENALTIES",
    "REMEDIES",
    "TRIGGER_KINDS",
    "Policy",
    "PolicyError",
    "Ruling",
    "RulingDiff",
    "RulingsError",
    "Situation",
    "SituationError",
    "as_conclusions",
    "as_events",
    "default_version",
    "diff_rulings",
    "evaluate",
    "explain",
    "labels",
    "load_policy",
    "policy_title",
    "policy_versions",
    "ruling_view",
    "sided",
    "situation_schema",
    "statement",
    "told_as_events",
]
