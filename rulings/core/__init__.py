"""The pure-Python rulings engine: policy data, situations, rulings (standard library only)."""

# First: it installs the checks every Situation.from_dict runs (see rulings.core.situation).
from rulings.core import validate as _validate  # noqa: F401  isort: skip
from rulings.core.diff import RulingDiff, diff_rulings
from rulings.core.errors import PolicyError, RulingsError, SituationError
from rulings.core.evaluate import evaluate
from rulings.core.events import as_events
from rulings.core.explain import explain, labels
from rulings.core.policy import LANGS, default_version, load_policy, policy_versions, statement
from rulings.core.present import ruling_view
from rulings.core.ruling import Ruling
from rulings.core.schema import situation_schema
from rulings.core.situation import Situation

__all__ = [
    "LANGS",
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
