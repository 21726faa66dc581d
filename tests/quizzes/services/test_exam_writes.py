"""Exam write integrity: revisions on every write, all or nothing, late and duplicate writes."""

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.utils import timezone

from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams
from quizzes.review.models.appeals import Appeal
from tests.factories import assignment

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

Answer = exams.Answer


def started():
    return exams.attempt_start(assignment=assignment(), language="en")


def saved_texts(attempt):
    return dict(attempt.items.values_list("position", "response"))


def test_a_stale_tabs_submit_is_refused_and_the_newer_answer_kept():
    attempt = started()
    exams.attempt_item_save(item=attempt.items.get(position=1), response="newer", base_revision=0)

    with pytest.raises(exams.StaleRevision) as conflict:
        exams.attempt_submit(attempt=attempt, responses={1: Answer("", 0), 2: Answer("mine", 0)})

    assert [(item.position, item.response) for item in conflict.value.items] == [(1, "newer")]
    attempt.refresh_from_db()
    assert attempt.status == Attempt.Status.IN_PROGRESS
    assert saved_texts(attempt)[1] == "newer"
    assert saved_texts(attempt)[2] == ""  # nothing of the refused submit was saved


def test_a_submit_on_the_current_revision_replaces_the_answer():
    attempt = started()
    exams.attempt_item_save(item=attempt.items.get(position=1), response="first", base_revision=0)

    exams.attempt_submit(attempt=attempt, responses={1: Answer("second", 1)})

    assert saved_texts(attempt)[1] == "second"
    assert attempt.items.get(position=1).revision == 2


def test_saving_several_answers_lists_every_stale_one_and_saves_none():
    attempt = started()
    for position in (1, 2):
        item = attempt.items.get(position=position)
        exams.attempt_item_save(item=item, response=f"other tab {position}", base_revision=0)

    with pytest.raises(exams.StaleRevision) as conflict:
        exams.attempt_answers_save(
            attempt=attempt,
            answers={1: Answer("this tab", 0), 2: Answer("this tab", 0), 4: Answer("penalty", 0)},
        )

    assert [item.position for item in conflict.value.items] == [1, 2]
    assert saved_texts(attempt) == {1: "other tab 1", 2: "other tab 2", 3: "", 4: ""}


@pytest.mark.parametrize("bad", ["x" * 6000, "nul\x00byte"])
def test_one_bad_answer_saves_none_of_the_others(bad):
    attempt = started()

    with pytest.raises(exams.ExamError):
        exams.attempt_answers_save(
            attempt=attempt, answers={1: Answer("good", 0), 2: Answer(bad, 0)}
        )

    assert set(saved_texts(attempt).values()) == {""}


def test_an_answer_for_a_question_the_attempt_lacks_saves_nothing():
    attempt = started()

    with pytest.raises(exams.ExamError, match="no question 9"):
        exams.attempt_answers_save(
            attempt=attempt, answers={1: Answer("good", 0), 9: Answer("x", 0)}
        )

    assert saved_texts(attempt)[1] == ""


def test_a_write_without_a_revision_is_a_programming_error():
    attempt = started()

    with pytest.raises(TypeError, match="revision"):
        exams.attempt_submit(attempt=attempt, responses={1: "no revision"})


def test_a_submit_after_the_deadline_closed_the_attempt_is_refused():
    attempt = started()
    exams.attempt_item_save(item=attempt.items.get(position=1), response="in time", base_revision=0)
    Attempt.objects.filter(pk=attempt.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    exams.attempts_close_overdue()
    attempt.refresh_from_db()

    with pytest.raises(exams.AttemptClosed, match="time for this exam is over"):
        exams.attempt_submit(attempt=attempt)
    with pytest.raises(exams.AttemptClosed):
        exams.attempt_submit(attempt=attempt, responses={1: Answer("too late", 1)})

    assert saved_texts(attempt)[1] == "in time"


def test_a_second_submit_with_other_answers_is_refused_and_the_first_kept():
    attempt = started()
    exams.attempt_submit(attempt=attempt, responses={1: Answer("first tab", 0)})

    with pytest.raises(exams.AlreadySubmitted, match="already submitted"):
        exams.attempt_submit(attempt=attempt, responses={1: Answer("second tab", 0)})

    assert saved_texts(attempt)[1] == "first tab"


def test_a_submit_that_lost_the_race_for_the_lock_is_refused():
    """Two submits read the attempt as open; the one that locks second finds it closed."""
    attempt = started()
    seen_by_second = Attempt.objects.get(pk=attempt.pk)  # read before the first one committed
    exams.attempt_submit(attempt=attempt, responses={1: Answer("first", 0)})

    assert seen_by_second.status == Attempt.Status.IN_PROGRESS
    with pytest.raises(exams.AlreadySubmitted):
        exams.attempt_submit(attempt=seen_by_second, responses={1: Answer("second", 0)})
    same = exams.attempt_submit(attempt=seen_by_second, responses={1: Answer("first", 0)})

    assert same.status == Attempt.Status.GRADED  # the very same submit, retried, is fine
    assert saved_texts(attempt)[1] == "first"


def test_saving_into_a_submitted_attempt_says_it_was_submitted():
    attempt = started()
    exams.attempt_submit(attempt=attempt)

    with pytest.raises(exams.AttemptClosed, match="already submitted"):
        exams.attempt_item_save(item=attempt.items.first(), response="late", base_revision=0)


class SteppingClock:
    """Before the deadline until the attempt row is locked, after it from then on: the write
    waited for the lock (another tab was saving) while the deadline passed."""

    def __init__(self, attempt):
        self.time = attempt.deadline - timedelta(seconds=2)
        self.late = attempt.deadline + timedelta(seconds=1)

    def now(self):
        return self.time

    def lock_taken(self):
        self.time = self.late


@pytest.fixture
def clock(monkeypatch):
    def install(attempt):
        clock = SteppingClock(attempt)
        monkeypatch.setattr(exams, "timezone", SimpleNamespace(now=clock.now))
        manager = Attempt.objects
        original = manager.select_for_update

        def select_for_update(*args, **kwargs):
            clock.lock_taken()
            return original(*args, **kwargs)

        monkeypatch.setattr(manager, "select_for_update", select_for_update)
        return clock

    return install


def test_a_deadline_passing_while_a_save_waits_for_the_lock_refuses_it_and_keeps_the_saved(
    clock,
):
    attempt = started()
    item = attempt.items.get(position=1)
    exams.attempt_item_save(item=item, response="saved in time", base_revision=0)
    clock(attempt)

    with pytest.raises(exams.AttemptClosed, match="time for this exam is over"):
        exams.attempt_item_save(
            item=item, response="arrived in time, locked too late", base_revision=1
        )

    attempt.refresh_from_db()
    assert attempt.closure == Attempt.Closure.DEADLINE
    assert attempt.closed_at == attempt.deadline
    assert saved_texts(attempt)[1] == "saved in time"


def test_a_deadline_passing_while_a_submit_waits_for_the_lock_keeps_the_saved(clock):
    attempt = started()
    exams.attempt_item_save(item=attempt.items.get(position=1), response="in time", base_revision=0)
    clock(attempt)

    with pytest.raises(exams.AttemptClosed):
        exams.attempt_submit(attempt=attempt, responses={1: Answer("too late", 1)})

    attempt.refresh_from_db()
    assert attempt.closure == Attempt.Closure.DEADLINE
    assert saved_texts(attempt)[1] == "in time"


def graded_item():
    attempt = started()
    exams.attempt_submit(attempt=attempt)
    item = attempt.items.get(position=1)
    item.attempt.refresh_from_db()
    return item


def test_an_appeal_racing_past_the_check_is_refused_not_a_server_error(monkeypatch):
    """The other tab's appeal committed after this one's check: the unique index refuses the
    second, and the candidate is told, as for any repeated appeal."""
    item = graded_item()
    Appeal.objects.create(item=item, comment="from the other tab")
    monkeypatch.setattr(Appeal.objects, "filter", lambda **kwargs: Appeal.objects.none())

    with pytest.raises(exams.AppealExists, match="already appealed"):
        exams.appeal_create(item=item, comment="from this tab")

    assert Appeal.objects.get(item=item).comment == "from the other tab"


def test_an_appeal_with_a_nul_byte_is_refused():
    item = graded_item()

    with pytest.raises(exams.ExamError, match="Null characters"):
        exams.appeal_create(item=item, comment="look\x00again")

    assert not Appeal.objects.exists()
