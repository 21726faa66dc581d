"""A holder's certificate routes, the public badge check and the published key set, in the
authorization matrix (issue 29, point 2).

A certificate's page and badge files are its holder's alone: everyone else logged in, the
committee and the administrator included, is answered 404 as for a certificate that does not
exist (the committee has its own certificate pages). The badge check and the key set are
public. Kept apart from ``test_authorization_matrix`` so branches adding routes merge easily.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from quizzes.certification.services import badges


def certificate_matrix(entry: Callable[..., Any], role_names: tuple[str, ...]) -> dict[str, Any]:
    """The entries, built with the main module's ``Entry`` (passed in: no import cycle)."""
    Entry = entry

    def roles(*status: int) -> dict[str, int]:
        return dict(zip(role_names, status, strict=True))

    def mine(suffix: str) -> Callable[[Any], str]:
        return lambda w: f"/certificates/{w.committee.certificate.pk}/{suffix}"

    holder_only = roles(302, 200, 404, 404, 404, 404, 404)
    logged_in = roles(302, 200, 200, 200, 200, 200, 200)
    public = roles(200, 200, 200, 200, 200, 200, 200)
    return {
        "my-certificates": Entry("get", lambda w: "/certificates/", logged_in),
        "my-certificate": Entry("get", mine(""), holder_only),
        "my-certificate-badge": Entry("get", mine("badge.jwt"), holder_only),
        "my-certificate-badge-json": Entry("get", mine("badge.json"), holder_only),
        "badge-verify": Entry("get", lambda w: "/certificates/verify-badge", public),
        "badge-verify POST": Entry(
            "post",
            lambda w: "/certificates/verify-badge",
            public,
            lambda w: {"badge": badges.badge_jwt(w.committee.certificate)},
        ),
        "jwks": Entry("get", lambda w: "/.well-known/jwks.json", public),
    }
