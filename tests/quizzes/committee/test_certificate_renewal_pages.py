"""Renewing a certificate is confirmed, done once, and shown on both certificates (UX walk 1,
#22: "Renew" acted in one click and left two identical valid certificates, unlinked)."""

from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse

from judgetrain.dates import format_moment
from quizzes.certification.models import Certificate
from quizzes.certification.services import certification
from quizzes.certification.services.certificate_pdf import certificate_pdf
from tests.factories import committee_member
from tests.quizzes.committee.test_certificate_privacy import _pdf_text
from tests.quizzes.committee.test_certification import issued_for, level  # noqa: F401

pytestmark = pytest.mark.django_db


def test_renew_first_shows_the_new_validity_period_and_renews_nothing(client, level):  # noqa: F811
    issued = issued_for(level)
    client.force_login(committee_member())

    response = client.post(reverse("committee-certificate-renew", args=[issued.pk]))

    page = response.content.decode()
    assert response.status_code == 200
    assert "Renew this certificate?" in page
    new_end = issued.expires_at + timedelta(days=365)
    assert f"until {format_moment(new_end, 'date')}." in page
    assert "the new period is counted from that day" in page
    assert Certificate.objects.count() == 1


def test_a_confirmed_renewal_twice_makes_one_certificate_and_one_email(
    client,
    level,  # noqa: F811
    on_commit_now,
):
    issued = issued_for(level)
    client.force_login(committee_member())
    mail.outbox.clear()
    url = reverse("committee-certificate-renew", args=[issued.pk])

    first = client.post(url, {"confirm": "1"})
    second = client.post(url, {"confirm": "1"})

    renewal = Certificate.objects.get(renewed_from=issued)
    assert first.url == second.url == reverse("committee-certificate", args=[renewal.pk])
    assert len(mail.outbox) == 1
    assert "renewed" in mail.outbox[0].subject


def test_the_old_certificate_says_renewed_and_links_its_renewal_everywhere(client, level):  # noqa: F811
    issued = issued_for(level)
    renewal, _created = certification.certificate_renew(certificate=issued, by=committee_member())
    issued.refresh_from_db()
    client.force_login(committee_member())

    committee_page = client.get(reverse("committee-certificate", args=[issued.pk])).content
    committee_list = client.get(reverse("committee-certificates")).content.decode()
    public = client.get(reverse("certificate-verify", args=[issued.code])).content.decode()
    public_new = client.get(reverse("certificate-verify", args=[renewal.code])).content.decode()

    assert reverse("committee-certificate", args=[renewal.pk]).encode() in committee_page
    assert b"Renew\xe2\x80\xa6" not in committee_page
    assert "Renewed" in committee_list
    assert "Valid" in committee_list
    assert "RENEWED" in public
    assert reverse("certificate-verify", args=[renewal.code]) in public
    assert reverse("certificate-verify", args=[issued.code]) in public_new
    assert "VALID" in public_new
    assert issued.status() == "renewed"


def test_the_old_certificates_pdf_names_its_renewal(level):  # noqa: F811
    issued = issued_for(level)
    renewal, _created = certification.certificate_renew(certificate=issued, by=committee_member())
    issued.refresh_from_db()

    text = _pdf_text(certificate_pdf(issued, "https://example.org/v"))

    assert f"RENEWED: replaced by certificate number {renewal.pk}" in text


def test_the_holders_page_says_the_certificate_was_renewed(client, level):  # noqa: F811
    issued = issued_for(level)
    renewal, _created = certification.certificate_renew(certificate=issued, by=committee_member())
    client.force_login(issued.candidate)

    page = client.get(reverse("my-certificate", args=[issued.pk])).content.decode()
    listing = client.get(reverse("my-certificates")).content.decode()

    assert "RENEWED" in page
    assert reverse("certificate-verify", args=[renewal.code]) in page
    assert "Renewed" in listing


def test_the_evidence_names_topics_and_the_policy_version_by_title(client, level):  # noqa: F811
    issued = issued_for(level)
    item = issued.evidence["attempts"][0]["items"][0]
    client.force_login(committee_member())

    page = client.get(reverse("committee-certificate", args=[issued.pk])).content.decode()

    from quizzes.bank.models.questions import Question

    question = Question.objects.select_related("policy_version").get(pk=item["question"])
    assert f"<td>{question.policy_version.title}</td>" in page


def renewed_then_renewal_revoked(level):  # noqa: F811
    issued = issued_for(level)
    renewal, _created = certification.certificate_renew(certificate=issued, by=committee_member())
    certification.certificate_revoke(
        certificate=renewal, reason="Issued in error", by=committee_member()
    )
    issued.refresh_from_db()
    return issued, renewal


def test_a_revoked_renewal_leaves_the_old_certificate_valid_on_its_own_dates(level):  # noqa: F811
    issued, renewal = renewed_then_renewal_revoked(level)

    assert issued.status() == "valid"
    assert issued.renewal is None
    assert issued.revoked_renewal == renewal


def test_every_page_and_the_pdf_agree_once_the_renewal_is_revoked(client, level):  # noqa: F811
    issued, renewal = renewed_then_renewal_revoked(level)
    client.force_login(issued.candidate)
    until = format_moment(issued.expires_at, "date")

    public = client.get(reverse("certificate-verify", args=[issued.code])).content.decode()
    mine = client.get(reverse("my-certificate", args=[issued.pk])).content.decode()
    listing = client.get(reverse("my-certificates")).content.decode()
    home = client.get(reverse("home")).content.decode()
    text = _pdf_text(certificate_pdf(issued, "https://example.org/v"))

    for page in (public, mine):
        assert "RENEWED" not in page
        assert "VALID" in page
        assert f"certificate number {renewal.pk}, was revoked" in page
    assert "Renewed" not in listing
    assert f"until {until}" in listing
    assert f"valid until {until}" in home
    assert "RENEWED" not in text
    assert f"Its renewal, certificate number {renewal.pk}, was revoked" in text


def test_a_certificate_whose_renewal_was_revoked_is_not_renewed_again(level):  # noqa: F811
    issued, _renewal = renewed_then_renewal_revoked(level)

    with pytest.raises(certification.CertificationError, match="renewal was revoked"):
        certification.certificate_renew(certificate=issued, by=committee_member())


def test_home_says_a_renewed_certificate_was_replaced_as_its_list_does(client, level):  # noqa: F811
    issued = issued_for(level)
    certification.certificate_renew(certificate=issued, by=committee_member())
    client.force_login(issued.candidate)

    home = client.get(reverse("home")).content.decode()

    assert "replaced by a newer certificate" in home


@pytest.mark.parametrize("step", ["committee-certificate-renew", "committee-certificate-revoke"])
def test_a_confirmation_step_opened_by_url_leads_back_to_the_certificate(
    client,
    level,  # noqa: F811
    step,
):
    """Walk 4, #15: a GET on the confirmation's URL was an empty 405 page."""
    issued = issued_for(level)
    client.force_login(committee_member())

    response = client.get(reverse(step, args=[issued.pk]), follow=True)

    assert response.redirect_chain == [(reverse("committee-certificate", args=[issued.pk]), 302)]
    assert "Nothing was changed: start again from this page." in response.content.decode()
    assert Certificate.objects.count() == 1
    assert Certificate.objects.get().revoked_at is None
