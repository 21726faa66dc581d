"""The stylesheet's text and background pairs meet WCAG 2 AA contrast (4.5:1 for text)."""

import re
from pathlib import Path

import pytest

CSS = Path(__file__).resolve().parents[2] / "judgetrain" / "static" / "judgetrain" / "site.css"


def palette() -> dict[str, str]:
    return dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-fA-F]{6})", CSS.read_text()))


def luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize(
    ("text", "background"),
    [
        ("ink", "paper"),
        ("ink", "panel"),
        ("muted", "paper"),
        ("muted", "panel"),
        ("accent", "paper"),
        ("accent", "panel"),
        ("accent-ink", "accent"),
        ("error", "paper"),
        ("error", "panel"),
        ("ok", "paper"),
        ("ok", "panel"),
    ],
)
def test_text_colours_meet_aa_contrast_on_their_backgrounds(text, background):
    colours = palette()

    assert contrast(colours[text], colours[background]) >= 4.5


def rule(selector: str) -> str:
    match = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS.read_text())
    assert match, selector
    return match.group(1)


@pytest.mark.parametrize("background", ["paper", "panel", "accent"])
def test_the_focus_ring_is_at_least_3_to_1_on_every_background(background):
    """Non-text contrast (WCAG 1.4.11): the dark ring, or its light halo on dark buttons."""
    colours = palette()
    ring = re.search(r"outline: 3px solid (#[0-9a-fA-F]{6})", rule(":focus-visible")).group(1)
    halo = re.search(r"box-shadow: 0 0 0 5px (#[0-9a-fA-F]{6})", rule(":focus-visible")).group(1)

    best = max(contrast(ring, colours[background]), contrast(halo, colours[background]))
    assert best >= 3


@pytest.mark.parametrize("background", ["paper", "panel"])
def test_an_empty_mastery_bar_is_visible_against_the_panel(background):
    border = re.search(r"border: 1px solid (#[0-9a-fA-F]{6})", rule(".bar ")).group(1)

    assert contrast(border, palette()[background]) >= 3


def test_collapsible_sections_keep_their_disclosure_marker():
    assert "display: list-item" in rule("details summary")
