"""Password reset is rate-limited per client address and per address asked for; a refusal
says how long to wait and tells nothing about whether the address has an account."""

from __future__ import annotations

import logging
import re
import uuid

import pytest
from django.core import mail

from judgetrain.accounts import forms
from tests.factories import candidate
from tests.outage import dead_port, redis_cache

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

RESET = "/accounts/password/reset/"


@pytest.fixture
def on_commit_now(monkeypatch: pytest.MonkeyPatch) -> None:
    from django.db import transaction

    monkeypatch.setattr(transaction, "on_commit", lambda func, using=None, robust=False: func())


@pytest.fixture
def limits(settings):
    """Small limits; a fresh client address and fresh e-mail addresses per test, so counters
    left in the cache by other tests (or runs) never count."""
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "password_reset_ip": "3/hour"}
    settings.RATE_LIMITS["password_reset_address"] = "2/hour"
    return settings


def _ip() -> str:
    return f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}"


def _address() -> str:
    return f"reset-{uuid.uuid4().hex[:12]}@example.com"


def _ask(client, email, ip):
    return client.post(RESET, {"email": email}, REMOTE_ADDR=ip)


def test_too_many_resets_for_one_address_are_refused_with_a_429_and_no_mail(client, limits):
    user = candidate(email=_address())

    statuses = [_ask(client, user.email, _ip()).status_code for _ in range(3)]

    assert statuses == [302, 302, 429]
    assert len(mail.outbox) == 2


def test_the_refusal_is_the_same_for_an_address_with_or_without_an_account(client, limits):
    known = candidate(email=_address()).email
    unknown = _address()
    refusals = {}
    for email in (known, unknown):
        answers = [_ask(client, email, _ip()) for _ in range(3)]
        assert [a.status_code for a in answers] == [302, 302, 429]
        page = answers[-1].content.decode().replace(email, "ADDRESS")
        page = re.sub(r'name="csrfmiddlewaretoken" value="\w+"', "", page)
        refusals[email] = (answers[-1]["Retry-After"], page)

    assert refusals[known][1] == refusals[unknown][1]
    assert "Too many password reset requests" in refusals[known][1]
    assert 0 < int(refusals[known][0]) <= 3600


def test_too_many_resets_from_one_client_address_are_refused(client, limits):
    ip = _ip()

    statuses = [_ask(client, _address(), ip).status_code for _ in range(4)]

    assert statuses == [302, 302, 302, 429]


def test_behind_a_proxy_the_limit_counts_the_clients_address(client, limits):
    limits.LOGIN_PROXY_COUNT = 1
    proxy, first, second = _ip(), _ip(), _ip()

    def ask(forwarded_for):
        return client.post(
            RESET, {"email": _address()}, REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR=forwarded_for
        ).status_code

    assert [ask(first) for _ in range(4)] == [302, 302, 302, 429]
    assert ask(second) == 302  # another client behind the same proxy


def test_password_reset_answers_with_the_cache_down_and_logs_the_missing_limit(
    client, limits, caplog
):
    limits.CACHES = redis_cache(dead_port())
    user = candidate(email=_address())

    with caplog.at_level(logging.WARNING, logger="judgetrain.throttling"):
        statuses = [_ask(client, user.email, "10.0.0.1").status_code for _ in range(3)]

    assert statuses == [302, 302, 302]
    assert len(mail.outbox) == 3
    assert any(
        "rate limit 'password_reset_ip' not applied" in r.getMessage() for r in caplog.records
    )


def test_a_reset_request_reads_the_same_queries_with_or_without_an_account(
    client, limits, django_assert_num_queries, monkeypatch
):
    """The limits live in the cache: asking costs the one look-up Django's form makes (the
    e-mail is sent later, by a worker)."""
    monkeypatch.setattr(forms, "enqueue_on_commit", lambda *args, **kwargs: None)
    known = candidate(email=_address()).email
    with django_assert_num_queries(1):
        _ask(client, _address(), _ip())
    with django_assert_num_queries(1):
        _ask(client, known, _ip())
