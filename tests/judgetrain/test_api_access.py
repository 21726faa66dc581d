"""Every API endpoint refuses anonymous callers; the list is checked against the schema."""

import json

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db

ENDPOINTS = [
    ("get", "/api/v1/me"),
    ("get", "/api/v1/policies/"),
    ("get", "/api/v1/policies/riftbound-tr-2026-seed/"),
    ("post", "/api/v1/rulings/evaluate"),
    ("post", "/api/v1/rulings/diff"),
    ("get", "/api/v1/rulings/situation-schema"),
    ("get", "/api/v1/questions"),
    ("get", "/api/v1/questions/1"),
    ("post", "/api/v1/grading/grade"),
    ("get", "/api/v1/practice/next"),
    ("post", "/api/v1/practice/answers"),
    ("get", "/api/v1/practice/mastery"),
    ("post", "/api/v1/practice/sessions"),
    ("get", "/api/v1/practice/sessions/1"),
    ("get", "/api/v1/assignments"),
    ("post", "/api/v1/assignments"),
    ("get", "/api/v1/attempts"),
    ("post", "/api/v1/attempts"),
    ("get", "/api/v1/attempts/1"),
    ("get", "/api/v1/attempts/1/clock"),
    ("get", "/api/v1/attempts/1/items"),
    ("put", "/api/v1/attempts/1/items/1"),
    ("put", "/api/v1/attempts/1/items/1/flag"),
    ("post", "/api/v1/attempts/1/submit"),
    ("get", "/api/v1/attempts/1/result"),
    ("post", "/api/v1/attempts/1/items/1/appeal"),
    ("post", "/api/v1/attempts/1/items/1/appeal/contest"),
    ("get", "/api/v1/mentor/reviews"),
    ("get", "/api/v1/mentor/reviews/1"),
    ("post", "/api/v1/mentor/reviews/1/decide"),
    ("get", "/api/v1/mentor/appeals"),
    ("post", "/api/v1/mentor/appeals/1/decide"),
    ("get", "/api/v1/mentor/cohorts"),
    ("post", "/api/v1/mentor/workbench"),
    ("get", "/api/v1/mentor/cohorts/1/progress"),
    ("get", "/api/v1/variant-jobs"),
    ("get", "/api/v1/variant-jobs/1"),
    ("get", "/api/v1/reports/exams"),
    ("post", "/api/v1/committee/blueprints"),
    ("post", "/api/v1/committee/blueprints/preview"),
    ("get", "/api/v1/committee/question-reports"),
    ("post", "/api/v1/committee/question-reports/1/decision"),
    ("post", "/api/v1/committee/certificates"),
    ("post", "/api/v1/committee/certificates/1/revoke"),
    ("post", "/api/v1/committee/certificates/1/renew"),
    ("get", "/api/v1/committee/reports/pass-by-cohort"),
    ("get", "/api/v1/committee/policy-impact"),
    ("get", "/api/v1/committee/items"),
    ("post", "/api/v1/committee/templates/rb-trigger-impact/retire"),
    ("post", "/api/v1/committee/templates/rb-trigger-impact/restore"),
    ("post", "/api/v1/questions/1/reports"),
]
# Open to anyone by design: a certificate's public verification.
PUBLIC_ENDPOINTS = [("get", "/api/v1/certificates/verify/code")]


@pytest.mark.parametrize(("method", "url"), ENDPOINTS)
def test_anonymous_callers_are_refused(client, method, url):
    response = getattr(client, method)(url, content_type="application/json")

    assert response.status_code in (401, 403)


def test_the_list_above_names_every_endpoint_in_the_schema(tmp_path):
    path = tmp_path / "schema.json"
    call_command("spectacular", "--format", "openapi-json", "--file", str(path))
    paths = json.loads(path.read_text())["paths"]
    documented = {
        (
            method,
            url.replace("{id}", "1")
            .replace("{version_id}", "riftbound-tr-2026-seed")
            .replace("{attempt_id}", "1")
            .replace("{position}", "1")
            .replace("{review_id}", "1")
            .replace("{appeal_id}", "1")
            .replace("{cohort_id}", "1")
            .replace("{pk}", "1")
            .replace("{slug}", "pass-by-cohort")
            .replace("{code}", "code")
            .replace("{template_id}", "rb-trigger-impact"),
        )
        for url, operations in paths.items()
        for method in operations
        if method in {"get", "post", "put", "patch", "delete"}
    }

    assert documented == set(ENDPOINTS) | set(PUBLIC_ENDPOINTS)
