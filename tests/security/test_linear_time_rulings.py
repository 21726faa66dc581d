"""The rulings evaluator reads a situation in time linear in the size of its body: the JSON
parser, the situation decoder (``Situation.from_dict``: every field checked for type, choice,
length and count), the engine's evaluation and its explanation, as
``POST /api/v1/rulings/evaluate`` runs them.

These are timing tests on purpose: issue 25 asks that no parser or validator of request input
take superlinear time, measured as the ratio of two sizes in one run (see
``tests/security/timing.py``). Hypothesis picks where a body grows (a long text field, many
players, many unknown or repeated keys, long numbers, padding) and what it grows with.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from rest_framework.exceptions import APIException

from judgetrain.parsers import json_loads_safely
from rulings import core as engine
from rulings.api.views import _situation_from
from tests.factories import TREASURE_HUNTER_SITUATION
from tests.security.timing import assert_linear

TIMED = settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow],
)
SIZE = 2_000
BASE = json.dumps(TREASURE_HUNTER_SITUATION)


def evaluate(body: str) -> None:
    """What the evaluate endpoint does with a body, minus the HTTP."""
    with contextlib.suppress(APIException, engine.RulingsError):
        situation = _situation_from(json_loads_safely(body, max_depth=32))
        engine.explain(engine.evaluate(situation), "en")


def test_the_base_situation_is_evaluated():
    situation = _situation_from(json.loads(BASE))

    assert engine.evaluate(situation).to_dict()["infraction"]


def _grown(where: str, unit: str) -> Callable[[int], str]:
    escaped = json.dumps(unit)[1:-1]

    def make(size: int) -> str:
        count = max(1, size // max(1, len(escaped)))
        text = escaped * count
        if where == "name":  # a text field: past its 200 characters it is refused
            return BASE.replace('"Treasure Hunter"', f'"{text}"')
        if where == "players":
            players = ", ".join(json.dumps(unit + str(n)) for n in range(count))
            return BASE.replace('["you", "opponent"]', f"[{players}]")
        if where == "unknown_keys":
            keys = ", ".join(f'"{escaped}{n}": 1' for n in range(count))
            return BASE[:-1] + ", " + keys + "}"
        if where == "repeated_key":  # the decoder keeps the last: every one is read
            return BASE[:-1] + ', "advantageous": false' * count + "}"
        if where == "number":
            return BASE.replace('"advantageous": false', '"advantageous": ' + "9" * count)
        return BASE.replace(", ", "," + " " * count, 1)  # padding

    return make


WHERE = ("name", "players", "unknown_keys", "repeated_key", "number", "padding")


@TIMED
@given(
    where=st.sampled_from(WHERE),
    unit=st.sampled_from(("a", "\\", '"', "é", "\U0001f600", " ", "\x01", "1", "."))
    | st.text(min_size=1, max_size=4),
)
def test_a_situation_is_read_and_ruled_in_linear_time(where, unit):
    assert_linear(evaluate, _grown(where, unit), SIZE, label=f"{where} grown with {unit!r}")


@TIMED
@given(depth=st.integers(1, 31), key=st.sampled_from(("trigger", "play", "noticed", "x")))
def test_nesting_within_the_depth_limit_is_read_in_linear_time(depth, key):
    def make(size: int) -> str:
        inner: Any = "x" * size
        for _ in range(depth):
            inner = {key: inner}
        return BASE[:-1] + ", " + json.dumps(inner)[1:-1] + "}"

    assert_linear(evaluate, make, SIZE, label=f"{depth} deep under {key!r}")
