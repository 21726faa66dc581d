"""Report charts drawn on the server by pygal: one SVG per report, shown by an ``<img>``.

An image keeps the page's Content-Security-Policy intact (pygal's SVG carries its own
``<style>``, allowed only in the SVG's own response, which runs no script: see
``committee_reports.report_chart``). Each bar has its label on its own line above it, whole
and left-aligned, so labels are never cut and two bars never read the same, and the chart is
narrow enough (360 units, scaled to its box) to be read on a phone. Bar lengths are pygal's,
from the values on a fixed 0-100% axis.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

import pygal
from pygal.etree import etree
from pygal.style import Style

WIDTH = 360
ROW = 46  # a label line and a bar
AXIS = 36  # the 0-100% scale below the bars, and the margins
FONT = 13
LINE = 18  # another line of a long label, and the room it takes above its bar
WRAP = 44  # characters a label line holds before it wraps (walk 3, #17: a chart as wide as
# its longest label was scaled down to ~6 px text)
STYLE = Style(
    font_family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    background="#ffffff",
    plot_background="#ffffff",
    foreground="#1a1a1a",
    foreground_strong="#1a1a1a",
    foreground_subtle="#6b6b6b",
    colors=("#1f5f8b",),
    label_font_size=FONT - 2,
    major_label_font_size=FONT - 2,
    value_font_size=FONT,
    opacity="1",
    opacity_hover="1",
    transition="0s",
)


class _LabelledBars(pygal.HorizontalBar):
    """Thin bars in wide rows: the room above each bar holds its label."""

    _series_margin = 0.3


def _lines(label: str) -> list[str]:
    """A label's lines: whole words, at most ``WRAP`` characters each (a longer word alone)."""
    return textwrap.wrap(label, WRAP, break_long_words=False, break_on_hyphens=False) or [""]


def _width_for(labels: Sequence[str]) -> int:
    """Wide enough for the longest label line at the chart's font (pygal's own estimate of a
    character, 0.6 em), so a label is never cut; long labels wrap, so the chart stays narrow
    enough to be read when the image scales down to its box."""
    longest = max((len(line) for label in labels for line in _lines(label)), default=0)
    return max(WIDTH, int(longest * FONT * 0.6) + 24)


def shown(value: float | None) -> str:
    return "—" if value is None else f"{value:.0f}%"


def bar_chart_svg(*, title: str, bars: Sequence[tuple[str, float | None]]) -> bytes:
    """A horizontal bar chart of percentages (``None``: no figure, drawn as no bar and "—"),
    in the order given, top to bottom; at least one bar."""
    if not bars:
        raise ValueError("a chart needs at least one bar")
    labels = [label for label, _value in bars]
    chart = _LabelledBars(
        style=STYLE,
        js=[],
        width=_width_for(labels),
        height=_row_height(labels) * len(bars) + AXIS + FONT + _extra(labels),
        range=(0, 100),
        show_legend=False,
        show_y_labels=False,
        y_labels=[0, 25, 50, 75, 100],
        margin=8,
        margin_top=8 + FONT + _extra(labels),  # the first label's lines, whole
        margin_right=48,  # a full bar's figure after its end
        disable_xml_declaration=True,
        no_prefix=True,
        title=None,
        css=[
            "file://style.css",
            "file://graph.css",
            f"inline:text{{font-family:{STYLE.font_family}}}.guide.line{{display:none}}",
            f"inline:.bar-label,.bar-value{{text-anchor:start;font-size:{FONT}px;fill:#1a1a1a}}",
        ],
    )
    chart.x_labels = labels[::-1]  # pygal draws the first value at the bottom
    chart.add(title, [value for _label, value in bars][::-1])
    tree = chart.render_tree()
    _label_bars(tree, bars)
    _strip(tree)
    _title(tree, title)
    svg: bytes = etree.tostring(tree, encoding="utf-8")
    return svg


def _extra(labels: Sequence[str]) -> int:
    """The room a label's lines beyond its first take (the longest label's)."""
    return LINE * (max((len(_lines(label)) for label in labels), default=1) - 1)


def _row_height(labels: Sequence[str]) -> int:
    """A bar's row: room above it for its label's lines (every row alike, as pygal draws).
    About a third of a row is its bar, so each further line takes more than its own height
    for the gap above the bar to hold it (walk 7, #8)."""
    return ROW + _extra(labels) * 8 // 5


def _tag(element: Any) -> str:
    tag = getattr(element, "tag", "")
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _label_bars(tree: Any, bars: Sequence[tuple[str, float | None]]) -> None:
    """Each bar's label above it, left-aligned at the axis, and its figure after its end."""
    plot = next(g for g in tree.iter() if _tag(g) == "g" and g.get("class") == "plot")
    drawn = _drawn_bars(plot, bars)
    row = float(next(r for r in plot.iter() if _tag(r) == "rect").get("height")) / len(bars)
    first_top, bar_height, axis_x = 0.0, row * 0.4, 0.0
    if len(drawn) > 1:
        # The bars' own spacing: the plot's height over the bars is not quite it, and a label
        # placed by it drifted down onto its bar further down the chart (walk 7, #8).
        (low, low_rect), (high, high_rect) = min(drawn.items()), max(drawn.items())
        row = (float(high_rect.get("y")) - float(low_rect.get("y"))) / (high - low)
    if drawn:
        index, rect = next(iter(drawn.items()))
        first_top = float(rect.get("y")) - index * row
        bar_height, axis_x = float(rect.get("height")), float(rect.get("x"))
    overlay = etree.SubElement(plot, "g", {"class": "bar-labels"})
    for index, (label, value) in enumerate(bars):
        rect = drawn.get(index)
        top = float(rect.get("y")) if rect is not None else first_top + index * row
        end = axis_x + (float(rect.get("width", 0)) if rect is not None else 0.0)
        _label_text(overlay, label, axis_x, top)
        middle = top + bar_height / 2 + FONT * 0.35
        figure = etree.SubElement(
            overlay, "text", {"x": f"{end + 4:.1f}", "y": f"{middle:.1f}", "class": "bar-value"}
        )
        figure.text = shown(value)


def _drawn_bars(plot: Any, bars: Sequence[tuple[str, float | None]]) -> dict[int, Any]:
    """The bar pygal drew for each bar with a value, by the bar's index."""
    rects = [r for r in plot.iter() if _tag(r) == "rect" and "reactive" in r.get("class", "")]
    # pygal skips None values; its bars run bottom to top, as the values it was given.
    present = [index for index, (_label, value) in enumerate(bars) if value is not None]
    if len(rects) != len(present):
        raise ValueError("pygal drew an unexpected number of bars")
    return dict(zip(present, reversed(rects), strict=True))


def _label_text(overlay: Any, label: str, axis_x: float, top: float) -> None:
    """A bar's label, one line a tspan, its last line just above the bar's top."""
    lines = _lines(label)
    first = top - 5 - LINE * (len(lines) - 1)
    text = etree.SubElement(
        overlay, "text", {"x": f"{axis_x:.1f}", "y": f"{first:.1f}", "class": "bar-label"}
    )
    for number, line in enumerate(lines):
        span = etree.SubElement(
            text, "tspan", {"x": f"{axis_x:.1f}", "dy": "0" if number == 0 else str(LINE)}
        )
        span.text = line


def _strip(tree: Any) -> None:
    """No script (pygal's configuration for its hover script, never loaded), no hover tooltip
    (it needs that script and an inline style attribute), no "Pygal" title, no comment."""
    for parent in list(tree.iter()):
        for child in list(parent):
            tooltip = _tag(child) == "g" and "tooltip-overlay" in child.get("class", "")
            comment = not isinstance(child.tag, str)  # pygal's credits, with its links
            if tooltip or comment or _tag(child) in ("script", "title"):
                parent.remove(child)


def _title(tree: Any, title: str) -> None:
    element = etree.Element("title")
    element.text = title
    tree.insert(0, element)
