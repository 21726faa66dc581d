import copy

import pytest

from tests.factories import TREASURE_HUNTER_SITUATION


@pytest.fixture
def treasure_hunter() -> dict[str, object]:
    """TR study note's worked example: a forgotten Treasure Hunter trigger, noticed this turn."""
    return copy.deepcopy(TREASURE_HUNTER_SITUATION)
