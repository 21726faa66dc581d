"""Every relative link and repository path the README and docs/ name exists in the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").rglob("*.md")])
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*)$", re.MULTILINE)
# Review briefs record which files outside the repository their reviewers were given.
OUTSIDE = ("/work/",)


def _slug(heading: str) -> str:
    text = re.sub(r"[`*_]", "", heading).strip().lower()
    return re.sub(r"\s", "-", re.sub(r"[^\w\s-]", "", text))


def _anchors(page: Path) -> set[str]:
    return {_slug(heading) for heading in HEADING.findall(page.read_text(encoding="utf-8"))}


def _links(page: Path) -> list[str]:
    return [
        link
        for link in LINK.findall(page.read_text(encoding="utf-8"))
        if not re.match(r"[a-z]+:", link)
    ]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_resolves(page):
    broken = []
    for link in _links(page):
        path, _, anchor = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if not target.exists() or (
            anchor and target.suffix == ".md" and anchor not in _anchors(target)
        ):
            broken.append(link)

    assert broken == []


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_no_page_points_to_reference_files_outside_the_repository(page):
    text = page.read_text(encoding="utf-8")
    lines = [
        line
        for line in text.splitlines()
        if "shared/reference/" in line and not any(mark in line for mark in OUTSIDE)
    ]

    assert lines == []
