"""The one rule for keys (issue 25, point 2): the questions sealed for a user are those of
each of their attempts whose review policy has not released its keys to them, and of the
variants pre-generated for their assignments not yet closed, whatever their roles."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from quizzes import access
from quizzes.bank.models.questions import Question
from quizzes.exams.models.exams import Attempt, AttemptItem, ExamVariant
from tests.factories import assignment, candidate, committee_member, mentor, question
from tests.quizzes.sealing import GRADED, IN_PROGRESS, SUBMITTED, sitting

pytestmark = pytest.mark.django_db

DAY = timedelta(days=1)


def sealed(user) -> set[int]:
    return set(access.sealed_question_ids(user))


@pytest.mark.parametrize("make_user", [candidate, mentor, committee_member])
def test_the_questions_of_an_attempt_in_progress_are_sealed_whatever_the_role(make_user):
    judge = make_user()
    mine = [question(), question(for_exams=True)]
    sitting(judge, mine)

    assert sealed(judge) == {q.pk for q in mine}


@pytest.mark.parametrize(
    ("status", "policy", "closes_in", "is_sealed"),
    [
        (SUBMITTED, "immediately", DAY, True),  # not graded yet
        (GRADED, "immediately", DAY, False),
        (GRADED, "after_close", DAY, True),  # the exam is still open for others
        (GRADED, "after_close", -DAY, False),
        (GRADED, "never", -DAY, True),
    ],
)
def test_a_closed_attempt_stays_sealed_until_its_review_policy_releases_the_keys(
    status, policy, closes_in, is_sealed
):
    judge = mentor()
    mine = question()
    attempt = sitting(judge, [mine], status=status, review_policy=policy, closes_in=closes_in)

    assert (mine.pk in sealed(judge)) is is_sealed
    assert access.details_visible(Attempt.objects.get(pk=attempt.pk)) is not is_sealed


def test_someone_elses_attempt_seals_nothing_for_me():
    sitting(candidate(), [question()])

    assert sealed(mentor()) == set()
    assert sealed(AnonymousUser()) == set()


def test_a_variant_made_ahead_for_an_open_assignment_is_sealed_until_it_closes():
    judge = mentor()
    now = timezone.now()
    coming = assignment(candidate=judge, opens_at=now + DAY, closes_at=now + 2 * DAY)
    past = assignment(candidate=judge, opens_at=now - 2 * DAY, closes_at=now - DAY)
    ahead, old = question(for_exams=True), question(for_exams=True)
    for exam, q in ((coming, ahead), (past, old)):
        prepared = Attempt.all_objects.create(
            assignment=exam, candidate=judge, number=1, language="en", seed=1,
            status=Attempt.Status.READY, deadline=exam.closes_at,
        )  # fmt: skip
        ExamVariant.objects.create(assignment=exam, number=1, language="en", seed=1,
                                   attempt=prepared)  # fmt: skip
        AttemptItem.objects.create(attempt=prepared, position=1, question=q)

    assert sealed(judge) == {ahead.pk}


def test_the_rule_is_a_subquery_adding_no_query(django_assert_num_queries):
    judge = mentor()
    sitting(judge, [question()])
    open_questions = question()

    with django_assert_num_queries(1):
        rows = list(Question.objects.exclude(pk__in=access.sealed_question_ids(judge)))

    assert rows == [open_questions]


def test_the_same_question_in_a_released_attempt_is_flagged_sealed_while_another_is_open():
    judge = mentor()
    shared, other = question(), question()
    released = sitting(judge, [shared, other], status=GRADED)
    sitting(judge, [shared], status=IN_PROGRESS)

    flags = {
        item.question_id: item.sealed
        for item in access.with_sealed_flag(released.items.all(), judge)
    }

    assert flags == {shared.pk: True, other.pk: False}
