from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from quizzes.exams.models.exams import Attempt, AttemptItem
from tests.browser.helpers import fits_a_phone, log_in, start_exam, wait_until_saved
from tests.factories import BlueprintFactory, assignment, candidate

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


ANSWER_LABEL = "Your ruling, as the question above asks it"


def test_exam_start_autosave_reload_submit_and_result(live_server, page):
    student = candidate(email="ana@example.com")
    assignment(candidate=student, blueprint=BlueprintFactory(name="Riftbound L1"))

    log_in(page, live_server.url, next_url="/exams/")
    # Keyboard only: every control is reached by focus and worked with keys.
    start_exam(page, keyboard=True)
    page.get_by_role("heading", name="Riftbound L1").wait_for()
    assert fits_a_phone(page)

    answer = page.get_by_label("Your ruling, as the question above asks it").first
    answer.focus()
    page.keyboard.type("Missed trigger, no penalty, the opponent chooses")
    wait_until_saved(answer)

    page.reload()
    answer = page.get_by_label("Your ruling, as the question above asks it").first
    assert answer.input_value() == "Missed trigger, no penalty, the opponent chooses"

    page.get_by_role("radio").first.focus()
    page.keyboard.press("Space")
    expect(page.get_by_role("radio").first).to_be_checked()
    wait_until_saved(page.get_by_role("radio").first)
    page.get_by_role("button", name="Review and submit").focus()
    page.keyboard.press("Enter")
    page.get_by_role("heading", name="Submit the exam?").wait_for()
    expect(page.get_by_text("2 questions are unanswered")).to_be_visible()
    page.get_by_role("button", name="Submit now").focus()
    page.keyboard.press("Enter")

    page.get_by_role("heading", name="Result").wait_for()
    expect(page.get_by_text("Score:").first).to_be_visible()
    expect(page.get_by_text("Missed trigger, no penalty, the opponent chooses")).to_be_visible()
    attempt = Attempt.objects.get()
    assert attempt.status == Attempt.Status.GRADED
    assert AttemptItem.objects.get(attempt=attempt, position=3).response != ""


def test_a_second_tab_sees_the_answer_saved_in_the_first(live_server, page):
    student = candidate(email="ana@example.com")
    assignment(candidate=student)
    log_in(page, live_server.url, next_url="/exams/")
    start_exam(page)
    label = "Your ruling, as the question above asks it"
    page.get_by_label(label).first.fill("typed in the first tab")
    wait_until_saved(page.get_by_label(label).first)

    second = page.context.new_page()
    second.goto(page.url)

    assert second.get_by_label(label).first.input_value() == "typed in the first tab"


def test_the_deadline_closes_the_exam_and_keeps_the_saved_answer(live_server, page):
    student = candidate(email="ana@example.com")
    job = assignment(candidate=student)
    # The page's timers run on Playwright's clock, so the test moves the page to its deadline
    # instead of waiting for it.
    page.clock.install()
    log_in(page, live_server.url, next_url="/exams/")
    start_exam(page)
    page.get_by_role("heading", name=job.blueprint.name).wait_for()
    page.get_by_label(ANSWER_LABEL).first.fill("Saved in time")
    wait_until_saved(page.get_by_label(ANSWER_LABEL).first)

    # The deadline passes on the server, and the page's clock reaches zero: the page finishes
    # the attempt (1.5 s after zero) and the browser is sent to the result.
    Attempt.objects.filter(assignment=job).update(deadline=timezone.now() - timedelta(seconds=1))
    seconds_left = int(page.locator("#time-left").get_attribute("data-seconds-left"))
    page.clock.fast_forward(seconds_left * 1000)
    expect(page.locator("#time-left")).to_have_text("0:00")
    page.clock.fast_forward(1_500)
    expect(page.get_by_text("The exam closed at its deadline")).to_be_visible()

    attempt = Attempt.objects.get(assignment=job)
    assert attempt.closure == Attempt.Closure.DEADLINE
    assert attempt.items.get(position=1).response == "Saved in time"
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    late = page.request.put(
        f"{live_server.url}/api/v1/attempts/{attempt.pk}/items/1",
        data={"response": "too late", "revision": 1},
        headers={"X-CSRFToken": csrf, "Referer": live_server.url},
    )
    assert late.status == 403
    assert late.json()["code"] == "attempt_closed"
    assert attempt.items.get(position=1).response == "Saved in time"


def test_switching_the_language_translates_the_interface_and_the_exam(live_server, page):
    student = candidate(email="ana@example.com")
    assignment(candidate=student, blueprint=BlueprintFactory(name="Prova"))
    log_in(page, live_server.url)

    page.get_by_label("Language").select_option("pt-br")
    page.get_by_role("button", name="Change").click()
    page.get_by_role("heading", name="Suas provas abertas").wait_for()

    page.get_by_role("link", name="Provas").click()
    start_exam(page, "Iniciar a prova")
    page.get_by_role("heading", name="Prova").wait_for()
    assert Attempt.objects.get().language == "pt-BR"
    assert page.locator("html").get_attribute("lang") == "pt-br"


def test_answers_typed_while_offline_are_saved_when_the_connection_returns(live_server, page):
    student = candidate(email="ana@example.com")
    job = assignment(candidate=student)
    log_in(page, live_server.url, next_url="/exams/")
    start_exam(page)
    page.get_by_role("heading", name=job.blueprint.name).wait_for()

    page.context.set_offline(True)
    page.get_by_label(ANSWER_LABEL).first.fill("typed on a train")
    page.get_by_text("Connection lost").wait_for()
    page.context.set_offline(False)
    wait_until_saved(page.get_by_label(ANSWER_LABEL).first)

    assert Attempt.objects.get(assignment=job).items.get(position=1).response == "typed on a train"
