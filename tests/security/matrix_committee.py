"""The committee's, the reports' and the certificates' routes in the authorization matrix.

Kept apart from ``test_authorization_matrix`` so branches adding routes merge easily; that
module merges ``COMMITTEE_MATRIX`` and ``COMMITTEE_ADMIN_MODELS`` into its own and calls
``committee_world`` while building its world.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.utils import timezone

from quizzes.bank.models.reports import QuestionReport
from quizzes.bank.services import question_reports as reports
from quizzes.certification.models import Certificate, CertificationLevel, LevelRequirement
from quizzes.certification.services import certification
from quizzes.exams.models.exams import VariantJob
from tests.factories import BlueprintFactory, committee_member, newer_policy_version
from tests.quizzes.committee.seeding import graded_attempt


@dataclass
class CommitteeWorld:
    level: CertificationLevel
    certificate: Certificate  # the candidate's
    report: QuestionReport  # open, by the candidate's mentor, on the world's question
    job: VariantJob  # assigns the candidate's exam
    old_policy: int
    new_policy: int


def committee_world(world: Any) -> CommitteeWorld:
    """Objects the committee's routes act on, built around the main matrix's world."""
    student, mentor = world.users["candidate"], world.users["mentor"]
    level = CertificationLevel.objects.create(name="Matrix L1", game="riftbound")
    exam_blueprint = world.graded.assignment.blueprint
    LevelRequirement.objects.create(level=level, blueprint=exam_blueprint, min_score=0.5)
    for person in (student, world.users["other_candidate"]):
        graded_attempt(person, exam_blueprint, [1.0])  # passed: evidence for the level
    certificate = certification.certificate_issue(
        candidate=student, level=level, by=committee_member()
    )
    report = reports.question_report_create(
        question=world.question, reporter=mentor, problem="wrong", comment="The key is wrong."
    )
    exam = world.attempt.assignment
    job = VariantJob.objects.create(blueprint=exam.blueprint, created_by=None, wanted=1)
    type(exam).objects.filter(pk=exam.pk).update(variant_job=job)
    old = world.question.policy_version
    new = newer_policy_version(old, suffix="-matrix")
    return CommitteeWorld(level, certificate, report, job, old.pk, new.pk)


# model label: (the committee may list it, the committee may add one, anyone may add one)
# The committee works on question reports, levels' requirements and withdrawn templates in its
# own pages, and exam variants (built by the generator) carry keys: none is granted in the admin.
COMMITTEE_ADMIN_MODELS: dict[str, tuple[bool, bool, bool]] = {
    "quizzes.examvariant": (False, False, False),
    "quizzes.levelrequirement": (False, False, True),
    "quizzes.questionreport": (False, False, False),
    "quizzes.variantjob": (True, False, False),
    "quizzes.withdrawntemplate": (False, False, True),
}


def committee_matrix(entry: Callable[..., Any], role_names: tuple[str, ...]) -> dict[str, Any]:
    """The entries, built with the main module's ``Entry`` (passed in: no import cycle)."""
    Entry = entry

    def roles(*status: int) -> dict[str, int]:
        return dict(zip(role_names, status, strict=True))

    def fixed(url: str) -> Callable[[Any], str]:
        return lambda world: url

    def c(w: Any) -> CommitteeWorld:
        return w.committee

    # Pages: the committee and the administrator only; anyone else logged in is refused.
    page = roles(302, 403, 403, 403, 403, 200, 200)
    page_write = roles(302, 403, 403, 403, 403, 302, 302)
    # API: the committee and the administrator only.
    api = roles(401, 403, 403, 403, 403, 200, 200)
    # Reports: mentors (scoped to their cohorts) and the committee; never a candidate.
    report_page = roles(302, 403, 403, 200, 200, 200, 200)
    report_api = roles(401, 403, 403, 200, 200, 200, 200)
    public_page = roles(200, 200, 200, 200, 200, 200, 200)
    blueprint = {
        "name": "Matrix exam",
        "game": "riftbound",
        "time_limit_minutes": 30,
        "pass_percent": 80,
        "attempts_allowed": 1,
        "cooldown_minutes": 0,
        "review_policy": "never",
        "slots": [{"topic": None, "kind": "free_form", "count": 1}],
    }
    blueprint_form = {
        **{k: v for k, v in blueprint.items() if k != "slots"},
        "slots-TOTAL_FORMS": "1",
        "slots-INITIAL_FORMS": "0",
        "slots-MIN_NUM_FORMS": "0",
        "slots-MAX_NUM_FORMS": "20",
        "slots-0-topic": "",
        "slots-0-kind": "free_form",
        "slots-0-count": "1",
    }

    def assignment_form(w: Any) -> dict[str, str]:
        now = timezone.localtime()
        return {
            "blueprint": str(BlueprintFactory.create().pk),  # none of the cohort has it yet
            "cohort": str(w.cohort),
            "opens_at": now.strftime("%Y-%m-%dT%H:%M"),
            "closes_at": (now + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M"),
        }

    def far_close() -> str:
        return timezone.localtime(timezone.now() + timedelta(days=400)).strftime("%Y-%m-%dT%H:%M")

    matrix = {
        # --- assigning exams: mentors to their own cohorts, the committee to any ------------
        # Another mentor's POST names a cohort not theirs: a form error, nothing assigned.
        "assign": Entry(
            "post",
            fixed("/mentor/assign/"),
            roles(302, 403, 403, 302, 400, 302, 302),
            assignment_form,
        ),
        "variant-job": Entry(
            "get",
            lambda w: f"/mentor/assign/jobs/{c(w).job.pk}/",
            roles(302, 403, 403, 200, 404, 200, 200),
        ),
        # Changing an exam assigned: each POST confirmed; another mentor's job is a 404.
        "assignment-edit": Entry(
            "post",
            lambda w: f"/mentor/assign/jobs/{c(w).job.pk}/edit",
            roles(302, 403, 403, 302, 404, 302, 302),
            lambda w: {"edit-closes_at": far_close(), "edit-note": "Revise.", "confirm": "1"},
        ),
        # A job that has not failed is left as it is: back to its page.
        "variant-job-retry": Entry(
            "post",
            lambda w: f"/mentor/assign/jobs/{c(w).job.pk}/retry",
            roles(302, 403, 403, 302, 404, 302, 302),
        ),
        "assignment-extend": Entry(
            "post",
            lambda w: f"/mentor/assign/jobs/{c(w).job.pk}/extend",
            roles(302, 403, 403, 302, 404, 302, 302),
            lambda w: {"extend-who": "", "extend-closes_at": far_close(), "confirm": "1"},
        ),
        "assignment-cancel": Entry(
            "post",
            lambda w: f"/mentor/assign/jobs/{c(w).job.pk}/cancel",
            roles(302, 403, 403, 302, 404, 302, 302),
            lambda w: {"confirm": "1"},
        ),
        # --- accounts ---------------------------------------------------------------------
        "account-settings": Entry(
            "post",
            fixed("/accounts/settings/"),
            roles(302, 302, 302, 302, 302, 302, 302),
            lambda w: {"time_zone": "Europe/Lisbon"},
        ),
        "detected-time-zone": Entry(
            "post",
            fixed("/accounts/time-zone/detected"),
            roles(302, 200, 200, 200, 200, 200, 200),
            lambda w: {"time_zone": "Europe/Lisbon"},
        ),
        # --- public certificate verification ----------------------------------------------
        "certificate-verify": Entry(
            "get", lambda w: f"/certificates/verify/{c(w).certificate.code}", public_page
        ),
        "certificate-pdf": Entry(
            "get", lambda w: f"/certificates/verify/{c(w).certificate.code}/pdf", public_page
        ),
        "api-certificate-verify": Entry(
            "get",
            lambda w: f"/api/v1/certificates/verify/{c(w).certificate.code}",
            roles(200, 200, 200, 200, 200, 200, 200),
        ),
        # --- committee pages --------------------------------------------------------------
        "committee": Entry("get", fixed("/committee/"), page),
        "committee-blueprints": Entry("get", fixed("/committee/blueprints/"), page),
        "committee-blueprint-new": Entry(
            "post", fixed("/committee/blueprints/new"), page_write, lambda w: blueprint_form
        ),
        "committee-blueprint-edit": Entry(
            "post",
            lambda w: f"/committee/blueprints/{w.attempt.assignment.blueprint_id}/",
            page_write,
            lambda w: blueprint_form,
        ),
        "committee-levels": Entry("get", fixed("/committee/levels/"), page),
        "committee-level-new": Entry(
            "post",
            fixed("/committee/levels/new"),
            page_write,
            lambda w: {
                "name": "Matrix L2",
                "game": "riftbound",
                "validity_days": "365",
                "req-TOTAL_FORMS": "0",
                "req-INITIAL_FORMS": "0",
                "req-MIN_NUM_FORMS": "0",
                "req-MAX_NUM_FORMS": "20",
            },
        ),
        "committee-level-edit": Entry(
            "post",
            lambda w: f"/committee/levels/{c(w).level.pk}/",
            page_write,
            lambda w: {
                "name": "Matrix L1 renamed",
                "game": "riftbound",
                "validity_days": "365",
                "req-TOTAL_FORMS": "0",
                "req-INITIAL_FORMS": "0",
                "req-MIN_NUM_FORMS": "0",
                "req-MAX_NUM_FORMS": "20",
            },
        ),
        "committee-certificates": Entry("get", fixed("/committee/certificates/"), page),
        "committee-certificate": Entry(
            "get", lambda w: f"/committee/certificates/{c(w).certificate.pk}/", page
        ),
        "committee-certificate-issue": Entry(
            "post",
            fixed("/committee/certificates/issue"),
            page_write,
            lambda w: {"candidate": w.users["other_candidate"].pk, "level": c(w).level.pk},
        ),
        "committee-certificate-revoke": Entry(
            "post",
            lambda w: f"/committee/certificates/{c(w).certificate.pk}/revoke",
            page_write,
            lambda w: {"reason": "Issued by mistake.", "confirm": "True"},
        ),
        "committee-certificate-renew": Entry(
            "post",
            lambda w: f"/committee/certificates/{c(w).certificate.pk}/renew",
            page_write,
            lambda w: {"confirm": "1"},
        ),
        "committee-question-reports": Entry("get", fixed("/committee/question-reports/"), page),
        "committee-report-decide": Entry(
            "post",
            lambda w: f"/committee/question-reports/{c(w).report.pk}/decide",
            page_write,
            lambda w: {"action": "dismiss", "reason": "The key is right."},
        ),
        "committee-items": Entry("get", fixed("/committee/items/"), page),
        "committee-item-retire": Entry(
            "post",
            fixed("/committee/items/rb-trigger-impact/retire"),
            page_write,
            lambda w: {"reason": "Facility 0.98 over 40 answers."},
        ),
        "committee-item-restore": Entry(
            "post",
            fixed("/committee/items/rb-trigger-impact/restore"),
            page_write,
            lambda w: {"reason": "The story was rewritten."},
        ),
        "committee-policy-update": Entry(
            "get",
            lambda w: f"/committee/policy-updates/?old={c(w).old_policy}&new={c(w).new_policy}",
            page,
        ),
        # --- reporting a question: who may see it (answered it, or a mentor) --------------
        "question-report": Entry(
            "post",
            lambda w: f"/questions/{w.question.pk}/report",
            roles(302, 302, 404, 302, 302, 302, 302),
            lambda w: {"problem": "wrong", "comment": "The penalty is a warning."},
        ),
        "api-question-report": Entry(
            "post",
            lambda w: f"/api/v1/questions/{w.question.pk}/reports",
            roles(401, 201, 404, 201, 201, 201, 201),
            lambda w: {"problem": "wrong", "comment": "The penalty is a warning."},
            json=True,
        ),
        # --- reports ----------------------------------------------------------------------
        "reports": Entry("get", fixed("/reports/"), report_page),
        "report-csv": Entry("get", fixed("/reports/pass-by-cohort.csv"), report_page),
        "report-chart": Entry("get", fixed("/reports/pass-by-cohort.svg"), report_page),
        "report-devset": Entry("get", fixed("/reports/corrected-gradings.jsonl"), report_page),
        "report-devset-csv": Entry("get", fixed("/reports/corrected-gradings.csv"), report_page),
        "api-committee-report": Entry(
            "get", fixed("/api/v1/committee/reports/pass-by-cohort"), report_api
        ),
        "api-report-exams": Entry("get", fixed("/api/v1/reports/exams"), api),
        # --- committee API ----------------------------------------------------------------
        "api-committee-blueprints": Entry(
            "post",
            fixed("/api/v1/committee/blueprints"),
            roles(401, 403, 403, 403, 403, 201, 201),
            lambda w: blueprint,
            json=True,
        ),
        "api-committee-blueprint-preview": Entry(
            "post",
            fixed("/api/v1/committee/blueprints/preview"),
            api,
            lambda w: blueprint,
            json=True,
        ),
        "api-committee-question-reports": Entry(
            "get", fixed("/api/v1/committee/question-reports"), api
        ),
        "api-committee-report-decision": Entry(
            "post",
            lambda w: f"/api/v1/committee/question-reports/{c(w).report.pk}/decision",
            api,
            lambda w: {"action": "dismiss", "reason": "The key is right."},
            json=True,
        ),
        "api-committee-certificates": Entry(
            "post",
            fixed("/api/v1/committee/certificates"),
            roles(401, 403, 403, 403, 403, 201, 201),
            lambda w: {"candidate": w.users["other_candidate"].pk, "level": c(w).level.pk},
            json=True,
        ),
        "api-committee-certificate-revoke": Entry(
            "post",
            lambda w: f"/api/v1/committee/certificates/{c(w).certificate.pk}/revoke",
            api,
            lambda w: {"reason": "Issued by mistake."},
            json=True,
        ),
        "api-committee-certificate-renew": Entry(
            "post",
            lambda w: f"/api/v1/committee/certificates/{c(w).certificate.pk}/renew",
            roles(401, 403, 403, 403, 403, 201, 201),
            lambda w: {},
            json=True,
        ),
        "api-committee-items": Entry("get", fixed("/api/v1/committee/items"), api),
        "api-committee-template-retire": Entry(
            "post",
            fixed("/api/v1/committee/templates/rb-trigger-impact/retire"),
            api,
            lambda w: {"reason": "Facility 0.98 over 40 answers."},
            json=True,
        ),
        "api-committee-template-restore": Entry(
            "post",
            fixed("/api/v1/committee/templates/rb-trigger-impact/restore"),
            api,
            lambda w: {"reason": "The story was rewritten."},
            json=True,
        ),
        "api-committee-policy-impact": Entry(
            "get",
            lambda w: (
                f"/api/v1/committee/policy-impact?old={c(w).old_policy}&new={c(w).new_policy}"
            ),
            api,
        ),
        # --- variant jobs: the committee all; a mentor those touching their cohorts -------
        "api-variant-job-list": Entry(
            "get", fixed("/api/v1/variant-jobs"), roles(401, 403, 403, 200, 200, 200, 200)
        ),
        "api-variant-job-detail": Entry(
            "get",
            lambda w: f"/api/v1/variant-jobs/{c(w).job.pk}",
            roles(401, 403, 403, 200, 404, 200, 200),
        ),
    }
    return matrix
