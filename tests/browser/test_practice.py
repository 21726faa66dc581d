import pytest
from playwright.sync_api import expect

from tests.browser.helpers import fits_a_phone, log_in
from tests.factories import candidate, question
from tests.quizzes.factories_practice import RIGHT_ANSWER

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_candidate_practises_a_free_form_question_with_the_keyboard(live_server, page):
    candidate(email="ana@example.com")
    item = question(language="en")

    log_in(page, live_server.url, next_url="/practice/")
    assert fits_a_phone(page)
    page.get_by_role("button", name="Start practising").focus()
    page.keyboard.press("Enter")

    page.get_by_role("heading", name="Practice question").wait_for()
    expect(page.get_by_text(item.stem).first).to_be_visible()
    assert fits_a_phone(page)
    page.get_by_label("Your ruling").focus()
    page.keyboard.type(RIGHT_ANSWER)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")

    page.get_by_role("heading", name="Feedback").wait_for()
    for part in ("Infraction", "Penalty", "Remedy"):
        expect(page.get_by_text(f"✓ {part}: correct")).to_be_visible()
    explanation = page.get_by_role("region", name="Explanation")
    expect(page.get_by_role("region", name="The policy it rests on")).to_have_count(0)
    explanation.get_by_text("Full text of the sections cited").focus()
    page.keyboard.press("Enter")
    expect(explanation.locator("cite", has_text="TR 702.2.f.2").first).to_be_visible()
    # Right after the verdict, and again at the end of the page.
    expect(page.get_by_role("link", name="Next question")).to_have_count(2)
    expect(page.get_by_role("link", name="Next question").first).to_be_visible()
    assert fits_a_phone(page)


def test_an_empty_answer_is_announced_and_the_question_stays(live_server, page):
    candidate(email="ana@example.com")
    item = question(language="en")

    log_in(page, live_server.url, next_url="/practice/")
    page.goto(f"{live_server.url}/practice/questions/{item.pk}?lang=en")
    page.get_by_role("button", name="Check my answer").click()

    expect(page.get_by_role("alert").filter(has_text="Write your ruling")).to_be_visible()
    expect(page.get_by_label("Your ruling")).to_be_visible()
