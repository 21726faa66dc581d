"""The web server and the Celery worker warm the grader up when they start."""

from __future__ import annotations

import importlib

from judgetrain import celery as celery_app
from rulings.core.grading.second_reader import load_second_reader


def test_the_wsgi_application_loads_the_second_reading_at_start() -> None:
    import judgetrain.wsgi

    load_second_reader.cache_clear()
    importlib.reload(judgetrain.wsgi)
    assert load_second_reader.cache_info().currsize == 1


def test_the_worker_loads_the_second_reading_before_it_forks() -> None:
    load_second_reader.cache_clear()
    celery_app._check_on_worker_start()
    assert load_second_reader.cache_info().currsize == 1
