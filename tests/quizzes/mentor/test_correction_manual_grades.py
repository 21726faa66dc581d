"""A key correction never silently overwrites a grade a person set by hand (walk 10, #6).

The walker's case: a candidate wrote "resolve it now" for Magic's resolve-immediately remedy,
the mentor upheld their appeal at 80%, the candidate contested (the remedy is right too), and
the committee corrected the key to that remedy. The regrade read no remedy, so the answer
fell to 33% and the candidate read "Your appeal: Not upheld". Now the preview lists the
grades set by hand beside their regrade and the parts the grader could not read; the
committee keeps the person's grade (the default) or applies the regrade, per attempt or for
all; and the appeal counts as upheld when the corrected key says what the candidate answered.
The answers were written for these tests."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.urls import reverse

from quizzes.exams.models.exams import AttemptItem
from quizzes.exams.services import exams
from quizzes.review.services import appeals
from quizzes.review.services.regrade import ManualChoice
from quizzes.templatetags.appeal_tags import appeal_outcome
from tests.factories import committee_member, question
from tests.quizzes.mentor.conftest import (
    aura_2024_situation,
    committee_decides,
    graded_attempt,
    mentored_candidate,
    resolve_immediately_key,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


# The committee's finding: the remedy is to resolve the Aura's trigger immediately.
CORRECTED = resolve_immediately_key()
ARGUED = "Missed trigger on the Aura, no penalty: resolve it now."
UNREADABLE = "Missed trigger on the Aura, no penalty: let it do its thing this very moment."


def _contested_after_mentor_upheld(answer: str):
    """An answer to a question whose key wrongly says the opponent chooses; the mentor upheld
    the appeal at 80% by hand and the candidate contested for the rest."""
    who, the_cohort = mentored_candidate()
    wrong_key = question(
        for_exams=True, situation=aura_2024_situation(), key_remedy="opponent_chooses_put_on_stack"
    )
    attempt = graded_attempt(
        who, [answer], question=wrong_key, pass_score=0.5, blueprint={"game": "mtg"}
    )
    item = attempt.items.get(position=1)
    appeal = exams.appeal_create(item=item, comment="Resolving it now is the remedy.")
    appeals.appeal_decide(
        appeal=appeal, by=the_cohort.mentor, uphold=True, reason="Mostly right.", percent=80
    )
    appeals.appeal_contest(appeal=appeal, comment="The remedy is right too.")
    return appeal


def _decide(appeal, correction):
    return committee_decides(
        appeal,
        committee_member(),
        reason="The remedy is to resolve it immediately.",
        correction=correction,
        uphold=False,
    )


def test_the_preview_lists_a_grade_set_by_hand_beside_its_regrade_and_what_was_unread():
    appeal = _contested_after_mentor_upheld(UNREADABLE)

    preview = appeals.correction_preview(appeal=appeal, by=committee_member(), correction=CORRECTED)

    (row,) = preview.manual_grades
    assert row["manual_score"] == pytest.approx(0.8)
    assert row["regrade_score"] == pytest.approx(2 / 3, abs=0.01)
    assert row["unread_parts"] == ["remedy"]
    assert row["manual_kept"] is True  # the default
    assert row["question_after"] == pytest.approx(0.8)
    assert preview.overrides_superseded == []


def test_by_default_a_correction_keeps_the_grade_a_person_set_by_hand():
    appeal = _contested_after_mentor_upheld(UNREADABLE)

    _decide(appeal, CORRECTED)

    item = AttemptItem.objects.get(pk=appeal.item_id)
    assert item.override_score == pytest.approx(0.8)
    assert item.final_score == pytest.approx(0.8)
    assert item.score == pytest.approx(2 / 3, abs=0.01)  # the regrade, kept beside it


def test_the_committee_can_choose_the_regrade_over_a_grade_set_by_hand():
    appeal = _contested_after_mentor_upheld(UNREADABLE)
    attempt_id = appeal.item.attempt_id

    preview = _decide(
        appeal, replace(CORRECTED, manual=ManualChoice(regrade=frozenset({attempt_id})))
    )

    item = AttemptItem.objects.get(pk=appeal.item_id)
    assert item.override_score is None
    assert item.final_score == pytest.approx(2 / 3, abs=0.01)
    assert preview.overrides_superseded[0]["override_superseded"] == pytest.approx(0.8)


def test_an_appeal_the_corrected_key_agrees_with_is_upheld_and_the_candidate_told_so():
    appeal = _contested_after_mentor_upheld(ARGUED)

    _decide(appeal, CORRECTED)

    appeal.refresh_from_db()
    assert appeal.status == appeal.Status.UPHELD
    said = appeal_outcome(appeal, appeal.item.attempt_id)
    assert said.startswith(
        "Upheld: the committee corrected the key for everyone, as you argued: your answer is "
        "now right on the remedy."
    )
    assert "keeps the grade a person gave it, 80%" in said


def test_the_appeal_page_offers_the_choice_for_each_grade_set_by_hand(client):
    appeal = _contested_after_mentor_upheld(UNREADABLE)
    client.force_login(committee_member())
    url = reverse("mentor-appeal", args=[appeal.pk])
    data = {
        "decision": "key",
        "reason": "The remedy is to resolve it immediately.",
        "key_action": "correct",
        "infraction": "missed_trigger",
        "penalty": "no_penalty",
        "remedy": "resolve_immediately",
    }

    page = client.post(url, data).content.decode()
    chosen = client.post(
        url, {**data, "regrade_manual": [str(appeal.item.attempt_id)], "update": "1"}
    ).content.decode()

    assert "Grades set by hand" in page
    assert "The grader could not read: Remedy" in page
    assert "No: the grade set by hand is kept" in page
    assert f'name="regrade_manual" value="{appeal.item.attempt_id}" checked' in chosen
    assert "Yes: the regrade replaces it" in chosen
    assert AttemptItem.objects.get(pk=appeal.item_id).override_score == pytest.approx(0.8)


def test_the_api_previews_grades_set_by_hand_and_applies_the_chosen_regrade(client):
    appeal = _contested_after_mentor_upheld(UNREADABLE)
    client.force_login(committee_member())
    url = f"/api/v1/mentor/appeals/{appeal.pk}/decide"
    body = {
        "decision": "reject",
        "reason": "The remedy is to resolve it immediately.",
        "key_action": "correct",
        "infraction": "missed_trigger",
        "penalty": "no_penalty",
        "remedy": "resolve_immediately",
        "regrade_manual": [appeal.item.attempt_id],
    }

    preview = client.post(url, {**body, "preview": True}, content_type="application/json")
    decided = client.post(
        url, {**body, "confirm": preview.json()["token"]}, content_type="application/json"
    )

    assert preview.json()["manual_grades"] == [appeal.item.attempt_id]
    (row,) = preview.json()["changes"]
    assert row["unread_parts"] == ["remedy"]
    assert decided.status_code == 200
    assert AttemptItem.objects.get(pk=appeal.item_id).override_score is None
