import pytest

from judgetrain.celery import VisibilityTimeoutTooShort, check_visibility_timeout
from tests.outage import celery_app

REDIS = "redis://127.0.0.1:6379/0"


def test_every_project_task_finishes_within_the_visibility_timeout():
    with celery_app(broker_url=REDIS) as fresh:
        check_visibility_timeout(fresh)  # raises otherwise


def test_a_worker_refuses_a_task_that_may_outlive_the_visibility_timeout():
    with celery_app(broker_url=REDIS, broker_transport_options={"visibility_timeout": 90}) as fresh:

        @fresh.task(name="tests.slow", time_limit=600)
        def slow() -> None: ...

        with pytest.raises(VisibilityTimeoutTooShort, match=r"tests\.slow may run for"):
            check_visibility_timeout(fresh)
