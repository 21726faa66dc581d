"""Regrading every attempt that holds a withdrawn or corrected question (the committee's key
decisions, ``appeals``), and what it does to a grade a person set by hand.

A grade a mentor or an appeal decision set by hand (``override_score``) is never replaced
silently (walk 10, #6): the regrade is computed beside it, the preview lists both with the
parts the grader could not read, and the committee chooses per attempt (``ManualChoice``) to
keep the person's grade (the default) or to apply the regrade."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.grading import grade_response
from quizzes.review.models.review import QuestionCorrection
from rulings.grading import PARTS, GradingError


@dataclass(frozen=True)
class ManualChoice:
    """Which grades set by hand give way to the regrade: those of the attempts named in
    ``regrade`` (ids), or all with ``regrade_all``; every other one is kept."""

    regrade: frozenset[int] = frozenset()
    regrade_all: bool = False

    def replaces(self, attempt_id: int) -> bool:
        return self.regrade_all or attempt_id in self.regrade

    def as_data(self) -> dict[str, Any]:
        return {"regrade": sorted(self.regrade), "regrade_all": self.regrade_all}


KEEP_ALL = ManualChoice()


def _machine_regrade(item: AttemptItem, language: str) -> None:
    """Grade the answer against the corrected key (an unusable answer stays as graded)."""
    if not item.response.strip():
        return
    try:
        item.grade = grade_response(item.question, item.response, lang=language)
    except GradingError:
        return
    item.score = float(item.grade["score"])
    item.save(update_fields=["grade", "score"])


def _clear_override(item: AttemptItem) -> None:
    item.override_score, item.override_reason, item.override_role = None, "", ""
    item.overridden_by, item.overridden_at = None, None
    item.save(
        update_fields=[
            "override_score", "override_reason", "override_role", "overridden_by",
            "overridden_at",
        ]
    )  # fmt: skip


def unread_parts(grade: dict[str, Any] | None) -> list[str]:
    """The parts of a free-form grade where the grader read nothing (``found`` empty)."""
    parts = (grade or {}).get("parts") or {}
    return [name for name in PARTS if name in parts and not parts[name].get("found")]


def agrees_on(grade: dict[str, Any] | None, changed: Iterable[str]) -> bool:
    """Whether the answer, graded against the corrected key, is right on every part the
    correction changed (at least one): the key now says what the answer said."""
    parts = (grade or {}).get("parts") or {}
    names = list(changed)
    return bool(names) and all((parts.get(name) or {}).get("correct") for name in names)


def _apply_to_held(
    held: list[AttemptItem],
    attempt: Attempt,
    question: Any,
    action: str,
    choice: ManualChoice,
) -> None:
    """Each of the attempt's items of the question: withdrawn, or (the attempt graded)
    regraded against the corrected key; a grade set by hand stays unless ``choice`` lets the
    regrade replace it."""
    for item in held:
        if action == QuestionCorrection.Action.WITHDRAW:
            item.withdrawn = True
            item.save(update_fields=["withdrawn"])
        elif attempt.status == Attempt.Status.GRADED:
            item.question = question
            _machine_regrade(item, attempt.language)
            if item.override_score is not None and choice.replaces(attempt.pk):
                _clear_override(item)


def _manual_fields(
    held: AttemptItem | None, manual: tuple[float | None, str], kept: bool, changed: list[str]
) -> dict[str, Any]:
    """A row's fields about a grade set by hand and the answer's reading under the new key."""
    score, by = manual
    return {
        "manual_score": score,
        "manual_by": by,
        "manual_kept": score is not None and kept,
        "regrade_score": None if held is None else held.score,
        "unread_parts": [] if held is None else unread_parts(held.grade),
        "agrees_with_key": held is not None and agrees_on(held.grade, changed),
        # kept for the pages and exports that read it: the person's grade the regrade replaced
        "override_superseded": score if score is not None and not kept else None,
        "override_by": by if score is not None and not kept else "",
    }


def regrade_attempt(
    attempt: Attempt,
    question: Any,
    action: str,
    *,
    choice: ManualChoice = KEEP_ALL,
    changed: list[str] | None = None,
) -> dict[str, Any] | None:
    """Withdraw or regrade the question's items in one attempt holding it; a graded attempt is
    rescored and its change returned (None for one not graded yet). ``changed``: the parts
    the correction changed."""
    from quizzes.exams.services.exams import attempt_rescore

    before = (attempt.score, attempt.passed)
    items = list(attempt.items.select_related("question", "overridden_by"))
    held = [item for item in items if item.question_id == question.pk]
    first = held[0] if held else None
    question_before = first.final_score if first else None
    withdrawn = action == QuestionCorrection.Action.WITHDRAW
    manual = (
        (first.override_score, str(first.overridden_by or ""))
        if first is not None and not withdrawn
        else (None, "")
    )
    _apply_to_held(held, attempt, question, action, choice)
    if attempt.status != Attempt.Status.GRADED:
        return None  # grading later uses the corrected key / skips the withdrawn item
    attempt_rescore(attempt=attempt, items=items, now=attempt.graded_at)
    kept = first is not None and first.override_score is not None
    return {
        "attempt": attempt.pk,
        "candidate": str(attempt.candidate),
        "exam": attempt.assignment.blueprint.name,
        "exam_names": attempt.assignment.blueprint.name_translations,
        "position": first.position if first else None,
        "question_before": question_before,
        "question_after": None if withdrawn or first is None else first.final_score,
        **_manual_fields(None if withdrawn else first, manual, kept, changed or []),
        "score_before": before[0],
        "score_after": attempt.score,
        "passed_before": before[1],
        "passed_after": attempt.passed,
    }


def regrade_holders(
    question: Any,
    action: str,
    key_after: dict[str, str],
    choice: ManualChoice = KEEP_ALL,
) -> list[dict[str, Any]]:
    """Withdraw the question or set its corrected key, regrade every graded attempt holding
    it: each one's score and pass before and after, the question's own score before and
    after, and any grade set by hand beside its regrade (in attempt order). The one path for
    a contested appeal's correction and a withdrawal from the question-report queue."""
    changed: list[str] = []
    if action == QuestionCorrection.Action.CORRECT:
        before = {
            "infraction": question.key_infraction,
            "penalty": question.key_penalty,
            "remedy": question.key_remedy,
        }
        changed = [part for part in PARTS if before.get(part) != key_after.get(part)]
        question.key_infraction = key_after["infraction"]
        question.key_penalty = key_after["penalty"]
        question.key_remedy = key_after["remedy"]
        question.save(update_fields=["key_infraction", "key_penalty", "key_remedy"])
    attempt_ids = sorted(
        set(AttemptItem.objects.filter(question=question).values_list("attempt_id", flat=True))
    )
    attempts = (
        # Attempts prepared ahead of time too: their item stops counting before it is sat.
        Attempt.all_objects.select_for_update(of=("self",))
        .filter(pk__in=attempt_ids)
        .select_related("assignment__blueprint", "candidate")
        .order_by("pk")
    )
    changes = []
    for attempt in attempts:
        change = regrade_attempt(attempt, question, action, choice=choice, changed=changed)
        if change is not None:
            changes.append(change)
    return changes
