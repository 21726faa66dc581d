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


def test_every_project_changelist_and_add_page_loads(superuser_client):
    CohortFactory(mentor=mentor(), candidates=[candidate()])
    for app in PROJECT_APPS:
        for model in apps.get_app_config(app).get_models():
            opts = model._meta
            for page in ("changelist", "add"):
                url = f"/admin/{opts.app_label}/{opts.model_name}/" + (
                    "add/" if page == "add" else ""
                )
                assert superuser_client.get(url).status_code == 200, url


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
