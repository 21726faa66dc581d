"""The whole journey in real Chromium at phone width, in English and in Portuguese (Brazil):
the committee creates a blueprint and assigns it to a cohort on the assignment page, where the
variants' pre-generation is shown; the candidate sits and submits the exam; the grader flags
the answer and the mentor overrides a part with a reason; the committee issues a certificate
from the passed attempt, and its public verification page shows it.

Only the certification level is set up directly (its page is not the point here). Each label
is looked up in the same catalogue the pages use, so the test reads the page in its language.
"""

import re

import pytest
from django.utils import translation
from playwright.sync_api import expect

from quizzes.certification.models import Certificate, CertificationLevel, LevelRequirement
from quizzes.exams.models.exams import Attempt, ExamBlueprint
from quizzes.review.models.review import Review as ReviewModel
from tests.browser.helpers import fits_a_phone, log_in, start_exam
from tests.browser.test_accessibility import problems_on
from tests.factories import candidate, cohort, committee_member, mentor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The grader flags an answer that hedges ("maybe ... or perhaps"), in every language.
HEDGED = {
    "en": "Missed trigger, maybe a warning or perhaps no penalty, resolve it now",
    "pt-br": "Gatilho esquecido, talvez uma advertência ou talvez sem penalidade, resolver agora",
}
BROWSER_LOCALE = {"en": "en-US", "pt-br": "pt-BR"}


class Words:
    """The interface's words in one language, from the project's own catalogue."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, text: str) -> str:
        with translation.override(self.lang):
            return str(translation.gettext(text))

    def n(self, singular: str, plural: str, count: int) -> str:
        with translation.override(self.lang):
            return translation.ngettext(singular, plural, count) % {"counter": count}

    def fmt(self, text: str, **values: object) -> str:
        return self(text) % values


def years_later(local: str, years: int) -> str:
    """A datetime-local value ("2026-11-30T21:05") the given number of years later."""
    return f"{int(local[:4]) + years}{local[4:]}"


@pytest.mark.parametrize("lang", ["en", "pt-br"])
def test_blueprint_assignment_exam_review_and_certificate(
    live_server, browser, chromium_path, lang
):
    t = Words(lang)
    context = browser.new_context(
        viewport={"width": 375, "height": 740}, locale=BROWSER_LOCALE[lang]
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    people = {"preferred_language": lang}
    claire = committee_member(email="claire@example.com", first_name="Claire", last_name="Dubois",
                              **people)  # fmt: skip
    marco = mentor(email="marco@example.com", first_name="Marco", last_name="Ruiz", **people)
    ana = candidate(email="ana@example.com", first_name="Ana", last_name="Souza", **people)
    group = cohort(name="Cohort 2027", mentor=marco, candidates=[ana])
    base = live_server.url

    # 1. The committee creates a blueprint: one free-form question, a low pass mark.
    log_in(page, base, "claire@example.com")
    assert page.locator("html").get_attribute("lang") == lang
    page.get_by_role("link", name=t("Committee"), exact=True).click()
    page.get_by_role("link", name=t("Exam blueprints")).first.click()
    page.get_by_role("link", name=t("New blueprint")).click()
    page.locator("[name=name]").fill("Journey exam")
    page.locator("[name=game]").select_option("riftbound")
    page.locator("[name=time_limit_minutes]").fill("30")
    page.locator("[name=attempts_allowed]").fill("2")
    page.locator("[name=cooldown_minutes]").fill("60")
    page.locator("[name=review_policy]").select_option("immediately")
    page.locator("[name=pass_percent]").fill("30")
    page.locator("[name=slots-0-kind]").select_option("free_form")
    page.locator("[name=slots-0-count]").fill("1")
    page.get_by_role("button", name=t("Save"), exact=True).click()
    page.get_by_text(t("The exam blueprint was saved.")).wait_for()
    blueprint = ExamBlueprint.objects.get(name="Journey exam")

    # 2. ... and assigns it to the mentor's cohort from the blueprint list, by keyboard.
    page.get_by_role("link", name=t("Assign %(name)s") % {"name": "Journey exam"}).focus()
    page.keyboard.press("Enter")
    page.get_by_role("heading", name=t("Assign an exam")).wait_for()
    assert page.locator("[name=blueprint]").input_value() == str(blueprint.pk)
    page.locator("[name=cohort]").select_option(str(group.pk))
    # A closing time before the opening is a form error on the page, not a 500.
    opens = page.locator("[name=opens_at]").input_value()
    page.locator("[name=opens_at]").fill(years_later(opens, 2))
    page.locator("[name=closes_at]").fill(years_later(opens, 1))
    page.get_by_role("button", name=t("Assign and prepare the variants")).click()
    page.get_by_text(t("The exam must close after it opens."), exact=True).wait_for()
    assert problems_on(page, "assignment form with an error") == []
    page.locator("[name=opens_at]").fill(opens)
    page.get_by_role("button", name=t("Assign and prepare the variants")).click()
    page.get_by_role("heading", name=t("Preparing the exam variants")).wait_for()
    # Two attempts allowed: two variants, built by the job queued when the assignment committed.
    page.locator("[data-field=state]", has_text=t("Ready")).wait_for()
    assert page.locator("[data-field=built]").inner_text() == "2"
    assert page.locator("[data-field=wanted]").inner_text() == "2"
    expect(page.get_by_role("rowheader", name=re.compile("Ana Souza"))).to_be_visible()
    assert problems_on(page, "pre-generation progress") == []

    # 3. The candidate starts, answers and submits.
    log_in(page, base, "ana@example.com", "/exams/")
    start_exam(page, t("Start the exam"))
    page.get_by_role("heading", name="Journey exam").wait_for()
    page.get_by_label(t("Your ruling, as the question above asks it")).fill(HEDGED[lang])
    page.get_by_role("button", name=t("Review and submit")).click()
    page.get_by_role("heading", name=t("Submit the exam?")).wait_for()
    page.get_by_role("button", name=t("Submit now")).click()
    page.get_by_role("heading", name=t("Result")).wait_for()
    attempt = Attempt.objects.get(candidate=ana)
    assert attempt.status == Attempt.Status.GRADED
    assert attempt.language == {"en": "en", "pt-br": "pt-BR"}[lang]

    # 4. The grader flagged it: it is in the mentor's queue; the mentor overrides the penalty.
    log_in(page, base, "marco@example.com")
    page.get_by_role("link", name=t("Mentor"), exact=True).click()
    page.get_by_role("link", name=t.n("%(counter)s grading to review",
                                      "%(counter)s gradings to review", 1)).click()  # fmt: skip
    page.get_by_role(
        "link", name=t.fmt("%(exam)s, question %(n)s", exam="Journey exam", n=1)
    ).click()
    for radio in page.locator('input[type="radio"][value="accept"]').all():
        radio.check()  # walk 6, #26: nothing is pre-selected; the other parts are accepted
    penalty = page.get_by_role("group", name=re.compile("^" + re.escape(t("Penalty"))))
    penalty.get_by_label(t("Override"), exact=True).check()
    penalty.get_by_label(t("Score for this part (%)")).fill("100")
    penalty.get_by_label(t("Reason")).fill("The hedge names the right penalty first.")
    page.get_by_role("button", name=t("Save the decision")).click()
    page.get_by_text(t("Your decision was saved.")).wait_for()
    flagged = ReviewModel.objects.get(item__attempt=attempt)
    assert flagged.status == ReviewModel.Status.OVERRIDDEN
    assert flagged.parts["penalty"]["decision"] == "overridden"
    assert flagged.decided_by == marco
    attempt.refresh_from_db()
    assert attempt.passed

    # 5. The committee issues a certificate from the passed attempt.
    level = CertificationLevel.objects.create(name="Riftbound judge L1", game="riftbound")
    LevelRequirement.objects.create(level=level, blueprint=blueprint, min_score=0.3)
    log_in(page, base, "claire@example.com", "/committee/certificates/")
    page.get_by_role("link", name=t("Issue a certificate")).click()
    page.locator("[name=candidate]").select_option(str(ana.pk))
    page.locator("[name=level]").select_option(str(level.pk))
    page.get_by_role("button", name=t("Choose the evidence")).click()
    page.locator(f"[name=attempts][value='{attempt.pk}']").check()
    page.get_by_role("button", name=t("Issue"), exact=True).click()
    page.get_by_text(t("The certificate was issued.")).wait_for()
    issued = Certificate.objects.get(candidate=ana)
    assert issued.issued_by == claire
    assert [row["attempt"] for row in issued.evidence["attempts"]] == [attempt.pk]

    # ... and its public verification page shows it, to anyone.
    page.context.clear_cookies()
    page.goto(f"{base}/certificates/verify/{issued.code}")
    expect(page.get_by_text("Ana Souza")).to_be_visible()
    expect(page.get_by_text("Riftbound judge L1")).to_be_visible()
    assert fits_a_phone(page)
    context.close()


def test_the_pre_generation_progress_updates_without_a_reload(live_server, page, monkeypatch):
    from datetime import timedelta

    from django.utils import timezone

    from quizzes.exams.services import variants
    from tests.factories import BlueprintFactory

    marco = mentor(email="marco@example.com")
    people = [candidate(), candidate()]
    cohort(mentor=marco, candidates=people)
    monkeypatch.setattr(variants, "_queue_job", lambda job_id: None)  # no worker: we build
    now = timezone.now()
    job = variants.assignments_create(
        blueprint=BlueprintFactory(composition=[{"topic": None, "kind": "free_form", "count": 1}]),
        candidates=people, opens_at=now, closes_at=now + timedelta(days=1), assigned_by=marco,
    )  # fmt: skip
    log_in(page, live_server.url, "marco@example.com", f"/mentor/assign/jobs/{job.pk}/")
    page.locator("[data-field=state]", has_text="Generating").wait_for()
    assert page.locator("[data-field=built]").inner_text() == "0"
    page.evaluate("window.stillTheSamePage = true")

    for assignment in job.assignments.all():
        variants.assignment_variants_build(assignment_id=assignment.pk)

    page.locator("[data-field=state]", has_text="Ready").wait_for()
    assert page.locator("[data-field=built]").inner_text() == "2"
    assert page.locator("#job-bar").get_attribute("value") is not None
    assert page.evaluate("document.getElementById('job-bar').value") == 100
    assert page.evaluate("window.stillTheSamePage") is True  # updated in place, not reloaded
