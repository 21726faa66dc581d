"""Every response carries a strict Content-Security-Policy, and no template inlines a script,
a style sheet or a style attribute (the policy would block them)."""

from pathlib import Path

import pytest

from tests.factories import candidate

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted(
    path
    for base in ("judgetrain/templates", "quizzes/templates", "rulings/templates")
    for path in (ROOT / base).rglob("*.html")
)


def test_pages_carry_a_policy_without_unsafe_inline(client):
    client.force_login(candidate())

    policy = client.get("/")["Content-Security-Policy"]

    assert "default-src 'self'" in policy
    assert "script-src 'self'" in policy
    assert "object-src 'none'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy


def test_the_api_answers_carry_the_policy_too(client):
    assert "default-src 'self'" in client.get("/api/v1/me")["Content-Security-Policy"]


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_template_inlines_scripts_or_styles(template):
    text = template.read_text()

    assert "<style" not in text
    assert " style=" not in text
    for handler in (" onclick=", " onchange=", " onsubmit=", " onload="):
        assert handler not in text
    for chunk in text.split("<script")[1:]:
        assert chunk.split(">", 1)[0].strip().startswith("src="), chunk[:80]


def test_the_api_docs_page_loads_its_start_up_script_from_a_url(client):
    client.force_login(candidate())

    page = client.get("/api/docs/").content.decode()
    script = client.get("/api/docs/?script=")

    assert "<style" not in page
    assert "<script>" not in page
    assert script.status_code == 200
    assert "SwaggerUIBundle" in script.content.decode()


def test_the_browsable_api_serves_its_code_style_as_a_file_not_inline(client):
    client.force_login(candidate())

    html = client.get("/api/v1/questions", HTTP_ACCEPT="text/html").content.decode()

    assert "<style" not in html
    assert "/static/judgetrain/drf-code.css" in html
