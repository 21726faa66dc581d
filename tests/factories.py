from __future__ import annotations

from datetime import timedelta
from typing import Any, cast

import factory
from django.contrib.auth.models import Group
from django.utils import timezone

from judgetrain.accounts.models import Cohort, User
from judgetrain.accounts.roles import Role, sync_role_groups
from quizzes.bank.models.questions import Question, Topic
from quizzes.exams.models.exams import ExamAssignment, ExamBlueprint
from rulings import core as engine
from rulings.models import PolicyStatement, PolicyVersion

DEFAULT_PASSWORD = "correct horse battery staple"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    email = factory.Sequence(lambda n: f"person{n}@example.com")
    first_name = factory.Faker("first_name")
    last_name = factory.Faker("last_name")
    password = factory.django.Password(DEFAULT_PASSWORD)

    @factory.post_generation
    def roles(obj: User, create: bool, extracted: list[Role] | None, **kwargs: Any) -> None:
        if not create or not extracted:
            return
        sync_role_groups()
        obj.groups.add(*Group.objects.filter(name__in=[role.value for role in extracted]))


class CohortFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Cohort
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Cohort {n}")
    mentor = factory.SubFactory(UserFactory, roles=[Role.MENTOR])

    @factory.post_generation
    def candidates(obj: Cohort, create: bool, extracted: list[User] | None, **kwargs: Any) -> None:
        if create and extracted:
            obj.candidates.add(*extracted)


def user(*roles: Role, **kwargs: Any) -> User:
    return cast(User, UserFactory(roles=list(roles), **kwargs))


def candidate(**kwargs: Any) -> User:
    return user(Role.CANDIDATE, **kwargs)


def mentor(**kwargs: Any) -> User:
    return user(Role.MENTOR, **kwargs)


def committee_member(**kwargs: Any) -> User:
    return user(Role.COMMITTEE, is_staff=True, **kwargs)


def cohort(**kwargs: Any) -> Cohort:
    return cast(Cohort, CohortFactory(**kwargs))


TREASURE_HUNTER_SITUATION: dict[str, Any] = {
    "game": "riftbound",
    "players": ["you", "opponent"],
    "turn_player": "you",
    "trigger": {
        "kind": "point_total",
        "name": "Treasure Hunter",
        "source": "card",
        "controller": "you",
    },
    "play": {"acknowledged": "no", "following_action": "new_game_action"},
    "noticed": {"when": "same_turn"},
    "advantageous": False,
}


class QuestionFactory(factory.django.DjangoModelFactory):
    """A bank question keyed by the real engine from ``situation``."""

    class Meta:
        model = Question
        skip_postgeneration_save = True

    class Params:
        evaluated = factory.LazyAttribute(
            lambda o: engine.evaluate(engine.Situation.from_dict(o.situation))
        )

    situation = factory.LazyFunction(lambda: dict(TREASURE_HUNTER_SITUATION))
    content_hash = factory.Sequence(lambda n: f"{n:064x}")
    template_id = "test-template"
    template_version = "1"
    seed = factory.Sequence(int)
    game = factory.LazyAttribute(lambda o: o.evaluated.game)
    policy_version = factory.LazyAttribute(
        lambda o: PolicyVersion.objects.get(version_id=o.evaluated.policy_version)
    )
    language = "en"
    kind = "free_form"
    stem = "Your Treasure Hunter's trigger was forgotten. What is the ruling?"
    ruling = factory.LazyAttribute(lambda o: o.evaluated.to_dict())
    key_infraction = factory.LazyAttribute(lambda o: o.evaluated.infraction)
    key_penalty = factory.LazyAttribute(lambda o: o.evaluated.penalty.final)
    key_remedy = factory.LazyAttribute(lambda o: o.evaluated.remedy[0].remedy)
    explanation = factory.LazyAttribute(lambda o: engine.explain(o.evaluated, "en"))
    difficulty = 0.3

    @factory.post_generation
    def topics(obj: Question, create: bool, extracted: list[str] | None, **kwargs: Any) -> None:
        if create:
            for slug in extracted or ["missed_trigger"]:
                obj.topics.add(Topic.objects.get_or_create(slug=slug)[0])


def question(**kwargs: Any) -> Question:
    return cast(Question, QuestionFactory(**kwargs))


class BlueprintFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ExamBlueprint

    name = factory.Sequence(lambda n: f"Exam {n}")
    game = "riftbound"
    composition = factory.LazyFunction(
        lambda: [
            {"topic": None, "kind": "free_form", "count": 2},
            {"topic": None, "kind": "multiple_choice", "count": 1},
            {"topic": None, "kind": "find_the_wrong_part", "count": 1},
        ]
    )
    time_limit_minutes = 30
    review_policy = "immediately"
    pass_score = 0.8


class AssignmentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ExamAssignment

    blueprint = factory.SubFactory(BlueprintFactory)
    candidate = factory.LazyFunction(candidate)
    opens_at = factory.LazyFunction(lambda: timezone.now() - timedelta(hours=1))
    closes_at = factory.LazyFunction(lambda: timezone.now() + timedelta(days=7))
    # As the service does: the blueprint's attempt policy, copied when assigned.
    max_attempts = factory.LazyAttribute(lambda o: o.blueprint.attempts_allowed)
    cooldown_minutes = factory.LazyAttribute(lambda o: o.blueprint.cooldown_minutes)


def assignment(**kwargs: Any) -> ExamAssignment:
    return cast(ExamAssignment, AssignmentFactory(**kwargs))


def newer_policy_version(
    old: PolicyVersion, *, suffix: str = "-next", changed: str | None = None
) -> PolicyVersion:
    """The next version of `old`'s document, every statement copied; the statement whose id
    is `changed` gets new English words."""
    new = PolicyVersion.objects.create(
        document=old.document, version_id=old.version_id + suffix, title="next"
    )
    for statement in PolicyStatement.objects.filter(version=old):
        statement.pk = None
        statement.version = new
        if statement.statement_id == changed:
            statement.text_en += " Changed."
        statement.save()
    return new
