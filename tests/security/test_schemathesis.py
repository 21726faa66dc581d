"""Schemathesis against the OpenAPI schema: generated requests to every operation, as a
candidate and as a committee member, must never get a server error.

Bounded (a few examples per operation) so it stays within a couple of minutes on 2 cores.
"""

from __future__ import annotations

import base64

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from judgetrain.wsgi import application
from tests.factories import DEFAULT_PASSWORD, assignment, candidate, committee_member, question

MAX_EXAMPLES = 8


# Loaded when the module is collected (serving the schema needs no database). Schemathesis'
# lazy fixture loader does not work with this pytest version.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """The WSGI handler closes the database connection after each request, which would end
    the test's transaction; Django's own test client suspends that the same way."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def _headers(user) -> dict[str, str]:
    token = base64.b64encode(f"{user.email}:{DEFAULT_PASSWORD}".encode()).decode()
    return {"Authorization": f"Basic {token}"}


@pytest.fixture
def candidate_headers(db) -> dict[str, str]:
    """A candidate with a practice question and an open exam, so ids can resolve to rows."""
    question()
    user = candidate()
    assignment(candidate=user)
    return _headers(user)


@pytest.fixture
def committee_headers(db) -> dict[str, str]:
    question()
    return _headers(committee_member())


BOUNDED = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)


@schema.parametrize()
@BOUNDED
def test_no_request_from_a_candidate_gets_a_server_error(case, candidate_headers):
    case.call_and_validate(headers=candidate_headers, checks=[not_a_server_error])


@schema.parametrize()
@BOUNDED
def test_no_request_from_the_committee_gets_a_server_error(case, committee_headers):
    case.call_and_validate(headers=committee_headers, checks=[not_a_server_error])
