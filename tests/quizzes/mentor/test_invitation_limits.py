"""Cohort invitations are rate-limited per inviting account, per client address and per
invited address; a refusal is a 429 on the cohort page saying how long to wait."""

from __future__ import annotations

import logging
import uuid

import pytest
from django.core import mail
from django.urls import reverse

from quizzes.review.models.review import Invitation
from tests.factories import candidate, mentor
from tests.factories import cohort as make_cohort
from tests.outage import dead_port, redis_cache

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


@pytest.fixture
def limits(settings):
    """Small limits; fresh client and e-mail addresses per test, so counters other tests (or
    runs) left in the cache never count."""
    settings.RATE_LIMITS = {
        **settings.RATE_LIMITS,
        "invitation_ip": "3/hour",
        "invitation_user": "2/hour",
        "invitation_address": "2/day",
    }
    return settings


def _ip() -> str:
    return f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}"


def _address() -> str:
    return f"invited-{uuid.uuid4().hex[:12]}@example.com"


def cohort():
    """A cohort whose mentor has an address no other test (or run) used."""
    return make_cohort(mentor=mentor(email=_address()))


def _invite(client, group, email, ip):
    return client.post(
        reverse("mentor-cohort-invite", args=[group.pk]), {"invite-email": email}, REMOTE_ADDR=ip
    )


def test_too_many_invitations_from_one_mentor_are_refused_with_a_429(client, limits):
    group = cohort()
    client.force_login(group.mentor)

    answers = [_invite(client, group, _address(), _ip()) for _ in range(3)]

    assert [a.status_code for a in answers] == [302, 302, 429]
    assert "Too many invitations" in answers[-1].content.decode()
    assert 0 < int(answers[-1]["Retry-After"]) <= 3600
    assert len(mail.outbox) == 2
    assert Invitation.objects.count() == 2


def test_one_address_is_invited_a_limited_number_of_times_whoever_asks(client, limits):
    """The same for an address with an account and one without."""
    for email in (candidate(email=_address()).email, _address()):
        statuses = []
        for _ in range(3):
            group = cohort()
            client.force_login(group.mentor)
            statuses.append(_invite(client, group, email, _ip()).status_code)
        assert statuses == [302, 302, 429], email


def test_too_many_invitations_from_one_client_address_are_refused(client, limits):
    ip = _ip()
    statuses = []
    for _ in range(4):
        group = cohort()
        client.force_login(group.mentor)
        statuses.append(_invite(client, group, _address(), ip).status_code)

    assert statuses == [302, 302, 302, 429]


def test_inviting_works_with_the_cache_down_and_logs_the_missing_limit(client, limits, caplog):
    limits.CACHES = redis_cache(dead_port())
    group = cohort()
    client.force_login(group.mentor)

    with caplog.at_level(logging.WARNING, logger="judgetrain.throttling"):
        statuses = [_invite(client, group, _address(), "10.0.0.1").status_code for _ in range(3)]

    assert statuses == [302, 302, 302]
    assert any("rate limit 'invitation_ip' not applied" in r.getMessage() for r in caplog.records)
