"""Demo exams for a fresh installation (idempotent): the levels, each tied to its game's demo
exam, the blueprints, the demo candidate's open assignments, and one passed, finished attempt
of a level's exam, so the README's certificate tour (issue, PDF, QR, Open Badge, verify,
renew, revoke) works straight after ``make run`` (walk 10, #9)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from judgetrain.accounts.models import User
from judgetrain.errors import ApplicationError
from quizzes.bank.models.questions import Question, QuestionKind
from quizzes.certification.models import CertificationLevel, LevelRequirement
from quizzes.exams.models.exams import Attempt, ExamAssignment, ExamBlueprint
from quizzes.exams.services.exams import Answer, attempt_grade, attempt_start, attempt_submit
from quizzes.exams.services.variants import assignment_create
from quizzes.grading import question_key
from rulings.questions import remedy_text, term


class DemoExamError(ApplicationError, ValueError):
    """The demo exams file is malformed; the message names what is wrong."""


def _blueprint(entry: Mapping[str, Any], where: str) -> ExamBlueprint:
    fields = {
        k: entry[k]
        for k in ("game", "composition", "time_limit_minutes", "review_policy", "pass_score")
        if k in entry
    }
    blueprint = ExamBlueprint.objects.filter(name=entry.get("name")).first()
    if blueprint is not None:
        return blueprint
    blueprint = ExamBlueprint(name=entry.get("name", ""), **fields)
    try:
        blueprint.full_clean()
    except ValidationError as error:
        raise DemoExamError(f"{where}: {error.message_dict}") from error
    blueprint.save()
    return blueprint


def _user(email: str | None, where: str) -> User:
    user = User.objects.filter(email=(email or "").lower()).first()
    if user is None:
        raise DemoExamError(f"{where}: no user {email!r}; run load_demo first")
    return user


def _assignment(entry: Mapping[str, Any], where: str, now: datetime) -> None:
    blueprint = ExamBlueprint.objects.filter(name=entry.get("blueprint")).first()
    if blueprint is None:
        raise DemoExamError(f"{where}.blueprint: no blueprint {entry.get('blueprint')!r}")
    candidate = _user(entry.get("candidate"), f"{where}.candidate")
    if ExamAssignment.objects.filter(
        blueprint=blueprint, candidate=candidate, closes_at__gt=now, cancelled_at__isnull=True
    ).exists():
        return
    assignment_create(
        blueprint=blueprint,
        candidate=candidate,
        assigned_by=_user(entry.get("assigned_by"), f"{where}.assigned_by"),
        opens_at=now,
        closes_at=now + timedelta(days=int(entry.get("open_for_days", 30))),
        max_attempts=int(entry["max_attempts"]) if "max_attempts" in entry else None,
    )


def _level(entry: Mapping[str, Any], where: str) -> None:
    """The level, and the demo exam it requires (same game), passed with ``min_score``."""
    level, _created = CertificationLevel.objects.get_or_create(
        name=entry["name"],
        defaults={
            "game": entry["game"],
            "validity_days": entry.get("validity_days", 730),
            "description": entry.get("description", ""),
        },
    )
    for index, required in enumerate(entry.get("requires", [])):
        blueprint = ExamBlueprint.objects.filter(name=required.get("blueprint")).first()
        if blueprint is None or blueprint.game != level.game:
            name = required.get("blueprint")
            raise DemoExamError(f"{where}.requires[{index}]: no {level.game} blueprint {name!r}")
        LevelRequirement.objects.get_or_create(
            level=level,
            blueprint=blueprint,
            defaults={"min_score": float(required.get("min_score", blueprint.pass_score))},
        )


def _right_answer(question: Question) -> str:
    """The answer the key asks for, as a candidate would give it: the right option, the wrong
    part and its correction, or the ruling in the words the questions use."""
    key = question_key(question)
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        return str(question.key_detail["correct_option"])
    if question.kind == QuestionKind.FIND_THE_WRONG_PART:
        wrong = str(question.key_detail["wrong_part"])
        return f"{wrong}:{key[wrong]}" if question.part_corrections else wrong
    lang = question.language
    return (
        f"{term(lang, 'infraction.' + key['infraction'])}. "
        f"{term(lang, 'penalty.' + key['penalty'])}. "
        f"{remedy_text(lang, (key['remedy'],), {})}."
    )


def _passed_attempt(entry: Mapping[str, Any], where: str, now: datetime) -> None:
    """A finished attempt of the exam, answered from its key and graded, on an assignment
    that closed ``days_ago`` days ago (the open assignments keep every attempt they allow)."""
    blueprint = ExamBlueprint.objects.filter(name=entry.get("blueprint")).first()
    if blueprint is None:
        raise DemoExamError(f"{where}.blueprint: no blueprint {entry.get('blueprint')!r}")
    candidate = _user(entry.get("candidate"), f"{where}.candidate")
    if Attempt.objects.filter(
        candidate=candidate, assignment__blueprint=blueprint, passed=True
    ).exists():
        return
    closes = now - timedelta(days=int(entry.get("days_ago", 3)))
    opens = closes - timedelta(days=7)
    past = ExamAssignment.objects.create(
        blueprint=blueprint,
        candidate=candidate,
        assigned_by=_user(entry.get("assigned_by"), f"{where}.assigned_by"),
        opens_at=opens,
        closes_at=closes,
        max_attempts=1,
        cooldown_minutes=0,
    )
    started = opens + timedelta(hours=1)
    attempt = attempt_start(assignment=past, language=blueprint.language or "en", now=started)
    answers = {
        item.position: Answer(response=_right_answer(item.question), revision=item.revision)
        for item in attempt.items.select_related("question")
    }
    attempt_submit(attempt=attempt, responses=answers, now=started + timedelta(minutes=20))
    attempt_grade(attempt_id=attempt.pk, now=started + timedelta(minutes=20))


@transaction.atomic
def demo_exams_load(*, data: Mapping[str, Any], now: datetime | None = None) -> None:
    now = now or timezone.now()
    if not isinstance(data, Mapping):
        raise DemoExamError("the demo exams file must hold a JSON object")
    for index, entry in enumerate(data.get("blueprints", [])):
        _blueprint(entry, f"blueprints[{index}]")
    for index, entry in enumerate(data.get("levels", [])):
        _level(entry, f"levels[{index}]")
    for index, entry in enumerate(data.get("assignments", [])):
        _assignment(entry, f"assignments[{index}]", now)
    for index, entry in enumerate(data.get("passed_attempts", [])):
        _passed_attempt(entry, f"passed_attempts[{index}]", now)
