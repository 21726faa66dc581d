"""The API's JSON parser: bounded body size, nesting depth and no NUL characters.

Python's decoder recurses once per nesting level, so a body nested 1,000 deep raised
RecursionError (a 500); the depth is counted first, with a regular expression that skips
strings. Every check reads the text once from left to right, in C, so rejecting a hostile
body costs linear time: a JSON string is matched with possessive quantifiers (nothing is
tried twice) and, when it has no closing quote, runs to the end of the text (the old pattern
retried every later quote of an unterminated string, quadratic in its length: one 96 KB body
of escaped quotes held a worker for a minute).

Each view declares the largest body it reads, ``max_body_bytes`` (one of the sizes below,
chosen for what the view accepts); ``API_MAX_BODY_BYTES`` is the default and the ceiling. A
larger body answers 413 ``body_too_large`` before any of it is decoded.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from rest_framework import parsers, status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.utils import json

# A JSON string token (to its closing quote, or to the end of the text if it has none), or
# one bracket outside strings. Once a quote opens a string the pattern cannot fail, so the
# scan never returns to a position inside it.
_TOKENS = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)|[\[\]{}]', re.DOTALL)
# An escaped NUL (\u0000) that is not itself an escaped backslash followed by "u0000". Only
# the first backslash of a run passes the look-behind, so each run is read once.
_ESCAPED_NUL = re.compile(r"(?<!\\)(?:\\\\)*\\u0000", re.IGNORECASE)

# What views declare as ``max_body_bytes``. A free-text field holds at most 5,000 characters
# (the grader's MAX_ANSWER_CHARS; comments and reasons 2,000 to 4,000): 64 KiB holds one even
# when every character is sent as an escaped surrogate pair (12 bytes), beside a few ids.
SMALL_BODY = 4 * 1024
"""Ids, flags and choices, no free text: an exam start, a flag, a renewal."""
TEXT_BODY = 64 * 1024
"""One free-text field beside ids and choices: an answer, a comment, a reason."""
LARGE_BODY = 256 * 1024
"""Structured documents: a situation for the rulings engine (at most about 150 KB when every
string is as long as allowed and escaped), a review's three reasons."""
CEILING = None
"""``API_MAX_BODY_BYTES`` itself: an exam's final answers, one free-text field per question."""


class BodyTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "body_too_large"
    default_detail = "The request body is too large."


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


def body_limit(view: object) -> int:
    """The largest body ``view`` reads: its ``max_body_bytes``, never above the setting."""
    ceiling: int = settings.API_MAX_BODY_BYTES
    declared = getattr(view, "max_body_bytes", CEILING)
    return ceiling if declared is None else min(int(declared), ceiling)


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser with the view's body limit and ``API_MAX_JSON_DEPTH``."""

    def parse(
        self,
        stream: IO[Any],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        context = parser_context or {}
        limit = body_limit(context.get("view"))
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise BodyTooLarge(f"The request body is larger than {limit} bytes.")
        encoding = context.get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = raw.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            raise ParseError("The body is not valid text.", code="parse_error") from None
        return json_loads_safely(text, max_depth=settings.API_MAX_JSON_DEPTH)
