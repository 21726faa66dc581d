"""docs/situation.md lists every situation field as the dataclasses define it."""

from __future__ import annotations

from pathlib import Path

from tests.docs.situation import render

PAGE = Path(__file__).resolve().parents[2] / "docs" / "situation.md"


def test_situation_tables_match_the_dataclasses():
    text = PAGE.read_text(encoding="utf-8")
    tables = text.split("<!-- situation:begin -->\n")[1].split("<!-- situation:end -->")[0]

    assert tables == render(), (
        "docs/situation.md's tables are stale; print them with "
        "`.venv/bin/python -m tests.docs.situation`"
    )


def test_every_nested_field_type_has_its_own_table():
    tables = render()

    for name in ("Situation", "Trigger", "Play", "Event", "Noticed", "History", "PlayerRecord"):
        assert f"### `{name}`" in tables
