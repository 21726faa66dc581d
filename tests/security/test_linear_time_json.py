"""The API's JSON parser reads a hostile body in time linear in its size.

These are timing tests on purpose: issue 25 asks that no parser or validator of request input
take superlinear time, measured as the ratio of two sizes in one run (see
``tests/security/timing.py`` for why a ratio, and how it resists a busy machine). The depth
check once took quadratic time on an unterminated string of escaped quotes: one 96 KB body
held a gunicorn worker for 60 s. Hypothesis builds bodies from the characters JSON gives
meaning to (quotes, backslashes, brackets, escapes of NUL, whitespace), repeated to a size.
"""

from __future__ import annotations

import contextlib
import io

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from rest_framework.exceptions import APIException

from judgetrain.parsers import JSONParser, has_nul, json_depth, json_loads_safely
from tests.security.timing import assert_linear, repeated

TIMED = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],  # shrinking would time a failure many times over
    suppress_health_check=[HealthCheck.too_slow],
)
SIZE = 2_000
"""Characters of the smaller body; the larger is 8 times as long (16 KB)."""

UNITS = (
    '\\"',  # escaped quotes: an unterminated string of them was the quadratic case
    '"',
    "\\",
    "\\\\",
    '["',
    '{"a":',
    '{"a":"',
    "[",
    "{",
    "[]",
    "\\u0000",
    "\\\\u0000",
    "\\\\\\u0000",
    " ",
    "\n\t",
    "1",
    "1e",
    '"\\',
    ",",
)
PREFIXES = ("", '[{"', '{"response": "', '"', "[", '{"a": [')
SUFFIXES = ("", '"', '"}', "]", "}")
CHARACTERS = '"\\[]{}u0:, \n\t1a'


def _parse(text: str) -> None:
    with contextlib.suppress(APIException):
        json_loads_safely(text, max_depth=32)


def _parse_body(body: bytes) -> None:
    with contextlib.suppress(APIException):
        JSONParser().parse(io.BytesIO(body), "application/json", {"encoding": "utf-8"})


@TIMED
@given(
    prefix=st.sampled_from(PREFIXES),
    unit=st.sampled_from(UNITS) | st.text(alphabet=CHARACTERS, min_size=1, max_size=6),
    suffix=st.sampled_from(SUFFIXES),
)
@example(prefix='[{"', unit='\\"', suffix="")  # the 96 KB body of the finding, smaller
@example(prefix='{"response": "', unit="\\\\", suffix="")
def test_json_text_is_checked_and_decoded_in_linear_time(prefix, unit, suffix):
    assert_linear(_parse, repeated(prefix, unit, suffix), SIZE, label=repr((prefix, unit)))


@TIMED
@given(unit=st.sampled_from(UNITS), suffix=st.sampled_from(SUFFIXES))
@example(unit='\\"', suffix="")  # the body of the finding: an answer of escaped quotes, unclosed
def test_a_json_body_is_parsed_in_linear_time(unit, suffix):
    def make(size: int) -> bytes:
        return repeated('{"response": "', unit, suffix)(size).encode()

    assert_linear(_parse_body, make, SIZE, label=repr(unit))


@pytest.mark.parametrize("check", [json_depth, has_nul])
def test_each_check_alone_is_linear_on_escaped_quotes(check):
    assert_linear(check, repeated('[{"', '\\"'), SIZE, label=check.__name__)


def test_an_unterminated_string_ends_the_depth_count():
    """Brackets after a quote that is never closed are inside a string: the body is not JSON
    anyway (the decoder answers ``parse_error``)."""
    assert json_depth('[{"a": "' + "\\" + '"' + "[" * 40) == 2
    assert json_depth('["' + "\\\\" * 3) == 1
    assert json_depth('["a\\\\"' + ", [[[]]]]") == 4
