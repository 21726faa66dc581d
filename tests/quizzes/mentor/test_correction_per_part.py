"""A key correction from a contested appeal is decided part by part (walk 11, #3, #4, #5, #8).

The walker's case: the key wrongly said "no infraction" and named a wrong remedy; the
candidate wrote "missed trigger" and a remedy in words the grader does not know; the mentor's
review kept the grader's 0% on the infraction and gave the remedy 100% by hand (67%); the
candidate appealed, the mentor rejected it, the candidate contested, and the committee
corrected the infraction and the remedy. The candidate was right on the infraction, so the
appeal is upheld whatever the total; the messages say which part is now right, the scores,
and why the score stays. When the committee chooses the regrade, the regrade is the grade in
force everywhere, and the answer's history records the correction and the choice. The
answers were written for these tests."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.urls import reverse

from quizzes.exams.models.exams import AttemptItem
from quizzes.exams.services import exams
from quizzes.review.models.review import Review
from quizzes.review.services import appeals, review
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


CORRECTED = resolve_immediately_key()
ANSWER = "Missed trigger on the Aura, no penalty: let it do its thing this very moment."
ACCEPT = review.PartDecision(override=False)
# Measured on this branch (pytest -k bounded); the pages read the history and the
# regraded review in their own joins, one query each.
QUERIES = {"review": 6, "appeal": 7, "result": 6}


def _contested_after_review():
    """The walker's case, up to the committee's decision (see the module docstring)."""
    who, the_cohort = mentored_candidate()
    wrong_key = question(
        for_exams=True,
        situation=aura_2024_situation(),
        key_infraction="no_infraction",
        key_remedy="opponent_chooses_put_on_stack",
    )
    attempt = graded_attempt(
        who, [ANSWER], question=wrong_key, pass_score=0.5, blueprint={"game": "mtg"}
    )
    item = attempt.items.get(position=1)
    found, _ = Review.objects.get_or_create(item=item, defaults={"candidate": who})
    decisions = dict.fromkeys(review.review_parts(found), ACCEPT)
    decisions["remedy"] = review.PartDecision(override=True, percent=100, reason="Right words.")
    review.review_decide(review=found, by=the_cohort.mentor, decisions=decisions)
    appeal = exams.appeal_create(item=item, comment="It is a missed trigger.")
    appeals.appeal_decide(appeal=appeal, by=the_cohort.mentor, uphold=False, reason="Key says so.")
    appeals.appeal_contest(appeal=appeal, comment="The infraction is a missed trigger.")
    return appeal


def _decide(appeal, correction):
    return committee_decides(
        appeal,
        committee_member(),
        reason="It is a missed trigger, resolved now.",
        correction=correction,
        uphold=False,
    )


def _regrade(appeal):
    return replace(CORRECTED, manual=ManualChoice(regrade=frozenset({appeal.item.attempt_id})))


def test_the_appeal_is_upheld_on_the_part_the_key_now_agrees_with_whatever_the_total():
    appeal = _contested_after_review()
    committee = committee_member()

    kept = appeals.correction_preview(appeal=appeal, by=committee, correction=CORRECTED)
    regraded = appeals.correction_preview(appeal=appeal, by=committee, correction=_regrade(appeal))

    for preview in (kept, regraded):
        outcome = appeals.key_outcome(preview.changes, appeal.item.attempt_id, "correct")
        assert outcome["upheld"] is True
        assert outcome["now_right"] == ["infraction"]
        assert outcome["score_same"] is True
    assert kept.score_changed == []  # not a change of "67% → 67%"


def test_the_committee_preview_says_which_part_is_now_right_and_why_the_score_stays(client):
    appeal = _contested_after_review()
    client.force_login(committee_member())
    data = {
        "decision": "key",
        "reason": "It is a missed trigger, resolved now.",
        "key_action": "correct",
        "infraction": "missed_trigger",
        "penalty": "no_penalty",
        "remedy": "resolve_immediately",
    }
    url = reverse("mentor-appeal", args=[appeal.pk])

    kept = client.post(url, data).content.decode()
    chosen = client.post(
        url, {**data, "regrade_manual": [str(appeal.item.attempt_id)], "update": "1"}
    ).content.decode()

    assert "now agrees with the answer of" in kept
    assert "on the infraction. This question: 67% → 67%" in kept
    assert "the grade set by hand, 67%, is kept." in kept
    assert "on the infraction. This question: 67% → 67%" in chosen
    assert "the grader could not read the remedy." in chosen
    assert "not upheld" not in chosen


def test_the_candidate_is_told_the_infraction_is_now_right_and_why_the_score_stays():
    appeal = _contested_after_review()

    _decide(appeal, _regrade(appeal))

    appeal.refresh_from_db()
    said = appeal_outcome(appeal, appeal.item.attempt_id)
    assert appeal.status == appeal.Status.UPHELD
    assert "your answer is now right on the infraction" in said
    assert "This question: 67% before, 67% now." in said
    assert "the grader could not read the remedy in your answer." in said


def test_a_chosen_regrade_is_the_grade_in_force_on_the_candidates_result(client):
    appeal = _contested_after_review()
    _decide(appeal, _regrade(appeal))
    client.force_login(appeal.item.attempt.candidate)

    page = client.get(reverse("exam-result", args=[appeal.item.attempt_id])).content.decode()

    assert "Mentor&#x27;s grade" not in page
    assert "(grader&#x27;s grade kept)" not in page
    assert "(changed)" not in page


def test_the_review_item_shows_the_regrade_in_force_and_records_the_correction(client):
    appeal = _contested_after_review()
    _decide(appeal, _regrade(appeal))
    found = Review.objects.get(item=appeal.item_id)
    client.force_login(committee_member())

    page = client.get(reverse("mentor-review", args=[found.pk])).content.decode()

    assert found.status == Review.Status.REGRADED
    assert "Grade overridden" not in page
    assert "the regrade, 67%, is the grade in force" in page
    assert "corrected the infraction of question 1&#x27;s key" in page
    assert "now agrees with the answer to question 1 on the infraction" in page
    assert "replaces the grade set by hand, 67%" in page


def test_a_kept_hand_grade_is_recorded_in_the_answers_history(client):
    appeal = _contested_after_review()
    _decide(appeal, CORRECTED)
    found = Review.objects.get(item=appeal.item_id)
    client.force_login(committee_member())

    page = client.get(reverse("mentor-review", args=[found.pk])).content.decode()

    assert found.status == Review.Status.OVERRIDDEN
    assert AttemptItem.objects.get(pk=appeal.item_id).override_score == pytest.approx(2 / 3)
    assert "The grade set by hand on question 1, 67%, is kept; the regrade reads 67%." in page


def test_the_pages_after_a_chosen_regrade_read_in_bounded_queries(
    client, django_assert_max_num_queries
):
    appeal = _contested_after_review()
    _decide(appeal, _regrade(appeal))
    found = Review.objects.get(item=appeal.item_id)
    client.force_login(committee_member())
    with django_assert_max_num_queries(QUERIES["review"]):
        assert client.get(reverse("mentor-review", args=[found.pk])).status_code == 200
    with django_assert_max_num_queries(QUERIES["appeal"]):
        assert client.get(reverse("mentor-appeal", args=[appeal.pk])).status_code == 200
    client.force_login(appeal.item.attempt.candidate)
    with django_assert_max_num_queries(QUERIES["result"]):
        assert client.get(reverse("exam-result", args=[appeal.item.attempt_id])).status_code == 200
