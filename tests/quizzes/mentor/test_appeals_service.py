import pytest
from django.core import mail

from judgetrain.accounts.roles import Role
from quizzes.exams.services import exams
from quizzes.review.models.appeals import Appeal
from quizzes.review.models.review import AuditEntry, QuestionCorrection
from quizzes.review.services import appeals
from tests.factories import cohort, committee_member, mentor, question, user
from tests.quizzes.mentor.conftest import (
    HEDGED,
    RIGHT,
    committee_decides,
    graded_attempt,
    mentored_candidate,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def appealed(responses=(RIGHT,), **kwargs):
    who, the_cohort = mentored_candidate()
    attempt = graded_attempt(who, list(responses), **kwargs)
    item = attempt.items.get(position=1)
    appeal = exams.appeal_create(item=item, comment="My answer says the same thing.")
    return appeal, the_cohort.mentor


def test_the_mentor_upholds_an_appeal_with_a_new_score_and_the_candidate_is_emailed():
    appeal, by = appealed()
    mail.outbox.clear()

    appeals.appeal_decide(appeal=appeal, by=by, uphold=True, reason="Fair point.", percent=90)

    appeal.refresh_from_db()
    appeal.item.refresh_from_db()
    assert appeal.status == Appeal.Status.UPHELD
    assert appeal.resolved_level == "mentor"
    assert appeal.item.override_score == pytest.approx(0.9)
    assert appeal.item.override_role == "mentor"
    assert appeal.item.overridden_by == by
    assert len(mail.outbox) == 1
    assert "Fair point." in mail.outbox[0].body
    assert AuditEntry.objects.filter(appeal=appeal).count() == 2  # the score, the decision


def test_upholding_needs_a_score_and_every_decision_a_reason():
    appeal, by = appealed()
    with pytest.raises(appeals.AppealError):
        appeals.appeal_decide(appeal=appeal, by=by, uphold=True, reason="ok")
    with pytest.raises(appeals.AppealError):
        appeals.appeal_decide(appeal=appeal, by=by, uphold=False, reason="  ")
    assert Appeal.objects.get(pk=appeal.pk).status == Appeal.Status.OPEN


def test_a_decided_appeal_cannot_be_decided_again():
    appeal, by = appealed()
    appeals.appeal_decide(appeal=appeal, by=by, uphold=False, reason="The key is right.")
    with pytest.raises(appeals.AppealError):
        appeals.appeal_decide(
            appeal=appeal, by=by, uphold=True, reason="Changed my mind", percent=1
        )


def test_a_contested_decision_goes_to_the_committee_only():
    appeal, by = appealed()
    appeals.appeal_decide(appeal=appeal, by=by, uphold=False, reason="The key is right.")

    appeals.appeal_contest(appeal=appeal, comment="The policy says otherwise.")

    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.CONTESTED
    assert appeal.mentor_status == "rejected"
    assert appeal.mentor_resolved_by == by
    with pytest.raises(appeals.AppealError, match="committee"):
        appeals.appeal_decide(appeal=appeal, by=by, uphold=True, reason="x", percent=100)
    appeals.appeal_decide(
        appeal=appeal, by=committee_member(), uphold=True, reason="Agreed.", percent=100
    )
    appeal.refresh_from_db()
    appeal.item.refresh_from_db()
    assert appeal.status == Appeal.Status.UPHELD
    assert appeal.resolved_level == "committee"
    assert appeal.item.override_role == "committee"


def test_an_appeal_is_contested_once_and_only_after_the_mentor_decided():
    appeal, by = appealed()
    with pytest.raises(appeals.AppealError):
        appeals.appeal_contest(appeal=appeal, comment="Too early")
    appeals.appeal_decide(appeal=appeal, by=by, uphold=False, reason="No.")
    appeals.appeal_contest(appeal=appeal, comment="Please look again.")
    appeals.appeal_decide(appeal=appeal, by=committee_member(), uphold=False, reason="No.")
    with pytest.raises(appeals.AppealError):
        appeals.appeal_contest(appeal=appeal, comment="Again")


def test_only_the_committee_corrects_a_key():
    appeal, by = appealed()
    with pytest.raises(appeals.AppealError):
        appeals.appeal_decide(
            appeal=appeal,
            by=by,
            uphold=True,
            reason="The key is wrong",
            correction=appeals.KeyCorrection(action="withdraw"),
        )


def contested(**kwargs):
    appeal, by = appealed(**kwargs)
    appeals.appeal_decide(appeal=appeal, by=by, uphold=False, reason="The key is right.")
    appeals.appeal_contest(appeal=appeal, comment="The key is wrong.")
    return appeal


def test_withdrawing_a_question_regrades_everyone_holding_it_and_shows_whose_pass_changed():
    shared = question(for_exams=True)
    # Two answers each: a right one and a hedged one on the shared question (graded 1/3).
    appeal = contested(responses=(HEDGED, RIGHT), question=None)
    item = appeal.item
    item.question = shared
    item.save(update_fields=["question"])
    other_who, _ = mentored_candidate()
    other = graded_attempt(other_who, [RIGHT, RIGHT], pass_score=0.8)
    other.items.filter(position=1).update(question=shared)
    from quizzes.exams.services.exams import attempt_rescore

    attempt_rescore(attempt=item.attempt)
    item.attempt.refresh_from_db()
    assert item.attempt.passed is False

    committee_decides(
        appeal,
        committee_member(),
        reason="Two readings are defensible: withdrawn.",
        correction=appeals.KeyCorrection(action="withdraw"),
    )

    correction = QuestionCorrection.objects.get()
    assert correction.status == QuestionCorrection.Status.APPLIED
    item.attempt.refresh_from_db()
    assert item.attempt.passed is True
    assert item.attempt.score == pytest.approx(1.0)
    changes = {row["attempt"]: row for row in correction.changes}
    assert changes[item.attempt_id]["passed_before"] is False
    assert changes[item.attempt_id]["passed_after"] is True
    assert other.pk in changes  # regraded, though its pass did not change
    assert changes[other.pk]["passed_before"] == changes[other.pk]["passed_after"]


def test_correcting_a_key_regrades_with_the_new_key_and_is_idempotent():
    appeal = contested()
    before = appeal.item.score
    committee_decides(
        appeal,
        committee_member(),
        reason="The penalty is a warning.",
        correction=appeals.KeyCorrection(
            action="correct",
            infraction="missed_trigger",
            penalty="warning",
            remedy="opponent_chooses_resolve_or_skip",
        ),
    )
    correction = QuestionCorrection.objects.get()
    appeal.item.refresh_from_db()
    assert appeal.item.question.key_penalty == "warning"
    assert appeal.item.score < before  # the answer said "no penalty"
    again = appeals.question_correction_apply(correction_id=correction.pk)
    assert again.changes == correction.changes


def test_a_corrected_key_names_every_part():
    appeal = contested()
    with pytest.raises(appeals.AppealError, match="infraction, penalty and remedy"):
        committee_decides(
            appeal,
            committee_member(),
            reason="x",
            correction=appeals.KeyCorrection(action="correct", infraction="missed_trigger"),
        )
    assert not QuestionCorrection.objects.exists()


def test_mentors_see_only_appeals_of_their_candidates():
    appeal, by = appealed()
    appealed()
    assert list(Appeal.objects.visible_to(by)) == [appeal]
    assert Appeal.objects.visible_to(mentor()).count() == 0
    assert Appeal.objects.visible_to(committee_member()).count() == 2


def test_a_withdrawn_question_is_never_drawn_into_a_new_exam(monkeypatch):
    appeal = contested()
    withdrawn = appeal.item.question
    committee_decides(
        appeal,
        committee_member(),
        reason="Ambiguous.",
        correction=appeals.KeyCorrection(action="withdraw"),
    )
    from quizzes.exams.services import exams as exam_service
    from tests.factories import BlueprintFactory, assignment

    calls = []
    real = exam_service.generator.generate_questions

    def generate(**kwargs):
        calls.append(kwargs)
        fresh = real(**kwargs)
        if len(calls) == 1:  # the first draw offers the withdrawn question again
            from dataclasses import replace

            return [replace(fresh[0], content_hash=withdrawn.content_hash), *fresh[1:]]
        return fresh

    monkeypatch.setattr(exam_service.generator, "generate_questions", generate)
    blueprint = BlueprintFactory(composition=[{"topic": None, "kind": "free_form", "count": 1}])
    attempt = exam_service.attempt_start(assignment=assignment(blueprint=blueprint), language="en")

    assert attempt.items.get().question != withdrawn


def test_nobody_decides_their_own_appeal():
    appeal, _ = appealed()
    with pytest.raises(appeals.AppealError, match="own appeal"):
        appeals.appeal_decide(
            appeal=appeal, by=appeal.item.attempt.candidate, uphold=False, reason="No."
        )


def test_the_committee_cannot_decide_an_appeal_still_waiting_for_the_mentor():
    appeal, _by = appealed()

    with pytest.raises(appeals.NotYourLevel, match="waits for the candidate's mentor"):
        appeals.appeal_decide(
            appeal=appeal, by=committee_member(), uphold=True, reason="Agreed.", percent=100
        )

    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.OPEN
    assert appeal.item.override_score is None
    assert not AuditEntry.objects.filter(appeal=appeal).exists()


def test_a_committee_member_who_mentors_the_candidate_decides_as_their_mentor():
    both = user(Role.MENTOR, Role.COMMITTEE)
    who, _cohort = mentored_candidate(cohort(mentor=both))
    attempt = graded_attempt(who, [RIGHT])
    appeal = exams.appeal_create(item=attempt.items.get(position=1), comment="Look again.")

    appeals.appeal_decide(appeal=appeal, by=both, uphold=False, reason="The key is right.")

    appeal.refresh_from_db()
    assert (appeal.status, appeal.resolved_level) == (Appeal.Status.REJECTED, "mentor")
    assert appeal.can_contest


def test_the_committee_decides_finally_the_appeal_of_a_candidate_without_a_mentor():
    who, the_cohort = mentored_candidate()
    attempt = graded_attempt(who, [RIGHT])
    appeal = exams.appeal_create(item=attempt.items.get(position=1), comment="Look again.")
    the_cohort.candidates.remove(who)

    appeals.appeal_decide(appeal=appeal, by=committee_member(), uphold=False, reason="Right.")

    appeal.refresh_from_db()
    assert (appeal.status, appeal.resolved_level) == (Appeal.Status.REJECTED, "committee")
    assert not appeal.can_contest


def test_a_key_correction_applies_only_with_its_previews_token():
    # Issue 29, point 6: withdraw or correct first shows a preview, and applies only what
    # was previewed, after an explicit confirmation.
    appeal = contested(pass_score=0.8)
    judge = committee_member()
    withdraw = appeals.KeyCorrection(action="withdraw")

    with pytest.raises(appeals.PreviewChanged) as unconfirmed:
        appeals.appeal_decide(
            appeal=appeal, by=judge, uphold=True, reason="Ambiguous.", correction=withdraw
        )
    preview = appeals.correction_preview(appeal=appeal, by=judge, correction=withdraw)

    assert not QuestionCorrection.objects.exists()
    assert unconfirmed.value.preview == preview
    [row] = preview.changes
    assert row["attempt"] == appeal.item.attempt_id
    assert row["candidate"] == str(appeal.item.attempt.candidate)
    appeal.item.attempt.refresh_from_db()
    assert appeal.item.attempt.score == row["score_before"]  # the preview applied nothing
    assert not appeal.item.attempt.items.filter(withdrawn=True).exists()


def test_a_confirmation_of_an_outdated_preview_shows_the_new_one_and_applies_nothing():
    appeal = contested(responses=(HEDGED, RIGHT), pass_score=0.8)
    judge = committee_member()
    withdraw = appeals.KeyCorrection(action="withdraw")
    stale = appeals.correction_preview(appeal=appeal, by=judge, correction=withdraw)
    other_who, _ = mentored_candidate()  # another attempt now holds the question
    other = graded_attempt(other_who, [HEDGED, RIGHT], pass_score=0.8)
    other.items.filter(position=1).update(question=appeal.item.question)

    with pytest.raises(appeals.PreviewChanged, match="changed since your preview") as changed:
        appeals.appeal_decide(
            appeal=appeal, by=judge, uphold=True, reason="Ambiguous.",
            correction=withdraw, preview_token=stale.token,
        )  # fmt: skip

    assert not QuestionCorrection.objects.exists()
    assert len(changed.value.preview.changes) == len(stale.changes) + 1
    assert changed.value.preview.token != stale.token


def test_a_corrected_key_takes_each_part_from_its_own_vocabulary():
    appeal = contested()
    swapped = appeals.KeyCorrection(
        action="correct", infraction="warning", penalty="missed_trigger", remedy="none"
    )
    with pytest.raises(appeals.AppealError, match="infraction is not an infraction: warning"):
        appeals.correction_preview(appeal=appeal, by=committee_member(), correction=swapped)
