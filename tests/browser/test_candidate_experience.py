"""Phone-sized exam and practice details: the compact timer, the navigator and flags, the time
warnings, the game's topics, the review of due topics, the user's time zone."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from judgetrain.accounts.models import User
from quizzes.exams.models.exams import Attempt, AttemptItem
from tests.browser.helpers import fits_a_phone, log_in
from tests.browser.helpers import start_exam as start_on_its_page
from tests.factories import assignment, candidate
from tests.quizzes.factories_practice import mastery

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANSWER_LABEL = "Your ruling, as the question above asks it"


def start_exam(page, base_url):
    log_in(page, base_url, next_url="/exams/")
    start_on_its_page(page)
    page.locator("#attempt-form").wait_for()
    # The page's script is deferred: until it has run, a flag button still posts the whole
    # form (the no-JavaScript path reloads the page and the button loses the focus).
    page.wait_for_load_state("load")


def test_the_phone_timer_is_compact_and_never_hides_the_focused_answer(live_server, page):
    assignment(candidate=candidate(email="ana@example.com"))
    start_exam(page, live_server.url)

    bar = page.locator(".exam-status").bounding_box()
    assert bar["height"] <= 80  # was 130 px, 16% of the screen
    second = page.get_by_label(ANSWER_LABEL).nth(1)
    second.focus()
    page.keyboard.press("Shift+Tab")  # back to the first answer's field, above
    page.keyboard.press("Shift+Tab")
    focused = page.evaluate(
        "(() => { const r = document.activeElement.getBoundingClientRect();"
        " const bar = document.querySelector('.exam-status').getBoundingClientRect();"
        " return [r.top, bar.bottom]; })()"
    )
    assert focused[0] >= focused[1] - 1  # the focused control starts below the sticky bar
    assert fits_a_phone(page)


def test_the_navigator_shows_answered_and_flagged_questions_and_the_summary_lists_them(
    live_server, page, browser
):
    assignment(candidate=candidate(email="ana@example.com"))
    start_exam(page, live_server.url)

    page.get_by_label(ANSWER_LABEL).first.fill("Missed trigger")
    # Moving the focus to the flag fires the answer's change event, and its autosave says
    # "Saving…" / "Saved at": the flag is announced on a status line of its own, which the
    # autosave cannot overwrite (with one line it did, in CI)
    flag = page.locator("#q2 .flag-button")
    expect(flag).to_have_accessible_name(re.compile("Flag for review"))
    flag.focus()
    page.keyboard.press("Space")  # keyboard only
    page.locator("#flag-status", has_text="Question 2 is flagged for review.").wait_for()
    assert page.locator("#flag-status").get_attribute("role") == "status"  # announced
    expect(flag).to_have_text(re.compile("Remove flag"))  # the label says what a press does
    assert flag.get_attribute("data-flagged") == "true"
    assert page.evaluate("document.activeElement.classList.contains('flag-button')")
    nav = page.get_by_role("navigation", name="Questions")
    assert "answered" in nav.get_by_role("link").nth(0).get_attribute("class")
    assert "flagged" in nav.get_by_role("link").nth(1).get_attribute("class")
    expect(nav.get_by_role("link").nth(1)).to_contain_text("flagged for review")
    assert AttemptItem.objects.get(position=2).flagged  # kept on the server
    nav.get_by_role("link").nth(2).focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"#q3$"))

    # A second device (its own cookies and storage) sees the flag, and can remove it.
    phone = browser.new_context(viewport={"width": 375, "height": 740})
    try:
        other = phone.new_page()
        log_in(other, live_server.url, next_url="/exams/")
        other.get_by_role("link", name="continue").first.click()
        other.wait_for_load_state("load")  # its deferred script runs before the flag is used
        other_flag = other.locator("#q2").get_by_role("button", name="Remove flag")
        assert other_flag.get_attribute("data-flagged") == "true"
        assert "flagged" in other.locator("#nav-2").get_attribute("class")
        other.locator("#q3").get_by_role("button", name="Flag for review").click()
        other.locator("#flag-status", has_text="Question 3 is flagged for review.").wait_for()
    finally:
        phone.close()

    page.reload()  # flags are read from the server, from any device
    assert flag.get_attribute("data-flagged") == "true"
    expect(page.locator("#q3").get_by_role("button", name="Remove flag")).to_be_visible()
    page.get_by_role("button", name="Review and submit").click()
    page.get_by_role("heading", name="Submit the exam?").wait_for()
    expect(page.get_by_text("3 questions are unanswered")).to_be_visible()
    flagged = page.locator("p", has_text="Flagged for review")
    assert flagged.get_by_role("link").all_inner_texts() == ["Question 2", "Question 3"]
    page.get_by_role("link", name="Back to the exam").click()
    page.locator("#attempt-form").wait_for()
    assert Attempt.objects.get().status == Attempt.Status.IN_PROGRESS


def test_without_javascript_the_flag_button_saves_the_answers_and_flags(live_server, browser):
    assignment(candidate=candidate(email="ana@example.com"))
    context = browser.new_context(viewport={"width": 375, "height": 740}, java_script_enabled=False)
    page = context.new_page()
    try:
        start_exam(page, live_server.url)
        page.get_by_label(ANSWER_LABEL).first.fill("Missed trigger")
        page.locator("#q2").get_by_role("button", name="Flag for review").click()
        page.get_by_text("question 2 is flagged for review").wait_for()

        expect(page).to_have_url(re.compile(r"#q2$"))
        assert page.get_by_label(ANSWER_LABEL).first.input_value() == "Missed trigger"
        flag = page.locator("#q2").get_by_role("button", name="Remove flag")
        assert flag.get_attribute("data-flagged") == "true"
        assert "flagged for review" in page.locator("#nav-2").inner_text()
        flag.click()  # pressed again: the flag is removed
        page.get_by_text("the flag on question 2 is removed").wait_for()
        assert not AttemptItem.objects.get(position=2).flagged

        # Enter in a field still means "Save answers", never the first question's flag.
        page.locator("#q3 input[type=radio]").first.check()
        page.locator("#q3 input[type=radio]").first.press("Enter")
        page.get_by_text("Your answers are saved.", exact=True).wait_for()
        assert not AttemptItem.objects.filter(flagged=True).exists()
        assert AttemptItem.objects.get(position=3).response != ""
    finally:
        context.close()


def seconds_shown(page):
    minutes, seconds = page.locator("#time-left").inner_text().split(":")
    return int(minutes) * 60 + int(seconds)


def test_warnings_at_five_minutes_and_one_minute_are_announced_on_the_browsers_clock(
    live_server, page
):
    """The page's clock is Playwright's: time moves only when the test says so, never by
    waiting. The server's deadline stays 6 minutes away, so nothing closes meanwhile."""
    job = assignment(candidate=candidate(email="ana@example.com"))
    start_exam(page, live_server.url)
    Attempt.objects.filter(assignment=job).update(deadline=timezone.now() + timedelta(minutes=6))
    page.clock.install()
    page.reload()

    warning = page.locator("#time-warning")
    # A live region that is in the accessibility tree before it speaks, so the change is read.
    assert (warning.get_attribute("role"), warning.get_attribute("aria-live")) == (
        "alert",
        "assertive",
    )
    assert warning.evaluate("node => getComputedStyle(node).display") != "none"
    assert warning.inner_text() == ""
    assert page.locator(".exam-status.warning").count() == 0

    page.clock.fast_forward("00:50")
    assert 300 < seconds_shown(page) <= 310
    assert warning.inner_text() == ""

    page.clock.fast_forward("00:15")
    assert 285 < seconds_shown(page) <= 295
    alert = page.get_by_role("alert")
    alert.filter(has_text="5 minutes left").wait_for()
    assert "the exam is submitted by itself at the deadline" in alert.inner_text()
    assert page.locator(".exam-status.warning").count() == 1

    page.clock.fast_forward("03:00")
    assert 105 < seconds_shown(page) <= 115
    assert "5 minutes left" in warning.inner_text()

    page.clock.fast_forward("01:00")
    assert 45 < seconds_shown(page) <= 55
    alert.filter(has_text="1 minute left").wait_for()
    assert "5 minutes" not in warning.inner_text()
    assert Attempt.objects.get(assignment=job).status == Attempt.Status.IN_PROGRESS


def test_practice_topics_are_grouped_and_follow_the_chosen_game(live_server, page):
    candidate(email="ana@example.com")
    log_in(page, live_server.url, next_url="/practice/")

    start = page.get_by_role("button", name="Start practising")
    assert start.bounding_box()["y"] < 740  # on the first screen of a phone
    page.get_by_text("More choices").click()
    magic = page.get_by_role("group", name="Magic: The Gathering")
    riftbound = page.get_by_role("group", name="Riftbound")
    expect(magic).to_be_visible()
    expect(riftbound).to_be_visible()
    page.get_by_label("Game", exact=True).select_option("riftbound")
    expect(magic).to_be_hidden()
    expect(riftbound).to_be_visible()
    expect(page.get_by_role("group", name="Topics of both games")).to_be_visible()
    names = riftbound.locator("label span").all_inner_texts()
    assert names == sorted(names, key=str.casefold)


def test_the_home_page_counts_due_topics_and_one_tap_starts_their_review(live_server, page):
    student = candidate(email="ana@example.com")
    mastery(student, "missed_trigger", level=0.3, due_in=timedelta(hours=-1))
    mastery(student, "rewind", level=0.8, due_in=timedelta(days=3))
    log_in(page, live_server.url)

    expect(page.get_by_text("1 topic due now")).to_be_visible()
    expect(page.get_by_text("due now", exact=True)).to_be_visible()
    page.get_by_role("link", name="Review the due topics").click()
    expect(page).to_have_url(re.compile("topics=missed_trigger"))
    assert fits_a_phone(page)


def test_the_browser_time_zone_is_used_for_every_date(live_server, browser):
    context = browser.new_context(
        viewport={"width": 375, "height": 740}, timezone_id="America/Sao_Paulo", locale="en"
    )
    page = context.new_page()
    try:
        job = assignment(candidate=candidate(email="ana@example.com"))
        log_in(page, live_server.url)
        # A locator, not wait_for_function: that evaluates a string, which the CSP forbids.
        page.locator("body:not([data-detect-time-zone])").wait_for(state="attached")
        assert User.objects.get(email="ana@example.com").time_zone == "America/Sao_Paulo"

        page.goto(f"{live_server.url}/exams/")
        shown = page.locator("time").last.inner_text()
        # São Paulo's zone is named readably, never a bare UTC time, a bare offset ("-03")
        # nor the raw IANA id (walk 4, #3)
        assert shown.endswith(" São Paulo (UTC\u22123)")
        assert "-03" not in shown
        assert job.blueprint.name in page.content()
    finally:
        context.close()


def test_the_first_page_after_logging_in_shows_its_times_in_the_browser_zone(live_server, browser):
    """Walk 3, #4: the very first page showed "09:42 UTC", the next ones the browser's zone."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, timezone_id="America/Sao_Paulo", locale="en"
    )
    page = context.new_page()
    try:
        assignment(candidate=candidate(email="ana@example.com"))
        log_in(page, live_server.url)

        expect(page.locator("main time").first).to_have_text(
            re.compile("São Paulo \\(UTC\u22123\\)$")
        )
        assert not re.search(r"\d UTC\b", page.locator("main").inner_text())
    finally:
        context.close()


def test_the_language_menu_is_whole_on_a_phone_in_every_language(live_server, page):
    for lang in ("en", "pt-br", "es"):
        page.context.add_cookies(
            [{"name": "django_language", "value": lang, "url": live_server.url}]
        )
        page.goto(f"{live_server.url}/accounts/login/")
        for selector in ("#language-select", ".language-form button"):
            box = page.locator(selector).bounding_box()
            assert box["x"] >= 0, (lang, selector)
            assert box["x"] + box["width"] <= 375, (lang, selector)
