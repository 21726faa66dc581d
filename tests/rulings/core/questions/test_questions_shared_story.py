"""Story blocks are shared, so that a story fix is made once (issue 10, point 7): the template
modules build situations with `story.situation` and open with `story.opening`, never with
their own copies."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

MODULES = sorted(
    (Path(__file__).resolve().parents[4] / "rulings/core/questions").glob("templates_*.py")
)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_templates_use_the_shared_story_pieces(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert '"game": GAME,' not in text
    assert not re.search(r"st\.setup\([^)]*\),\s*st\.triggers\(", text)
