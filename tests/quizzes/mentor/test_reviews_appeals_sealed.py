"""Issue 25, finding 2: a mentor in their own cohort (or any staff member whose own exam answers
reach a queue they can open) saw the keys of their own graded answers on the review and appeal
pages before the blueprint's review policy allowed. Reviews, appeals and key corrections of a
question sealed for the reader (``quizzes.access.sealed_question_ids``) are now left out of
every list and answer 404, on the pages and in the API, until the keys are released."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse

from judgetrain.accounts.models import User
from judgetrain.accounts.roles import Role
from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams
from quizzes.practice.services import practice_answer_submit
from quizzes.review.models.appeals import Appeal
from quizzes.review.models.review import QuestionCorrection, Review
from quizzes.review.services import appeals
from tests.factories import candidate, cohort, committee_member, mentor, question, user
from tests.quizzes.mentor.conftest import HEDGED
from tests.quizzes.sealing import GRADED, sitting

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

MARKERS = re.compile(r"SEALED-(EXPLANATION|FEEDBACK|CITE)")


def marked_question():
    """A question whose explanation and citations are found by a marker in any body."""
    q = question(explanation="SEALED-EXPLANATION of the ruling")
    ruling = q.ruling
    for step in ruling.get("explanation", ()):
        step["citation"] = "SEALED-CITE"
    q.ruling = ruling
    q.save(update_fields=["ruling"])
    return q


def own_graded_attempt(judge: User, *, closes_in: timedelta) -> tuple[Review, Appeal]:
    """The judge's graded answers, under "after the exam closes": one flagged for review, one
    appealed."""
    attempt = sitting(
        judge,
        [marked_question(), marked_question()],
        status=GRADED,
        review_policy="after_close",
        closes_in=closes_in,
        feedback="SEALED-FEEDBACK",
        flagged=True,
    )
    review = Review.objects.get(item__attempt=attempt, item__position=1)
    appeal = exams.appeal_create(item=attempt.items.get(position=2), comment="Look again.")
    return review, appeal


def mentor_in_own_cohort() -> User:
    judge = mentor()
    cohort(mentor=judge, candidates=[judge, candidate()])
    return judge


def bodies(client, review: Review, appeal: Appeal) -> dict[str, tuple[int, str]]:
    urls = {
        "reviews": reverse("mentor-reviews"),
        "reviews-decided": reverse("mentor-reviews") + "?show=decided",
        "review": reverse("mentor-review", args=[review.pk]),
        "appeals": reverse("mentor-appeals"),
        "appeal": reverse("mentor-appeal", args=[appeal.pk]),
        "api-reviews": reverse("api-mentor-reviews"),
        "api-review": reverse("api-mentor-review", args=[review.pk]),
        "api-appeals": reverse("api-mentor-appeals"),
        "dashboard": reverse("mentor"),
    }
    answers = {name: client.get(url) for name, url in urls.items()}
    return {name: (r.status_code, r.content.decode()) for name, r in answers.items()}


@pytest.mark.parametrize("make_judge", [mentor_in_own_cohort, committee_member])
def test_a_reviewer_sees_no_key_of_their_own_answers_before_release(client, make_judge):
    judge = make_judge()
    review, appeal = own_graded_attempt(judge, closes_in=timedelta(days=1))
    client.force_login(judge)

    seen = bodies(client, review, appeal)

    assert {name: status for name, (status, _) in seen.items()} == {
        "reviews": 200,
        "reviews-decided": 200,
        "review": 404,
        "appeals": 200,
        "appeal": 404,
        "api-reviews": 200,
        "api-review": 404,
        "api-appeals": 200,
        "dashboard": 200,
    }
    assert [name for name, (_, body) in seen.items() if MARKERS.search(body)] == []
    assert reverse("mentor-review", args=[review.pk]) not in seen["reviews"][1]
    assert reverse("mentor-appeal", args=[appeal.pk]) not in seen["appeals"][1]
    assert f'"id":{review.pk},' not in seen["api-reviews"][1].replace(" ", "")


@pytest.mark.parametrize("make_judge", [mentor_in_own_cohort, committee_member])
def test_once_the_exam_closes_for_everyone_the_reviewer_sees_their_keys(client, make_judge):
    judge = make_judge()
    review, appeal = own_graded_attempt(judge, closes_in=-timedelta(days=1))
    client.force_login(judge)

    seen = bodies(client, review, appeal)

    assert (seen["review"][0], seen["appeal"][0], seen["api-review"][0]) == (200, 200, 200)
    assert MARKERS.search(seen["review"][1])
    assert MARKERS.search(seen["api-review"][1])


def test_a_mentor_sitting_an_exam_cannot_open_a_review_of_the_same_question(client):
    judge = mentor()
    student = candidate()
    cohort(mentor=judge, candidates=[student])
    shared = marked_question()
    theirs = sitting(student, [shared], status=GRADED, flagged=True, feedback="SEALED-FEEDBACK")
    review = Review.objects.get(item__attempt=theirs)
    sitting(judge, [shared])  # in progress
    client.force_login(judge)

    page = client.get(reverse("mentor-review", args=[review.pk]))
    api = client.get(reverse("api-mentor-review", args=[review.pk]))
    decided = client.post(
        reverse("api-mentor-review-decide", args=[review.pk]),
        {"parts": {p: {"decision": "accept"} for p in ("infraction", "penalty", "remedy")}},
        "application/json",
    )
    listed = client.get(reverse("mentor-reviews")).content.decode()

    assert (page.status_code, api.status_code, decided.status_code) == (404, 404, 404)
    assert not MARKERS.search(listed)
    assert Review.objects.get(pk=review.pk).status == Review.Status.PENDING


def test_a_mentor_sitting_an_exam_cannot_decide_an_appeal_on_the_same_question(client):
    judge = mentor()
    student = candidate()
    cohort(mentor=judge, candidates=[student])
    shared = marked_question()
    theirs = sitting(student, [shared], status=GRADED)
    appeal = exams.appeal_create(item=theirs.items.get(), comment="Look again.")
    sitting(judge, [shared])
    client.force_login(judge)

    page = client.post(
        reverse("mentor-appeal", args=[appeal.pk]), {"decision": "reject", "reason": "No."}
    )
    api = client.post(
        reverse("api-mentor-appeal-decide", args=[appeal.pk]),
        {"decision": "reject", "reason": "No."},
        "application/json",
    )
    listed = client.get(reverse("api-mentor-appeals")).json()

    assert (page.status_code, api.status_code) == (404, 404)
    assert listed == []
    assert Appeal.objects.get(pk=appeal.pk).status == Appeal.Status.OPEN


def test_a_committee_member_sitting_an_exam_cannot_read_a_correction_of_its_question(client):
    judge = user(Role.COMMITTEE, Role.CANDIDATE, is_staff=True)
    shared = question()
    correction = appeals.question_correction_create(
        question_id=shared.pk,
        appeal=None,
        by=committee_member(),
        reason="Wrong key.",
        correction=appeals.KeyCorrection(action=QuestionCorrection.Action.WITHDRAW),
    )
    sitting(judge, [shared])
    client.force_login(judge)

    assert client.get(reverse("mentor-correction", args=[correction.pk])).status_code == 404


def test_the_review_queue_still_lists_practice_reviews(client):
    judge = mentor()
    student = candidate()
    cohort(mentor=judge, candidates=[student])
    sitting(judge, [question()])
    answer = practice_answer_submit(user=student, question=question(), response=HEDGED).answer
    client.force_login(judge)

    listed = client.get(reverse("api-mentor-reviews")).json()

    assert [row["id"] for row in listed] == [answer.review.pk]
    assert Attempt.objects.filter(candidate=judge).count() == 1
