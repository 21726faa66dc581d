"""Renders the template table of docs/questions.md from the template registry.

Print it with ``.venv/bin/python -m tests.docs.templates`` and paste it between the page's
``templates:begin`` and ``templates:end`` markers; tests/docs/test_templates_table.py fails
while the two differ.
"""

from __future__ import annotations

from rulings.core.questions import all_templates


def render() -> str:
    lines = ["| id | game | topics | what it varies |", "|---|---|---|---|"]
    for template in sorted(all_templates(), key=lambda t: t.id):
        topics = ", ".join(template.topics)
        summary = " ".join(template.summary.split())
        lines.append(f"| `{template.id}` | {template.game} | {topics} | {summary} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(render(), end="")
