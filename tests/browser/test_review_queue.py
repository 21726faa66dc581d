"""A mentor works through a large review queue in real Chromium: filters it to exam gradings,
decides one with "save and next", then accepts the grader's reading of two at once after the
confirmation page; at 1280 and 375 px, in English and Portuguese, with axe finding no serious
or critical violation on the queue, a review and the confirmation."""

import re

import pytest
from playwright.sync_api import expect

from quizzes.practice.services import practice_answer_submit
from quizzes.review.models.review import Review
from tests.browser.helpers import log_in, problems_on
from tests.factories import candidate, cohort, mentor, question
from tests.quizzes.mentor.conftest import HEDGED, graded_attempt

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "en": {
        "source": "Source",
        "filter": "Filter",
        "next": "Save and next",
        "queue": "Review queue",
        "accept": "Accept the grader's reading of the chosen gradings",
        "confirm": "Accept 2 gradings",
        "accepted": "The grader's reading of 2 gradings was accepted.",
    },
    "pt-br": {
        "source": "Origem",
        "filter": "Filtrar",
        "next": "Salvar e abrir a próxima",
        "queue": "Fila de revisão",
        "accept": "Aceitar a leitura do corretor nas correções escolhidas",
        "confirm": "Aceitar 2 correções",
        "accepted": "A leitura do corretor foi aceita em 2 correções.",
    },
}


def queue_world(lang):
    """A mentor (reading ``lang``) with four flagged exam gradings of two candidates and a
    flagged practice answer."""
    guide = mentor(email="marco@example.com", preferred_language=lang)
    ana = candidate(first_name="Ana", last_name="Souza")
    bruno = candidate(first_name="Bruno", last_name="Lima")
    cohort(mentor=guide, candidates=[ana, bruno])
    graded_attempt(ana, [HEDGED, HEDGED])
    graded_attempt(bruno, [HEDGED, HEDGED])
    practice_answer_submit(user=ana, question=question(), response=HEDGED, lang="en")
    return guide


@pytest.mark.parametrize("lang", ["en", "pt-br"])
def test_a_mentor_filters_saves_and_goes_to_the_next_then_bulk_accepts(live_server, page, lang):
    words = WORDS[lang]
    queue_world(lang)
    exam_reviews = list(
        Review.objects.filter(item__isnull=False)
        .order_by("created_at", "id")
        .values_list("pk", flat=True)
    )
    assert len(exam_reviews) == 4
    assert Review.objects.filter(item__isnull=True).count() == 1
    problems = []

    log_in(page, live_server.url, "marco@example.com", "/mentor/reviews/")
    page.get_by_label(words["source"]).select_option("exam")
    page.get_by_role("button", name=words["filter"], exact=True).click()
    page.wait_for_url("**/mentor/reviews/?source=exam*")
    expect(page.locator("input.pick")).to_have_count(4)  # the practice answer is left out
    problems += problems_on(page, f"queue {lang}")
    page.set_viewport_size({"width": 1280, "height": 800})

    # Decide the first with "save and next": the next exam grading opens, same filter.
    page.locator(f"#open-{exam_reviews[0]}").click()
    page.wait_for_url(f"**/mentor/reviews/{exam_reviews[0]}/?source=exam")
    problems += problems_on(page, f"review {lang}")
    page.set_viewport_size({"width": 1280, "height": 800})
    for radio in page.locator('input[type="radio"][value="accept"]').all():
        radio.check()  # walk 6, #26: nothing is pre-selected
    page.get_by_role("button", name=words["next"], exact=True).click()
    page.wait_for_url(f"**/mentor/reviews/{exam_reviews[1]}/?source=exam")
    assert Review.objects.get(pk=exam_reviews[0]).status == Review.Status.ACCEPTED

    # Back to the same filtered queue: tick two and accept them, after the confirmation.
    page.get_by_role("link", name=words["queue"], exact=True).click()
    page.wait_for_url("**/mentor/reviews/?source=exam")
    expect(page.locator("input.pick")).to_have_count(3)
    page.locator(f"#pick-{exam_reviews[1]}").check()
    page.locator(f"#pick-{exam_reviews[2]}").check()
    page.get_by_role("button", name=words["accept"]).click()
    confirm = page.get_by_role("button", name=words["confirm"], exact=True)
    expect(confirm).to_be_visible()
    assert Review.objects.filter(pk__in=exam_reviews[1:3], status="pending").count() == 2
    problems += problems_on(page, f"confirmation {lang}")
    page.set_viewport_size({"width": 375, "height": 800})  # confirmed on a phone
    confirm.click()
    expect(page.get_by_text(words["accepted"])).to_be_visible()
    assert re.search(r"/mentor/reviews/\?source=exam$", page.url)
    expect(page.locator("input.pick")).to_have_count(1)

    decided = Review.objects.filter(pk__in=exam_reviews[:3])
    assert {row.status for row in decided} == {Review.Status.ACCEPTED}
    assert Review.objects.filter(status=Review.Status.PENDING).count() == 2  # one exam, practice
    assert problems == []
