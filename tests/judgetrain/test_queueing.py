import logging

import pytest
from django.db import transaction

from judgetrain.queueing import enqueue, enqueue_on_commit
from judgetrain.tasks import ping
from tests.outage import broker_down


def test_enqueue_logs_a_broker_outage_without_raising(caplog):
    from quizzes.tasks import attempt_grade_task

    with broker_down(), caplog.at_level(logging.ERROR, logger="judgetrain.queueing"):
        assert enqueue(attempt_grade_task, 7) is False

    [record] = [r for r in caplog.records if r.name == "judgetrain.queueing"]
    assert "could not queue quizzes.attempt_grade(7,)" in record.getMessage()
    assert "Connection refused" in record.getMessage()
    assert not record.exc_info  # an outage is expected: no traceback


def test_enqueue_logs_any_other_failure_with_its_traceback(caplog, monkeypatch):
    def broken(*args, **kwargs):
        raise TypeError("not JSON serialisable")

    monkeypatch.setattr(ping, "apply_async", broken)

    assert enqueue(ping, object()) is False
    assert caplog.records[0].exc_info is not None


@pytest.mark.django_db(transaction=True)
def test_enqueue_on_commit_queues_nothing_when_the_transaction_rolls_back(monkeypatch):
    queued = []
    monkeypatch.setattr(ping, "apply_async", lambda **kwargs: queued.append(kwargs))

    def rolled_back() -> None:
        with transaction.atomic():
            enqueue_on_commit(ping, 1)
            raise RuntimeError

    with pytest.raises(RuntimeError):
        rolled_back()
    with transaction.atomic():
        enqueue_on_commit(ping, 2)

    assert queued == [{"args": (2,)}]
