"""Practice test helpers: banked questions of every kind from the real generator, masteries."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from judgetrain.accounts.models import User
from quizzes.bank.models.questions import Question, Topic
from quizzes.bank.services.bank import bank_store
from quizzes.practice.models import TopicMastery
from rulings.core import questions as generator

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
