import pytest
from django.core import mail

from judgetrain.accounts.roles import Role
from quizzes.practice.models import PracticeAnswer
from quizzes.practice.services import practice_answer_submit
from quizzes.review.models.review import AuditEntry, Review
from quizzes.review.selectors import review_queue
from quizzes.review.services import review
from tests.factories import candidate, committee_member, mentor, question
from tests.quizzes.mentor.conftest import (
    HEDGED,
    RIGHT,
    flagged_review,
    graded_attempt,
    mentored_candidate,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

ACCEPT = review.PartDecision(override=False)


def all_parts(found, **overrides):
    return {name: overrides.get(name, ACCEPT) for name in review.review_parts(found)}


def test_a_flagged_exam_answer_lands_in_its_mentors_queue():
    who, the_cohort = mentored_candidate()
    attempt = graded_attempt(who, [HEDGED, RIGHT])

    queue = list(review_queue(user=the_cohort.mentor))

    assert [r.item.attempt_id for r in queue] == [attempt.pk]
    assert queue[0].item.position == 1
    assert queue[0].status == Review.Status.PENDING


def test_grading_twice_queues_a_flagged_answer_once():
    who, _ = mentored_candidate()
    attempt = graded_attempt(who, [HEDGED])
    from quizzes.exams.services import exams

    exams.attempt_grade(attempt_id=attempt.pk)

    assert Review.objects.filter(item__attempt=attempt).count() == 1


def test_a_flagged_practice_answer_is_stored_in_the_queue():
    who, the_cohort = mentored_candidate()

    result = practice_answer_submit(user=who, question=question(), response=HEDGED, lang="en")

    found = review_queue(user=the_cohort.mentor).get()
    assert found.practice_answer == result.answer
    assert found.source == "practice"


def test_a_certain_practice_answer_is_not_queued():
    who, _ = mentored_candidate()
    practice_answer_submit(user=who, question=question(), response=RIGHT, lang="en")
    assert PracticeAnswer.objects.count() == 1
    assert not Review.objects.exists()


def test_a_mentor_sees_only_their_own_cohorts_reviews_and_the_committee_sees_all():
    mine = flagged_review()
    theirs = flagged_review()
    my_mentor = mine.candidate.cohorts.get().mentor

    assert list(review_queue(user=my_mentor)) == [mine]
    assert set(review_queue(user=committee_member())) == {mine, theirs}
    assert list(review_queue(user=mentor())) == []


def test_overriding_a_part_sets_the_answers_score_labelled_with_the_mentor_and_audits_it():
    found = flagged_review()
    by = found.candidate.cohorts.get().mentor
    decisions = all_parts(
        found, penalty=review.PartDecision(override=True, percent=100, reason="Hedged but right.")
    )

    review.review_decide(review=found, by=by, decisions=decisions)

    found.refresh_from_db()
    item = found.item
    item.refresh_from_db()
    assert found.status == Review.Status.OVERRIDDEN
    grader = {n: p["grader_percent"] for n, p in review.review_parts(found).items()}
    expected = (grader["infraction"] + 100 + grader["remedy"]) / 300
    assert item.override_score == pytest.approx(expected)
    assert item.overridden_by == by
    assert item.override_role == "mentor"
    assert "Hedged but right." in item.override_reason
    item.attempt.refresh_from_db()
    assert item.attempt.score == pytest.approx(expected)
    entry = AuditEntry.objects.get(review=found)
    assert entry.actor == by
    assert entry.before["status"] == "pending"
    assert entry.after["status"] == "overridden"
    assert entry.before["item"]["override_score"] is None
    assert entry.after["item"]["override_score"] == pytest.approx(expected)


def test_accepting_every_part_keeps_the_graders_score():
    found = flagged_review()
    review.review_decide(review=found, by=committee_member(), decisions=all_parts(found))
    found.item.refresh_from_db()
    assert found.item.override_score is None
    assert Review.objects.get(pk=found.pk).status == Review.Status.ACCEPTED


def test_a_committee_override_is_labelled_as_the_committees():
    found = flagged_review()
    by = committee_member()
    decisions = all_parts(found, remedy=review.PartDecision(override=True, percent=50, reason="x"))
    review.review_decide(review=found, by=by, decisions=decisions)
    found.item.refresh_from_db()
    assert found.item.override_role == "committee"
    assert found.item.overridden_by == by


@pytest.mark.parametrize(
    ("decision", "message"),
    [
        (review.PartDecision(override=True, percent=101, reason="r"), "0 to 100"),
        (review.PartDecision(override=True, percent=-1, reason="r"), "0 to 100"),
        (review.PartDecision(override=True, percent=None, reason="r"), "0 to 100"),
        (review.PartDecision(override=True, percent=67, reason="  "), "reason"),
    ],
)
def test_a_bad_decision_is_refused_and_changes_nothing(decision, message):
    found = flagged_review()
    with pytest.raises(review.ReviewError, match=message):
        review.review_decide(
            review=found, by=mentor(), decisions=all_parts(found, penalty=decision)
        )
    assert Review.objects.get(pk=found.pk).status == Review.Status.PENDING
    assert not AuditEntry.objects.exists()


def test_a_decision_must_cover_every_part():
    found = flagged_review()
    with pytest.raises(review.ReviewError):
        review.review_decide(review=found, by=mentor(), decisions={"penalty": ACCEPT})


def test_results_are_emailed_once_the_last_flagged_answer_is_reviewed():
    who, the_cohort = mentored_candidate()
    attempt = graded_attempt(who, [HEDGED, HEDGED])
    assert mail.outbox == []
    first, second = Review.objects.filter(item__attempt=attempt).order_by("item__position")

    review.review_decide(review=first, by=the_cohort.mentor, decisions=all_parts(first))
    assert mail.outbox == []
    review.review_decide(review=second, by=the_cohort.mentor, decisions=all_parts(second))

    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == [who.email]
    assert f"/exams/attempts/{attempt.pk}/result" in mail.outbox[0].body


def test_results_are_emailed_at_grading_when_nothing_needs_review():
    who = candidate()
    graded_attempt(who, [RIGHT])
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == [who.email]


def test_the_results_email_is_in_the_candidates_language():
    who = candidate(preferred_language="es")
    graded_attempt(who, [RIGHT])
    assert "Tu resultado" in mail.outbox[0].subject


def test_reviewer_role_names_the_committee_first():
    both = mentor()
    from django.contrib.auth.models import Group

    both.groups.add(Group.objects.get(name=Role.COMMITTEE.value))
    both = type(both).objects.get(pk=both.pk)
    assert review.reviewer_role(both) == "committee"
    assert review.reviewer_role(mentor()) == "mentor"


def test_an_override_from_the_admin_service_is_labelled_and_audited():
    from quizzes.exams.services import exams

    found = flagged_review()
    by = committee_member()
    exams.item_override(item=found.item, score=0.5, reason="Half right.", by=by)
    found.item.refresh_from_db()
    assert found.item.override_role == "committee"
    entry = AuditEntry.objects.get(item=found.item)
    assert entry.actor == by
    assert entry.before["override_score"] is None
    assert entry.after["override_score"] == 0.5


def test_nobody_reviews_their_own_answer():
    found = flagged_review()
    with pytest.raises(review.ReviewError, match="own answer"):
        review.review_decide(review=found, by=found.candidate, decisions=all_parts(found))
