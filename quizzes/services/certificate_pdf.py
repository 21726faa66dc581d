"""A certificate as a one-page PDF (reportlab) with a QR code (segno) of its public page."""

from __future__ import annotations

import io

import segno
from django.utils import formats
from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4  # type: ignore[import-untyped]
from reportlab.pdfgen import canvas  # type: ignore[import-untyped]

from quizzes.models import Certificate

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
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=A4)
    width, height = A4
    pdf.setTitle(str(certificate.level))
    pdf.setFont("Helvetica-Bold", 22)
    pdf.drawCentredString(width / 2, height - 120, str(certificate.level))
    pdf.setFont("Helvetica", 14)
    pdf.drawCentredString(width / 2, height - 170, _("This certifies that"))
    pdf.setFont("Helvetica-Bold", 18)
    pdf.drawCentredString(width / 2, height - 200, holder(certificate))
    pdf.setFont("Helvetica", 12)
    lines = [
        _("Certificate number: %(number)s") % {"number": certificate.pk},
        _("Issued: %(date)s") % {"date": formats.date_format(certificate.issued_at)},
        _("Valid until: %(date)s") % {"date": formats.date_format(certificate.expires_at)},
        _("Verify at: %(url)s") % {"url": verify_url},
    ]
    for index, line in enumerate(lines):
        pdf.drawCentredString(width / 2, height - 250 - index * 20, line)
    _draw_qr(pdf, verify_url, (width - QR_SIZE) / 2, height - 330 - QR_SIZE - 40)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()
