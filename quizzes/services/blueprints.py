"""A sample variant of a blueprint, drawn with the engine and never stored."""

from __future__ import annotations

import secrets
from typing import Any

from quizzes.models import ExamBlueprint
from quizzes.services.retirement import exam_excluded_template_ids
from rulings.core import questions as generator


class PreviewError(Exception):
    """Slot ``slot`` (its index in the composition) cannot be drawn."""

    def __init__(self, message: str, *, slot: int) -> None:
        super().__init__(message)
        self.slot = slot


def blueprint_preview(
    *, blueprint: ExamBlueprint, composition: list[dict[str, Any]], seed: int | None = None
) -> list[generator.Question]:
    """The questions one candidate could get; raises PreviewError if the slots cannot be met."""
    seed = secrets.randbits(32) if seed is None else seed
    withdrawn = exam_excluded_template_ids()
    version = blueprint.policy_version.version_id if blueprint.policy_version else None
    chosen: list[generator.Question] = []
    for index, slot in enumerate(composition):
        try:
            drawn = generator.generate_questions(
                game=blueprint.game,
                topics=[slot["topic"]] if slot.get("topic") else None,
                lang=blueprint.language or "en",
                kind=slot["kind"],
                count=slot["count"] + len(withdrawn),
                seed=seed + index,
                policy_version=version,
            )
        except generator.QuestionError as error:
            raise PreviewError(str(error), slot=index) from error
        usable = [q for q in drawn if q.template_id not in withdrawn][: slot["count"]]
        if len(usable) < slot["count"]:
            raise PreviewError(f"slot {index + 1}", slot=index)
        chosen.extend(usable)
    return chosen


def slots_with_few_situations(
    *, sample: list[generator.Question], composition: list[dict[str, Any]]
) -> list[dict[str, int]]:
    """The slots whose drawn questions tell few distinct stories (walk 3, #12: a slot of 9
    drew the same card, wording and key four times, only the names changed): fewer distinct
    (template, key) than half its questions. Each: slot number, questions, distinct."""
    thin = []
    start = 0
    for number, slot in enumerate(composition, start=1):
        drawn = sample[start : start + slot["count"]]
        start += slot["count"]
        distinct = len({(q.template_id, q.key) for q in drawn})
        if len(drawn) >= 4 and distinct * 2 < len(drawn):
            thin.append({"slot": number, "count": len(drawn), "distinct": distinct})
    return thin
