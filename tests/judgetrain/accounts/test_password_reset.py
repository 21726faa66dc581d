"""Password reset by e-mail: Django's views, the e-mail sent by a Celery task after commit."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from judgetrain.accounts.tasks import password_reset_email_send
from tests.factories import candidate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


@pytest.fixture
def on_commit_now(monkeypatch: pytest.MonkeyPatch) -> None:
    from django.db import transaction

    monkeypatch.setattr(transaction, "on_commit", lambda func, using=None, robust=False: func())


def _link(message: mail.EmailMessage) -> str:
    found = re.search(r"https?://[^/]+(/accounts/password/reset/[^\s]+)", str(message.body))
    assert found, message.body
    return found.group(1)


def test_the_login_page_links_to_the_reset_page(client):
    page = client.get("/accounts/login/").content.decode()

    assert 'href="/accounts/password/reset/"' in page


def test_asking_for_a_reset_sends_a_link_that_sets_a_new_password(client):
    user = candidate()

    response = client.post("/accounts/password/reset/", {"email": user.email})

    assert response.status_code == 302
    assert response["Location"] == "/accounts/password/reset/sent/"
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == [user.email]
    form = client.get(_link(mail.outbox[0]), follow=True)
    assert form.context["validlink"]
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "a brand new passphrase", "new_password2": "a brand new passphrase"},
    )
    assert done["Location"] == "/accounts/password/reset/done/"
    user.refresh_from_db()
    assert user.check_password("a brand new passphrase")


def test_an_unknown_address_gets_the_same_page_and_no_mail(client):
    response = client.post("/accounts/password/reset/", {"email": "nobody@example.com"})

    assert response.status_code == 302
    assert mail.outbox == []


def test_the_email_is_queued_as_a_task_not_sent_by_the_request(client, monkeypatch):
    queued = []
    monkeypatch.setattr(
        password_reset_email_send,
        "apply_async",
        lambda args=(), kwargs=None, **_: queued.append(kwargs),
    )
    user = candidate()

    client.post("/accounts/password/reset/", {"email": user.email})

    assert mail.outbox == []
    assert [kwargs["user_id"] for kwargs in queued] == [user.pk]
    assert set(queued[0]) == {"user_id", "uid", "token", "domain", "protocol", "language"}


def test_the_email_is_written_in_the_users_language(client):
    user = candidate(preferred_language="es")

    client.post("/accounts/password/reset/", {"email": user.email})

    assert "contraseña" in mail.outbox[0].subject.lower()


RESET_EMAIL = {
    "en": ("Reset your JudgeTrain password", "Open this link to choose a new password:"),
    "pt-br": ("Redefina sua senha do JudgeTrain", "Abra este link para escolher uma nova senha:"),
    "es": (
        "Restablece tu contraseña de JudgeTrain",
        "Abre este enlace para elegir una contraseña nueva:",
    ),
}


@pytest.mark.parametrize("language", list(RESET_EMAIL))
def test_the_reset_email_is_whole_in_the_account_language_whatever_the_page_language(
    client, language
):
    user = candidate(preferred_language=language)
    client.cookies["django_language"] = "pt-br" if language != "pt-br" else "es"

    client.post("/accounts/password/reset/", {"email": user.email})

    subject, line = RESET_EMAIL[language]
    sent = mail.outbox[0]
    assert sent.subject == subject
    assert line in sent.body
    assert user.email in sent.body
    if language != "en":
        assert "If you did not ask" not in sent.body
        assert "Someone (we hope you)" not in sent.body
    assert client.get(_link(sent), follow=True).status_code == 200


def test_without_an_account_language_the_reset_email_uses_the_page_language(client):
    user = candidate(preferred_language="")
    client.cookies["django_language"] = "es"

    client.post("/accounts/password/reset/", {"email": user.email})

    assert mail.outbox[0].subject == RESET_EMAIL["es"][0]


def test_the_task_sends_nothing_to_a_deactivated_account():
    user = candidate(is_active=False)

    sent = password_reset_email_send(
        user_id=user.pk, uid="x", token="y", domain="testserver", protocol="http", language="en"
    )

    assert sent is False
    assert mail.outbox == []


@pytest.mark.parametrize("language", ["en", "pt-br", "es"])
def test_every_reset_page_renders_in_every_language(client, language):
    client.cookies["django_language"] = language

    for url in (
        "/accounts/password/reset/",
        "/accounts/password/reset/sent/",
        "/accounts/password/reset/done/",
        "/accounts/password/reset/bad/bad-token/",
    ):
        assert client.get(url, follow=True).status_code == 200, url


def test_the_reset_pages_use_a_bounded_number_of_queries(client, django_assert_max_num_queries):
    user = candidate()

    with django_assert_max_num_queries(3):
        client.get("/accounts/password/reset/")
    with django_assert_max_num_queries(6):
        client.post("/accounts/password/reset/", {"email": user.email})
