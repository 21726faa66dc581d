"""The helper the integration tests wait with: it returns when its condition holds and fails
naming the condition at its deadline."""

import pytest

from tests.waiting import wait_for


def test_wait_for_returns_as_soon_as_the_condition_holds():
    answers = iter([False, False, True, False])
    asked = []

    def ready() -> bool:
        asked.append(1)
        return next(answers)

    wait_for(ready, what="ready", seconds=30)

    assert len(asked) == 3  # asked until the first True, never again


def test_wait_for_fails_naming_the_condition_at_its_deadline():
    with pytest.raises(AssertionError, match="the worker grading attempt 7: not within 0 s"):
        wait_for(lambda: False, what="the worker grading attempt 7", seconds=0)
