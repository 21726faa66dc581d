"""Writes that span accounts, groups and cohorts."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import Group
from django.db import transaction

from judgetrain.accounts.models import Cohort, User
from judgetrain.accounts.roles import Role, sync_role_groups
from judgetrain.errors import ApplicationError


class DemoDataError(ApplicationError, ValueError):
    """The demo accounts file is malformed; the message names what is wrong."""


@dataclass(frozen=True)
class DemoAccount:
    email: str
    password: str | None  # only set when this run created the account or reset its password
    roles: tuple[str, ...]


def _require(mapping: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in mapping:
        raise DemoDataError(f"{where}: missing {key!r}")
    value = mapping[key]
    if not isinstance(value, kind):
        raise DemoDataError(f"{where}.{key}: expected {kind.__name__}")
    return value


def _role_groups(names: Sequence[str], where: str) -> list[Group]:
    unknown = sorted(set(names) - set(Role.values))
    if unknown:
        raise DemoDataError(f"{where}.roles: unknown role(s) {', '.join(unknown)}")
    return list(Group.objects.filter(name__in=names))


def _load_user(entry: Mapping[str, Any], where: str, *, reset: bool) -> DemoAccount:
    email = _require(entry, "email", str, where).strip().lower()
    roles = _require(entry, "roles", list, where)
    user, created = User.objects.get_or_create(
        email=email,
        defaults={
            "first_name": entry.get("first_name", ""),
            "last_name": entry.get("last_name", ""),
            "preferred_language": entry.get("preferred_language", ""),
            "is_staff": bool(entry.get("is_staff", False)),
            "is_superuser": bool(entry.get("is_superuser", False)),
        },
    )
    password = None
    if created or reset:
        password = secrets.token_urlsafe(12)
        user.set_password(password)
        user.save(update_fields=["password"])
    user.groups.add(*_role_groups(roles, where))
    return DemoAccount(email=email, password=password, roles=tuple(roles))


def _load_cohort(entry: Mapping[str, Any], where: str) -> None:
    name = _require(entry, "name", str, where)
    mentor_email = _require(entry, "mentor", str, where).lower()
    candidate_emails = [email.lower() for email in _require(entry, "candidates", list, where)]
    mentor = User.objects.filter(email=mentor_email).first()
    if mentor is None:
        raise DemoDataError(f"{where}.mentor: no user {mentor_email!r} in the file")
    candidates = list(User.objects.filter(email__in=candidate_emails))
    if len(candidates) != len(set(candidate_emails)):
        raise DemoDataError(f"{where}.candidates: every candidate must be a user in the file")
    cohort, _ = Cohort.objects.get_or_create(name=name, defaults={"mentor": mentor})
    cohort.candidates.add(*candidates)


@transaction.atomic
def demo_accounts_load(
    *, data: Mapping[str, Any], reset_passwords: bool = False
) -> list[DemoAccount]:
    """Create the demo users and cohorts (idempotent); new accounts get random passwords."""
    if not isinstance(data, Mapping):
        raise DemoDataError("the demo file must hold a JSON object")
    sync_role_groups()
    users = _require(data, "users", list, "demo")
    accounts = [
        _load_user(entry, f"users[{index}]", reset=reset_passwords)
        for index, entry in enumerate(users)
    ]
    for index, entry in enumerate(_require(data, "cohorts", list, "demo")):
        _load_cohort(entry, f"cohorts[{index}]")
    return accounts
