import pytest
from django.apps import apps
from django.contrib import admin

from judgetrain.accounts.models import User
from tests.factories import CohortFactory, candidate, mentor

pytestmark = pytest.mark.django_db

PROJECT_APPS = ("accounts", "rulings", "quizzes")


def test_every_project_model_is_registered_in_the_admin():
    missing = [
        model._meta.label
        for app in PROJECT_APPS
        for model in apps.get_app_config(app).get_models()
        if not admin.site.is_registered(model)
    ]

    assert missing == []


@pytest.fixture
def superuser_client(client):
    client.force_login(User.objects.create_superuser("root@example.com", "pw-123456789"))
    return client


def test_every_project_changelist_change_and_add_page_loads(superuser_client, rf):
    CohortFactory(mentor=mentor(), candidates=[candidate()])
    request = rf.get("/")
    request.user = User.objects.get(email="root@example.com")
    for app in PROJECT_APPS:
        for model in apps.get_app_config(app).get_models():
            opts = model._meta
            base = f"/admin/{opts.app_label}/{opts.model_name}/"
            assert superuser_client.get(base).status_code == 200, base
            first = model._default_manager.first()
            if first is not None:
                change = f"{base}{first.pk}/change/"
                assert superuser_client.get(change).status_code == 200, change
            if admin.site.get_model_admin(model).has_add_permission(request):
                assert superuser_client.get(f"{base}add/").status_code == 200, base


def test_policy_data_is_read_only_in_the_admin(superuser_client):
    from rulings.models import PolicyVersion

    version = PolicyVersion.objects.first()

    assert superuser_client.get("/admin/rulings/policyversion/add/").status_code == 403
    assert (
        superuser_client.post(f"/admin/rulings/policyversion/{version.pk}/delete/").status_code
        == 403
    )


def test_user_changelist_queries_are_bounded(superuser_client, django_assert_max_num_queries):
    for _ in range(20):
        candidate()

    with django_assert_max_num_queries(10):
        response = superuser_client.get("/admin/accounts/user/")

    assert response.status_code == 200


def test_admin_creates_a_user_from_email_and_password(superuser_client):
    response = superuser_client.post(
        "/admin/accounts/user/add/",
        {
            "email": "New@Example.com",
            "password1": "a-long-passphrase-1",
            "password2": "a-long-passphrase-1",
            "usable_password": "true",
        },
    )

    assert response.status_code == 302
    assert User.objects.get(email="new@example.com").check_password("a-long-passphrase-1")


def test_the_committee_manages_exams_and_certificates_in_the_admin(client):
    from tests.factories import committee_member

    client.force_login(committee_member())

    for model in ("examblueprint", "examassignment", "certificationlevel", "certificate"):
        assert client.get(f"/admin/quizzes/{model}/add/").status_code == 200, model
    assert client.get("/admin/quizzes/attempt/").status_code == 200
    assert client.get("/admin/accounts/user/add/").status_code == 403


def test_resolving_an_appeal_in_the_admin_records_who_and_when(client):
    from django.utils import timezone

    from quizzes.exams.services import exams
    from quizzes.review.models.appeals import Appeal
    from tests.factories import assignment, committee_member

    attempt = exams.attempt_start(assignment=assignment(), language="en")
    exams.attempt_submit(attempt=attempt)
    Appeal.objects.create(item=attempt.items.first(), comment="Please look again.")
    appeal = Appeal.objects.get()
    reviewer = committee_member()
    client.force_login(reviewer)

    response = client.post(
        f"/admin/quizzes/appeal/{appeal.pk}/change/",
        {"status": "upheld", "resolution": "The remedy was right; regraded."},
    )

    assert response.status_code == 302
    appeal.refresh_from_db()
    assert appeal.resolved_by == reviewer
    assert appeal.resolved_at <= timezone.now()
