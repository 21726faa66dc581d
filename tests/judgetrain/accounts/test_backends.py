"""Permission checks read the user's permissions with one query, granting exactly what Django's
ModelBackend grants (a role's page or endpoint, an exam start, paid two queries for it)."""

import pytest
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import AnonymousUser, Permission

from judgetrain.accounts.backends import OneQueryPermissions, permission_set
from judgetrain.accounts.models import User
from judgetrain.accounts.roles import Role
from tests.factories import candidate, committee_member, mentor, user

pytestmark = pytest.mark.django_db


def people() -> list[User]:
    direct = user()  # no role: one permission of their own
    direct.user_permissions.add(Permission.objects.get(codename="view_question"))
    both = mentor()
    both.user_permissions.add(Permission.objects.get(codename="manage_certification"))
    return [
        candidate(),
        mentor(),
        committee_member(),
        user(Role.CANDIDATE, Role.MENTOR),
        direct,
        both,
        user(is_superuser=True),
        mentor(is_active=False),
        user(),
    ]


def test_it_grants_exactly_what_model_backend_grants():
    labels = [
        f"{app}.{codename}"
        for app, codename in Permission.objects.values_list("content_type__app_label", "codename")
    ]
    for person in people():
        ours = User.objects.get(pk=person.pk)
        theirs = User.objects.get(pk=person.pk)
        for label in labels:
            assert OneQueryPermissions().has_perm(ours, label) is ModelBackend().has_perm(
                theirs, label
            ), (person, label)
        if person.is_active:
            assert permission_set(ours) == ModelBackend().get_all_permissions(theirs)


def test_a_role_check_reads_the_permissions_once_with_one_query(django_assert_num_queries):
    person = User.objects.get(pk=candidate().pk)

    with django_assert_num_queries(1):  # ModelBackend alone made two
        assert person.has_perm("accounts.practise")
        assert not person.has_perm("quizzes.grade_answers")  # ModelBackend finds the cache
        assert "accounts.practise" in person.get_all_permissions()


def test_nobody_anonymous_or_inactive_is_granted_anything(django_assert_num_queries):
    inactive = User.objects.get(pk=mentor(is_active=False).pk)

    with django_assert_num_queries(0):
        assert not OneQueryPermissions().has_perm(AnonymousUser(), "accounts.practise")
        assert not OneQueryPermissions().has_perm(inactive, "accounts.practise")
    assert not OneQueryPermissions().has_perm(User.objects.get(pk=mentor().pk), "x", obj=1)
