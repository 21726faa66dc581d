"""The holder is e-mailed when a certificate is issued, renewed and revoked (issue 29: "no
e-mail when it is issued or revoked"): queued on commit, sent once, in the holder's language,
with the link to the certificate's page."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import transaction

from quizzes.certification.services import certification
from quizzes.review.models.review import Notification
from tests.factories import candidate, committee_member
from tests.quizzes.certificates.seeding import issued, level

pytestmark = [pytest.mark.django_db]


def test_issuing_emails_the_holder_the_level_date_and_link(on_commit_now):
    certificate = issued()

    message = mail.outbox[-1]
    assert message.to == [certificate.candidate.email]
    assert message.subject == "Your certificate: Riftbound Judge Level 1"
    assert f"/certificates/{certificate.pk}/" in message.body
    assert "valid until" in message.body


def test_renewing_and_revoking_email_the_holder(on_commit_now):
    certificate = issued()
    renewed, _created = certification.certificate_renew(
        certificate=certificate, by=committee_member()
    )
    certification.certificate_revoke(
        certificate=renewed, reason="Evidence withdrawn on appeal.", by=committee_member()
    )

    subjects = [message.subject for message in mail.outbox]
    assert subjects == [
        "Your certificate: Riftbound Judge Level 1",
        "Your certificate Riftbound Judge Level 1 was renewed",
        "Your certificate Riftbound Judge Level 1 was revoked",
    ]
    assert "Reason: Evidence withdrawn on appeal." in mail.outbox[-1].body
    assert f"/certificates/{renewed.pk}/" in mail.outbox[-1].body


def test_the_email_waits_for_the_commit():
    with transaction.atomic():
        issued()
        assert Notification.objects.filter(kind=Notification.Kind.CERTIFICATE).count() == 1

    assert mail.outbox == []  # the test's transaction never commits: nothing was sent


def test_the_email_is_in_the_holders_language_with_the_translated_level(on_commit_now):
    holder = candidate(first_name="Bea", last_name="Costa", preferred_language="pt-br")
    translated = level(name="RB L2", name_translations={"pt-br": "Juiz Riftbound Nível 2"})

    issued(holder, translated)

    message = mail.outbox[-1]
    assert "Juiz Riftbound Nível 2" in message.subject
    assert "Riftbound" in message.body
    assert "valid until" not in message.body  # Portuguese, not English


def test_a_refused_revocation_emails_nothing(on_commit_now):
    certificate = issued()
    mail.outbox.clear()

    with pytest.raises(certification.CertificationError):
        certification.certificate_revoke(certificate=certificate, reason=" ", by=committee_member())

    assert mail.outbox == []
