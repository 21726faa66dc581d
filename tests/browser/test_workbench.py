"""The scenario workbench in real Chromium, in English and Portuguese, at 1280 and 375 px: a
mentor builds a story from facts, rules it, saves it for a cohort, and a candidate of that
cohort is given it in practice; the committee decides a proposal (en and es)."""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from quizzes.workbench.models import WorkbenchStory
from quizzes.workbench.services import Story, workbench_propose
from tests.browser.helpers import fits_a_phone, log_in, problems_on
from tests.factories import candidate, cohort, committee_member, mentor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

INFRACTION = {"en": "Missed Trigger", "pt-br": "Habilidade Desencadeada Esquecida"}


def _(lang: str, text: str) -> str:
    with translation.override(lang):
        return translation.gettext(text)


@pytest.mark.parametrize("lang", ["en", "pt-br"])
def test_a_mentor_builds_rules_and_saves_a_story_a_candidate_then_practises(
    live_server, page, lang
):
    marco = mentor(email="marco@example.com", preferred_language=lang)
    ana = candidate(email="ana@example.com", preferred_language=lang)
    cohort(mentor=marco, candidates=[ana], name="Cohort A")
    base = live_server.url

    log_in(page, base, "marco@example.com", "/mentor/")
    page.get_by_role("link", name=_(lang, "Scenario workbench")).click()
    page.get_by_role("heading", name=_(lang, "Scenario workbench")).wait_for()

    # Only the chosen subject's fields show; the script switches them without a round trip.
    trigger = page.locator("fieldset[data-subject=trigger]")
    page.get_by_label(_(lang, "What the story is about")).select_option("payment")
    expect(trigger).to_be_hidden()
    expect(page.get_by_label(_(lang, "Who paid"))).to_be_visible()
    page.get_by_label(_(lang, "What the story is about")).select_option("trigger")
    expect(trigger).to_be_visible()

    page.get_by_label(_(lang, "Player 1 (first in turn order)")).fill("Rui")
    page.get_by_label(_(lang, "Player 2") + ":", exact=True).fill("Lia")
    page.get_by_label(_(lang, "The ability's card")).fill("Treasure Hunter")
    page.get_by_label(_(lang, "What it does")).select_option("board_change")
    page.get_by_label(_(lang, "Who controls it")).select_option("1")
    page.locator("[name=event_1_by]").select_option("1")
    page.locator("[name=event_1_action]").select_option("new_game_action")
    page.locator("[name=event_2_by]").select_option("2")
    page.locator("[name=event_2_action]").select_option("noticed")
    page.get_by_role("button", name=_(lang, "Rule it")).click()

    ruling = page.get_by_role("region", name=_(lang, "The ruling"))
    expect(ruling.get_by_text(INFRACTION[lang], exact=True)).to_be_visible()
    expect(ruling.get_by_text("TR 702.2.f.2").first).to_be_visible()
    assert problems_on(page, "workbench") == []
    page.set_viewport_size({"width": 375, "height": 740})

    page.get_by_label(_(lang, "Cohort") + ":", exact=True).select_option(label="Cohort A")
    page.get_by_role("button", name=_(lang, "Save as a practice question for this cohort")).click()
    saved = _(lang, "Saved: the candidates of %(cohort)s get it in practice.") % {
        "cohort": "Cohort A"
    }
    expect(page.get_by_text(saved)).to_be_visible()
    assert fits_a_phone(page)

    log_in(page, base, "ana@example.com", "/practice/")
    page.get_by_role("button", name=_(lang, "Start practising")).click()
    page.get_by_role("heading", name=_(lang, "Practice question")).wait_for()
    expect(page.get_by_text("Treasure Hunter").first).to_be_visible()
    expect(page.get_by_text("Rui").first).to_be_visible()
    assert fits_a_phone(page)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_committee_decides_a_proposal_on_an_accessible_page(live_server, page, lang):
    claire = committee_member(email="claire@example.com", preferred_language=lang)
    situation = {
        "game": "riftbound",
        "players": ["Rui", "Lia"],
        "turn_player": "Rui",
        "trigger": {"kind": "board_change", "controller": "Rui"},
        "events": [{"by": "Rui", "action": "new_game_action"}],
    }
    proposal = workbench_propose(
        story=Story(situation=situation, lang="es" if lang == "es" else "en"),
        author=claire,
        for_exams=False,
    )

    log_in(page, live_server.url, "claire@example.com", "/committee/")
    page.get_by_role("link", name=_(lang, "Proposed questions")).click()
    page.get_by_role("heading", name=_(lang, "Proposed questions"), level=1).wait_for()
    assert problems_on(page, "proposals") == []
    page.get_by_role("button", name=_(lang, "Accept into the bank")).click()
    expect(
        page.get_by_text(_(lang, "Accepted into the bank: candidates get it in practice."))
    ).to_be_visible()
    proposal.refresh_from_db()
    assert proposal.status == WorkbenchStory.Status.ACCEPTED
