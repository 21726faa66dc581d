"""A candidate runs a five-question practice session by keyboard to its summary, in English
and Portuguese (Brazil), at 1280 and 375 px, with no serious axe violation (issue 29, point 4:
"Practice has no session ..., no keyboard shortcuts, and on a phone 'Next question' sits about
3,300 px down the page")."""

import pytest
from playwright.sync_api import expect

from quizzes.practice.models import PracticeAnswer, PracticeSession
from tests.browser.helpers import fits_a_phone, log_in, problems_on
from tests.browser.test_whole_journey import BROWSER_LOCALE, Words
from tests.factories import candidate, question
from tests.quizzes.factories_practice import banked
from tests.waiting import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CONTENT_LANGUAGE = {"en": "en", "pt-br": "pt-BR"}


@pytest.mark.parametrize("lang", ["en", "pt-br"])
def test_a_five_question_session_by_keyboard_to_the_summary(
    live_server, browser, chromium_path, lang
):
    t = Words(lang)
    context = browser.new_context(
        viewport={"width": 375, "height": 740}, locale=BROWSER_LOCALE[lang]
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    ana = candidate(email="ana@example.com", preferred_language=lang)
    bank = [
        banked(kind="multiple_choice", lang=CONTENT_LANGUAGE[lang], seed=seed)
        for seed in range(1, 8)
    ]
    by_id = {item.pk: item for item in bank}

    log_in(page, live_server.url, next_url="/practice/")
    assert problems_on(page, f"practice start {lang}") == []
    page.set_viewport_size({"width": 375, "height": 740})
    page.get_by_role("radio", name="5", exact=True).focus()
    page.keyboard.press("Space")
    page.get_by_role("button", name=t("Start practising")).focus()
    page.keyboard.press("Enter")

    for number in range(1, 6):
        page.wait_for_url("**/practice/sessions/*")
        expect(page.get_by_text(t.fmt("Question %(position)s of %(size)s", position=number,
                                      size=5))).to_be_visible()  # fmt: skip
        session = PracticeSession.objects.get(user=ana)
        shown = by_id[session.current_question_id]
        count = len(shown.options)
        keys = t.fmt("1-%(last)s or A-%(letter)s", last=count, letter="ABCDEFGHI"[count - 1])
        help_line = page.locator("[data-shortcut-help]")
        expect(help_line).to_have_text(
            t.fmt("Keyboard: %(option_keys)s choose an option, Enter checks the answer.",
                  option_keys=keys)
        )  # fmt: skip
        if number == 1:
            assert problems_on(page, f"session question {lang}") == []
            page.set_viewport_size({"width": 375, "height": 740})
        right = shown.key_detail["correct_option"]
        # Odd questions by letter (the right option), even ones by number (the first option).
        page.keyboard.press(right.lower() if number % 2 else "1")
        chosen = right if number % 2 else shown.options[0]["label"]
        expect(page.locator(f"input[name=response][value={chosen}]")).to_be_checked()
        page.keyboard.press("Enter")

        page.wait_for_url("**/practice/answers/*")
        expect(page.get_by_text(t.fmt("%(answered)s of %(size)s answered", answered=number,
                                      size=5))).to_be_visible()  # fmt: skip
        label = t("See the session summary") if number == 5 else t("Next question")
        onward = page.get_by_role("link", name=label).first
        expect(onward).to_be_visible()
        # On a phone the way on sits right after the verdict, before the explanation.
        explanation = page.get_by_role("heading", name=t("Explanation"))
        assert onward.bounding_box()["y"] < explanation.bounding_box()["y"]
        assert onward.bounding_box()["y"] < 740 * 2
        assert fits_a_phone(page)
        if number == 2:
            expect(page.get_by_role("region", name=t("Why each option is right or wrong"))
                   ).to_be_visible()  # fmt: skip
            assert problems_on(page, f"session feedback {lang}") == []
            page.set_viewport_size({"width": 375, "height": 740})
        page.keyboard.press("n")

    page.wait_for_url("**/practice/sessions/*")
    expect(page.get_by_role("heading", level=1, name=t("Session summary"))).to_be_visible()
    expect(page.get_by_role("button", name=t("Start another session"))).to_be_visible()
    assert PracticeAnswer.objects.filter(user=ana, session__isnull=False).count() == 5
    assert PracticeSession.objects.get(user=ana).finished
    assert fits_a_phone(page)
    assert problems_on(page, f"session summary {lang}") == []
    context.close()


def test_shortcuts_stay_off_while_typing_a_free_form_ruling(live_server, page):
    candidate(email="ana@example.com")
    item = question(language="en")

    log_in(page, live_server.url, next_url="/practice/")
    page.goto(f"{live_server.url}/practice/questions/{item.pk}?lang=en")
    field = page.get_by_label("Your ruling")
    field.focus()
    page.keyboard.type("1 a n")
    page.keyboard.press("Enter")
    page.keyboard.type("b")

    expect(field).to_have_value("1 a n\nb")
    assert page.url.endswith(f"/practice/questions/{item.pk}?lang=en")
    expect(page.locator("[data-shortcut-help]")).to_contain_text("Ctrl+Enter checks")


def test_ctrl_enter_checks_a_free_form_ruling(live_server, page):
    """Walk 10, #11: the README said "Enter checks"; in a written ruling Enter adds a line,
    so Ctrl+Enter checks it."""
    ana = candidate(email="ana@example.com")
    item = question(language="en")

    log_in(page, live_server.url, next_url="/practice/")
    page.goto(f"{live_server.url}/practice/questions/{item.pk}?lang=en")
    field = page.get_by_label("Your ruling")
    field.fill("Missed trigger, no penalty.")
    field.press("Control+Enter")

    wait_for(
        lambda: PracticeAnswer.objects.filter(
            user=ana, response="Missed trigger, no penalty."
        ).exists(),
        what="the ruling checked by Ctrl+Enter",
    )


def test_find_the_wrong_part_on_a_phone_is_two_short_steps_by_keyboard(live_server, page):
    """UX walk 1, finding 2: about 30 radio options made a 3,700-px page on a phone, and the
    shortcuts reached only the first nine. Now each part's choices sit in a closed group;
    1-3 open a part and the arrow keys choose within it."""
    candidate(email="ana@example.com")
    item = banked(kind="find_the_wrong_part", seed=3)
    assert len(item.part_corrections) > 9  # more than the digits reach, in two or three parts
    page.set_viewport_size({"width": 375, "height": 667})

    log_in(page, live_server.url, next_url="/practice/")
    page.goto(f"{live_server.url}/practice/questions/{item.pk}?lang=en")

    choices = page.locator("[data-part-groups]")
    assert choices.bounding_box()["height"] < 400
    expect(page.locator("[data-shortcut-help]")).to_contain_text("open a part's choices")
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("2")
    part = page.locator("details.correction-group").nth(1)
    expect(part).to_have_attribute("open", "")
    first = part.locator("input[type=radio]").first
    expect(first).to_be_focused()
    page.keyboard.press("ArrowDown")
    second = part.locator("input[type=radio]").nth(1)
    expect(second).to_be_checked()
    page.keyboard.press("Enter")

    page.wait_for_url("**/practice/answers/*")
    assert fits_a_phone(page)
