"""On a phone, a mentor whose review decision fails to save sees it at once: the error summary
at the top takes the focus, the title starts with "Error:", each link puts the cursor in its
field, and what was typed is still there (UX walk 1, #11: the page used to reload at the top
with the errors 4,000 px down)."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import log_in, problems_on
from tests.factories import candidate, cohort, mentor
from tests.quizzes.mentor.conftest import HEDGED, graded_attempt

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_invalid_override_is_summed_up_and_focused_at_the_top_on_a_phone(live_server, page):
    guide = mentor(email="marco@example.com")
    ana = candidate(first_name="Ana", last_name="Souza")
    cohort(mentor=guide, candidates=[ana])
    attempt = graded_attempt(ana, [HEDGED])
    review = attempt.items.get().review
    page.set_viewport_size({"width": 375, "height": 667})
    log_in(page, live_server.url, "marco@example.com", f"/mentor/reviews/{review.pk}/")

    for radio in page.locator('input[type="radio"][value="accept"]').all():
        radio.check()  # walk 6, #26: nothing is pre-selected
    page.locator("#id_penalty-decision_1").check()
    page.locator("#id_penalty-percent").fill("150")
    page.locator("#id_remedy-decision_1").check()
    page.locator("#id_remedy-percent").fill("40")
    page.locator("#id_remedy-reason").fill("Resolved too late to matter.")
    page.get_by_role("button", name="Save the decision", exact=True).click()

    summary = page.locator("[data-error-summary]")
    expect(summary).to_be_focused()
    expect(summary).to_be_in_viewport()
    expect(page).to_have_title("Error: Review a grading · JudgeTrain")
    expect(summary.get_by_role("link")).to_have_count(2)  # penalty's score and its reason
    expect(page.locator("#id_remedy-reason")).to_have_value("Resolved too late to matter.")
    expect(page.locator("#id_remedy-percent")).to_have_value("40")
    problems = problems_on(page, "review with errors")

    page.set_viewport_size({"width": 375, "height": 667})
    page.locator("[data-error-summary]").get_by_role("link").last.click()
    reason = page.locator("#id_penalty-reason")
    expect(reason).to_be_focused()
    expect(reason).to_be_in_viewport()
    reason.fill("Hedged, but the right penalty.")
    page.locator("#id_penalty-percent").fill("67")
    page.get_by_role("button", name="Save the decision", exact=True).click()

    expect(page.get_by_text("Your decision was saved.")).to_be_visible()
    review.refresh_from_db()
    assert review.parts["remedy"]["percent"] == 40
    assert problems == []
