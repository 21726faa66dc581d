"""What the public learns from a certificate: the holder's name, never their e-mail address.
A holder without a name is "Name not provided", told apart by the certificate's number."""

from __future__ import annotations

import base64
import re
import zlib

import pytest
from django.urls import reverse

from quizzes.certification.models import CertificationLevel, LevelRequirement
from quizzes.certification.services import certification
from tests.factories import BlueprintFactory, candidate, committee_member
from tests.quizzes.committee.seeding import graded_attempt

pytestmark = pytest.mark.django_db

ADDRESS = "nameless.holder@example.com"


def _issued(**names):
    level = CertificationLevel.objects.create(name="RB L1", game="riftbound", validity_days=365)
    exam = BlueprintFactory()
    LevelRequirement.objects.create(level=level, blueprint=exam, min_score=0.5)
    person = candidate(email=ADDRESS, **names)
    graded_attempt(person, exam, [1.0])
    return certification.certificate_issue(candidate=person, level=level, by=committee_member())


def _pdf_text(pdf: bytes) -> str:
    """The PDF's page content: reportlab writes each stream ASCII85-encoded and deflated."""
    parts = []
    for stream in re.findall(rb"stream\r?\n(.*?)~>\s*endstream", pdf, re.S):
        parts.append(zlib.decompress(base64.a85decode(stream)).decode("latin-1"))
    return "\n".join(parts)


@pytest.mark.parametrize("logged_in", [False, True])
def test_the_public_page_of_a_nameless_holder_shows_no_address(client, logged_in):
    issued = _issued(first_name="", last_name="")
    if logged_in:
        client.force_login(committee_member())

    body = client.get(reverse("certificate-verify", args=[issued.code])).content.decode()

    assert ADDRESS not in body
    assert "nameless.holder" not in body
    assert "Name not provided" in body
    assert f"<dd>{issued.pk}</dd>" in body


def test_the_pdf_of_a_nameless_holder_shows_no_address(client):
    issued = _issued(first_name="", last_name="")

    response = client.get(reverse("certificate-pdf", args=[issued.code]))

    text = _pdf_text(response.content)
    assert response.status_code == 200
    assert "nameless.holder" not in text
    assert "nameless.holder" not in response.content.decode("latin-1")
    assert f"the holder of certificate number {issued.pk}" in text


def test_the_verification_api_of_a_nameless_holder_shows_no_address(client):
    issued = _issued(first_name="", last_name="")

    answer = client.get(f"/api/v1/certificates/verify/{issued.code}")

    assert answer.status_code == 200
    assert "nameless.holder" not in answer.content.decode()
    assert answer.json()["name"] is None
    assert answer.json()["id"] == issued.pk


def test_a_named_holder_is_shown_by_name_everywhere_public(client):
    issued = _issued(first_name="Ana", last_name="Lima")

    page = client.get(reverse("certificate-verify", args=[issued.code])).content.decode()
    pdf = _pdf_text(client.get(reverse("certificate-pdf", args=[issued.code])).content)
    api = client.get(f"/api/v1/certificates/verify/{issued.code}").json()

    assert "Ana Lima" in page
    assert ADDRESS not in page
    assert "Ana Lima" in pdf
    assert "nameless.holder" not in pdf
    assert api["name"] == "Ana Lima"


def test_the_committee_is_told_when_the_public_page_shows_no_name(client):
    issued = _issued(first_name="", last_name="")
    client.force_login(committee_member())

    page = client.get(reverse("committee-certificate", args=[issued.pk])).content.decode()

    assert "Name not provided" in page


def test_the_public_certificate_answers_read_one_query(client, django_assert_num_queries):
    issued = _issued(first_name="", last_name="")

    for url in (
        reverse("certificate-verify", args=[issued.code]),
        reverse("certificate-pdf", args=[issued.code]),
        f"/api/v1/certificates/verify/{issued.code}",
    ):
        with django_assert_num_queries(1):  # the certificate, its holder and level, joined
            assert client.get(url).status_code == 200
