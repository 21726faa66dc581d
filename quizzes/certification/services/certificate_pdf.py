"""A certificate as a one-page PDF (reportlab) with a QR code (segno) of its public page."""

from __future__ import annotations

import io

import segno
from django.utils import formats
from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4  # type: ignore[import-untyped]
from reportlab.pdfgen import canvas  # type: ignore[import-untyped]

from quizzes.certification.models import Certificate

QR_SIZE = 120.0  # points


def _draw_qr(pdf: canvas.Canvas, url: str, x: float, y: float) -> None:
    """Draw the QR's dark modules as squares: vector, crisp, and no image library needed."""
    qr = segno.make(url, error="m")
    rows = list(qr.matrix_iter(scale=1, border=4))
    module = QR_SIZE / len(rows)
    pdf.setFillColorRGB(0, 0, 0)
    for row_index, row in enumerate(rows):
        for col_index, dark in enumerate(row):
            if dark:
                top = y + QR_SIZE - (row_index + 1) * module
                pdf.rect(x + col_index * module, top, module, module, stroke=0, fill=1)


def holder(certificate: Certificate) -> str:
    """Who the certificate is for, as the public sees it: the holder's name, else a
    description by number, never the e-mail address."""
    return certificate.holder_name or _("the holder of certificate number %(number)s") % {
        "number": certificate.pk
    }


def certificate_pdf(certificate: Certificate, verify_url: str) -> bytes:
    """The certificate in the active language: issuer, number, level, dates and status. A
    revoked certificate carries a REVOKED mark across the page and its revocation date
    instead of a "valid until"; an expired one says when it expired."""
    from django.conf import settings

    status = certificate.status()
    level = certificate.level.display_name
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=A4)
    width, height = A4
    pdf.setTitle(level)
    pdf.setAuthor(settings.CERTIFICATE_ISSUER_NAME)
    pdf.setFont("Helvetica", 12)
    pdf.drawCentredString(width / 2, height - 80, settings.CERTIFICATE_ISSUER_NAME)
    pdf.setFont("Helvetica-Bold", 22)
    pdf.drawCentredString(width / 2, height - 120, level)
    pdf.setFont("Helvetica", 14)
    pdf.drawCentredString(width / 2, height - 170, _("This certifies that"))
    pdf.setFont("Helvetica-Bold", 18)
    pdf.drawCentredString(width / 2, height - 200, holder(certificate))
    pdf.setFont("Helvetica", 12)
    lines = [
        _("Issuer: %(issuer)s") % {"issuer": settings.CERTIFICATE_ISSUER_NAME},
        _("Certificate number: %(number)s") % {"number": certificate.pk},
        _("Issued: %(date)s") % {"date": formats.date_format(certificate.issued_at)},
    ]
    if status == "revoked" and certificate.revoked_at is not None:
        lines.append(
            _("REVOKED on %(date)s: this certificate no longer certifies anything.")
            % {"date": formats.date_format(certificate.revoked_at)}
        )
    elif status == "renewed" and (renewal := certificate.renewal) is not None:
        lines.append(
            _("RENEWED: replaced by certificate number %(number)s, valid until %(date)s")
            % {"number": renewal.pk, "date": formats.date_format(renewal.expires_at)}
        )
    elif status == "expired":
        lines.append(
            _("EXPIRED on %(date)s") % {"date": formats.date_format(certificate.expires_at)}
        )
    else:
        lines.append(
            _("Valid until: %(date)s") % {"date": formats.date_format(certificate.expires_at)}
        )
    revoked = certificate.revoked_renewal_note if status in ("valid", "expired") else None
    if revoked is not None:
        lines.append(
            _("Its renewal, certificate number %(number)s, was revoked: it replaces nothing.")
            % {"number": revoked["number"]}
        )
    lines.append(_("Verify at: %(url)s") % {"url": verify_url})
    for index, line in enumerate(lines):
        if index == 3 and status != "valid":
            pdf.setFont("Helvetica-Bold", 12)
            pdf.setFillColorRGB(0.64, 0.09, 0.1)
        pdf.drawCentredString(width / 2, height - 250 - index * 20, line)
        pdf.setFont("Helvetica", 12)
        pdf.setFillColorRGB(0, 0, 0)
    _draw_qr(pdf, verify_url, (width - QR_SIZE) / 2, height - 350 - QR_SIZE - 40)
    if status == "revoked":
        _draw_revoked_mark(pdf, width, height)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def _draw_revoked_mark(pdf: canvas.Canvas, width: float, height: float) -> None:
    """REVOKED in large red letters across the page, and a red frame round it."""
    pdf.saveState()
    pdf.setStrokeColorRGB(0.64, 0.09, 0.1)
    pdf.setLineWidth(6)
    pdf.rect(24, 24, width - 48, height - 48, stroke=1, fill=0)
    pdf.setFillColorRGB(0.64, 0.09, 0.1)
    pdf.setFont("Helvetica-Bold", 96)
    pdf.translate(width / 2, height / 2 - 60)
    pdf.rotate(35)
    pdf.drawCentredString(0, 0, _("REVOKED"))
    pdf.restoreState()
