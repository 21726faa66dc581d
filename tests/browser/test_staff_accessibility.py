"""Every mentor and committee page, at 1280 px and 375 px, in English, Portuguese and Spanish:
axe-core finds no serious or critical violation and nothing is wider than the window.

The candidate pages have the same check (test_accessibility.py). Each language is one journey:
the mentor's pages, then the committee's, each with data on it (a flagged grading, an appeal
waiting, a certificate with its evidence, a dry-run regrade), so that wide tables are measured
with rows in them.
"""

import pytest
from django.urls import reverse

from quizzes.bank.services import question_reports as reports
from quizzes.certification.models import CertificationLevel, LevelRequirement
from quizzes.certification.services import certification
from quizzes.exams.models.exams import VariantJob
from quizzes.exams.services import exams
from quizzes.review.models.appeals import Appeal
from tests.browser.helpers import log_in, problems_on
from tests.factories import (
    BlueprintFactory,
    candidate,
    cohort,
    committee_member,
    mentor,
    newer_policy_version,
    question,
)
from tests.quizzes.committee.seeding import graded_attempt as scored_attempt
from tests.quizzes.mentor.conftest import HEDGED, graded_attempt

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("en", "pt-br", "es")


def staff_world(lang):
    """A mentor's cohort with a flagged grading and an open appeal, a committee member, a level
    with a certificate issued, and two policy versions to compare; the pages' paths."""
    guide = mentor(email="marco@example.com", preferred_language=lang)
    student = candidate(email="ana@example.com", first_name="Ana", last_name="Souza")
    group = cohort(name="Demo cohort", mentor=guide, candidates=[student])
    committee_member(email="claire@example.com", preferred_language=lang)  # signs in below

    flagged = graded_attempt(student, [HEDGED, HEDGED])
    review = flagged.items.get(position=1).review
    appeal = exams.appeal_create(
        item=flagged.items.get(position=2), comment="The penalty I named is the right one."
    )
    assert appeal.status == Appeal.Status.OPEN

    blueprint = BlueprintFactory(name="Riftbound Level 1 written exam")
    level = CertificationLevel.objects.create(name="Riftbound Level 1", game="riftbound")
    LevelRequirement.objects.create(level=level, blueprint=blueprint, min_score=0.5)
    scored_attempt(student, blueprint, [1.0, 1.0])
    issued = certification.certificate_issue(candidate=student, level=level, by=committee_member())
    job = VariantJob.objects.create(blueprint=blueprint, created_by=guide, wanted=1)

    asked = question()
    reports.question_report_create(
        question=asked, reporter=guide, problem="wrong", comment="The key is wrong."
    )
    old = asked.policy_version
    new = newer_policy_version(old)

    return {
        "mentor": reverse("mentor"),
        "cohort": reverse("mentor-cohort", args=[group.pk]),
        "review queue": reverse("mentor-reviews"),
        "decided reviews": reverse("mentor-reviews") + "?status=decided",
        "review": reverse("mentor-review", args=[review.pk]),
        "appeals": reverse("mentor-appeals"),
        "appeal": reverse("mentor-appeal", args=[appeal.pk]),
        "assign": reverse("assign") + f"?blueprint={blueprint.pk}",
        "variant job": reverse("variant-job", args=[job.pk]),
        "committee": reverse("committee"),
        "blueprints": reverse("committee-blueprints"),
        "new blueprint": reverse("committee-blueprint-new"),
        "blueprint": reverse("committee-blueprint-edit", args=[blueprint.pk]),
        "question reports": reverse("committee-question-reports"),
        "policy update": reverse("committee-policy-update") + f"?old={old.pk}&new={new.pk}",
        "levels": reverse("committee-levels"),
        "level": reverse("committee-level-edit", args=[level.pk]),
        "certificates": reverse("committee-certificates"),
        "issue a certificate": reverse("committee-certificate-issue"),
        "certificate": reverse("committee-certificate", args=[issued.pk]),
        "reports": reverse("reports"),
        "committee appeals": reverse("committee-appeals"),
    }


MENTOR_PAGES = (
    "mentor", "cohort", "review queue", "decided reviews", "review", "appeals", "appeal",
    "assign", "variant job",
)  # fmt: skip


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_mentor_and_committee_page_passes_axe_and_fits_a_phone(live_server, page, lang):
    paths = staff_world(lang)
    base = live_server.url
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": base}])
    problems: list[str] = []

    log_in(page, base, "marco@example.com")
    for name in MENTOR_PAGES:
        response = page.goto(base + paths[name])
        assert response is not None, name
        assert response.status == 200, name
        problems += problems_on(page, name)

    log_in(page, base, "claire@example.com")
    for name, path in paths.items():
        if name in MENTOR_PAGES and name not in ("assign", "variant job"):
            continue
        response = page.goto(base + path)
        assert response is not None, name
        assert response.status == 200, name
        problems += problems_on(page, name)

    assert problems == [], "\n".join(problems)
