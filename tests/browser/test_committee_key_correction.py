"""The committee corrects a question's key from a contested appeal in real Chromium: each part
offers only its own vocabulary, the first save shows a preview of whose score and result would
change and applies nothing, and the confirmation applies it (issue 29, point 6). In English
and Portuguese, checked with axe at 1280 and 375 px."""

import pytest
from playwright.sync_api import expect

from quizzes.exams.services import exams
from quizzes.review.models.review import QuestionCorrection
from quizzes.review.services import appeals
from tests.browser.helpers import log_in, problems_on
from tests.factories import committee_member
from tests.quizzes.mentor.conftest import RIGHT, graded_attempt, mentored_candidate

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CONFIRMED = {"en": "Your decision was saved", "pt-br": "Sua decisão foi salva"}


def contested_appeal(first_name):
    who, the_cohort = mentored_candidate()
    who.first_name, who.last_name = first_name, "Lima"
    who.save(update_fields=["first_name", "last_name"])
    attempt = graded_attempt(who, [RIGHT, RIGHT])
    appeal = exams.appeal_create(item=attempt.items.get(position=1), comment="Look again.")
    appeals.appeal_decide(appeal=appeal, by=the_cohort.mentor, uphold=False, reason="No.")
    appeals.appeal_contest(appeal=appeal, comment="The penalty is wrong.")
    return appeal


@pytest.mark.parametrize("lang", ["en", "pt-br"])
def test_the_committee_corrects_a_key_with_a_preview_and_a_confirmation(live_server, page, lang):
    appeal = contested_appeal(first_name="Bia")
    email = f"claire-{lang}@example.com"
    committee_member(email=email, first_name="Claire", preferred_language=lang)
    url = f"/mentor/appeals/{appeal.pk}/"
    log_in(page, live_server.url, email, url)

    page.locator("input[name=decision][value=uphold]").check()
    page.locator("input[name=key_action][value=correct]").check()
    penalties = page.locator("select[name=penalty] option").evaluate_all(
        "options => options.map(o => o.value)"
    )
    assert penalties == ["", "no_penalty", "warning", "game_loss", "match_loss", "disqualification"]
    question = appeal.item.question
    page.locator("select[name=infraction]").select_option(question.key_infraction)
    page.locator("select[name=penalty]").select_option("game_loss")
    page.locator("select[name=remedy]").select_option(question.key_remedy)
    page.locator("textarea[name=reason]").fill("The penalty is a game loss.")
    page.locator("section[aria-labelledby=decide-heading] button[type=submit]").click()

    preview = page.locator("#preview")
    expect(preview).to_be_visible()
    expect(preview).to_contain_text("Bia Lima")
    assert not QuestionCorrection.objects.exists()
    assert problems_on(page, f"key correction preview ({lang})") == []

    page.set_viewport_size({"width": 1280, "height": 800})
    preview.locator("button[type=submit]").click()
    expect(page.get_by_text(CONFIRMED[lang])).to_be_visible()
    correction = QuestionCorrection.objects.get()
    assert correction.key_after["penalty"] == "game_loss"
    assert problems_on(page, f"appeal after the correction ({lang})") == []


def test_saving_a_key_correction_lands_on_its_preview_with_the_key_prefilled(live_server, page):
    """Walk 3, #5 and #6: the menus start from the current key, so changing one part is
    enough; the save lands on the preview (in view, focused, a notice at the top), and the
    preview restates the corrected key."""
    appeal = contested_appeal(first_name="Caio")
    committee_member(email="celia@example.com", first_name="Celia", preferred_language="en")
    url = f"/mentor/appeals/{appeal.pk}/"
    log_in(page, live_server.url, "celia@example.com", url)
    page.set_viewport_size({"width": 1280, "height": 800})

    question = appeal.item.question
    expect(page.locator("select[name=infraction]")).to_have_value(question.key_infraction)
    expect(page.locator("select[name=remedy]")).to_have_value(question.key_remedy)
    page.locator("input[name=decision][value=uphold]").check()
    page.locator("input[name=key_action][value=correct]").check()
    page.locator("select[name=penalty]").select_option("game_loss")
    page.locator("textarea[name=reason]").fill("The penalty is a game loss.")
    page.locator("section[aria-labelledby=decide-heading] button[type=submit]").click()

    preview = page.locator("#preview")
    expect(preview).to_be_focused()
    expect(preview).to_be_in_viewport()
    expect(preview.locator("button[type=submit]")).to_be_in_viewport()
    expect(page.locator(".messages")).to_contain_text("Nothing is applied yet")
    expect(preview).to_contain_text("Game Loss")
    assert not QuestionCorrection.objects.exists()
