"""The what-if explorer in a browser (issue 30, point 4): a candidate opens their feedback,
changes a fact from the keyboard, hears the new ruling in place (focus stays on the fact) and
the variant's permalink renders the same ruling with JavaScript off; axe finds no serious
violation at 1280 and 375 px, in English and Portuguese."""

import pytest
from playwright.sync_api import expect

from quizzes.practice.models import PracticeAnswer
from rulings.core.explain import labels
from rulings.core.questions.build import scenario
from tests.browser.helpers import fits_a_phone, log_in, problems_on
from tests.factories import candidate, question

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEMPLATE = "rb-trigger-intent"  # seed 5: a deliberate miss (Cheating); "did not do it on purpose"
WORDS = {
    "en": ("What if?", "Link to this what-if", "en"),
    "pt-br": ("E se…?", "Link para esta variante", "pt-BR"),
}


@pytest.mark.parametrize("language", ["en", "pt-br"])
def test_a_candidate_changes_a_fact_and_sees_the_ruling_change(live_server, page, language):
    heading, permalink_name, lang = WORDS[language]
    person = candidate(email="ana@example.com", preferred_language=language)
    sc = scenario(TEMPLATE, 5)
    item = question(situation=sc.situation, template_id=TEMPLATE)
    answer = PracticeAnswer.objects.create(
        user=person, question=item, response="Cheating", grade={"parts": {}}, score=0.0
    )
    feedback = f"/practice/answers/{answer.pk}"
    missed = labels(lang)["id"]["missed_trigger"]

    log_in(page, live_server.url, next_url=feedback)
    explorer = page.get_by_role("region", name=heading)
    expect(explorer).to_be_visible()
    assert problems_on(page, f"feedback {language}") == []

    fact = explorer.locator('a.whatif-fact[href$="/intent_none"]')
    fact.focus()
    page.keyboard.press("Enter")

    result = explorer.locator("[aria-live=polite]")
    expect(result.locator("dl mark", has_text=missed)).to_be_visible()
    expect(fact).to_be_focused()
    expect(fact).to_have_attribute("aria-current", "true")
    assert page.url.endswith(feedback)  # in place, no navigation
    assert problems_on(page, f"feedback with a what-if {language}") == []
    assert fits_a_phone(page)

    permalink = result.get_by_role("link", name=permalink_name).get_attribute("href")
    still = page.context.browser.new_context(java_script_enabled=False)
    still.add_cookies(page.context.cookies())
    other = still.new_page()
    other.goto(f"{live_server.url}{permalink}")
    expect(other.locator("dl mark", has_text=missed)).to_be_visible()
    expect(other.locator('a.whatif-fact[aria-current="true"]')).to_have_attribute(
        "href", f"/what-if/practice/{answer.pk}/intent_none"
    )
    still.close()

    page.goto(f"{live_server.url}{permalink}")
    expect(page.locator("dl mark", has_text=missed)).to_be_visible()
    assert problems_on(page, f"what-if page {language}") == []
