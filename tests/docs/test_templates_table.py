"""docs/questions.md lists every registered template, as the registry describes it."""

from __future__ import annotations

from pathlib import Path

from tests.docs.templates import render

PAGE = Path(__file__).resolve().parents[2] / "docs" / "questions.md"


def test_template_table_matches_the_registry():
    text = PAGE.read_text(encoding="utf-8")
    table = text.split("<!-- templates:begin -->\n")[1].split("<!-- templates:end -->")[0]

    assert table == render(), (
        "docs/questions.md's template table is stale; print it with "
        "`.venv/bin/python -m tests.docs.templates`"
    )
