"""The API's JSON parser: bounded body size, nesting depth and no NUL characters.

Python's decoder recurses once per nesting level, so a body nested 1,000 deep raised
RecursionError (a 500); the depth is counted first, with a regular expression that skips
strings. Every check reads the text once from left to right, in C, so rejecting a hostile
body costs linear time: a JSON string is matched with possessive quantifiers (nothing is
tried twice) and, when it has no closing quote, runs to the end of the text (the old pattern
retried every later quote of an unterminated string, quadratic in its length: one 96 KB body
of escaped quotes held a worker for a minute).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from rest_framework import parsers
from rest_framework.exceptions import ParseError
from rest_framework.utils import json

# A JSON string token (to its closing quote, or to the end of the text if it has none), or
# one bracket outside strings. Once a quote opens a string the pattern cannot fail, so the
# scan never returns to a position inside it.
_TOKENS = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)|[\[\]{}]', re.DOTALL)
# An escaped NUL (\u0000) that is not itself an escaped backslash followed by "u0000". Only
# the first backslash of a run passes the look-behind, so each run is read once.
_ESCAPED_NUL = re.compile(r"(?<!\\)(?:\\\\)*\\u0000", re.IGNORECASE)


def json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text`` (brackets inside strings do not
    count; an unterminated string runs to the end of the text)."""
    if text.count("[") + text.count("{") <= 1:
        return text.count("[") + text.count("{")
    depth = deepest = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def has_nul(text: str) -> bool:
    """Whether ``text`` holds a NUL character, raw or as a JSON escape."""
    return "\x00" in text or _ESCAPED_NUL.search(text) is not None


def json_loads_safely(text: str, *, max_depth: int) -> Any:
    """Decode ``text``; refuse deep nesting and NUL characters with a coded ParseError."""
    if json_depth(text) > max_depth:
        raise ParseError(
            f"JSON nested deeper than {max_depth} levels is not accepted.", code="json_too_deep"
        )
    if has_nul(text):
        raise ParseError("Text may not contain NUL characters.", code="null_character")
    try:
        return json.loads(text, parse_constant=json.strict_constant)
    except RecursionError:  # the depth count above should make this unreachable
        raise ParseError("JSON nested too deeply.", code="json_too_deep") from None
    except ValueError as error:
        raise ParseError(f"JSON parse error: {error}", code="parse_error") from None


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser with ``API_MAX_BODY_BYTES`` and ``API_MAX_JSON_DEPTH`` limits."""

    def parse(
        self,
        stream: IO[Any],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        limit = settings.API_MAX_BODY_BYTES
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise ParseError(
                f"The request body is larger than {limit} bytes.", code="body_too_large"
            )
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = raw.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            raise ParseError("The body is not valid text.", code="parse_error") from None
        return json_loads_safely(text, max_depth=settings.API_MAX_JSON_DEPTH)
