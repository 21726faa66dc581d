"""Migration 0023: a certificate whose renewal was revoked before the revoking service cleared
`renewed_at` stands on its own dates again; a renewal still in force keeps its original
superseded; reversing marks the original renewed again."""

from datetime import timedelta

import pytest
from django.utils import timezone

from quizzes.certification.models import Certificate
from tests.factories import candidate
from tests.quizzes.migrating import _latest_schema_after, migrate  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("quizzes", "0022_questions_told_as_events")]
AFTER = [("quizzes", "0023_revoked_renewal_restores_its_original")]


def _renewed_pair(apps, holder, level, *, renewal_revoked):
    Cert = apps.get_model("quizzes", "Certificate")
    now = timezone.now()
    original = Cert.objects.create(
        candidate_id=holder.pk,
        level=level,
        issued_at=now - timedelta(days=400),
        expires_at=now + timedelta(days=330),
        renewed_at=now - timedelta(days=10),
    )
    renewal = Cert.objects.create(
        candidate_id=holder.pk,
        level=level,
        issued_at=now - timedelta(days=10),
        expires_at=now + timedelta(days=1000),
        renewed_from=original,
        revoked_at=now - timedelta(days=1) if renewal_revoked else None,
    )
    return original.pk, renewal


def test_an_original_whose_renewal_was_revoked_is_no_longer_renewed_and_reverses():
    apps = migrate(BEFORE)
    Level = apps.get_model("quizzes", "CertificationLevel")
    level = Level.objects.create(name="Level 1", game="riftbound")
    revoked_pk, revoked_renewal = _renewed_pair(apps, candidate(), level, renewal_revoked=True)
    kept_pk, _ = _renewed_pair(apps, candidate(), level, renewal_revoked=False)

    migrate(AFTER)

    assert Certificate.objects.get(pk=revoked_pk).renewed_at is None
    assert Certificate.objects.get(pk=revoked_pk).status() == "valid"
    assert Certificate.objects.get(pk=kept_pk).status() == "renewed"

    migrate(BEFORE)

    assert Certificate.objects.get(pk=revoked_pk).renewed_at == revoked_renewal.issued_at
