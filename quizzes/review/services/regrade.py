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
from quizzes.grading import grade_response, question_key
from quizzes.review.models.review import QuestionCorrection, Review
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


def _graded_parts(grade: dict[str, Any] | None) -> dict[str, Any]:
    """A stored grade's per-part entries ({} for none or a grade without parts)."""
    return (grade or {}).get("parts") or {}


def unread_parts(grade: dict[str, Any] | None) -> list[str]:
    """The parts of a free-form grade where the grader read nothing (``found`` empty)."""
    parts = _graded_parts(grade)
    return [name for name in PARTS if name in parts and not parts[name].get("found")]


def agrees_on(grade: dict[str, Any] | None, changed: Iterable[str]) -> bool:
    """Whether the answer, graded against the corrected key, is right on every part the
    correction changed (at least one): the key now says what the answer said."""
    parts = _graded_parts(grade)
    names = list(changed)
    return bool(names) and all((parts.get(name) or {}).get("correct") for name in names)


def part_marks(grade: dict[str, Any] | None) -> dict[str, bool]:
    """Each part of a free-form grade: right or not."""
    parts = _graded_parts(grade)
    return {name: bool((parts.get(name) or {}).get("correct")) for name in PARTS if name in parts}


def part_changes(
    before: dict[str, bool], grade: dict[str, Any] | None, changed: list[str]
) -> list[dict[str, Any]]:
    """Walk 11, #3: the answer part by part, against the earlier key and the corrected one:
    whether the correction changed the part, the mark before and after, and whether the
    grader read anything there."""
    after = part_marks(grade)
    unread = unread_parts(grade)
    return [
        {
            "part": name,
            "changed": name in changed,
            "before": before.get(name, False),
            "after": after[name],
            "read": name not in unread,
        }
        for name in PARTS
        if name in after
    ]


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
                # Walk 11, #8: the person's decision is no longer the grade in force.
                Review.objects.filter(item=item).exclude(
                    status__in=[Review.Status.PENDING, Review.Status.WITHDRAWN]
                ).update(status=Review.Status.REGRADED)


def _manual_fields(
    held: AttemptItem | None, manual: tuple[float | None, str], kept: bool, changed: list[str]
) -> dict[str, Any]:
    """A row's fields about a grade set by hand and the answer's reading under the new key."""
    score, by = manual
    replaced = score is not None and not kept
    return {
        "manual_score": score,
        "manual_by": by,
        "manual_kept": score is not None and kept,
        "regrade_score": None if held is None else held.score,
        "unread_parts": [] if held is None else unread_parts(held.grade),
        "agrees_with_key": held is not None and agrees_on(held.grade, changed),
        # kept for the pages and exports that read it: the person's grade the regrade replaced
        "override_superseded": score if replaced else None,
        "override_by": by if replaced else "",
    }


def _answer_fields(
    held: AttemptItem | None,
    manual: tuple[float | None, str],
    kept: bool,
    changed: list[str],
    marks_before: dict[str, bool],
) -> dict[str, Any]:
    """A row's fields about the answer: a grade set by hand, and its parts before and after."""
    parts = [] if held is None else part_changes(marks_before, held.grade, changed)
    return {**_manual_fields(held, manual, kept, changed), "parts": parts}


def _answer_before(
    first: AttemptItem | None, withdrawn: bool
) -> tuple[float | None, tuple[float | None, str], dict[str, bool]]:
    """The answer before the regrade: its score, a grade set by hand (and by whom), and its
    parts' marks."""
    if first is None:
        return None, (None, ""), {}
    manual = (None, "") if withdrawn else (first.override_score, str(first.overridden_by or ""))
    return first.final_score, manual, part_marks(first.grade)


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
    withdrawn = action == QuestionCorrection.Action.WITHDRAW
    question_before, manual, marks_before = _answer_before(first, withdrawn)
    _apply_to_held(held, attempt, question, action, choice)
    if attempt.status != Attempt.Status.GRADED:
        return None  # grading later uses the corrected key / skips the withdrawn item
    attempt_rescore(attempt=attempt, items=items, now=attempt.graded_at)
    kept = first is not None and first.override_score is not None
    return {
        "attempt": attempt.pk,
        "item": first.pk if first else None,
        "candidate": str(attempt.candidate),
        "exam": attempt.assignment.blueprint.name,
        "exam_names": attempt.assignment.blueprint.name_translations,
        "position": first.position if first else None,
        "question_before": question_before,
        "question_after": None if withdrawn or first is None else first.final_score,
        **_answer_fields(None if withdrawn else first, manual, kept, changed or [], marks_before),
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
        before = question_key(question)
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
