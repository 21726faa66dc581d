"""A holder's certificate pages (from Home, "My certificates"), the signed badge files, the
public badge check and key set, and what the public verification page and PDF say. The
findings these answer are issue 29's (candidate blocker, committee certificate findings)."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse
from django.utils import timezone

from quizzes.certification.services import badges, certification
from tests.factories import candidate, committee_member
from tests.quizzes.certificates.seeding import issued, level
from tests.quizzes.committee.test_certificate_privacy import _pdf_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def certificate():
    return issued()


def _revoke(certificate, reason="Exam fraud found on appeal."):
    return certification.certificate_revoke(
        certificate=certificate, reason=reason, by=committee_member()
    )


def test_home_links_each_certificate_and_marks_a_revoked_one(client, certificate):
    other = issued(certificate.candidate)
    _revoke(other)
    client.force_login(certificate.candidate)

    body = client.get("/").content.decode()

    assert reverse("my-certificate", args=[certificate.pk]) in body
    assert reverse("my-certificate", args=[other.pk]) in body
    assert "REVOKED" in body
    assert reverse("my-certificates") in body


def test_my_certificates_lists_only_my_own(client, certificate):
    stranger = issued()
    client.force_login(certificate.candidate)

    body = client.get(reverse("my-certificates")).content.decode()

    assert reverse("my-certificate", args=[certificate.pk]) in body
    assert reverse("my-certificate", args=[stranger.pk]) not in body


def test_my_certificates_say_the_status_once(client, certificate):
    """UX walk 1, finding 21: "Valid valid until Dec. 6, 2028"."""
    client.force_login(certificate.candidate)

    body = client.get(reverse("my-certificates")).content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", body).split())

    assert re.search(r"Valid until \w", text)
    assert text.lower().count("valid") == 1


def test_the_certificate_page_offers_link_qr_pdf_linkedin_and_badges(client, certificate):
    client.force_login(certificate.candidate)

    body = client.get(reverse("my-certificate", args=[certificate.pk])).content.decode()

    verify = f"http://testserver/certificates/verify/{certificate.code}"
    assert f'value="{verify}"' in body  # the link to copy
    assert '<svg role="img" aria-labelledby="qr-label"' in body
    assert f"QR code of the verification link: {verify}" in body
    assert reverse("certificate-pdf", args=[certificate.code]) in body
    assert reverse("my-certificate-badge", args=[certificate.pk]) in body
    assert reverse("my-certificate-badge-json", args=[certificate.pk]) in body
    assert "VALID" in body
    assert "JudgeTrain" in body  # the issuer
    link = next(part for part in body.split('"') if part.startswith("https://www.linkedin.com/"))
    query = parse_qs(urlsplit(link.replace("&amp;", "&")).query)
    assert query["startTask"] == ["CERTIFICATION_NAME"]
    assert query["name"] == ["Riftbound Judge Level 1"]
    assert query["organizationName"] == ["JudgeTrain"]
    assert query["issueYear"] == [str(certificate.issued_at.year)]
    assert query["issueMonth"] == [str(certificate.issued_at.month)]
    assert query["certId"] == [str(certificate.pk)]
    assert query["certUrl"] == [verify]


def test_a_revoked_certificate_page_says_so_with_reason_and_offers_no_share(client, certificate):
    _revoke(certificate)
    client.force_login(certificate.candidate)

    body = client.get(reverse("my-certificate", args=[certificate.pk])).content.decode()

    assert "REVOKED" in body
    assert "Exam fraud found on appeal." in body
    assert "linkedin.com" not in body
    assert "Valid until" not in body


@pytest.mark.parametrize("who", ["other", "committee"])
def test_someone_elses_certificate_page_and_badge_are_not_found(client, certificate, who):
    client.force_login(candidate() if who == "other" else committee_member())

    for name in ("my-certificate", "my-certificate-badge", "my-certificate-badge-json"):
        assert client.get(reverse(name, args=[certificate.pk])).status_code == 404


def test_the_badge_downloads_are_signed_files_that_check(client, certificate):
    client.force_login(certificate.candidate)

    jwt = client.get(reverse("my-certificate-badge", args=[certificate.pk]))
    envelope = client.get(reverse("my-certificate-badge-json", args=[certificate.pk]))

    assert jwt["Content-Type"] == "application/vc+jwt"
    assert jwt["Content-Disposition"].startswith("attachment;")
    assert badges.badge_verify(jwt.content).matches
    assert json.loads(envelope.content)["type"] == "EnvelopedVerifiableCredential"
    assert badges.badge_verify(envelope.content).certificate == certificate


def test_the_badge_check_page_shows_a_valid_badge_and_its_certificate(client, certificate):
    body = client.post(reverse("badge-verify"), {"badge": badges.badge_jwt(certificate)})

    text = body.content.decode()
    assert body.status_code == 200
    assert "The signature checks with the key of JudgeTrain." in text
    assert f"It matches certificate {certificate.pk} in our records." in text
    assert "VALID" in text
    assert "Ana Silva" in text


def test_the_badge_check_page_shows_revoked_though_the_signature_checks(client, certificate):
    token = badges.badge_jwt(certificate)
    _revoke(certificate)

    text = client.post(reverse("badge-verify"), {"badge": token}).content.decode()

    assert "The signature checks" in text
    assert "REVOKED" in text
    assert "Exam fraud" not in text  # the reason is the holder's and the committee's


@pytest.mark.parametrize(
    ("badge", "message"),
    [
        ("not a badge at all", "This is not a signed badge"),
        ("{broken", "The file is not valid JSON."),
        ("x" * (badges.MAX_BADGE_BYTES + 10), "larger than 64 KB"),
    ],
)
def test_the_badge_check_page_names_bad_input(client, badge, message):
    response = client.post(reverse("badge-verify"), {"badge": badge})

    text = response.content.decode()
    assert response.status_code == 400
    assert 'role="alert"' in text
    assert message in text
    assert "NOT VERIFIED" in text


def test_an_altered_badge_is_not_verified(client, certificate):
    head, body, signature = badges.badge_jwt(certificate).split(".")
    tampered = f"{head}.{body[:-4]}AAAA.{signature}"

    text = client.post(reverse("badge-verify"), {"badge": tampered}).content.decode()

    assert "NOT VERIFIED" in text
    assert "The signature checks" not in text


def test_the_key_set_is_public_to_any_origin(client):
    response = client.get("/.well-known/jwks.json")

    assert response.status_code == 200
    assert response["Access-Control-Allow-Origin"] == "*"
    assert response.json()["keys"][0]["use"] == "sig"
    assert "d" not in response.json()["keys"][0]


def test_the_public_page_shows_issuer_and_a_revoked_certificate_without_valid_until(
    client, certificate
):
    _revoke(certificate)

    text = client.get(reverse("certificate-verify", args=[certificate.code])).content.decode()

    assert "<dt>Issuer</dt><dd>JudgeTrain</dd>" in text
    assert "REVOKED" in text
    assert "Valid until" not in text


def test_the_public_page_and_pdf_translate_the_level(client):
    translated = level(name="RB L1", name_translations={"pt-br": "Juiz Riftbound Nível 1"})
    certificate = issued(of=translated)

    page = client.get(
        reverse("certificate-verify", args=[certificate.code]), HTTP_ACCEPT_LANGUAGE="pt-br"
    ).content.decode()
    pdf = _pdf_text(
        client.get(
            reverse("certificate-pdf", args=[certificate.code]), HTTP_ACCEPT_LANGUAGE="pt-br"
        ).content
    )

    assert "Juiz Riftbound Nível 1" in page
    assert "Juiz Riftbound N\\355vel 1" in pdf or "Juiz Riftbound Nível 1" in pdf


def test_the_pdf_names_issuer_number_and_status(client, certificate):
    valid = _pdf_text(client.get(reverse("certificate-pdf", args=[certificate.code])).content)
    _revoke(certificate)
    revoked = _pdf_text(client.get(reverse("certificate-pdf", args=[certificate.code])).content)

    assert "Issuer: JudgeTrain" in valid
    assert f"Certificate number: {certificate.pk}" in valid
    assert "Valid until" in valid
    assert "REVOKED" not in valid
    assert "REVOKED" in revoked
    assert "Valid until" not in revoked


def test_the_pdf_of_an_expired_certificate_says_expired(client):
    old = issued(now=timezone.now() - timezone.timedelta(days=800))

    text = _pdf_text(client.get(reverse("certificate-pdf", args=[old.code])).content)

    assert "EXPIRED on" in text
    assert "Valid until" not in text


@pytest.mark.parametrize(
    ("name", "limit"),
    [("my-certificates", 8), ("my-certificate", 8), ("my-certificate-badge", 6)],
)
def test_the_holder_pages_read_a_bounded_number_of_queries(
    client, certificate, django_assert_max_num_queries, name, limit
):
    for _ in range(3):
        issued(certificate.candidate)
    client.force_login(certificate.candidate)
    args = [] if name == "my-certificates" else [certificate.pk]

    with django_assert_max_num_queries(limit):
        assert client.get(reverse(name, args=args)).status_code == 200


def test_the_badge_check_reads_a_bounded_number_of_queries(
    client, certificate, django_assert_max_num_queries
):
    token = badges.badge_jwt(certificate)

    with django_assert_max_num_queries(3):
        assert client.post(reverse("badge-verify"), {"badge": token}).status_code == 200
    with django_assert_max_num_queries(1):
        assert client.get("/.well-known/jwks.json").status_code == 200
