"""No page template puts markup where the browser shows it as text (walk 5, #3: the submit page's
title block carried a ``<script>`` tag, shown in the tab as
``Submit the exam?<script src=…>``, and its body_class block another, which broke out of the
body's class attribute and printed a stray ``">`` above the navigation).

Every template of the project is parsed and the literal text of its title blocks (shown in
``<title>``, where markup is plain text) and of its body_class block (inside an attribute's
quotes) is checked. The pages themselves are checked rendered by the authorization matrix
(``tests/security/test_authorization_matrix.py``), over every page it visits."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.template import engines
from django.template.backends.django import DjangoTemplates
from django.template.base import Node, TextNode
from django.template.loader_tags import BlockNode

from tests.page_shape import page_shape_faults

# Blocks whose literal text must hold no markup, and the characters that would be markup there.
TEXT_BLOCKS = {
    "title": "<>",
    "error_title": "<>",
    "body_class": "<>\"'",
}


def every_template() -> list[str]:
    engine = engines["django"]
    assert isinstance(engine, DjangoTemplates)
    names: set[str] = set()
    for loader in engine.engine.template_loaders:
        for origin_dir in loader.get_dirs():  # type: ignore[attr-defined]  # filesystem loaders
            root = Path(origin_dir)
            if not root.is_dir() or str(root).startswith(str(Path(settings.BASE_DIR) / ".venv")):
                continue
            if not str(root).startswith(str(settings.BASE_DIR)):
                continue  # a library's templates (the admin's, DRF's)
            for path in root.rglob("*.html"):
                names.add(str(path.relative_to(root)))
    return sorted(names)


def _blocks(nodes: list[Node]) -> list[BlockNode]:
    found: list[BlockNode] = []
    for node in nodes:
        if isinstance(node, BlockNode):
            found.append(node)
        for attr in getattr(node, "child_nodelists", ()):
            found.extend(_blocks(getattr(node, attr, None) or []))
    return found


def _literal_text(nodes: list[Node]) -> str:
    """The block's text as written, without what template tags and variables put in (those are
    escaped when rendered)."""
    text = []
    for node in nodes:
        if isinstance(node, TextNode):
            text.append(node.s)
        for attr in getattr(node, "child_nodelists", ()):
            text.append(_literal_text(getattr(node, attr, None) or []))
    return "".join(text)


def test_the_project_has_templates_to_check():
    names = every_template()
    assert "base.html" in names
    assert "quizzes/exams/confirm.html" in names
    assert len(names) >= 80


@pytest.mark.parametrize("name", every_template())
def test_no_title_or_body_class_block_holds_markup(name):
    template = engines["django"].get_template(name).template
    texts = {
        block.name: _literal_text(list(block.nodelist))
        for block in _blocks(list(template.nodelist))
        if block.name in TEXT_BLOCKS
    }
    faults = {
        name: text
        for name, text in texts.items()
        if any(char in text for char in TEXT_BLOCKS[name])
    }
    assert faults == {}


def test_page_shape_finds_the_submit_page_fault():
    """The check the matrix runs on every page finds what walk 5 saw."""
    broken = (
        '<!doctype html><html><head><title>Submit the exam?<script src="/static/quizzes/exam.js"'
        ' defer></script>\n · JudgeTrain</title></head>\n<body class="exam-mode<script src="'
        '/static/quizzes/exam.js" defer></script>\n">\n  <a class="skip-link" href="#main">Skip'
        "</a></body></html>"
    )
    assert page_shape_faults(broken) == [
        'title holds markup: \'Submit the exam?<script src="/static/quizzes/exam.js" defer>'
        "</script>\\n · JudgeTrain'",
        "body starts with text: '\">'",
    ]
    fine = (
        "<!doctype html><html><head><title>Submit the exam? · JudgeTrain</title></head>\n"
        '<body class="exam-mode">\n  <a class="skip-link" href="#main">Skip</a></body></html>'
    )
    assert page_shape_faults(fine) == []
