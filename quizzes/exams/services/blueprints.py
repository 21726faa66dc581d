"""A sample variant of a blueprint, drawn with the engine and never stored."""

from __future__ import annotations

import secrets
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from judgetrain.errors import ApplicationError
from quizzes.bank.services.retirement import exam_excluded_template_ids
from quizzes.exams.models.exams import ExamBlueprint
from quizzes.item_names import template_name
from quizzes.languages import content_language
from rulings import questions as generator
from rulings.questions import templates


class PreviewError(ApplicationError):
    """Slot ``slot`` (its index in the composition) cannot be drawn (``cannot_draw``; the API
    names the slot)."""

    code = "cannot_draw"

    def __init__(self, *, slot: int) -> None:
        super().__init__(
            _(
                "The engine cannot draw this many questions of this kind on this topic for "
                "this game and policy version: change the topic, the kind or the count."
            ),
            field="slots",
        )
        self.slot = slot

    def payload(self) -> dict[str, Any]:
        return {"slot": self.slot}


def blueprint_preview(
    *,
    blueprint: ExamBlueprint,
    composition: list[dict[str, Any]],
    seed: int | None = None,
    also_excluded: Collection[str] = (),
) -> list[generator.Question]:
    """The questions one candidate could get; raises PreviewError if the slots cannot be met.
    ``also_excluded``: templates to leave out besides those withdrawn or retired (to ask what
    retiring one would do)."""
    seed = secrets.randbits(32) if seed is None else seed
    withdrawn = exam_excluded_template_ids() | set(also_excluded)
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
            raise PreviewError(slot=index) from error
        usable = [q for q in drawn if q.template_id not in withdrawn][: slot["count"]]
        if len(usable) < slot["count"]:
            raise PreviewError(slot=index)
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


def _slot_templates(blueprint: ExamBlueprint, slot: dict[str, Any]) -> set[str]:
    try:
        found = templates(blueprint.game, [slot["topic"]] if slot.get("topic") else None)
    except generator.QuestionError:  # a topic the engine no longer has
        return set()
    return {template.id for template in found}


@dataclass(frozen=True)
class Undrawable:
    """Why a blueprint cannot be drawn: its slot ``slot`` (from 1) and the templates that
    slot would draw from that are retired or withdrawn (their ids)."""

    slot: int
    topic: str
    excluded: list[str]

    def reason(self, lang: str) -> str:
        """For the mentor or the committee, in ``lang`` (the active language's words)."""
        if self.excluded:
            names = ", ".join(template_name(tid, lang) for tid in self.excluded)
            return _(
                "Slot %(slot)d (%(topic)s) has too few questions left: the committee retired or "
                "withdrew the templates it drew on (%(names)s). The committee can restore them "
                "under Item analysis, or change the blueprint's slots."
            ) % {"slot": self.slot, "topic": self.topic, "names": names}
        return _(
            "Slot %(slot)d (%(topic)s) has too few questions for this game and policy version. "
            "The committee can change the blueprint's slots."
        ) % {"slot": self.slot, "topic": self.topic}


def slot_undrawable(
    *, blueprint: ExamBlueprint, composition: list[dict[str, Any]], index: int, lang: str
) -> Undrawable:
    """Why slot ``index`` of ``composition`` could not be drawn, as ``PreviewError`` said."""
    slot = composition[index]
    topic = slot.get("topic")
    return Undrawable(
        slot=index + 1,
        topic=generator.topic_name(topic, lang) if topic else _("any topic"),
        excluded=sorted(_slot_templates(blueprint, slot) & exam_excluded_template_ids()),
    )


def blueprint_undrawable(
    *, blueprint: ExamBlueprint, also_excluded: Collection[str] = (), lang: str = "en"
) -> Undrawable | None:
    """None if the blueprint's slots can be drawn now, else which cannot and why (walk 4,
    #11: a retired template left a saved blueprint undrawable, unsaid). Fixed samples, up to
    DRAW_TRIES as the variants' draw makes (a sample can come up short where another
    does not: a story that cannot make an item of the slot's kind is skipped)."""
    failed: PreviewError | None = None
    for seed in range(DRAW_TRIES):
        try:
            blueprint_preview(
                blueprint=blueprint,
                composition=blueprint.composition,
                seed=seed * 7919,
                also_excluded=also_excluded,
            )
        except PreviewError as error:
            failed = error
        else:
            return None
    assert failed is not None
    slot = blueprint.composition[failed.slot]
    excluded = exam_excluded_template_ids() | set(also_excluded)
    topic = slot.get("topic")
    return Undrawable(
        slot=failed.slot + 1,
        topic=generator.topic_name(topic, lang) if topic else _("any topic"),
        excluded=sorted(_slot_templates(blueprint, slot) & excluded),
    )


#: Samples tried before a blueprint is said undrawable (the variants' draw makes five rounds).
DRAW_TRIES = 5


def blueprints_drawing_on(*, template_id: str) -> list[tuple[ExamBlueprint, bool]]:
    """The saved blueprints that draw on ``template_id``, by name, each with whether retiring
    it would leave the blueprint undrawable: those with a slot on one of its topics, and
    those it would leave undrawable (a slot on any topic draws from every template of the
    game, so it is listed only then)."""
    found = []
    for blueprint in ExamBlueprint.objects.select_related("policy_version").order_by("name"):
        slots = [s for s in blueprint.composition if template_id in _slot_templates(blueprint, s)]
        if not slots:
            continue
        broken = blueprint_undrawable(blueprint=blueprint, also_excluded={template_id})
        if broken is not None or any(slot.get("topic") for slot in slots):
            found.append((blueprint, broken is not None))
    return found


def undrawable_reason(blueprint: ExamBlueprint) -> str:
    """Why ``blueprint`` cannot be drawn now, in the active language; "" if it can."""
    lang = content_language(get_language())
    found = blueprint_undrawable(blueprint=blueprint, lang=lang)
    if found is None:
        return ""
    return _("This blueprint cannot be drawn now. %(reason)s") % {"reason": found.reason(lang)}
