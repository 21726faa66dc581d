"""Builders for the mentor tests: graded attempts whose grader flagged an answer."""

from __future__ import annotations

import json
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from judgetrain.accounts.models import Cohort, User
from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.exams.services import exams
from quizzes.review.models.review import Review
from tests.factories import BlueprintFactory, assignment, candidate, cohort, question

# The grader hedges on "maybe ... or perhaps": it flags this answer for a person to review.
HEDGED = "Missed trigger, maybe a warning or perhaps no penalty, resolve it now"
RIGHT = "Missed trigger, no penalty, the opponent chooses to resolve or skip it"
# Written for the doubt tests: a rewind that says not how far back, where the key's fix is the
# opponent's choice. The grader flags it and reads the remedy with "rewind_length_unsaid".
REWIND = "Missed trigger, no penalty. Rewind to before the trigger."


def graded_attempt(
    who: User, responses: list[str], *, pass_score: float = 0.8, **kwargs: Any
) -> Attempt:
    """A submitted and graded attempt of free-form questions (one per response)."""
    now = timezone.now()
    blueprint = BlueprintFactory(
        composition=[{"topic": None, "kind": "free_form", "count": len(responses)}],
        pass_score=pass_score,
        review_policy="immediately",
        **kwargs.get("blueprint", {}),
    )
    assigned = assignment(blueprint=blueprint, candidate=who)
    attempt = Attempt.objects.create(
        assignment=assigned,
        candidate=who,
        number=1,
        language=kwargs.get("language", "en"),
        seed=secrets.randbits(40),
        started_at=now - timedelta(minutes=5),
        deadline=now + timedelta(minutes=25),
        status=Attempt.Status.SUBMITTED,
        closed_at=now,
        closure=Attempt.Closure.SUBMITTED,
    )
    for position, response in enumerate(responses, start=1):
        AttemptItem.objects.create(
            attempt=attempt,
            position=position,
            question=kwargs.get("question") or question(for_exams=True),
            response=response,
        )
    return exams.attempt_grade(attempt_id=attempt.pk)


def mentored_candidate(the_cohort: Cohort | None = None) -> tuple[User, Cohort]:
    who = candidate()
    the_cohort = the_cohort or cohort()
    the_cohort.candidates.add(who)
    return who, the_cohort


def flagged_review(who: User | None = None) -> Review:
    who = who or mentored_candidate()[0]
    attempt = graded_attempt(who, [HEDGED])
    return Review.objects.get(item__attempt=attempt)


def count_queries(func: Any) -> int:
    with CaptureQueriesContext(connection) as captured:
        func()
    return len(captured)


@pytest.fixture
def queries() -> Any:
    return count_queries


def committee_decides(
    appeal: Any, by: User, *, reason: str, correction: Any, uphold: bool = True
) -> Any:
    """The committee decides with a key correction as its page does: preview, then confirm
    with the preview's token. Returns the preview (what the committee saw before confirming)."""
    from quizzes.review.services import appeals

    preview = appeals.correction_preview(appeal=appeal, by=by, correction=correction)
    appeals.appeal_decide(
        appeal=appeal,
        by=by,
        uphold=uphold,
        reason=reason,
        correction=correction,
        preview_token=preview.token,
    )
    return preview


def aura_2024_situation() -> dict[str, Any]:
    """The 2024 IPG's Aura trigger that resolves immediately (a seed fixture), fresh each call."""
    path = Path(__file__).resolve().parents[3] / "fixtures/situations"
    text = (path / "ipg2024-aura-etb-resolves-immediately.json").read_text()
    return dict(json.loads(text)["situation"])


def resolve_immediately_key() -> Any:
    """The committee's corrected key for the Aura: Missed Trigger, no penalty, resolve it
    immediately."""
    from quizzes.review.services import appeals

    return appeals.KeyCorrection(
        action="correct",
        infraction="missed_trigger",
        penalty="no_penalty",
        remedy="resolve_immediately",
    )
