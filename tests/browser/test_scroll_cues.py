"""On a phone, a row that scrolls sideways shows that it goes on (walk 3, #1: the exam's
question numbers 5 and 6 were cut off at the right edge with no hint; #24: report tables the
same): site.js marks the edge with more, and the page fades it."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import log_in, start_exam
from tests.factories import BlueprintFactory, assignment, candidate

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 667}
COMPOSITION = [{"topic": None, "kind": "multiple_choice", "count": 8}]


def test_the_exam_navigator_shows_on_a_phone_that_it_scrolls(live_server, browser):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(20_000)
    assignment(
        candidate=candidate(email="ana@example.com"),
        blueprint=BlueprintFactory(name="Level one", composition=COMPOSITION),
    )
    log_in(page, live_server.url, next_url="/exams/")
    start_exam(page)
    page.locator("#attempt-form").wait_for()
    page.wait_for_load_state("load")
    numbers = page.locator(".question-nav ol")

    expect(numbers).to_have_class("more-after")
    assert page.locator("#nav-8").bounding_box()["x"] > PHONE["width"] - 20  # cut off: cued
    numbers.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
    expect(numbers).to_have_class("more-before")
    mask = numbers.evaluate("box => getComputedStyle(box).maskImage")
    assert "linear-gradient" in mask
    context.close()
