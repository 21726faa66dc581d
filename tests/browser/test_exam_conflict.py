"""Two tabs on one exam: the stale tab never overwrites the newer answer, keeps its own text
(in the page and in local storage) and lets the candidate choose, by keyboard."""

import pytest
from playwright.sync_api import expect

from quizzes.exams.models.exams import Attempt
from tests.browser.helpers import log_in, start_exam, wait_until_saved
from tests.factories import assignment, candidate

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANSWER = "Your ruling, as the question above asks it"
MINE = "Yours in this tab"
THEIRS = "Saved from another tab"


def stored(page):
    """What this browser keeps for question 1 in local storage (None when nothing)."""
    return page.evaluate(
        "() => { const key = Object.keys(localStorage).find(k => k.endsWith(':1'));"
        " return key ? JSON.parse(localStorage.getItem(key)).response : null; }"
    )


def saved_answer():
    return Attempt.objects.get().items.get(position=1).response


@pytest.fixture
def two_tabs(live_server, page):
    """Tab one and tab two on the same attempt; tab two has saved a newer answer 1."""
    assignment(candidate=candidate(email="ana@example.com"))
    log_in(page, live_server.url, next_url="/exams/")
    start_exam(page)
    page.get_by_label(ANSWER).first.wait_for()
    other = page.context.new_page()
    other.goto(page.url)
    other.get_by_label(ANSWER).first.fill("Saved from tab two")
    wait_until_saved(other.get_by_label(ANSWER).first)
    other.close()
    return page


def test_a_stale_tabs_autosave_shows_both_texts_and_keeps_this_tabs_on_request(two_tabs):
    page = two_tabs
    page.get_by_label(ANSWER).first.fill("Typed in tab one")

    conflict = page.get_by_role("group", name="changed in another tab")
    conflict.wait_for()
    expect(conflict.get_by_text(MINE, exact=True)).to_be_visible()
    expect(conflict.get_by_text("Typed in tab one")).to_be_visible()
    expect(conflict.get_by_text(THEIRS, exact=True)).to_be_visible()
    expect(conflict.get_by_text("Saved from tab two")).to_be_visible()
    assert saved_answer() == "Saved from tab two"
    assert stored(page) == "Typed in tab one"  # nothing lost until the candidate chooses

    page.reload()  # still undecided after a reload: both texts come back
    conflict = page.get_by_role("group", name="changed in another tab")
    conflict.get_by_text("Typed in tab one").wait_for()
    conflict.get_by_role("button", name="Keep yours in this tab").focus()
    page.keyboard.press("Enter")
    wait_until_saved(page.get_by_label(ANSWER).first)

    expect(conflict).to_have_count(0)
    assert page.get_by_label(ANSWER).first.input_value() == "Typed in tab one"
    assert saved_answer() == "Typed in tab one"
    assert stored(page) is None


def test_a_stale_tab_can_take_the_other_tabs_text_by_keyboard(two_tabs):
    page = two_tabs
    page.get_by_label(ANSWER).first.fill("Typed in tab one")
    button = page.get_by_role("button", name="Use the one saved from another tab")
    button.focus()
    page.keyboard.press("Space")

    page.get_by_role("group", name="changed in another tab").wait_for(state="detached")
    assert page.get_by_label(ANSWER).first.input_value() == "Saved from tab two"
    assert saved_answer() == "Saved from tab two"
    # An autosave the typing had scheduled may still store the text it reads (now the other
    # tab's) until the server confirms it: wait for that state, not for time.
    page.wait_for_function(
        "() => !Object.keys(localStorage).some(k => k.endsWith(':1'))", timeout=10_000
    )
    assert stored(page) is None


def test_a_stale_tabs_submit_is_refused_then_submitted_with_the_chosen_text(two_tabs):
    page = two_tabs
    page.get_by_role("button", name="Review and submit").click()

    conflict = page.get_by_role("group", name="changed in another tab")
    conflict.wait_for()
    expect(page.get_by_text("Nothing was saved")).to_be_visible()
    assert Attempt.objects.get().status == Attempt.Status.IN_PROGRESS
    assert saved_answer() == "Saved from tab two"
    conflict.get_by_role("button", name="Use the one saved from another tab").click()
    page.get_by_role("button", name="Review and submit").click()
    page.get_by_role("button", name="Submit now").click()

    page.get_by_role("heading", name="Result").wait_for()
    expect(page.get_by_text("Saved from tab two")).to_be_visible()
    assert saved_answer() == "Saved from tab two"
