"""Roles are groups whose permissions are declared here, in code, and synced on migrate."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    CANDIDATE = "candidate", _("Judge candidate")
    MENTOR = "mentor", _("Mentor")
    COMMITTEE = "committee", _("Certification committee")


_COMMITTEE_MANAGES = ("examblueprint", "examassignment", "certificationlevel", "certificate")

# "app_label.codename" for every permission a role grants. Later apps add theirs here.
ROLE_PERMISSIONS: dict[Role, frozenset[str]] = {
    Role.CANDIDATE: frozenset({"accounts.practise"}),
    Role.MENTOR: frozenset(
        {
            "accounts.practise",
            "accounts.mentor_candidates",
            "accounts.view_cohort",
            "rulings.evaluate_situation",
            "quizzes.view_question_key",
            "quizzes.grade_answers",
        }
    ),
    Role.COMMITTEE: frozenset(
        {
            "accounts.manage_certification",
            "accounts.mentor_candidates",
            "accounts.view_cohort",
            "accounts.add_cohort",
            "accounts.change_cohort",
            "accounts.view_user",
            "rulings.evaluate_situation",
            "rulings.view_policyversion",
            "rulings.view_policystatement",
            "rulings.view_policydocument",
            "quizzes.view_question_key",
            "quizzes.grade_answers",
            "quizzes.view_question",
            "quizzes.view_topic",
            # Until the committee's own pages exist, it works in the administration site.
            *(
                f"quizzes.{action}_{model}"
                for model in (
                    "examblueprint",
                    "examassignment",
                    "certificationlevel",
                    "certificate",
                )
                for action in ("add", "change", "view")
            ),
            *(f"quizzes.{action}_questionpool" for action in ("add", "change", "view", "delete")),
            "quizzes.view_attempt",
            "quizzes.view_variantjob",
            "quizzes.view_attemptitem",
            "quizzes.change_attemptitem",
            "quizzes.view_appeal",
            "quizzes.change_appeal",
        }
    ),
}


def sync_role_groups(sender: Any = None, **kwargs: Any) -> None:
    """Create each role's group and set exactly its declared permissions (idempotent)."""
    from django.contrib.auth.models import Group, Permission

    wanted = {perm for perms in ROLE_PERMISSIONS.values() for perm in perms}
    by_key = {
        f"{perm.content_type.app_label}.{perm.codename}": perm
        for perm in Permission.objects.select_related("content_type")
    }
    if not wanted <= by_key.keys():
        return  # some app's permissions are not created yet; a later post_migrate syncs
    for role, perms in ROLE_PERMISSIONS.items():
        group, _ = Group.objects.get_or_create(name=role.value)
        group.permissions.set([by_key[perm] for perm in perms])
