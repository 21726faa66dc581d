"""System checks for the private question pools (docs/operations.md, "Threat model").

``quizzes.E001`` (every command): the private pools directory holds something unusable.
``quizzes.W001`` (``check --deploy``): exams would draw on public material only.
``quizzes.W002`` (``check --deploy``): the exam pools leave some public material in stems.
``quizzes.W003`` (``check --deploy``): the pools directory lies inside the code checkout."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.apps import AppConfig
from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register
from django.db import DatabaseError

from quizzes.bank.pool_directory import PoolDirectoryError, directory_check, pool_directory

DOCS = "docs/operations.md, 'Setting up pools'"


@register()
def pool_directory_usable(
    app_configs: Sequence[AppConfig] | None = None, **kwargs: Any
) -> list[CheckMessage]:
    directory = pool_directory()
    if directory is None:
        return []
    try:
        directory_check(directory)
    except PoolDirectoryError as error:
        return [Error(str(error), hint=DOCS, id="quizzes.E001")]
    return []


@register(Tags.security, deploy=True)
def exam_pools_private(
    app_configs: Sequence[AppConfig] | None = None, **kwargs: Any
) -> list[CheckMessage]:
    from quizzes.bank.services.pools import exam_pools_gaps

    messages: list[CheckMessage] = _inside_checkout()
    unread = ""
    try:
        try:
            gaps = exam_pools_gaps()
        except DatabaseError as error:
            unread = f" (the database's pools could not be read: {error})"
            gaps = exam_pools_gaps(database=False)
    except PoolDirectoryError:
        return messages  # quizzes.E001 reports it
    if gaps == ["all"]:
        return [*messages, _public(unread)]
    if gaps:
        messages.append(
            Warning(
                "exam stems still show public material the exam pools do not replace: "
                + ", ".join(gaps),
                hint=f"add names, cards and sentences to the exam pools ({DOCS})",
                id="quizzes.W002",
            )
        )
    return messages


def _public(detail: str) -> Warning:
    return Warning(
        "exams draw names, cards and wording from the public repository only: anyone can "
        "generate their questions and keys" + detail,
        hint=f"set JUDGETRAIN_PRIVATE_POOLS to a directory with exam pools ({DOCS})",
        id="quizzes.W001",
    )


def _inside_checkout() -> list[CheckMessage]:
    directory = pool_directory()
    if directory is None or not directory.resolve().is_relative_to(settings.BASE_DIR):
        return []
    return [
        Warning(
            f"the private pools directory {directory} lies inside the code checkout",
            hint="keep it where deployments, copies and backups of the code do not reach",
            id="quizzes.W003",
        )
    ]
