"""A certificate's status is said once (UX walk 1, #21 and #30: "Valid valid until",
"Válido válida até"), and a level reads in the page's language where it has a translation,
also where the committee picks it to issue a certificate."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from quizzes.certification.services import certification
from tests.factories import committee_member
from tests.quizzes.certificates.seeding import issued, level

pytestmark = pytest.mark.django_db


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize(
    ("lang", "shown"),
    [("en", "Valid until"), ("pt-br", "Válido até"), ("es", "Válido hasta el")],
)
def test_a_valid_certificate_says_valid_once_then_its_date(client, lang, shown):
    certificate = issued()
    client.force_login(certificate.candidate)
    client.cookies["django_language"] = lang

    text = words(client.get(reverse("my-certificates")).content.decode())

    assert shown in text
    assert not re.search(r"v[aá]lid[oa]?\s+v[aá]lid", text, re.IGNORECASE)


def test_an_expired_or_revoked_certificate_says_its_status_once(client):
    expired = issued(now=timezone.now() - timedelta(days=800))
    revoked = issued(expired.candidate, level(name="Magic L1", game="mtg"))
    certification.certificate_revoke(certificate=revoked, reason="Error.", by=committee_member())
    client.force_login(expired.candidate)
    client.cookies["django_language"] = "pt-br"

    text = words(client.get(reverse("my-certificates")).content.decode()).lower()

    assert "expirado desde" in text
    assert "revogado desde" in text
    assert not re.search(r"expirad[oa] expirad|revogad[oa] revogad", text)


def test_the_issue_form_lists_levels_in_the_page_language(client):
    level(name="Riftbound L1", name_translations={"es": "Juez Riftbound N1"})
    client.force_login(committee_member())
    client.cookies["django_language"] = "es"

    html = client.get(reverse("committee-certificate-issue")).content.decode()

    assert "Juez Riftbound N1</option>" in html
    assert "Riftbound L1</option>" not in html


def test_the_level_form_is_titled_with_the_level_name_in_the_page_language(client):
    made = level(name="Riftbound L1", name_translations={"pt-br": "Juiz Riftbound N1"})
    client.force_login(committee_member())
    client.cookies["django_language"] = "pt-br"

    html = client.get(reverse("committee-level-edit", args=[made.pk])).content.decode()

    assert "<h1>Juiz Riftbound N1</h1>" in html


def test_a_revoked_certificates_reason_follows_its_status_with_no_space_before_the_colon(client):
    # Walk 11, #9: "Revoked : Test revocation".
    revoked = issued()
    certification.certificate_revoke(certificate=revoked, reason="Test.", by=committee_member())
    client.force_login(committee_member())

    html = client.get(reverse("committee-certificate", args=[revoked.pk])).content.decode()

    assert "Revoked: Test." in html
