import pytest
from django.core.exceptions import ValidationError

from judgetrain.accounts.models import Cohort, User
from judgetrain.accounts.roles import Role
from tests.factories import CohortFactory, UserFactory, candidate, mentor

pytestmark = pytest.mark.django_db


def test_create_user_logs_in_by_lowercased_email():
    user = User.objects.create_user("Ana.Souza@Example.COM", "pw-123456789")

    assert user.email == "ana.souza@example.com"
    assert User.objects.get_by_natural_key("ANA.SOUZA@example.com") == user
    assert user.check_password("pw-123456789")


def test_create_user_requires_an_email():
    with pytest.raises(ValueError, match="e-mail address is required"):
        User.objects.create_user("", "pw")


def test_create_superuser_is_staff_and_superuser():
    admin = User.objects.create_superuser("root@example.com", "pw-123456789")

    assert admin.is_staff
    assert admin.is_superuser


def test_user_reports_its_roles_in_declaration_order():
    user = UserFactory(roles=[Role.COMMITTEE, Role.CANDIDATE])

    assert user.roles == [Role.CANDIDATE, Role.COMMITTEE]
    assert user.has_role(Role.COMMITTEE)
    assert not user.has_role(Role.MENTOR)


def test_cohort_links_a_mentor_to_candidates():
    guide = mentor()
    student = candidate()

    cohort = CohortFactory(mentor=guide, candidates=[student])

    assert list(cohort.candidates.all()) == [student]
    assert list(student.cohorts.all()) == [cohort]
    assert list(guide.mentored_cohorts.all()) == [cohort]


def test_cohort_rejects_a_mentor_without_the_mentor_role():
    cohort = Cohort(name="Bad", mentor=candidate())

    with pytest.raises(ValidationError) as error:
        cohort.full_clean()

    assert "mentor" in error.value.message_dict
