"""Certificates as Open Badges 3.0 credentials signed as VC-JWT, and the check of a badge file:
signature against the published keys, the certificate it names, its status now. The
credential's shape follows the Open Badges 3.0 and VC data model 2.0 specifications."""

from __future__ import annotations

import base64
import json

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from django.utils import timezone
from joserfc import jws
from joserfc.jwk import KeySet

from judgetrain import signing
from quizzes.certification.models import Certificate
from quizzes.certification.services import badges, certification
from tests.factories import candidate, committee_member
from tests.quizzes.certificates.seeding import issued

pytestmark = pytest.mark.django_db


def _segments(token: str) -> list[dict]:
    head, body, _ = token.split(".")
    return [
        json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))) for part in (head, body)
    ]


def _pem(key) -> str:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


def test_the_credential_is_an_open_badge_about_the_level_without_the_email():
    certificate = issued()

    header, claims = _segments(badges.badge_jwt(certificate))

    assert header["typ"] == "vc+jwt"
    assert header["kid"] == signing.signing_key().kid
    assert claims["@context"] == [badges.VC_CONTEXT, badges.OB_CONTEXT]
    assert claims["type"] == ["VerifiableCredential", "OpenBadgeCredential"]
    assert claims["credentialSubject"]["achievement"]["name"] == "Riftbound Judge Level 1"
    assert claims["credentialSubject"]["identifier"][0]["identityHash"] == "Ana Silva"
    assert claims["issuer"]["name"] == "JudgeTrain"
    assert claims["id"].endswith(f"/certificates/verify/{certificate.code}")
    assert claims["validFrom"].endswith("Z")
    assert certificate.candidate.email not in json.dumps(claims)


def test_a_nameless_holder_is_identified_by_a_salted_hash():
    certificate = issued(candidate(first_name="", last_name="", email="who@example.com"))

    identity = _segments(badges.badge_jwt(certificate))[1]["credentialSubject"]["identifier"][0]

    assert identity["hashed"] is True
    assert identity["identityHash"].startswith("sha256$")
    assert "who@example.com" not in json.dumps(identity)


def test_the_published_key_set_verifies_the_badge():
    token = badges.badge_jwt(issued())

    keys = KeySet.import_key_set(signing.jwks())

    assert jws.deserialize_compact(token, keys, algorithms=["ES256", "Ed25519"]).payload


@pytest.mark.parametrize("as_json", [False, True])
def test_a_valid_badge_checks_and_names_its_certificate(as_json):
    certificate = issued()
    data = (
        json.dumps(badges.badge_envelope(certificate)) if as_json else badges.badge_jwt(certificate)
    )

    check = badges.badge_verify(data.encode())

    assert check.certificate == certificate
    assert check.matches
    assert check.status == "valid"
    assert check.holder == "Ana Silva"


def test_a_revoked_certificate_reads_revoked_though_its_signature_checks():
    certificate = issued()
    token = badges.badge_jwt(certificate)
    certification.certificate_revoke(
        certificate=certificate, reason="Exam fraud.", by=committee_member()
    )

    check = badges.badge_verify(token.encode())

    assert check.status == "revoked"


def test_an_expired_certificate_reads_expired():
    certificate = issued(now=timezone.now() - timezone.timedelta(days=800))

    assert badges.badge_verify(badges.badge_jwt(certificate).encode()).status == "expired"


def test_an_altered_badge_fails_its_signature():
    token = badges.badge_jwt(issued())
    head, body, signature = token.split(".")
    claims = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    claims["validUntil"] = "2099-01-01T00:00:00Z"
    forged = base64.urlsafe_b64encode(json.dumps(claims).encode()).rstrip(b"=").decode()

    with pytest.raises(badges.BadgeError) as refused:
        badges.badge_verify(f"{head}.{forged}.{signature}".encode())

    assert refused.value.code == "bad_signature"


def test_a_badge_signed_with_another_key_is_refused(settings):
    certificate = issued()
    settings.CERTIFICATE_SIGNING_KEY = _pem(ed25519.Ed25519PrivateKey.generate())
    foreign = badges.badge_jwt(certificate)
    settings.CERTIFICATE_SIGNING_KEY = _pem(ec.generate_private_key(ec.SECP256R1()))

    with pytest.raises(badges.BadgeError) as refused:
        badges.badge_verify(foreign.encode())

    assert refused.value.code == "unknown_key"


def test_a_badge_signed_with_a_retired_key_still_checks(settings):
    old = ed25519.Ed25519PrivateKey.generate()
    certificate = issued()
    settings.CERTIFICATE_SIGNING_KEY = _pem(old)
    token = badges.badge_jwt(certificate)
    settings.CERTIFICATE_SIGNING_KEY = _pem(ec.generate_private_key(ec.SECP256R1()))
    settings.CERTIFICATE_RETIRED_PUBLIC_KEYS = (
        old.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )

    assert badges.badge_verify(token.encode()).matches


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"x" * (badges.MAX_BADGE_BYTES + 1), "too_big"),
        (b"\xff\xfe\x00binary", "malformed"),
        (b"", "malformed"),
        (b"{not json", "malformed"),
        (b'{"id": "https://example.com/"}', "malformed"),
        (b"just some words", "malformed"),
        (b"a.b.c", "malformed"),
    ],
)
def test_bad_input_gets_a_clear_error(data, code):
    with pytest.raises(badges.BadgeError) as refused:
        badges.badge_verify(data)

    assert refused.value.code == code
    assert str(refused.value)


def test_a_signed_badge_naming_no_certificate_here_is_unmatched():
    certificate = issued()
    token = badges.badge_jwt(certificate)
    Certificate.objects.filter(pk=certificate.pk).update(code="another-code")

    check = badges.badge_verify(token.encode())

    assert check.certificate is None
    assert check.status == "unknown"
