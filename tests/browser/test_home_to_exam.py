"""A candidate's Home leads to their open exam's start page, and its button to the exam, in
English and Portuguese (Brazil), at 1280 and 375 px, with no serious axe violation (issue 29:
"Home does not show assigned exams or their deadlines; one tap starts a timed ... exam with
no start screen")."""

import pytest
from playwright.sync_api import expect

from quizzes.exams.models.exams import Attempt
from tests.browser.helpers import fits_a_phone, log_in, problems_on
from tests.browser.test_whole_journey import BROWSER_LOCALE, Words
from tests.factories import BlueprintFactory, assignment, candidate

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("lang", ["en", "pt-br"])
def test_home_start_page_then_exam(live_server, browser, chromium_path, lang):
    t = Words(lang)
    context = browser.new_context(
        viewport={"width": 375, "height": 740}, locale=BROWSER_LOCALE[lang]
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    ana = candidate(email="ana@example.com", preferred_language=lang)
    job = assignment(
        candidate=ana, max_attempts=2, blueprint=BlueprintFactory(name="Level one", pass_score=0.75)
    )

    log_in(page, live_server.url)
    assert page.locator("html").get_attribute("lang") == lang
    section = page.get_by_role("region", name=t("Your open exams"))
    expect(section).to_contain_text("Level one")
    expect(section).to_contain_text(t.n("%(counter)s attempt left", "%(counter)s attempts left", 2))
    assert problems_on(page, f"home {lang}") == []

    page.set_viewport_size({"width": 375, "height": 740})
    section.get_by_role("link", name=t("Start the exam"), exact=True).click()
    page.wait_for_url(f"**/exams/assignments/{job.pk}/start")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Level one")
    expect(page.get_by_role("region", name=t("Rules"))).to_be_visible()
    assert not Attempt.objects.exists()  # reading the start page starts nothing
    assert problems_on(page, f"start page {lang}") == []

    page.set_viewport_size({"width": 375, "height": 740})
    button = page.get_by_role("button", name=t("Start the exam"), exact=True)
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/exams/attempts/*/")
    page.locator("#attempt-form").wait_for()
    assert fits_a_phone(page)
    assert Attempt.objects.get().assignment_id == job.pk
    context.close()
