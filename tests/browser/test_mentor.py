"""The mentor's journey in real Chromium at phone width: a flagged grading is overridden and
the candidate sees who did it; an appeal is decided by the mentor, contested, and decided by
the committee."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import PHONE_WIDTH, fits_a_phone, log_in, problems_on
from tests.factories import candidate, cohort, committee_member, mentor
from tests.quizzes.mentor.conftest import HEDGED, REWIND, graded_attempt

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_mentor_overrides_a_flagged_part_and_an_appeal_goes_to_the_committee(live_server, page):
    marco = mentor(email="marco@example.com", first_name="Marco", last_name="Ruiz")
    ana = candidate(email="ana@example.com", first_name="Ana", last_name="Souza")
    cohort(mentor=marco, candidates=[ana])
    claire = committee_member(email="claire@example.com", first_name="Claire", last_name="Dubois")
    attempt = graded_attempt(ana, [HEDGED])
    result_url = f"/exams/attempts/{attempt.pk}/result"

    # The mentor finds the flagged grading from the navigation, by keyboard.
    log_in(page, live_server.url, "marco@example.com", "/")
    page.get_by_role("link", name="Mentor", exact=True).click()
    page.get_by_role("link", name="1 grading to review").click()
    page.get_by_role("link", name="question 1").click()
    page.get_by_role("heading", name="Review a grading").wait_for()
    expect(page.get_by_text(HEDGED)).to_be_visible()
    assert fits_a_phone(page)

    for radio in page.locator('input[type="radio"][value="accept"]').all():
        radio.check()  # walk 6, #26: nothing is pre-selected; the other parts are accepted
    penalty = page.get_by_role("group", name="Penalty")
    penalty.get_by_label("Override").focus()
    page.keyboard.press("Space")
    expect(penalty.get_by_label("Override")).to_be_checked()
    penalty.get_by_label("Score for this part (%)").fill("167")
    penalty.get_by_label("Reason").fill("Hedged, but the penalty named first is right.")
    page.get_by_role("button", name="Save the decision").click()
    # A form error, not a 500: in the summary at the top and beside the field.
    expect(page.get_by_text("less than or equal to 100")).to_have_count(2)
    expect(penalty.get_by_text("less than or equal to 100")).to_be_visible()
    penalty = page.get_by_role("group", name="Penalty")
    assert penalty.get_by_label("Reason").input_value().startswith("Hedged")
    penalty.get_by_label("Score for this part (%)").fill("100")
    page.get_by_role("button", name="Save the decision").press("Enter")
    page.get_by_text("Your decision was saved.").wait_for()

    # The candidate sees the override, labelled with the mentor's name, and appeals anyway.
    log_in(page, live_server.url, "ana@example.com", result_url)
    override = page.locator(".override")
    assert "Mentor's grade" in override.inner_text()
    assert "Marco Ruiz" in override.inner_text()
    page.get_by_text("Appeal this grade").click()
    page.get_by_label("Why should this answer be graded differently?").fill("All parts are right.")
    page.get_by_role("button", name="Send the appeal").click()
    page.get_by_text("Your appeal was sent to your mentor.").wait_for()

    # The mentor rejects it.
    log_in(page, live_server.url, "marco@example.com", "/mentor/appeals/")
    page.get_by_role("link", name="question 1").click()
    page.get_by_label("Reject").check()
    page.get_by_label("Reason").fill("The remedy is missing.")
    page.get_by_role("button", name="Save the decision").click()
    page.get_by_text("Your decision was saved").wait_for()
    assert fits_a_phone(page)

    # The candidate contests the decision.
    log_in(page, live_server.url, "ana@example.com", result_url)
    page.get_by_text("Contest this decision to the committee").click()
    page.get_by_label("Why do you contest your mentor's decision?").fill("It says resolve it now.")
    page.get_by_role("button", name="Send to the committee").click()
    page.get_by_text("sent to the certification committee").wait_for()

    # The committee upholds it with a new score.
    log_in(page, live_server.url, "claire@example.com", "/mentor/committee/appeals/")
    page.get_by_role("link", name="question 1").click()
    expect(page.locator("p.response", has_text="It says resolve it now.")).to_be_visible()
    page.get_by_label("Uphold: the answer deserves a new score").check()
    page.get_by_label("New score for the answer (%)").fill("100")
    page.get_by_label("Reason").fill("Resolving now is what the opponent would choose.")
    page.get_by_role("button", name="Save the decision").click()
    page.get_by_text("Your decision was saved").wait_for()

    log_in(page, live_server.url, "ana@example.com", result_url)
    override = page.locator(".override")
    assert "Committee's grade" in override.inner_text()
    assert "Claire Dubois" in override.inner_text()
    expect(page.get_by_text("Upheld").first).to_be_visible()
    assert claire.pk


def test_the_review_journey_in_spanish(live_server, page):
    marco = mentor(
        email="marco@example.com", first_name="Marco", last_name="Ruiz", preferred_language="es"
    )
    ana = candidate(
        email="ana@example.com", first_name="Ana", last_name="Souza", preferred_language="es"
    )
    cohort(mentor=marco, candidates=[ana])
    attempt = graded_attempt(ana, [HEDGED])

    log_in(page, live_server.url, "marco@example.com", "/mentor/")
    page.get_by_role("link", name="1 calificación por revisar").click()
    page.get_by_role("link", name="pregunta 1").click()
    page.get_by_role("heading", name="Revisar una calificación").wait_for()
    for radio in page.locator('input[type="radio"][value="accept"]').all():
        radio.check()  # walk 6, #26: nothing is pre-selected; the other parts are accepted
    penalty = page.get_by_role("group", name=re.compile("^Penalización"))
    penalty.get_by_label("Sustituir").focus()
    page.keyboard.press("Space")
    penalty.get_by_label("Nota de esta parte (%)").fill("167")
    penalty.get_by_label("Motivo").fill("Duda, pero acierta.")
    page.get_by_role("button", name="Guardar la decisión").click()
    expect(page.get_by_role("alert").first).to_be_visible()  # a form error in Spanish, not a 500
    penalty = page.get_by_role("group", name=re.compile("^Penalización"))
    penalty.get_by_label("Nota de esta parte (%)").fill("100")
    page.get_by_role("button", name="Guardar la decisión").click()
    page.get_by_text("Tu decisión se guardó.").wait_for()
    assert fits_a_phone(page)

    log_in(page, live_server.url, "ana@example.com", f"/exams/attempts/{attempt.pk}/result")
    override = page.locator(".override")
    assert "Calificación del mentor" in override.inner_text()
    assert "Marco Ruiz" in override.inner_text()


def test_at_375_px_the_mentor_reads_why_the_grader_doubted_a_part_under_its_evidence(
    live_server, page
):
    marco = mentor(email="marco@example.com", preferred_language="es")
    ana = candidate(first_name="Ana", last_name="Souza")
    cohort(mentor=marco, candidates=[ana])
    graded_attempt(ana, [REWIND])

    log_in(page, live_server.url, "marco@example.com", "/mentor/reviews/")
    doubt = "Por qué duda el calificador: La respuesta nombra un retroceso sin decir hasta dónde."
    expect(page.locator(".part-summary").get_by_text(doubt)).to_be_visible()
    page.get_by_role("link", name="pregunta 1").click()
    page.get_by_role("heading", name="Revisar una calificación").wait_for()

    remedy = page.locator("table.grade tr", has=page.get_by_role("rowheader", name="Remedio"))
    shown = remedy.locator(".doubt")
    expect(shown).to_have_text(doubt)
    for width in (1280, PHONE_WIDTH):  # a line of its own under the words, on a phone too
        page.set_viewport_size({"width": width, "height": 800})
        box, evidence = shown.bounding_box(), remedy.locator("mark").bounding_box()
        assert box["y"] >= evidence["y"] + evidence["height"], width
        assert box["x"] + box["width"] <= width
    assert fits_a_phone(page)
    assert problems_on(page, "review with a doubt") == []
