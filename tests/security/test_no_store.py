"""No response is kept in a cache: pages answer ``Cache-Control`` with ``no-store``
(judgetrain.middleware.NoStoreMiddleware).

Pages and API answers carry answers, keys, grades and names; a shared computer's browser
cache or a proxy must keep none of them. Every route of the authorization matrix, every admin
model's list and form and every admin site page, for every caller, is checked where the matrix
makes those requests (``_respond`` in tests/security/test_authorization_matrix.py), not sent a
second time here. This module has the answers outside the matrix: anonymous pages, errors and
a view with its own ``Cache-Control``.
"""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.django_db]


@pytest.mark.parametrize(
    "url", ["/", "/accounts/login/", "/api/v1/questions", "/no-such-page", "/api/v1/nothing"]
)
def test_anonymous_pages_and_errors_are_not_stored_either(client, url):
    response = client.get(url)

    assert "no-store" in response["Cache-Control"]


def test_a_view_that_sets_its_own_cache_control_keeps_it(client):
    response = client.get("/healthz")

    assert response["Cache-Control"].startswith("max-age=0")  # never_cache's own header
    assert "no-store" in response["Cache-Control"]
