"""The question generator's public facade: what Django code may use to build, render and
pool scenario questions.

Django code (``quizzes``, ``judgetrain``, the ``rulings`` adapters) imports the generator from
here, never from ``rulings.core.questions`` (import-linter holds it). A name belongs here when a
caller outside the engine needs it; the generator's internals stay free to move.

from rulings import questions as generator
question = generator.build_question(template_id, seed=seed, kind="free", lang="en")
"""

from pathlib import Path

from rulings.core import questions as _questions
from rulings.core.questions import (
    Fact,
    KeyParts,
    Question,
    QuestionError,
    Variant,
    all_templates,
    all_topics,
    build_question,
    deciding_facts,
    generate_questions,
    remedy_asked,
    templates,
    topic_name,
    what_if,
)
from rulings.core.questions.catalog import public_cards
from rulings.core.questions.pool_check import pools_check
from rulings.core.questions.pools import (
    POOL_GAMES,
    POOL_LANGS,
    Pools,
    current_pools,
    merge_pools,
    using_pools,
)
from rulings.core.questions.render import remedy_text, term
from rulings.core.questions.templates import GAMES
from rulings.core.questions.topics import summary_in
from rulings.core.questions.workbench import (
    GAME_ERRORS,
    pooled_names,
    with_names,
    workbench_question,
)
from rulings.core.questions.workbench import TEMPLATE_ID as WORKBENCH_TEMPLATE_ID

#: The generator's public data files (templates, catalogue, wording), below them the
#: policy data's: every word a private pool's invented name must avoid.
DATA_DIR: Path = Path(_questions.__file__).parent / "data"

__all__ = [
    "DATA_DIR",
    "GAMES",
    "GAME_ERRORS",
    "POOL_GAMES",
    "POOL_LANGS",
    "WORKBENCH_TEMPLATE_ID",
    "Fact",
    "KeyParts",
    "Pools",
    "Question",
    "QuestionError",
    "Variant",
    "all_templates",
    "all_topics",
    "build_question",
    "current_pools",
    "deciding_facts",
    "generate_questions",
    "merge_pools",
    "pooled_names",
    "pools_check",
    "public_cards",
    "remedy_asked",
    "remedy_text",
    "summary_in",
    "templates",
    "term",
    "topic_name",
    "using_pools",
    "what_if",
    "with_names",
    "workbench_question",
]
