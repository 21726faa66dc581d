"""docs/vocabulary.md is what the engine's data renders, so it never drifts from the ids."""

from __future__ import annotations

import difflib
from pathlib import Path

from tests.docs.vocabulary import render

PAGE = Path(__file__).resolve().parents[2] / "docs" / "vocabulary.md"


def test_vocabulary_page_matches_the_engine_data():
    expected = render()
    actual = PAGE.read_text(encoding="utf-8")

    diff = "".join(
        difflib.unified_diff(
            actual.splitlines(keepends=True), expected.splitlines(keepends=True), "page", "data"
        )
    )
    assert actual == expected, (
        "docs/vocabulary.md is stale; run "
        "`.venv/bin/python -m tests.docs.vocabulary > docs/vocabulary.md`\n" + diff
    )
