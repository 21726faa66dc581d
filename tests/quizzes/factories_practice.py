"""Practice test helpers: banked questions of every kind, masteries, and a urlconf.

Until the project URLs include the practice pages and API, tests route through
``PRACTICE_URLS``: the project's own patterns with practice mounted where the lead mounts it.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.urls import include, path
from django.utils import timezone

from judgetrain.accounts.models import User
from judgetrain.urls import urlpatterns as project_urlpatterns
from quizzes.models import Question, Topic, TopicMastery
from quizzes.services.bank import bank_store
from rulings.core import questions as generator

urlpatterns = [
    path("practice/", include("quizzes.views.practice")),
    path("api/v1/practice/", include("quizzes.api.practice")),
    *project_urlpatterns,
]

PRACTICE_URLS = pytest.mark.urls("tests.quizzes.factories_practice")

# A free-form answer that gets every part of the Treasure Hunter question right.
RIGHT_ANSWER = "Missed trigger, no penalty; the opponent chooses to resolve it now or skip it."


def banked(
    *, kind: str, lang: str = "en", game: str = "riftbound", seed: int = 1, **kw: Any
) -> Question:
    """A question from the real generator, stored in the bank."""
    generated = generator.generate_questions(
        game=game, lang=lang, kind=kind, count=1, seed=seed, **kw
    )
    return bank_store(questions=generated)[0]


def mastery(user: User, slug: str, *, level: float, due_in: timedelta | None) -> TopicMastery:
    topic, _ = Topic.objects.get_or_create(slug=slug)
    due_at = None if due_in is None else timezone.now() + due_in
    return TopicMastery.objects.create(
        user=user, topic=topic, mastery=level, answered=3, correct=1, due_at=due_at
    )
