from __future__ import annotations

from typing import Any, cast

import factory
from django.contrib.auth.models import Group

from judgetrain.accounts.models import Cohort, User
from judgetrain.accounts.roles import Role, sync_role_groups

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
