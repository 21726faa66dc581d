import itertools
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from quizzes import access
from quizzes.bank.models.questions import Question
from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams
from quizzes.grading import grade_response, question_key
from quizzes.review.models.appeals import Appeal
from quizzes.tasks import attempt_close_due, attempt_grade_task
from tests.factories import BlueprintFactory, assignment, candidate, mentor

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def started(**kwargs):
    return exams.attempt_start(assignment=assignment(**kwargs), language="en")


def correct_response(item):
    question = item.question
    if question.kind == "multiple_choice":
        return question.key_detail["correct_option"]
    if question.kind == "find_the_wrong_part":
        wrong = question.key_detail["wrong_part"]
        return f"{wrong}:{question_key(question)[wrong]}"
    return question.key_detail["key_text"]


def test_start_draws_a_variant_following_the_blueprint():
    attempt = started()

    items = list(attempt.items.select_related("question"))
    assert [item.question.kind for item in items] == [
        "free_form",
        "free_form",
        "multiple_choice",
        "find_the_wrong_part",
    ]
    assert all(
        item.question.game == "riftbound" and item.question.language == "en" for item in items
    )
    assert all(item.question.for_exams for item in items)


def test_two_candidates_get_different_questions_from_one_blueprint():
    blueprint = BlueprintFactory()

    first = started(blueprint=blueprint)
    second = started(blueprint=blueprint)

    stems = lambda attempt: [item.question.stem for item in attempt.items.all()]  # noqa: E731
    assert stems(first) != stems(second)


def test_the_deadline_is_the_time_limit_or_the_closing_time_whichever_is_first():
    now = timezone.now()
    early = assignment(closes_at=now + timedelta(minutes=10))

    short = exams.attempt_start(assignment=early, language="en", now=now)
    normal = exams.attempt_start(assignment=assignment(), language="en", now=now)

    assert short.deadline == early.closes_at
    assert normal.deadline == now + timedelta(minutes=30)


def test_starting_again_returns_the_attempt_in_progress():
    job = assignment(max_attempts=2)

    first = exams.attempt_start(assignment=job, language="en")
    again = exams.attempt_start(assignment=job, language="en")

    assert again.pk == first.pk
    assert job.attempts.count() == 1


@pytest.mark.parametrize(
    ("opens", "closes", "message"),
    [(1, 5, "has not opened yet"), (-5, -1, "has closed")],
)
def test_an_exam_cannot_start_outside_its_window(opens, closes, message):
    now = timezone.now()
    job = assignment(opens_at=now + timedelta(hours=opens), closes_at=now + timedelta(hours=closes))

    with pytest.raises(exams.ExamError, match=message):
        exams.attempt_start(assignment=job, language="en", now=now)
    assert not job.attempts.exists()


def test_an_exam_cannot_start_once_every_attempt_is_used():
    job = assignment()
    attempt = exams.attempt_start(assignment=job, language="en")
    exams.attempt_submit(attempt=attempt)

    with pytest.raises(exams.ExamError, match="every attempt"):
        exams.attempt_start(assignment=job, language="en")


def test_autosave_keeps_the_text_and_counts_revisions():
    item = started().items.first()

    saved = exams.attempt_item_save(item=item, response="Missed trigger", base_revision=0)
    again = exams.attempt_item_save(
        item=item, response="Missed trigger, no penalty", base_revision=1
    )

    assert (saved.revision, again.revision) == (1, 2)
    item.refresh_from_db()
    assert item.response == "Missed trigger, no penalty"
    assert item.saved_at is not None


def test_a_save_from_a_stale_tab_is_refused_with_the_current_text():
    item = started().items.first()
    exams.attempt_item_save(item=item, response="from tab one", base_revision=0)

    with pytest.raises(exams.StaleRevision) as conflict:
        exams.attempt_item_save(item=item, response="from tab two", base_revision=0)

    assert conflict.value.item.response == "from tab one"
    assert conflict.value.item.revision == 1


def test_saving_the_same_text_twice_is_harmless():
    item = started().items.first()
    exams.attempt_item_save(item=item, response="same", base_revision=0)

    again = exams.attempt_item_save(item=item, response="same", base_revision=0)

    assert again.revision == 1


def test_an_overlong_answer_is_refused_and_the_saved_one_kept():
    item = started().items.first()
    exams.attempt_item_save(item=item, response="kept", base_revision=0)

    with pytest.raises(exams.ExamError, match="at most"):
        exams.attempt_item_save(item=item, response="x" * 6000, base_revision=1)

    item.refresh_from_db()
    assert item.response == "kept"


def test_a_write_after_the_deadline_is_refused_and_saved_answers_are_graded():
    attempt = started()
    item = attempt.items.first()
    exams.attempt_item_save(item=item, response=correct_response(item), base_revision=0)
    late = attempt.deadline + timedelta(seconds=1)

    with pytest.raises(exams.AttemptClosed, match="time for this exam is over"):
        exams.attempt_item_save(item=item, response="changed too late", base_revision=1, now=late)

    attempt.refresh_from_db()
    item.refresh_from_db()
    assert attempt.closure == Attempt.Closure.DEADLINE
    assert attempt.status == Attempt.Status.GRADED
    assert item.response == correct_response(item)
    assert item.score == 1.0


def test_submit_grades_every_answer_and_scores_the_attempt():
    attempt = started()
    responses = {
        item.position: exams.Answer(correct_response(item), 0)
        for item in attempt.items.select_related("question")
    }
    first = attempt.items.select_related("question").get(position=1).question
    # Wrong on every part, whatever the drawn key is: of these combinations at least one
    # misses every part of any key (three of them could all share a part with it).
    wrong = next(
        text
        for text in (
            ", ".join(parts)
            for parts in itertools.product(
                ("Cheating", "Looking at extra cards", "No infraction"),
                ("disqualification", "game loss", "match loss"),
                ("rewind", "the score is corrected"),
            )
        )
        if grade_response(first, text)["score"] == 0.0
    )
    responses[1] = exams.Answer(wrong, 0)

    exams.attempt_submit(attempt=attempt, responses=responses)

    attempt.refresh_from_db()
    scores = {item.position: item.score for item in attempt.items.all()}
    assert attempt.status == Attempt.Status.GRADED
    assert scores[1] == 0.0
    assert scores[2] == scores[3] == scores[4] == 1.0
    assert attempt.score == pytest.approx(0.75)
    assert attempt.passed is False


def test_submitting_the_same_answers_twice_changes_nothing():
    attempt = started()
    exams.attempt_submit(attempt=attempt, responses={1: exams.Answer("Missed trigger", 0)})
    attempt.refresh_from_db()
    graded_at = attempt.graded_at

    again = exams.attempt_submit(attempt=attempt, responses={1: exams.Answer("Missed trigger", 0)})

    assert again.status == Attempt.Status.GRADED
    attempt.refresh_from_db()
    assert attempt.graded_at == graded_at
    assert attempt.items.get(position=1).response == "Missed trigger"


def test_the_deadline_task_closes_an_open_attempt_once_and_is_idempotent():
    attempt = started()
    Attempt.objects.filter(pk=attempt.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    assert attempt_close_due(attempt.pk) == Attempt.Status.SUBMITTED  # grading is queued
    assert attempt_close_due(attempt.pk) == Attempt.Status.GRADED
    assert attempt_grade_task(attempt.pk) == Attempt.Status.GRADED
    assert attempt_close_due(987654) == "missing"


def test_the_deadline_task_leaves_an_attempt_in_time_alone():
    attempt = started()

    assert attempt_close_due(attempt.pk) == Attempt.Status.IN_PROGRESS


def test_the_sweep_closes_only_overdue_attempts():
    overdue, current = started(), started()
    Attempt.objects.filter(pk=overdue.pk).update(deadline=timezone.now() - timedelta(minutes=1))

    assert exams.attempts_close_overdue() == [overdue.pk]

    overdue.refresh_from_db()
    current.refresh_from_db()
    assert overdue.closure == Attempt.Closure.DEADLINE
    assert current.status == Attempt.Status.IN_PROGRESS


def test_grading_stores_each_answers_grade_as_the_grader_gave_it():
    attempt = started()
    item = attempt.items.select_related("question").get(position=1)
    text = correct_response(item)
    expected = grade_response(item.question, text, lang="en")

    exams.attempt_submit(attempt=attempt, responses={1: exams.Answer(text, 0)})

    stored = {item.position: item for item in attempt.items.all()}
    assert stored[1].grade == expected
    assert (stored[1].score, stored[1].needs_review) == (
        expected["score"],
        expected["needs_review"],
    )
    assert stored[2].grade["feedback"] == "No answer."
    assert (stored[2].score, stored[2].needs_review) == (0.0, False)


def test_a_candidate_appeals_a_graded_answer_once():
    attempt = started()
    exams.attempt_submit(attempt=attempt)
    item = attempt.items.first()
    item.attempt.refresh_from_db()

    appeal = exams.appeal_create(item=item, comment="My answer named the right remedy.")

    assert appeal.status == Appeal.Status.OPEN
    with pytest.raises(exams.ExamError, match="already appealed"):
        exams.appeal_create(item=item, comment="Again")


def test_an_appeal_needs_a_graded_attempt_and_a_reason():
    attempt = started()
    item = attempt.items.first()

    with pytest.raises(exams.ExamError, match="once the attempt has been graded"):
        exams.appeal_create(item=item, comment="Too early")
    exams.attempt_submit(attempt=attempt)
    item.attempt.refresh_from_db()
    with pytest.raises(exams.ExamError, match="Say why"):
        exams.appeal_create(item=item, comment="   ")


def test_a_mentors_override_rescores_the_attempt():
    attempt = started()
    exams.attempt_submit(attempt=attempt)
    item = attempt.items.get(position=1)

    exams.item_override(item=item, score=1.0, reason="Paraphrase of the right remedy.", by=mentor())

    attempt.refresh_from_db()
    assert attempt.score == pytest.approx(0.25)
    with pytest.raises(exams.ExamError, match="reason"):
        exams.item_override(item=item, score=0.5, reason=" ", by=mentor())


@pytest.mark.parametrize(
    ("policy", "closed", "visible"),
    [
        ("immediately", False, True),
        ("after_close", False, False),
        ("after_close", True, True),
        ("never", True, False),
    ],
)
def test_details_follow_the_review_policy(policy, closed, visible):
    attempt = started(blueprint=BlueprintFactory(review_policy=policy))
    exams.attempt_submit(attempt=attempt)
    attempt.refresh_from_db()
    now = attempt.assignment.closes_at + timedelta(seconds=1) if closed else timezone.now()

    assert access.details_visible(attempt, now) is visible


def test_exam_questions_are_never_visible_to_other_candidates_attempt_access():
    attempt = started()

    with pytest.raises(Exception, match="No such attempt"):
        access.access_attempt_by_id(candidate(), attempt.pk)
    assert Question.objects.filter(for_exams=True).count() == 4


def test_a_variant_never_reuses_a_question_served_in_practice(monkeypatch):
    from quizzes.bank.services.bank import bank_store
    from rulings.core import questions as generator

    monkeypatch.setattr(exams.secrets, "randbits", lambda bits: 12345)
    blueprint = BlueprintFactory(composition=[{"topic": None, "kind": "free_form", "count": 3}])
    would_be = generator.generate_questions(
        game="riftbound", lang="en", kind="free_form", count=3, seed=exams._slot_seed(12345, 0, 0)
    )
    practised = bank_store(questions=would_be[:2])

    attempt = started(blueprint=blueprint)

    hashes = {item.question.content_hash for item in attempt.items.select_related("question")}
    assert len(hashes) == 3
    assert hashes.isdisjoint({question.content_hash for question in practised})
    assert not Question.objects.filter(pk__in=[q.pk for q in practised], for_exams=True).exists()


def test_a_blueprint_naming_an_unknown_topic_is_invalid_and_cannot_start():
    blueprint = BlueprintFactory(
        composition=[{"topic": "juggling", "kind": "free_form", "count": 1}]
    )

    with pytest.raises(ValidationError, match="no question template covers 'juggling'"):
        blueprint.full_clean()
    with pytest.raises(exams.ExamError, match="cannot be prepared for you now"):
        started(blueprint=blueprint)
    assert not Attempt.objects.exists()


def test_a_blueprint_composition_is_checked_slot_by_slot():
    blueprint = BlueprintFactory(
        composition=[{"kind": "essay", "count": 0, "extra": 1}, {"kind": "free_form", "count": 99}]
    )

    with pytest.raises(ValidationError) as error:
        blueprint.full_clean()

    messages = " ".join(error.value.message_dict["composition"])
    assert "slot 0: only topic, kind and count are allowed" in messages
    assert "slot 1: count must be a whole number from 1 to 50" in messages


def test_the_sweep_grades_an_attempt_whose_grading_task_was_lost(monkeypatch):
    from quizzes.tasks import attempts_close_overdue

    attempt = started()
    # The worker died with the grading task: the attempt was closed but never graded.
    with monkeypatch.context() as lost:
        lost.setattr(exams.transaction, "on_commit", lambda func, using=None, robust=False: None)
        exams.attempt_submit(attempt=attempt)
    Attempt.objects.filter(pk=attempt.pk).update(closed_at=timezone.now() - timedelta(minutes=6))

    attempts_close_overdue()

    attempt.refresh_from_db()
    assert attempt.status == Attempt.Status.GRADED


def test_the_sweep_leaves_recently_closed_attempts_to_their_own_task(monkeypatch):
    attempt = started()
    monkeypatch.setattr(exams.transaction, "on_commit", lambda func, using=None, robust=False: None)
    exams.attempt_submit(attempt=attempt)

    assert exams.attempts_regrade_stuck() == []
