"""Flags for review live on the server, per attempt item, with their own revision."""

from datetime import timedelta

import pytest
from django.utils import timezone

from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.exams.services import exams
from tests.factories import assignment

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def started():
    return exams.attempt_start(assignment=assignment(), language="en")


def item_of(attempt, position=2):
    item = attempt.items.get(position=position)
    item.attempt = attempt
    return item


def test_flagging_a_question_saves_it_and_counts_a_revision():
    attempt = started()

    saved = exams.attempt_item_flag(item=item_of(attempt), flagged=True, base_revision=0)

    assert (saved.flagged, saved.flag_revision) == (True, 1)
    stored = AttemptItem.objects.get(attempt=attempt, position=2)
    assert (stored.flagged, stored.flag_revision) == (True, 1)
    assert not AttemptItem.objects.get(attempt=attempt, position=1).flagged


def test_removing_a_flag_on_the_current_revision_clears_it():
    attempt = started()
    exams.attempt_item_flag(item=item_of(attempt), flagged=True, base_revision=0)

    saved = exams.attempt_item_flag(item=item_of(attempt), flagged=False, base_revision=1)

    assert (saved.flagged, saved.flag_revision) == (False, 2)


def test_asking_for_the_flag_already_saved_changes_nothing_even_from_a_stale_tab():
    attempt = started()
    exams.attempt_item_flag(item=item_of(attempt), flagged=True, base_revision=0)

    saved = exams.attempt_item_flag(item=item_of(attempt), flagged=True, base_revision=0)

    assert (saved.flagged, saved.flag_revision) == (True, 1)


def test_a_flag_changed_in_another_tab_since_loading_is_refused_with_the_current_one():
    attempt = started()
    exams.attempt_item_flag(item=item_of(attempt), flagged=True, base_revision=0)
    exams.attempt_item_flag(item=item_of(attempt), flagged=False, base_revision=1)

    with pytest.raises(exams.StaleFlag) as conflict:
        exams.attempt_item_flag(item=item_of(attempt), flagged=True, base_revision=0)

    assert (conflict.value.item.flagged, conflict.value.item.flag_revision) == (False, 2)
    assert not AttemptItem.objects.get(attempt=attempt, position=2).flagged


def test_flagging_never_makes_the_answer_stale():
    attempt = started()
    exams.attempt_item_flag(item=item_of(attempt), flagged=True, base_revision=0)

    saved = exams.attempt_item_save(
        item=item_of(attempt), response="Missed trigger", base_revision=0
    )

    assert (saved.response, saved.revision, saved.flagged) == ("Missed trigger", 1, True)


def test_a_flag_after_the_deadline_is_refused_and_the_attempt_closes():
    attempt = started()
    Attempt.objects.filter(pk=attempt.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    attempt.refresh_from_db()

    with pytest.raises(exams.AttemptClosed):
        exams.attempt_item_flag(item=item_of(attempt), flagged=True, base_revision=0)

    attempt.refresh_from_db()
    assert attempt.closure == Attempt.Closure.DEADLINE
    assert not AttemptItem.objects.get(attempt=attempt, position=2).flagged


def test_a_flag_after_submitting_is_refused():
    attempt = started()
    exams.attempt_submit(attempt=attempt)

    with pytest.raises(exams.AttemptClosed, match="already submitted"):
        exams.attempt_item_flag(item=item_of(attempt), flagged=True, base_revision=0)
