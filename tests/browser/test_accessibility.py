"""Every candidate page, at 1280 px and 375 px, in English, Portuguese and Spanish: axe-core
finds no serious or critical violation and nothing is wider than the window.

One journey per language visits each page once and checks it at both widths, so the whole
matrix costs three logins and one browser.
"""

import pytest

from quizzes.exams.models.exams import Attempt
from tests.browser.helpers import problems_on
from tests.factories import (
    DEFAULT_PASSWORD,
    CohortFactory,
    assignment,
    candidate,
    mentor,
    question,
)
from tests.quizzes.factories_practice import RIGHT_ANSWER, banked

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = {"en": "Log in", "pt-br": "Entrar", "es": "Iniciar sesión"}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_candidate_page_passes_axe_and_fits_a_phone(live_server, page, lang):
    base = live_server.url
    student = candidate(email="ana@example.com", first_name="Ana", preferred_language=lang)
    CohortFactory(name="Demo cohort", mentor=mentor(), candidates=[student])
    item = question(language="en")
    choice = banked(kind="multiple_choice")
    assignment(candidate=student)
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": base}])
    problems: list[str] = []

    page.goto(f"{base}/")
    problems += problems_on(page, "landing")
    page.goto(f"{base}/accounts/login/")
    problems += problems_on(page, "login")
    page.locator("#id_username").fill("ana@example.com")
    page.locator("#id_password").fill(DEFAULT_PASSWORD)
    page.locator("form button.primary").click()
    page.wait_for_url(f"{base}/")

    page.goto(f"{base}/practice/")
    problems += problems_on(page, "practice start")
    page.goto(f"{base}/practice/questions/{choice.pk}?lang=en")
    problems += problems_on(page, "practice choice question")
    page.goto(f"{base}/practice/questions/{item.pk}?lang=en")
    problems += problems_on(page, "practice question")
    page.locator("#id_response").fill(RIGHT_ANSWER)
    page.locator("form.card button.primary").click()
    page.locator("#result-heading").wait_for()
    problems += problems_on(page, "practice feedback")

    page.goto(f"{base}/exams/")
    problems += problems_on(page, "exams")
    page.locator("a.button.primary[href$='/start']").first.click()
    page.locator("form button.primary").first.wait_for()
    problems += problems_on(page, "exam start page")
    page.locator("form button.primary").first.click()
    page.locator("#attempt-form").wait_for()
    page.locator("#q2 .flag-button").click()  # a flagged question, in the navigator too
    page.locator("#q2 .flag-button[data-flagged=true]").wait_for()
    problems += problems_on(page, "exam attempt")
    page.locator("#submit-attempt").click()
    page.locator("#summary-heading").wait_for()
    problems += problems_on(page, "exam summary")
    page.locator("form button.primary").last.click()
    page.locator("#score-heading").wait_for()
    problems += problems_on(page, "exam result")

    page.goto(f"{base}/")
    problems += problems_on(page, "home")
    page.goto(f"{base}/accounts/settings/")
    problems += problems_on(page, "settings")
    page.goto(f"{base}/accounts/password/")
    problems += problems_on(page, "password")
    page.goto(f"{base}/no-such-page/")
    problems += problems_on(page, "not found")

    assert Attempt.objects.get().status != Attempt.Status.IN_PROGRESS
    assert problems == []


def test_the_check_itself_catches_a_serious_violation_and_an_overflow(page):
    page.set_content(
        '<html lang="en"><title>t</title><main><input type="text">'
        '<div style="width:900px">wide</div></main></html>'
    )

    found = problems_on(page, "sample")

    assert any("label" in problem for problem in found)
    assert any("page is" in problem for problem in found)
