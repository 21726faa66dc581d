"""Walk 7, #8: at 1280 px the item-analysis tables sat beside their chart, clipped to half the
card: "Flags" cut, "Chosen / offered" behind an inner scroll, the template column one word a
line. The chart now stands above a table as wide as the card, read whole without scrolling;
on a phone the rows still stack."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import fits_a_phone, log_in
from tests.factories import BlueprintFactory, candidate, cohort, committee_member, question
from tests.quizzes.committee.seeding import graded_attempt

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("slug", ["items-by-template", "items-by-question"])
def test_item_analysis_tables_are_read_whole_below_their_chart_at_1280(live_server, browser, slug):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(20_000)
    committee_member(email="kim@example.com")
    person = candidate()
    cohort(candidates=[person])
    blueprint = BlueprintFactory(pass_score=0.8)
    graded_attempt(
        person,
        blueprint,
        [1.0, 0.5],
        [question(template_id="triggered-abilities-observable-impact"), question()],
    )
    log_in(page, live_server.url, email="kim@example.com", next_url="/reports/")

    card = page.locator(f"#t-{slug}").locator("xpath=..")
    box = card.locator(".table-scroll")
    expect(box).to_be_visible()
    assert box.evaluate("b => b.scrollWidth <= b.clientWidth")  # no column behind a scroll
    chart, table = card.locator("figure.chart").bounding_box(), box.bounding_box()
    assert chart["y"] + chart["height"] <= table["y"]  # the chart above, not beside
    assert table["width"] >= card.bounding_box()["width"] - 60  # the card's whole width
    for header in box.locator("thead th").all():
        assert header.evaluate("th => th.scrollWidth <= th.clientWidth + 1")  # none cut
    # The template's name (or the question's stem) is not squeezed to one word a line.
    named = box.locator("tbody tr").first.locator("td").nth(0 if slug == "items-by-template" else 1)
    assert named.bounding_box()["width"] >= 200
    page.set_viewport_size({"width": 375, "height": 667})
    assert fits_a_phone(page)
    context.close()
