import pytest
from django.contrib.auth.models import Group

from judgetrain.accounts.roles import ROLE_PERMISSIONS, Role, sync_role_groups
from tests.factories import UserFactory, candidate, committee_member, mentor

pytestmark = pytest.mark.django_db


def group_permissions(role: Role) -> set[str]:
    group = Group.objects.get(name=role.value)
    return {f"{p.content_type.app_label}.{p.codename}" for p in group.permissions.all()}


def test_migrate_creates_one_group_per_role_with_exactly_its_permissions():
    for role in Role:
        assert group_permissions(role) == set(ROLE_PERMISSIONS[role])


def test_sync_restores_a_permission_removed_by_hand_and_is_idempotent():
    Group.objects.get(name=Role.MENTOR.value).permissions.clear()

    sync_role_groups()
    sync_role_groups()

    assert group_permissions(Role.MENTOR) == set(ROLE_PERMISSIONS[Role.MENTOR])
    assert Group.objects.filter(name__in=Role.values).count() == len(Role)


def test_each_role_grants_its_capability():
    assert candidate().has_perm("accounts.practise")
    assert mentor().has_perm("accounts.mentor_candidates")
    assert committee_member().has_perm("accounts.manage_certification")


def test_a_candidate_cannot_mentor_or_certify():
    user = candidate()

    assert not user.has_perm("accounts.mentor_candidates")
    assert not user.has_perm("accounts.manage_certification")


def test_a_user_without_a_role_has_no_capability():
    user = UserFactory()

    assert not user.has_perm("accounts.practise")
