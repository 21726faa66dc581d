"""Permission checks in one query.

Django's ModelBackend reads a user's permissions with two queries, their own and their
groups', the first time a request checks one; every page and API endpoint that checks a role
pays for both (on exam day, a start's permission check cost more than the start itself).
``OneQueryPermissions`` answers ``has_perm`` exactly as ModelBackend does, from the same
permission set read with one query, and leaves that set where ModelBackend keeps it
(``user._perm_cache``), so ModelBackend, after it in AUTHENTICATION_BACKENDS, reads nothing
again. It authenticates nobody and restores no session: both stay with the backends after
it.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection


def permission_set(user: Any) -> set[str]:
    """``app_label.codename`` of every permission ModelBackend grants ``user`` (an active
    user: theirs and their groups', every one for a superuser), read with one query."""
    permissions, types = Permission._meta.db_table, ContentType._meta.db_table
    sql = f"""
        SELECT ct.app_label, p.codename FROM {permissions} AS p
          JOIN {types} AS ct ON ct.id = p.content_type_id
        """
    params: list[Any] = []
    if not user.is_superuser:
        own = get_user_model().user_permissions.through
        member = get_user_model().groups.through
        granted = Group.permissions.through
        user_column = own._meta.get_field("user").column
        sql += f"""
         WHERE p.id IN (SELECT permission_id FROM {own._meta.db_table} WHERE {user_column} = %s)
            OR p.id IN (SELECT g.permission_id FROM {granted._meta.db_table} AS g
                          JOIN {member._meta.db_table} AS m ON m.group_id = g.group_id
                         WHERE m.{member._meta.get_field("user").column} = %s)
        """
        params = [user.pk, user.pk]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return {f"{app_label}.{codename}" for app_label, codename in cursor.fetchall()}


class OneQueryPermissions:
    """ModelBackend's ``has_perm``, read with one query (see the module's docstring). Not a
    BaseBackend: its ``get_user`` would make it the backend a test client's ``force_login``
    records in the session, and it restores no user."""

    def authenticate(self, request: Any, **credentials: Any) -> None:
        return None  # logging in is the other backends' work

    def has_perm(self, user_obj: Any, perm: str, obj: Any = None) -> bool:
        if not user_obj.is_active or user_obj.is_anonymous or obj is not None:
            return False
        if not hasattr(user_obj, "_perm_cache"):  # ModelBackend's own cache of the same set
            user_obj._perm_cache = permission_set(user_obj)
        return perm in user_obj._perm_cache
