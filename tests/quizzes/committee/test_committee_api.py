import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from quizzes.bank.models.reports import QuestionReport
from quizzes.certification.models import Certificate, CertificationLevel, LevelRequirement
from quizzes.exams.models.exams import ExamBlueprint
from quizzes.selectors import is_withdrawn
from tests.factories import BlueprintFactory, candidate, committee_member, mentor, question
from tests.quizzes.committee.seeding import graded_attempt

pytestmark = pytest.mark.django_db

BLUEPRINT = {
    "name": "API exam",
    "game": "riftbound",
    "time_limit_minutes": 30,
    "pass_percent": 80,
    "attempts_allowed": 1,
    "cooldown_minutes": 0,
    "review_policy": "never",
    "slots": [{"topic": None, "kind": "free_form", "count": 2}],
}


def api(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_the_committee_creates_a_blueprint_through_the_api():
    response = api(committee_member()).post(
        reverse("api-committee-blueprints"), BLUEPRINT, format="json"
    )

    assert response.status_code == 201
    assert ExamBlueprint.objects.get().composition == BLUEPRINT["slots"]


def test_the_api_sets_which_written_answers_a_mentor_reviews():
    response = api(committee_member()).post(
        reverse("api-committee-blueprints"),
        {**BLUEPRINT, "written_review": "flagged", "margin_percent": 15},
        format="json",
    )

    assert response.status_code == 201
    blueprint = ExamBlueprint.objects.get()
    assert (blueprint.written_review, blueprint.review_margin) == ("flagged", 0.15)


@pytest.mark.parametrize(
    "change",
    [
        {"written_review": "sometimes"},
        {"margin_percent": -1},
        {"pass_percent": 101},
        {"slots": []},
        {"slots": "x"},
        {"slots": [{"kind": "nope", "count": 1}]},
    ],
)
def test_a_bad_blueprint_is_refused_with_detail_and_code(change):
    response = api(committee_member()).post(
        reverse("api-committee-blueprints"), {**BLUEPRINT, **change}, format="json"
    )

    assert response.status_code == 400
    assert response.data["detail"]
    assert response.data["code"]
    assert not ExamBlueprint.objects.exists()


def test_the_preview_returns_questions_and_saves_nothing():
    response = api(committee_member()).post(
        reverse("api-committee-blueprint-preview"), BLUEPRINT, format="json"
    )

    assert response.status_code == 200
    assert len(response.data["questions"]) == 2
    assert not ExamBlueprint.objects.exists()


@pytest.mark.parametrize("who", [candidate, mentor])
@pytest.mark.parametrize(
    ("method", "name", "args"),
    [
        ("post", "api-committee-blueprints", []),
        ("post", "api-committee-blueprint-preview", []),
        ("get", "api-committee-question-reports", []),
        ("post", "api-committee-report-decision", [1]),
        ("post", "api-committee-certificates", []),
        ("post", "api-committee-certificate-revoke", [1]),
        ("post", "api-committee-certificate-renew", [1]),
        ("get", "api-committee-policy-impact", []),
    ],
)
def test_committee_endpoints_are_forbidden_to_others(who, method, name, args):
    response = getattr(api(who()), method)(reverse(name, args=args), {}, format="json")
    assert response.status_code == 403
    assert response.data["code"] == "permission_denied"


def test_a_candidate_cannot_read_a_report_but_a_mentor_can():
    url = reverse("api-committee-report", args=["pass-by-cohort"])
    assert api(candidate()).get(url).status_code == 403
    assert api(mentor()).get(url).status_code == 200
    assert api().get(url).status_code in (401, 403)


def test_a_mentor_reports_a_question_and_the_committee_withdraws_it():
    q = question()
    created = api(mentor()).post(
        reverse("api-question-report", args=[q.pk]),
        {"problem": "wrong", "comment": "Should be a warning"},
        format="json",
    )
    url = reverse("api-committee-report-decision", args=[created.data["id"]])
    decision = {"action": "withdraw_question", "reason": "Confirmed"}
    previewed = api(committee_member()).post(url, decision, format="json")
    token = previewed.json()["preview"]["token"]
    decided = api(committee_member()).post(url, {**decision, "confirm": token}, format="json")

    assert created.status_code == 201
    assert previewed.status_code == 409
    assert decided.data["status"] == QuestionReport.Status.QUESTION_WITHDRAWN
    q.refresh_from_db()
    assert is_withdrawn(q)


def test_an_empty_report_is_refused():
    response = api(mentor()).post(
        reverse("api-question-report", args=[question().pk]), {"problem": "wrong"}, format="json"
    )
    assert response.status_code == 400
    assert response.data["code"] == "invalid"


def test_issue_and_verify_a_certificate_through_the_api():
    level = CertificationLevel.objects.create(name="L", game="riftbound")
    blueprint = BlueprintFactory()
    LevelRequirement.objects.create(level=level, blueprint=blueprint, min_score=0.5)
    person = candidate()
    client = api(committee_member())

    refused = client.post(
        reverse("api-committee-certificates"),
        {"candidate": person.pk, "level": level.pk},
        format="json",
    )
    graded_attempt(person, blueprint, [1.0])
    issued = client.post(
        reverse("api-committee-certificates"),
        {"candidate": person.pk, "level": level.pk},
        format="json",
    )
    code = Certificate.objects.get().code
    public = api().get(reverse("api-certificate-verify", args=[code]))

    assert refused.status_code == 400
    assert refused.data["code"] == "not_eligible"
    assert issued.status_code == 201
    assert public.data["status"] == "valid"
    assert set(public.data) == {
        "id", "name", "level", "level_display", "issuer", "issued_at", "expires_at", "status",
        "revoked", "revoked_at",
    }  # fmt: skip


@pytest.mark.parametrize("bad", ["abc", "1.5", [1], {"a": 1}, "99999999999999999999999"])
def test_the_api_names_a_bad_candidate_as_a_field_error(bad):
    level = CertificationLevel.objects.create(name="L", game="riftbound")

    response = api(committee_member()).post(
        reverse("api-committee-certificates"),
        {"candidate": bad, "level": level.pk, "attempts": [1]},
        format="json",
    )

    assert response.status_code == 400
    assert response.data["code"] == "invalid"
    assert response.data["candidate"]  # beside detail and code, as every endpoint answers
