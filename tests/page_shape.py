"""What a rendered page must not show as text: markup in its ``<title>`` (the browser shows the
title's content as plain text) and text before the first element of its body (walk 5, #3: a
stray ``">`` printed above the navigation). Used over every page the authorization matrix
visits, and by ``tests/judgetrain/test_page_head.py``."""

from __future__ import annotations

import re
from html.parser import HTMLParser

_TITLE = re.compile(r"<title\b[^>]*>(.*?)</title\s*>", re.DOTALL | re.IGNORECASE)


class _BodyStart(HTMLParser):
    """The text between the body's start tag and its first element."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.in_body = False
        self.done = False
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.done:
            return
        if self.in_body:
            self.done = True
        elif tag == "body":
            self.in_body = True

    def handle_data(self, data: str) -> None:
        if self.in_body and not self.done:
            self.text.append(data)


def page_shape_faults(html: str) -> list[str]:
    faults = []
    title = _TITLE.search(html)
    if title and re.search(r"[<>]", title.group(1)):
        faults.append(f"title holds markup: {title.group(1)!r}")
    parser = _BodyStart()
    parser.feed(html)
    parser.close()
    stray = "".join(parser.text).strip()
    if stray:
        faults.append(f"body starts with text: {stray!r}")
    return faults
