"""Walk 7, #14: on a phone the cohort's candidates are cards, their table headings hidden, yet
the help said to choose a heading to sort. A phone now has the sort as links above the cards;
a desktop keeps the headings (and no second way to sort)."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import fits_a_phone, log_in
from tests.factories import candidate, cohort, mentor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_phone_sorts_the_cohorts_candidates_by_links_above_the_cards(live_server, browser):
    context = browser.new_context(viewport={"width": 375, "height": 667})
    page = context.new_page()
    page.set_default_timeout(20_000)
    guide = mentor(email="mia@example.com")
    group = cohort(mentor=guide, candidates=[candidate(), candidate()])
    url = f"/mentor/cohorts/{group.pk}/"
    log_in(page, live_server.url, email="mia@example.com", next_url=url)

    links = page.get_by_role("navigation", name="Sort the candidates")
    expect(links).to_be_visible()
    links.get_by_role("link", name="Best score").click()
    page.wait_for_url("**order=best**")
    expect(page.locator(".sort-links a[aria-current]")).to_have_text("Best score")
    assert fits_a_phone(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(links).to_be_hidden()
    context.close()
