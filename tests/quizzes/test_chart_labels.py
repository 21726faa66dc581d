"""Walk 6 and walk 7, #8: long labels were drawn over the bars further down a report chart.
Each label now sits in the gap above its own bar, below the bar before it, however many bars
and however many lines a label takes."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from quizzes.reports import charts

NS = {"svg": "http://www.w3.org/2000/svg"}
LONG = "Triggered abilities · Observable impact · How far the game can go back, in spring"


def label_and_bar_boxes(svg: bytes) -> list[tuple[float, float, float, float]]:
    """Per bar, top to bottom: its label's top and last baseline, the bar's top and bottom."""
    root = ElementTree.fromstring(svg)
    rects = [r for r in root.iterfind(".//svg:rect", NS) if "reactive" in r.get("class", "")]
    labels = [
        t for t in root.iterfind(".//svg:g[@class='bar-labels']/svg:text", NS)
        if t.get("class") == "bar-label"
    ]  # fmt: skip
    bars = sorted((float(r.get("y", "0")), float(r.get("height", "0"))) for r in rects)
    boxes = []
    for label, (top, height) in zip(labels, bars, strict=True):
        first = float(label.get("y", "0"))
        last = first + charts.LINE * (len(label.findall("svg:tspan", NS)) - 1)
        boxes.append((first - charts.FONT, last, top, top + height))
    return boxes


@pytest.mark.parametrize(
    "names",
    [
        [f"Template {n}" for n in range(12)],
        [f"{LONG} {n}" for n in range(12)],
        ["Short", LONG, "x", f"{LONG} and then some more words to wrap a third line", "y"],
    ],
    ids=["short", "long", "mixed"],
)
def test_each_label_sits_between_the_bar_before_and_its_own_bar(names):
    svg = charts.bar_chart_svg(
        title="Facility", bars=[(name, 10.0 * (n % 10)) for n, name in enumerate(names)]
    )

    boxes = label_and_bar_boxes(svg)

    previous_bottom = float("-inf")
    for label_top, baseline, bar_top, bar_bottom in boxes:
        assert baseline < bar_top  # never over its own bar
        assert label_top >= previous_bottom  # nor over the bar before it
        previous_bottom = bar_bottom
