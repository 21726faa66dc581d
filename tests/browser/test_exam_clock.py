"""An exam tab left open while a mentor moves the closing time (walk 9, #6 to #8): the page
picks up the new deadline from the server (a poll every 30 s, or an autosave's answer),
announces why, and once the server closed the attempt says so at once, stops saving and keeps
what was typed too late on the page, marked "Not saved"."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from quizzes.exams.models.exams import Attempt, ExamAssignment
from quizzes.exams.services import assignments
from tests.browser.helpers import log_in, start_exam, wait_until_saved
from tests.factories import BlueprintFactory, assignment, candidate

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANSWER_LABEL = "Your ruling, as the question above asks it"


def _open_exam(live_server, page):
    job = assignment(candidate=candidate(email="ana@example.com"))
    page.clock.install()
    log_in(page, live_server.url, next_url="/exams/")
    start_exam(page)
    page.get_by_role("heading", name=job.blueprint.name).wait_for()
    return job


def test_an_open_exam_page_follows_a_shortened_deadline_and_a_closing(live_server, page):
    job = _open_exam(live_server, page)
    expect(page.locator("#time-left")).to_have_text(
        # A duration, never like a clock time (#8).
        re.compile(r"^\d+ min \d+ s$")
    )
    assignments.assignments_edit(
        assignments=[ExamAssignment.objects.get(pk=job.pk)],
        closes_at=timezone.now() + timedelta(minutes=5),
        note="Closing early: the room is needed.",
        shorten_running=True,
    )

    page.clock.fast_forward(31_000)  # the page's next poll

    expect(page.locator("#deadline-notice")).to_contain_text("Your mentor changed the closing time")
    expect(page.locator("#mentor-note")).to_contain_text("Closing early: the room is needed.")
    expect(page.locator("#time-left")).to_have_text(re.compile(r"^[45] min \d+ s$"))

    Attempt.objects.filter(assignment=job).update(deadline=timezone.now() - timedelta(seconds=1))
    page.clock.fast_forward(31_000)

    closed = page.locator("#exam-closed")
    expect(closed).to_be_visible()
    expect(closed).to_contain_text("this exam closed at")
    expect(page.get_by_label(ANSWER_LABEL).first).not_to_be_editable()


def test_an_answer_typed_after_the_close_is_refused_and_kept_on_the_page(live_server, page):
    job = _open_exam(live_server, page)
    answer = page.get_by_label(ANSWER_LABEL).first
    answer.fill("Saved in time")
    wait_until_saved(answer)
    Attempt.objects.filter(assignment=job).update(
        deadline=timezone.now() - timedelta(seconds=1), deadline_changed_at=timezone.now()
    )

    answer.fill("Typed after the close")
    question = answer.locator("xpath=ancestor::fieldset[@data-position][1]")

    # The refusal comes once the server has closed the attempt (grading it in-process here).
    expect(question).to_have_attribute("data-save-state", "refused", timeout=30_000)
    expect(question.locator(".not-saved")).to_be_visible()
    expect(page.locator("#exam-closed")).to_contain_text("Your mentor changed the closing time")
    expect(page.locator("#exam-closed .closed-unsaved")).to_be_visible()
    assert answer.input_value() == "Typed after the close"  # still there to copy
    assert Attempt.objects.get(assignment=job).items.get(position=1).response == "Saved in time"


def _open_exam_in_spanish(live_server, page):
    # Questions in English (the demo exam's), the interface in the candidate's language.
    job = assignment(
        candidate=candidate(
            email="ana@example.com", preferred_language="es", time_zone="America/Sao_Paulo"
        ),
        blueprint=BlueprintFactory(language="en"),
    )
    page.clock.install()
    log_in(page, live_server.url, next_url="/exams/")
    start_exam(page, "Empezar el examen")
    page.get_by_role("heading", name=job.blueprint.name).wait_for()
    return job


def _switch_account_to_english_in_another_tab(live_server, page):
    """What a candidate (and walk 10) does while the exam tab stays open: another tab of the
    same session changes the account's language."""
    other = page.context.new_page()
    other.goto(f"{live_server.url}/")
    form = other.locator("form.language-form").first
    form.locator("select").select_option("en")
    form.locator("button").click()
    expect(other.locator("html")).to_have_attribute("lang", "en")
    other.close()


def test_a_moved_closing_time_is_announced_in_the_exam_pages_language(live_server, page):
    """Walk 10, #1: the poll's notice on a Spanish exam page came in English, with an English
    date, once the account's language was no longer the page's."""
    job = _open_exam_in_spanish(live_server, page)
    _switch_account_to_english_in_another_tab(live_server, page)
    assignments.assignments_edit(
        assignments=[ExamAssignment.objects.get(pk=job.pk)],
        closes_at=timezone.now() + timedelta(minutes=5),
        note="",
        shorten_running=False,
    )

    page.clock.fast_forward(31_000)  # the page's next poll

    notice = page.locator("#deadline-notice")
    expect(notice).to_contain_text("Tu mentor cambió la hora de cierre a ")
    expect(notice).to_contain_text(re.compile(r"\d+ de [a-z]+ de \d{4}, \d\d:\d\d São Paulo"))
    expect(page.locator("#time-warning")).to_contain_text("conserva su tiempo")


def test_an_autosave_reply_speaks_the_exam_pages_language(live_server, page):
    job = _open_exam_in_spanish(live_server, page)
    _switch_account_to_english_in_another_tab(live_server, page)
    assignments.assignments_edit(
        assignments=[ExamAssignment.objects.get(pk=job.pk)],
        closes_at=timezone.now() + timedelta(minutes=5),
        note="",
        shorten_running=True,
    )
    answer = page.get_by_label("Tu resolución, como la pide la pregunta de arriba").first
    answer.fill("Infracción de disparada olvidada")
    wait_until_saved(answer)

    expect(page.locator("#deadline-notice")).to_contain_text("este intento termina ahora a las")
    expect(page.locator("#deadline-time")).to_contain_text("São Paulo (UTC\u22123)")
    expect(page.locator("#save-status")).to_contain_text("Guardado")

    Attempt.objects.filter(assignment=job).update(deadline=timezone.now() - timedelta(seconds=1))
    answer.fill("Escrito tras el cierre")
    expect(page.locator("#exam-closed")).to_contain_text("este examen se cerró a las")
