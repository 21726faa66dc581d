"""The exam page and its submit page in a real Chromium, in English and Spanish, at 1280 and
375 px (issue 29): the question navigator stays visible after scrolling, the flag button reads
"Flag for review" / "Remove flag" by state, the site header takes at most ~10% of a 375x667
phone during the exam, and the submit page shows the attempt's clock (also on a GET of its
URL); axe finds no serious violation on either page."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import log_in, problems_on, start_exam
from tests.browser.test_whole_journey import Words
from tests.factories import BlueprintFactory, assignment, candidate

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOCALES = {"en": "en-US", "es": "es-ES"}
PHONE = {"width": 375, "height": 667}
DESKTOP = {"width": 1280, "height": 800}
COMPOSITION = [
    {"topic": None, "kind": "free_form", "count": 4},
    {"topic": None, "kind": "multiple_choice", "count": 4},
]


def scroll_to_the_end(page):
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 300  # the page did scroll


# The text a page shows before the first element of its body.
TEXT_BEFORE_FIRST_ELEMENT = """() => {
  const nodes = [...document.body.childNodes];
  const first = nodes.findIndex((node) => node.nodeType === Node.ELEMENT_NODE);
  return nodes.slice(0, first).map((node) => node.textContent).join("").trim();
}"""


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_navigator_stays_the_flag_says_its_state_and_submit_shows_the_clock(
    live_server, browser, chromium_path, lang
):
    t = Words(lang)
    context = browser.new_context(viewport=DESKTOP, locale=LOCALES[lang])
    page = context.new_page()
    page.set_default_timeout(20_000)
    ana = candidate(email="ana@example.com", preferred_language=lang)
    ana.time_zone = "Europe/Madrid"
    ana.save(update_fields=["time_zone"])
    assignment(candidate=ana, blueprint=BlueprintFactory(name="Level one", composition=COMPOSITION))

    log_in(page, live_server.url, next_url="/exams/")
    start_exam(page, t("Start the exam"))
    page.locator("#attempt-form").wait_for()
    page.wait_for_load_state("load")  # exam.js (deferred) runs before the flag is used
    nav = page.get_by_role("navigation", name=t("Questions"))

    for viewport in (DESKTOP, PHONE):
        page.set_viewport_size(viewport)
        page.evaluate("window.scrollTo(0, 0)")
        scroll_to_the_end(page)
        expect(nav).to_be_in_viewport()  # sticky: still on screen at the end of the page
        expect(page.locator("#time-left")).to_be_in_viewport()
        box = nav.bounding_box()
        assert box is not None
        assert 0 <= box["y"] < viewport["height"] / 3, viewport

    # On a phone the site header is one compact line during the exam.
    page.set_viewport_size(PHONE)
    page.evaluate("window.scrollTo(0, 0)")
    header = page.locator(".site-header").bounding_box()
    assert header is not None
    assert header["height"] <= 0.1 * PHONE["height"], header
    bar = page.locator(".exam-bar").bounding_box()
    assert bar is not None
    assert bar["height"] <= 0.25 * PHONE["height"], bar

    # The flag button says what a press does next, and its state comes back on a reload.
    flag = page.locator("#q2 .flag-button")
    expect(flag).to_have_text(re.compile(t("Flag for review")))
    flag.click()
    expect(flag).to_have_text(re.compile(t("Remove flag")))
    expect(page.locator("#nav-2")).to_have_class(re.compile("flagged"))
    page.reload()
    expect(page.locator("#q2 .flag-button")).to_have_text(re.compile(t("Remove flag")))
    page.wait_for_load_state("load")
    page.locator("#q2 .flag-button").click()
    expect(page.locator("#q2 .flag-button")).to_have_text(re.compile(t("Flag for review")))
    page.locator("#q3 .flag-button").click()
    expect(page.locator("#q3 .flag-button")).to_have_text(re.compile(t("Remove flag")))

    # 24-hour time with the zone's readable name and its offset (walk 4, #3).
    expect(page.locator(".exam-status .deadline time")).to_have_text(
        re.compile(r"^\d\d:\d\d Madrid \(UTC\+\d\)$")
    )
    assert problems_on(page, f"attempt page {lang}") == []

    # The submit page shows the same clock, counting down; a GET on its URL shows it too.
    page.set_viewport_size(DESKTOP)
    page.get_by_role("button", name=t("Review and submit")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(t("Submit the exam?"))
    # Walk 5, #3: no markup in the tab's title, nothing printed above the navigation.
    expect(page).to_have_title(f"{t('Submit the exam?')} · JudgeTrain")
    assert page.evaluate(TEXT_BEFORE_FIRST_ELEMENT) == ""
    clock = page.locator("#time-left")
    expect(clock).to_be_visible()
    expect(clock).to_have_text(re.compile(r"^\d+ min \d+ s$"))  # a duration (walk 9, #8)
    first = clock.inner_text()
    expect(clock).not_to_have_text(first, timeout=5_000)  # it runs
    flagged = page.locator("p", has_text=t("Flagged for review"))
    assert flagged.get_by_role("link").count() == 1
    assert problems_on(page, f"submit page {lang}") == []

    page.goto(page.url)  # a GET on the submit URL: the summary, never a 405
    expect(page.get_by_role("heading", level=1)).to_have_text(t("Submit the exam?"))
    expect(page.locator("#time-left")).to_be_visible()
    context.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_time_zone_picker_filters_as_one_types_and_suggests_the_browsers_zone(
    live_server, browser, chromium_path, lang
):
    """Issue 29 / walk 4, #3: a grouped list with readable names and offsets, a filter box
    (a GET search without JavaScript), and the browser's zone suggested, never imposed."""
    t = Words(lang)
    context = browser.new_context(viewport=PHONE, locale=LOCALES[lang], timezone_id="Europe/Lisbon")
    page = context.new_page()
    page.set_default_timeout(20_000)
    ana = candidate(email="ana@example.com", preferred_language=lang)
    ana.time_zone = "UTC"  # chosen before: the browser's zone is suggested, never imposed
    ana.save(update_fields=["time_zone"])

    log_in(page, live_server.url, next_url="/accounts/settings/")
    field = page.get_by_label(t("Time zone"), exact=True)
    assert page.locator("#id_time_zone option").count() > 300
    assert problems_on(page, f"settings {lang}") == []

    search = page.get_by_label(t("Search time zones"))
    search.fill("sao pau")  # no accent, part of the name: the list narrows as one types
    expect(page.locator("#id_time_zone option")).to_have_count(2)  # São Paulo and UTC, chosen
    expect(page.locator("#zone-count")).to_contain_text("2")
    field.select_option("America/Sao_Paulo")
    search.fill("atlantis")
    expect(page.locator("#zone-count")).to_have_text(t("No time zone matches this search."))
    expect(field).to_have_value("America/Sao_Paulo")  # the chosen zone never disappears
    search.fill("")
    assert page.locator("#id_time_zone option").count() > 300

    page.set_viewport_size(DESKTOP)
    suggestion = page.locator("#detected-zone button")
    expect(suggestion).to_be_visible()
    expect(suggestion).to_contain_text("Lisbon")
    suggestion.click()
    expect(field).to_have_value("Europe/Lisbon")
    page.get_by_role("button", name=t("Save")).click()
    expect(page.get_by_text(t("Your time zone is saved."))).to_be_visible()
    ana.refresh_from_db()
    assert ana.time_zone == "Europe/Lisbon"
    context.close()


# Walk 11, #13: six questions, as the walker's pt-BR exam had.
SIX = [{"topic": None, "kind": "multiple_choice", "count": 6}]
# Whether an element lies whole within the window's width.
WITHIN_WIDTH = """(element) => {
  const box = element.getBoundingClientRect();
  return box.left >= 0 && box.right <= document.documentElement.clientWidth && box.width > 8;
}"""


@pytest.mark.parametrize(("lang", "locale"), [("pt-br", "pt-BR"), ("es", "es-ES")])
def test_on_a_phone_the_bar_shows_the_time_the_deadline_and_every_question(
    live_server, browser, chromium_path, lang, locale
):
    t = Words(lang)
    context = browser.new_context(viewport=PHONE, locale=locale)
    page = context.new_page()
    page.set_default_timeout(20_000)
    ana = candidate(email="ana@example.com", preferred_language=lang)
    ana.time_zone = "Europe/Madrid"
    ana.save(update_fields=["time_zone"])
    assignment(candidate=ana, blueprint=BlueprintFactory(name="Level one", composition=SIX))

    log_in(page, live_server.url, next_url="/exams/")
    start_exam(page, t("Start the exam"))
    page.locator("#attempt-form").wait_for()

    for element in ("#time-left", "#deadline-time", *(f"#nav-{n}" for n in range(1, 7))):
        expect(page.locator(element)).to_be_visible()
        assert page.locator(element).evaluate(WITHIN_WIDTH), element
    scroll_to_the_end(page)
    expect(page.locator("#deadline-time")).to_be_in_viewport()
    expect(page.locator("#nav-6")).to_be_in_viewport()
    bar = page.locator(".exam-bar").bounding_box()
    assert bar is not None
    assert bar["height"] <= 0.3 * PHONE["height"], bar
    assert problems_on(page, f"attempt page {lang} 375") == []
    context.close()
