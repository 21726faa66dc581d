import ast
import logging
from pathlib import Path

import pytest
from celery import current_app
from django.db import transaction

from judgetrain.queueing import UnknownTask, enqueue, enqueue_on_commit
from judgetrain.tasks import ping
from tests.outage import broker_down

ROOT = Path(__file__).resolve().parents[2]


def test_enqueue_logs_a_broker_outage_without_raising(caplog):
    with broker_down(), caplog.at_level(logging.ERROR, logger="judgetrain.queueing"):
        assert enqueue("quizzes.attempt_grade", attempt_id=7) is False

    [record] = [r for r in caplog.records if r.name == "judgetrain.queueing"]
    assert "could not queue quizzes.attempt_grade(attempt_id=7)" in record.getMessage()
    assert "Connection refused" in record.getMessage()
    assert not record.exc_info  # an outage is expected: no traceback


def test_enqueue_logs_any_other_failure_with_its_traceback(caplog, monkeypatch):
    def broken(*args, **kwargs):
        raise TypeError("not JSON serialisable")

    monkeypatch.setattr(ping, "apply_async", broken)

    assert enqueue("judgetrain.ping") is False
    assert caplog.records[0].exc_info is not None


def test_a_task_queued_by_name_runs_in_process_when_eager(monkeypatch):
    ran = []
    monkeypatch.setattr(ping, "run", lambda: ran.append("pong"))

    assert enqueue("judgetrain.ping") is True
    assert ran == ["pong"]


def test_an_unknown_task_name_raises_instead_of_being_logged(caplog):
    with pytest.raises(UnknownTask, match=r"quizzes\.attempt_grades"):
        enqueue("quizzes.attempt_grades", attempt_id=7)
    with pytest.raises(UnknownTask):
        enqueue_on_commit("quizzes.attempt_grades", attempt_id=7)  # now, not at commit


@pytest.mark.django_db(transaction=True)
def test_enqueue_on_commit_queues_nothing_when_the_transaction_rolls_back(monkeypatch):
    queued = []
    monkeypatch.setattr(ping, "apply_async", lambda *args, **kwargs: queued.append(args))

    def rolled_back() -> None:
        with transaction.atomic():
            enqueue_on_commit("judgetrain.ping")
            raise RuntimeError

    with pytest.raises(RuntimeError):
        rolled_back()
    with transaction.atomic():
        enqueue_on_commit("judgetrain.ping")

    assert len(queued) == 1


def queued_names() -> list[tuple[str, str]]:
    """(where, first argument) of every enqueue/enqueue_on_commit call in the project."""
    found = []
    for package in ("judgetrain", "quizzes", "rulings"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if path == ROOT / "judgetrain" / "queueing.py":
                continue  # the helper itself
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if called in ("enqueue", "enqueue_on_commit"):
                    where = f"{path.relative_to(ROOT)}:{node.lineno}"
                    first = node.args[0] if node.args else None
                    name = first.value if isinstance(first, ast.Constant) else None
                    found.append((where, name if isinstance(name, str) else "<not a literal>"))
    return found


def test_every_task_name_queued_in_the_code_is_a_registered_task():
    used = queued_names()
    assert len(used) >= 8  # the scan sees the services' calls

    unknown = [(where, name) for where, name in used if name not in current_app.tasks]

    assert unknown == [], "queued by a name no task is registered under (or not a literal)"
