import re

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import fits_a_phone
from tests.factories import DEFAULT_PASSWORD, CohortFactory, candidate, mentor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_candidate_logs_in_with_the_keyboard_on_a_phone_sized_screen(live_server, page):
    student = candidate(email="ana@example.com", first_name="Ana")
    CohortFactory(name="Tuesday group", mentor=mentor(first_name="Marco"), candidates=[student])

    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Log in to JudgeTrain").focus()
    page.keyboard.press("Enter")
    page.get_by_label("Email address").focus()
    page.keyboard.type("ana@example.com")
    page.keyboard.press("Tab")
    page.keyboard.type(DEFAULT_PASSWORD)
    page.keyboard.press("Enter")

    page.get_by_role("heading", name="Welcome, Ana").wait_for()
    expect(page.get_by_text("Tuesday group, mentored by Marco")).to_be_visible()
    assert fits_a_phone(page)


def test_a_wrong_password_is_announced_to_the_user(live_server, page):
    candidate(email="ana@example.com")

    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Email address").fill("ana@example.com")
    page.get_by_label("Password").fill("wrong")
    page.get_by_role("button", name="Log in").click()

    # expect() waits for the page the click loads; a bare is_visible() read the old one (CI)
    expect(page.get_by_role("alert").first).to_be_visible()
    expect(page).to_have_url(re.compile("^" + re.escape(f"{live_server.url}/accounts/login/")))
