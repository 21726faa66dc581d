"""Loading of the seed-derived situation fixtures (fixtures/situations/*.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "situations"


def fixture_paths() -> list[Path]:
    return sorted(FIXTURES.glob("*.json"))


def load_fixture(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data
