import pytest

from tests.factories import DEFAULT_PASSWORD, candidate, question
from tests.quizzes.factories_practice import RIGHT_ANSWER

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, base_url, email):
    page.goto(f"{base_url}/accounts/login/?next=/practice/")
    page.get_by_label("Email address").fill(email)
    page.get_by_label("Password").fill(DEFAULT_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("heading", name="Practice", exact=True).wait_for()


def assert_fits_a_phone(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_a_candidate_practises_a_free_form_question_with_the_keyboard(live_server, page):
    candidate(email="ana@example.com")
    item = question(language="en")

    log_in(page, live_server.url, "ana@example.com")
    assert_fits_a_phone(page)
    page.get_by_role("button", name="Start practising").focus()
    page.keyboard.press("Enter")

    page.get_by_role("heading", name="Practice question").wait_for()
    assert page.get_by_text(item.stem).first.is_visible()
    assert_fits_a_phone(page)
    page.get_by_label("Your ruling").focus()
    page.keyboard.type(RIGHT_ANSWER)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")

    page.get_by_role("heading", name="Feedback").wait_for()
    for part in ("Infraction", "Penalty", "Remedy"):
        assert page.get_by_text(f"✓ {part}: correct").is_visible()
    explanation = page.get_by_role("region", name="Explanation")
    assert page.get_by_role("region", name="The policy it rests on").count() == 0
    explanation.get_by_text("Full text of the sections cited").focus()
    page.keyboard.press("Enter")
    assert explanation.locator("cite", has_text="TR 702.2.f.2").first.is_visible()
    assert page.get_by_role("link", name="Next question").is_visible()
    assert_fits_a_phone(page)


def test_an_empty_answer_is_announced_and_the_question_stays(live_server, page):
    candidate(email="ana@example.com")
    item = question(language="en")

    log_in(page, live_server.url, "ana@example.com")
    page.goto(f"{live_server.url}/practice/questions/{item.pk}?lang=en")
    page.get_by_role("button", name="Check my answer").click()

    assert page.get_by_role("alert").filter(has_text="Write your ruling").is_visible()
    assert page.get_by_label("Your ruling").is_visible()
