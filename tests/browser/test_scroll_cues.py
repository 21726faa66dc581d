"""On a phone, a row that scrolls sideways shows that it goes on (walk 3, #1: the exam's
question numbers 5 and 6 were cut off at the right edge with no hint; #24: report tables the
same): site.js marks the edge with more, and the page fades it."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import fits_a_phone, log_in, problems_on, start_exam
from tests.factories import BlueprintFactory, assignment, candidate, cohort, mentor, question
from tests.quizzes.committee.seeding import graded_attempt

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 667}
COMPOSITION = [{"topic": None, "kind": "multiple_choice", "count": 8}]


def test_the_exam_navigator_wraps_on_a_phone_with_nothing_cut_off(live_server, browser):
    """Walk 11, #13 replaced walk 3's cue: the numbers wrap, so none is cut off at the right
    edge and nothing scrolls sideways (8 questions)."""
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

    assert numbers.evaluate("box => box.scrollWidth <= box.clientWidth")
    last = page.locator("#nav-8").bounding_box()
    assert last is not None
    assert last["x"] + last["width"] <= PHONE["width"]
    expect(numbers).not_to_have_class("more-after")
    context.close()


def test_report_tables_stack_their_rows_on_a_phone_each_value_named(live_server, browser):
    """Walk 4, #13: on 375 px the item-analysis tables kept 5 to 7 columns, cut off at the
    right inside their box. Each row now stacks, every value named by its column; the box
    is still reachable by keyboard, and nothing scrolls sideways."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(20_000)
    guide = mentor(email="mia@example.com")
    person = candidate()
    cohort(mentor=guide, candidates=[person])
    blueprint = BlueprintFactory(pass_score=0.8)
    graded_attempt(person, blueprint, [1.0, 0.5], [question(template_id="t1"), question()])
    log_in(page, live_server.url, email="mia@example.com", next_url="/reports/")

    box = page.locator("#t-items-by-template").locator("xpath=..").locator(".table-scroll")
    expect(box).to_be_visible()
    assert box.evaluate("b => b.scrollWidth <= b.clientWidth")  # nothing cut off at the right
    first = box.locator("tbody tr").first.locator("td").nth(1)
    label = first.evaluate("td => getComputedStyle(td, '::before').content")
    assert label.strip('"').endswith(": ")  # "Attempts: 2", its column named
    assert fits_a_phone(page)
    box.focus()
    expect(box).to_be_focused()
    assert problems_on(page, "reports") == []
    context.close()
