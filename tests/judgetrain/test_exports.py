"""CSV cells a spreadsheet would read as a formula are written as text (OWASP CSV injection)."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from django.conf import settings

from judgetrain.exports import csv_response, spreadsheet_cell


@pytest.mark.parametrize(
    "value",
    [
        '=HYPERLINK("http://x","y")',
        "+1+1",
        "-1+1",
        "@SUM(A1:A2)",
        "\t=1+1",
        "\r=1+1",
        "=cmd|' /C calc'!A0",
    ],
)
def test_a_cell_starting_like_a_formula_gets_a_quote_in_front(value):
    assert spreadsheet_cell(value) == "'" + value


@pytest.mark.parametrize("value", ["Ana Lima", "-0.125", "12.5", "+3", 7, -0.5, None, ""])
def test_plain_text_and_numbers_are_unchanged(value):
    assert spreadsheet_cell(value) == value


def test_a_csv_response_neutralises_the_header_and_every_row():
    response = csv_response(
        filename="x.csv", head=["=Name", "Count"], rows=[['=HYPERLINK("http://x","y")', 3]]
    )

    read = list(csv.reader(io.StringIO(response.content.decode())))
    assert read == [["'=Name", "Count"], ['\'=HYPERLINK("http://x","y")', "3"]]
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="x.csv"'


def test_every_csv_export_goes_through_the_shared_helper():
    """No module but judgetrain/exports.py writes CSV itself."""
    base = Path(settings.BASE_DIR)
    writers = [
        str(path.relative_to(base))
        for folder in ("judgetrain", "quizzes", "rulings")
        for path in (base / folder).rglob("*.py")
        if re.search(r"csv\.(writer|DictWriter)\(|text/csv", path.read_text(encoding="utf-8"))
    ]
    assert writers == ["judgetrain/exports.py"]
