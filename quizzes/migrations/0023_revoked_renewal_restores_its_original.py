"""A certificate whose renewal was revoked stands on its own dates again.

Revoking a renewal now clears the renewed certificate's `renewed_at` (services.certification
`certificate_revoke`); certificates whose renewal was revoked before that change still read
"renewed" and point at a certificate that replaces nothing. This puts them in the state the
service gives today. Reversing restores `renewed_at` from the renewal's issue time.
"""

from django.db import migrations


def restore_originals(apps, schema_editor):
    Certificate = apps.get_model("quizzes", "Certificate")
    Certificate.objects.filter(renewed_at__isnull=False, renewals__revoked_at__isnull=False).update(
        renewed_at=None
    )


def mark_renewed_again(apps, schema_editor):
    Certificate = apps.get_model("quizzes", "Certificate")
    for renewal in Certificate.objects.filter(
        renewed_from__isnull=False, revoked_at__isnull=False
    ).only("renewed_from_id", "issued_at"):
        Certificate.objects.filter(pk=renewal.renewed_from_id, renewed_at__isnull=True).update(
            renewed_at=renewal.issued_at
        )


class Migration(migrations.Migration):
    dependencies = [("quizzes", "0022_questions_told_as_events")]
    operations = [migrations.RunPython(restore_originals, mark_renewed_again)]
