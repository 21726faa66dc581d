"""Demo exams for a fresh installation (idempotent)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from judgetrain.accounts.models import User
from judgetrain.errors import ApplicationError
from quizzes.certification.models import CertificationLevel
from quizzes.exams.models.exams import ExamAssignment, ExamBlueprint
from quizzes.exams.services.variants import assignment_create


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


@transaction.atomic
def demo_exams_load(*, data: Mapping[str, Any], now: datetime | None = None) -> None:
    now = now or timezone.now()
    if not isinstance(data, Mapping):
        raise DemoExamError("the demo exams file must hold a JSON object")
    for entry in data.get("levels", []):
        CertificationLevel.objects.get_or_create(
            name=entry["name"],
            defaults={
                "game": entry["game"],
                "validity_days": entry.get("validity_days", 730),
                "description": entry.get("description", ""),
            },
        )
    for index, entry in enumerate(data.get("blueprints", [])):
        _blueprint(entry, f"blueprints[{index}]")
    for index, entry in enumerate(data.get("assignments", [])):
        _assignment(entry, f"assignments[{index}]", now)
