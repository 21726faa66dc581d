"""Built questions the test modules share: one `build_question` a process for each template,
seed, language, kind and policy version, where several modules read the same sample.

`built_question` takes `build_question`'s arguments and returns an equal question. The
question is frozen, but its `situation` and `ruling` are dicts: each caller gets its own
copy of them, so no test can change what another reads. Under a card pool
(`rulings.core.questions.pools`) the story depends on the pool, so it is built afresh."""

from __future__ import annotations

import copy
from dataclasses import replace
from functools import cache

from rulings.core.questions import Question, build_question
from rulings.core.questions.pools import current_pools


@cache
def _built(
    template_id: str, seed: int, lang: str, kind: str, policy_version: str | None
) -> Question:
    return build_question(template_id, seed, lang, kind, policy_version)


def built_question(
    template_id: str, seed: int, lang: str, kind: str, policy_version: str | None = None
) -> Question:
    """`build_question(template_id, seed, lang, kind, policy_version)`, built once a process."""
    if current_pools() is not None:
        return build_question(template_id, seed, lang, kind, policy_version)
    question = _built(template_id, seed, lang, kind, policy_version)
    return replace(
        question, situation=copy.deepcopy(question.situation), ruling=copy.deepcopy(question.ruling)
    )
