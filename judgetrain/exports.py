"""CSV files people open in a spreadsheet: every export writes them here.

A cell beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is read by
spreadsheet programs as a formula: a name such as ``=HYPERLINK("http://x","y")`` would become a
link, and worse formulas can run commands or send the sheet's contents elsewhere. Following
OWASP's CSV-injection guidance, such a cell is written with a single quote in front, which the
spreadsheet shows as text (the quote itself is hidden or shown, depending on the program); the
csv module quotes the rest. A plain number (``-0.25``) is left as it is: it is no formula.

The corrected-gradings JSONL export needs nothing of the kind: each of its lines is a JSON
object, beginning with ``{``, and is read by ``python -m rulings grade-eval``, not a spreadsheet.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Sequence
from typing import Any

from django.http import HttpResponse

#: What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?\Z")


def spreadsheet_cell(value: Any) -> Any:
    """``value`` as a spreadsheet reads it as text: a string starting like a formula gets a
    single quote in front; numbers and other strings are unchanged."""
    formula = isinstance(value, str) and value.startswith(FORMULA_STARTS)
    if formula and not _PLAIN_NUMBER.match(value):
        return "'" + value
    return value


def spreadsheet_row(row: Iterable[Any]) -> list[Any]:
    return [spreadsheet_cell(value) for value in row]


def csv_response(
    *, filename: str, head: Sequence[Any], rows: Iterable[Iterable[Any]]
) -> HttpResponse:
    """A CSV attachment, every cell (the header's too) made safe for a spreadsheet."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    writer.writerow(spreadsheet_row(head))
    writer.writerows(spreadsheet_row(row) for row in rows)
    return response
