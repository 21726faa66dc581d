"""A candidate opens their certificate from Home, downloads the PDF and the Open Badge file,
and checks the badge on the verification page (issue 29, "Done when": a candidate downloading
and verifying their certificate). In English and Spanish, at 1280 and 375 px, with axe finding
no serious or critical violation."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import log_in, problems_on
from tests.factories import candidate
from tests.quizzes.certificates.seeding import issued, level

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_candidate_opens_downloads_and_verifies_their_certificate(
    live_server, page, lang, tmp_path
):
    base = live_server.url
    holder = candidate(
        email="ana@example.com", first_name="Ana", last_name="Silva", preferred_language=lang
    )
    translated = level(name_translations={"es": "Juez de Riftbound Nivel 1"})
    certificate = issued(holder, translated)
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": base}])
    problems: list[str] = []

    log_in(page, base, email="ana@example.com")
    page.locator(f'a[href="/certificates/{certificate.pk}/"]').first.click()
    page.wait_for_url(f"{base}/certificates/{certificate.pk}/")
    expect(page.locator("h1")).to_have_text(translated.name_translations.get(lang, translated.name))
    expect(page.locator(".certificate-status.status-valid")).to_be_visible()
    expect(page.locator("svg.qr")).to_be_visible()
    expect(page.locator("#verify-link")).to_have_value(
        f"{base}/certificates/verify/{certificate.code}"
    )
    expect(page.locator(".copy-button")).to_be_visible()  # the script showed it
    problems += problems_on(page, f"certificate page ({lang})")

    with page.expect_download() as pdf:
        page.locator(f'a[href="/certificates/verify/{certificate.code}/pdf"]').click()
    assert Path(pdf.value.path()).read_bytes().startswith(b"%PDF")
    with page.expect_download() as badge:
        page.locator(f'a[href="/certificates/{certificate.pk}/badge.jwt"]').click()
    badge_file = tmp_path / badge.value.suggested_filename
    badge.value.save_as(badge_file)
    assert badge_file.name.endswith(".jwt")

    page.goto(f"{base}/certificates/verify/{certificate.code}")  # what the QR code opens
    expect(page.locator(".certificate-status.status-valid")).to_be_visible()
    problems += problems_on(page, f"public verification page ({lang})")
    page.goto(f"{base}/certificates/{certificate.pk}/")
    page.locator('a[href="/certificates/verify-badge"]').click()
    page.wait_for_url(f"{base}/certificates/verify-badge")
    problems += problems_on(page, f"badge check ({lang})")
    page.locator("#badge-file").set_input_files(str(badge_file))
    expect(page.locator("#id_badge")).not_to_have_value("")
    page.locator("form button.primary").click()
    expect(page.locator("#result-heading")).to_be_visible()
    expect(page.locator(".checks li.ok")).to_have_count(2)  # signature, and our record
    expect(page.locator(".certificate-status.status-valid")).to_be_visible()
    problems += problems_on(page, f"badge checked ({lang})")

    page.locator("#id_badge").fill("not a badge")
    page.locator("form button.primary").click()
    expect(page.get_by_role("alert")).to_be_visible()
    problems += problems_on(page, f"badge refused ({lang})")

    assert problems == []
