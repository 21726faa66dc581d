"""What UX walk 1 found a candidate meets on a phone (docs/reviews/ux-walk-1.md): the
Portuguese language name cut in the header's select (#5), the exam header cut at the right
edge and a two-row timer bar (#8), and an autosave time in the device's zone, unnamed (#31)."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import log_in, start_exam, wait_until_saved
from tests.factories import BlueprintFactory, assignment, candidate

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 667}
COMPOSITION = [{"topic": None, "kind": "free_form", "count": 6}]
TEXT_FITS = """() => {
  const select = document.querySelector('#language-select');
  const style = getComputedStyle(select);
  const ruler = document.createElement('canvas').getContext('2d');
  ruler.font = style.font;
  const text = ruler.measureText(select.options[select.selectedIndex].text).width;
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return room - text;  /* the arrow needs about 20 px of it */
}"""


def test_the_portuguese_language_name_fits_the_phone_header(live_server, page):
    candidate(email="ana@example.com", preferred_language="pt-br")
    page.set_viewport_size(PHONE)

    log_in(page, live_server.url)

    assert page.evaluate(TEXT_FITS) >= 20


def test_the_exam_header_and_bar_are_each_one_uncut_row_with_a_named_save_time(
    live_server, browser, chromium_path
):
    context = browser.new_context(viewport=PHONE, locale="pt-BR", timezone_id="Europe/Lisbon")
    page = context.new_page()
    page.set_default_timeout(20_000)
    ana = candidate(email="ana@example.com", preferred_language="en")
    ana.time_zone = "America/Sao_Paulo"  # the account's zone, not the device's
    ana.save(update_fields=["time_zone"])
    assignment(candidate=ana, blueprint=BlueprintFactory(name="Level one", composition=COMPOSITION))

    log_in(page, live_server.url, next_url="/exams/")
    start_exam(page)
    page.wait_for_load_state("load")

    header = page.locator(".site-header")
    clipped = header.evaluate("h => h.scrollWidth - h.clientWidth")
    assert clipped <= 0
    for visible in header.locator("a, button, select").all():
        if visible.is_visible():
            box = visible.bounding_box()
            assert box["x"] >= 0
            assert box["x"] + box["width"] <= PHONE["width"]
    # Walk 11, #13: the time left and the deadline shown, every question below them.
    clock = page.locator("#time-left").bounding_box()
    deadline = page.locator("#deadline-time").bounding_box()
    navigator = page.locator(".question-nav").bounding_box()
    assert deadline["x"] + deadline["width"] <= PHONE["width"]
    assert navigator["y"] >= max(clock["y"] + clock["height"], deadline["y"] + deadline["height"])
    assert page.locator(".exam-bar").bounding_box()["height"] <= 0.25 * PHONE["height"]

    field = page.locator("#answer-1")
    field.fill("Missed trigger, no penalty")
    wait_until_saved(field)
    expect(page.locator("#save-status")).to_have_text(
        re.compile(r"\d\d:\d\d:\d\d São Paulo \(UTC\u22123\)$")
    )
    context.close()
