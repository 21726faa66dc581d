"""Walk 7, #21: a key correction or withdrawal is the committee's decision for everyone, and
the appeal's own outcome follows from the regrade of the appellant's answer. The candidate is
no longer told "Upheld" while their score stays the same; the corrected key no longer cites
the engine's section for the old part, and the explanation says it was not rewritten."""

from __future__ import annotations

import pytest
from django.urls import reverse

from quizzes.exams.services import exams
from quizzes.review.models.appeals import Appeal
from quizzes.review.services import appeals
from tests.factories import committee_member
from tests.quizzes.mentor.conftest import RIGHT, graded_attempt, mentored_candidate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

# The key is Missed Trigger, No Penalty, the opponent chooses: each answer misses the penalty.
SAYS_WARNING = "Missed trigger, a warning, the opponent chooses to resolve or skip it"
SAYS_GAME_LOSS = "Missed trigger, a game loss, the opponent chooses to resolve or skip it"


def contested(response: str) -> Appeal:
    who, the_cohort = mentored_candidate()
    attempt = graded_attempt(who, [response, RIGHT])
    appeal = exams.appeal_create(item=attempt.items.get(position=1), comment="Look again.")
    appeals.appeal_decide(appeal=appeal, by=the_cohort.mentor, uphold=False, reason="No.")
    return appeals.appeal_contest(appeal=appeal, comment="The penalty is a warning.")


def correct_penalty(client, appeal: Appeal, *, decision: str, penalty: str = "warning"):
    """The committee's page: save (the preview), then confirm with the preview's token."""
    client.force_login(committee_member())
    question = appeal.item.question
    url = reverse("mentor-appeal", args=[appeal.pk])
    data = {
        "decision": decision,
        "key_action": "correct",
        "infraction": question.key_infraction,
        "penalty": penalty,
        "remedy": question.key_remedy,
        "reason": "The penalty is a warning.",
    }
    previewed = client.post(url, data)
    assert previewed.status_code == 200, previewed.content.decode()
    confirmed = client.post(url, {**data, "confirm": previewed.context["preview"].token})
    assert confirmed.status_code == 302
    return previewed


def result_page(client, appeal: Appeal) -> str:
    client.force_login(appeal.item.attempt.candidate)
    return client.get(reverse("exam-result", args=[appeal.item.attempt_id])).content.decode()


def test_a_key_correction_that_does_not_help_the_answer_is_not_told_as_upheld(client):
    appeal = contested(SAYS_GAME_LOSS)

    previewed = correct_penalty(client, appeal, decision="key")

    assert "not upheld: against the corrected key" in previewed.content.decode()
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.REJECTED
    assert appeal.corrections.get().key_after["penalty"] == "warning"
    html = result_page(client, appeal)
    assert "Your appeal: Not upheld: the committee corrected the key for everyone" in html
    assert "still does not earn the credit" in html
    assert "Your appeal: Upheld" not in html


def test_a_key_correction_that_gives_the_answer_its_credit_is_upheld(client):
    appeal = contested(SAYS_WARNING)
    before = appeal.item.score

    previewed = correct_penalty(client, appeal, decision="key")

    assert "upheld: the corrected key now agrees with the answer of" in previewed.content.decode()
    appeal.refresh_from_db()
    appeal.item.refresh_from_db()
    assert appeal.status == Appeal.Status.UPHELD
    assert appeal.item.score > before
    html = result_page(client, appeal)
    assert "Your appeal: Upheld: the committee corrected the key for everyone" in html
    assert "This question: 67% before, 100% now." in html


def test_upholding_beside_a_correction_does_not_make_an_unchanged_answer_upheld(client):
    appeal = contested(SAYS_GAME_LOSS)

    correct_penalty(client, appeal, decision="uphold")

    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.REJECTED


def test_rejecting_beside_a_withdrawal_is_a_withdrawal_previewed_not_an_error(client):
    # Walk 7, #7: "Only the committee, upholding an appeal, can correct a key."
    appeal = contested(SAYS_GAME_LOSS)
    client.force_login(committee_member())
    url = reverse("mentor-appeal", args=[appeal.pk])
    data = {"decision": "reject", "key_action": "withdraw", "reason": "Ambiguous stem."}

    previewed = client.post(url, data)

    html = previewed.content.decode()
    assert previewed.status_code == 200
    assert "can correct a key" not in html
    assert "Preview: nothing is applied yet" in html
    client.post(url, {**data, "confirm": previewed.context["preview"].token})
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.UPHELD  # the question it lost points on is gone
    assert "withdrew this question for everyone" in result_page(client, appeal)


def test_the_key_is_wrong_needs_the_withdrawal_or_the_correction(client):
    appeal = contested(SAYS_GAME_LOSS)
    client.force_login(committee_member())

    response = client.post(
        reverse("mentor-appeal", args=[appeal.pk]), {"decision": "key", "reason": "Wrong key."}
    )

    assert response.status_code == 400
    assert "Choose to withdraw the question or to correct its key." in response.content.decode()
    assert Appeal.objects.get(pk=appeal.pk).status == Appeal.Status.CONTESTED


def test_a_corrected_part_cites_nothing_and_the_explanation_says_it_was_not_rewritten(client):
    appeal = contested(SAYS_GAME_LOSS)  # still wrong on the corrected penalty: it is named
    question = appeal.item.question
    old_penalty_citation = question.ruling["penalty"]["steps"][-1]["citation"]

    correct_penalty(client, appeal, decision="key")

    appeal.item.refresh_from_db()
    feedback = appeal.item.grade["feedback"]
    assert "Warning" in feedback
    # Cited as the grader's lexicon cites a Warning for this infraction, not with the
    # engine's section for the old "no penalty" alone.
    assert f"Warning ({old_penalty_citation})." not in feedback
    html = result_page(client, appeal)
    assert "The explanation below was written for the earlier key and was not rewritten" in html
