"""The README's certificate tour, straight after `make run` (walk 10, #9): the demo levels
require the demo exams and the demo candidate has passed the Riftbound one, so the committee
issues a certificate from the demo data alone, and the candidate opens it from Home,
downloads its PDF and checks it on the public verification page."""

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from judgetrain.accounts.models import User
from quizzes.certification.models import Certificate, CertificationLevel
from tests.browser.helpers import log_in
from tests.factories import DEFAULT_PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_committee_issues_the_demo_candidate_a_certificate_they_can_verify(live_server, page):
    call_command("load_demo", stdout=StringIO())
    call_command("load_demo_exams", stdout=StringIO())
    for user in User.objects.filter(email__in=["candidate@example.com", "committee@example.com"]):
        user.set_password(DEFAULT_PASSWORD)
        user.save(update_fields=["password"])
    base = live_server.url
    demo = User.objects.get(email="candidate@example.com")
    level = CertificationLevel.objects.get(game="riftbound")
    page.set_viewport_size({"width": 1280, "height": 800})

    log_in(page, base, "committee@example.com", "/committee/certificates/")
    page.get_by_role("link", name="Issue a certificate").click()
    page.locator("[name=candidate]").select_option(str(demo.pk))
    page.locator("[name=level]").select_option(str(level.pk))
    page.get_by_role("button", name="Choose the evidence").click()
    page.locator("[name=attempts]").first.check()
    page.get_by_role("button", name="Issue", exact=True).click()
    page.get_by_text("The certificate was issued.").wait_for()
    certificate = Certificate.objects.get(candidate=demo, level=level)

    log_in(page, base, "candidate@example.com")
    page.locator(f'a[href="/certificates/{certificate.pk}/"]').first.click()
    expect(page.locator(".certificate-status.status-valid")).to_be_visible()
    expect(page.locator("svg.qr")).to_be_visible()
    with page.expect_download() as pdf:
        page.locator(f'a[href="/certificates/verify/{certificate.code}/pdf"]').click()
    assert Path(pdf.value.path()).read_bytes().startswith(b"%PDF")
    page.goto(f"{base}/certificates/verify/{certificate.code}")  # what the QR code opens
    expect(page.locator(".certificate-status.status-valid")).to_be_visible()
    expect(page.get_by_text(level.name).first).to_be_visible()
