import pytest
from django.core.management import call_command

from quizzes.exams.services import exams
from quizzes.review.models.appeals import Appeal
from quizzes.review.models.review import Review
from quizzes.review.services import appeals
from tests.factories import cohort, committee_member, mentor
from tests.quizzes.mentor.conftest import (
    HEDGED,
    RIGHT,
    count_queries,
    flagged_review,
    graded_attempt,
    mentored_candidate,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

REVIEWS = "/api/v1/mentor/reviews"
APPEALS = "/api/v1/mentor/appeals"


def post(client, url, body):
    return client.post(url, body, content_type="application/json")


def decide_body(percent=67, reason="Hedged, but right."):
    return {
        "parts": {
            "infraction": {"decision": "accept"},
            "penalty": {"decision": "override", "percent": percent, "reason": reason},
            "remedy": {"decision": "accept"},
        }
    }


def an_appeal(who=None) -> Appeal:
    who = who or mentored_candidate()[0]
    attempt = graded_attempt(who, [RIGHT])
    return exams.appeal_create(item=attempt.items.get(), comment="Please look again.")


def endpoints(found: Review, appeal: Appeal) -> list[tuple[str, str]]:
    the_cohort = found.candidate.cohorts.get()
    return [
        ("get", REVIEWS),
        ("get", f"{REVIEWS}/{found.pk}"),
        ("post", f"{REVIEWS}/{found.pk}/decide"),
        ("get", APPEALS),
        ("post", f"{APPEALS}/{appeal.pk}/decide"),
        ("get", "/api/v1/mentor/cohorts"),
        ("get", f"/api/v1/mentor/cohorts/{the_cohort.pk}/progress"),
    ]


def call(client, method, url):
    if method == "get":
        return client.get(url)
    return post(client, url, {"decision": "reject", "reason": "x", **decide_body()})


def test_candidates_are_refused_every_mentor_endpoint(client):
    found = flagged_review()
    client.force_login(found.candidate)
    for method, url in endpoints(found, an_appeal(found.candidate)):
        response = call(client, method, url)
        assert response.status_code == 403, url
        assert response.json()["code"] == "permission_denied"


def test_anonymous_callers_are_refused(client):
    found = flagged_review()
    for method, url in endpoints(found, an_appeal(found.candidate)):
        assert call(client, method, url).status_code in (401, 403), url


def test_another_mentor_sees_nothing_of_this_mentors_candidates(client):
    found = flagged_review()
    appeal = an_appeal(found.candidate)
    client.force_login(mentor())
    assert client.get(REVIEWS).json() == []
    assert client.get(APPEALS).json() == []
    assert client.get("/api/v1/mentor/cohorts").json() == []
    for method, url in endpoints(found, appeal)[1:]:
        if url in (APPEALS, "/api/v1/mentor/cohorts"):
            continue
        assert call(client, method, url).status_code == 404, url
    assert Review.objects.get(pk=found.pk).status == Review.Status.PENDING


def test_the_committee_reaches_every_endpoint(client):
    found = flagged_review()
    appeal = an_appeal(found.candidate)
    client.force_login(committee_member())
    for method, url in endpoints(found, appeal):
        if method == "get":
            assert client.get(url).status_code == 200, url
    assert [row["id"] for row in client.get(REVIEWS).json()] == [found.pk]


def test_the_review_detail_has_the_answer_evidence_key_and_citations(client):
    found = flagged_review()
    client.force_login(found.candidate.cohorts.get().mentor)
    body = client.get(f"{REVIEWS}/{found.pk}").json()
    assert body["response"] == HEDGED
    assert body["grade"]["review_reasons"]
    assert body["key"]["infraction"] == "missed_trigger"
    assert body["citations"]
    assert set(body["parts"]) == {"infraction", "penalty", "remedy"}


def test_the_review_detail_reads_each_reason_back_to_its_part_code_and_ids(client):
    found = flagged_review()
    item = found.item
    assert item is not None
    item.grade = {
        **item.grade,
        "review_reasons": [
            "infraction: the answer hedges",
            "remedy: two candidates remain (simple_backup, opponent_chooses_resolve_or_skip) "
            "and the wording does not decide",
            "penalty: read as nothing stated, but answers worded like this one are mostly "
            "labelled no_penalty",
            "remedy: worded by a grader long gone",
        ],
    }
    item.save(update_fields=["grade"])
    client.force_login(found.candidate.cohorts.get().mentor)

    reasons = client.get(f"{REVIEWS}/{found.pk}").json()["reasons"]

    assert [(reason["part"], reason["code"]) for reason in reasons] == [
        ("infraction", "hedged"),
        ("remedy", "two_candidates"),
        ("penalty", "second_reading"),
        (None, None),
    ]
    assert reasons[0]["ids"] == {}
    assert reasons[1]["ids"] == {"options": ["simple_backup", "opponent_chooses_resolve_or_skip"]}
    assert reasons[2]["ids"] == {"found": "nothing stated", "second": "no_penalty"}
    assert reasons[3] == {
        "text": "remedy: worded by a grader long gone",
        "part": None,
        "code": None,
        "ids": {},
    }


def test_deciding_a_review_overrides_and_audits(client):
    found = flagged_review()
    client.force_login(found.candidate.cohorts.get().mentor)
    response = post(client, f"{REVIEWS}/{found.pk}/decide", decide_body())
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "overridden"
    assert body["decision"]["penalty"]["percent"] == 67
    assert body["audit"][0]["action"] == "review_overridden"
    assert body["audit"][0]["role"] == "mentor"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (decide_body(percent=167), "parts"),
        (decide_body(percent="abc"), "parts"),
        ({"parts": "nope"}, "parts"),
        ({}, "parts"),
    ],
)
def test_bad_review_decisions_get_a_400_naming_the_field(client, body, field):
    found = flagged_review()
    client.force_login(found.candidate.cohorts.get().mentor)
    response = post(client, f"{REVIEWS}/{found.pk}/decide", body)
    assert response.status_code == 400
    assert field in response.json()


@pytest.mark.parametrize(
    "body",
    [
        decide_body(reason=""),
        {"parts": {"penalty": {"decision": "accept"}}},
    ],
)
def test_refused_review_decisions_get_detail_and_code(client, body):
    found = flagged_review()
    client.force_login(found.candidate.cohorts.get().mentor)
    response = post(client, f"{REVIEWS}/{found.pk}/decide", body)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_decision"
    assert response.json()["detail"]


def test_the_appeal_journey_through_the_api(client):
    appeal = an_appeal()
    attempt, position = appeal.item.attempt, appeal.item.position
    client.force_login(attempt.candidate.cohorts.get().mentor)
    decided = post(client, f"{APPEALS}/{appeal.pk}/decide", {"decision": "reject", "reason": "No."})
    assert decided.status_code == 200
    assert decided.json()["resolved_level"] == "mentor"

    client.force_login(attempt.candidate)
    result = client.get(f"/api/v1/attempts/{attempt.pk}/result").json()
    assert result["items"][0]["appeal"]["can_contest"] is True
    contest = f"/api/v1/attempts/{attempt.pk}/items/{position}/appeal/contest"
    assert post(client, contest, {"comment": "Please."}).json()["status"] == "contested"
    again = post(client, contest, {"comment": "Again."})
    assert again.status_code == 400
    assert again.json()["code"] == "cannot_contest"

    client.force_login(attempt.candidate.cohorts.get().mentor)
    refused = post(client, f"{APPEALS}/{appeal.pk}/decide", {"decision": "reject", "reason": "x"})
    assert refused.status_code == 409  # it waits for the committee now
    assert refused.json()["code"] == "not_your_level"

    committee = committee_member()
    client.force_login(committee)
    contested = client.get(APPEALS, {"status": "contested"}).json()
    assert [row["id"] for row in contested] == [appeal.pk]
    upheld = post(
        client,
        f"{APPEALS}/{appeal.pk}/decide",
        {"decision": "uphold", "reason": "Right after all.", "percent": 100},
    )
    assert upheld.json()["status"] == "upheld"

    client.force_login(attempt.candidate)
    item = client.get(f"/api/v1/attempts/{attempt.pk}/result").json()["items"][0]
    assert item["override"]["role"] == "committee"
    assert item["override"]["by"] == str(committee)


def test_an_unknown_appeal_status_filter_is_a_400(client):
    client.force_login(mentor())
    response = client.get(APPEALS, {"status": "maybe"})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_status"


def test_cohort_progress_in_percent(client):
    who, the_cohort = mentored_candidate()
    graded_attempt(who, [RIGHT])
    client.force_login(the_cohort.mentor)
    body = client.get(f"/api/v1/mentor/cohorts/{the_cohort.pk}/progress").json()
    assert body["candidates"][0]["best_score_percent"] == 100
    assert body["candidates"][0]["attempts"] == 1


def test_every_mentor_endpoint_runs_a_constant_number_of_queries(client):
    the_cohort = cohort()
    client.force_login(the_cohort.mentor)

    def grow():
        who, _ = mentored_candidate(the_cohort)
        graded_attempt(who, [HEDGED, HEDGED])
        appeal = an_appeal(who)
        appeals.appeal_decide(appeal=appeal, by=the_cohort.mentor, uphold=False, reason="No.")

    grow()
    urls = [
        REVIEWS,
        f"{REVIEWS}?status=decided",
        APPEALS,
        "/api/v1/mentor/cohorts",
        f"/api/v1/mentor/cohorts/{the_cohort.pk}/progress",
    ]
    few = {url: count_queries(lambda url=url: client.get(url)) for url in urls}
    grow()
    grow()
    review = Review.objects.filter(status="pending").first()
    post(client, f"{REVIEWS}/{review.pk}/decide", decide_body())
    for url in urls:
        assert count_queries(lambda url=url: client.get(url)) == few[url], url


def test_the_mentor_endpoints_are_in_the_openapi_schema(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "s.yaml"))
    schema = (tmp_path / "s.yaml").read_text()
    for path in (
        "/api/v1/mentor/reviews:",
        "/api/v1/mentor/reviews/{review_id}/decide:",
        "/api/v1/mentor/appeals/{appeal_id}/decide:",
        "/api/v1/mentor/cohorts/{cohort_id}/progress:",
        "/api/v1/attempts/{attempt_id}/items/{position}/appeal/contest:",
    ):
        assert path in schema


def test_the_committee_gets_409_deciding_an_appeal_waiting_for_the_mentor(client):
    appeal = an_appeal()
    client.force_login(committee_member())

    response = post(
        client,
        f"{APPEALS}/{appeal.pk}/decide",
        {"decision": "uphold", "reason": "Fine.", "percent": 100},
    )

    assert response.status_code == 409
    assert response.json()["code"] == "not_your_level"
    assert "mentor" in response.json()["detail"]
    appeal.refresh_from_db()
    assert appeal.status == "open"


def test_the_committee_withdraws_through_the_api_with_a_preview_and_its_token(client):
    # Issue 29, point 6: "The API gets the same: a preview flag and a confirmation".
    appeal = an_appeal()
    attempt = appeal.item.attempt
    appeals.appeal_decide(
        appeal=appeal, by=attempt.candidate.cohorts.get().mentor, uphold=False, reason="No."
    )
    appeals.appeal_contest(appeal=appeal, comment="Please.")
    client.force_login(committee_member())
    url = f"{APPEALS}/{appeal.pk}/decide"
    body = {"decision": "uphold", "reason": "Ambiguous.", "key_action": "withdraw"}

    unconfirmed = post(client, url, body)
    preview = post(client, url, {**body, "preview": True})
    stale = post(client, url, {**body, "confirm": "f" * 64})

    assert unconfirmed.status_code == 409
    assert unconfirmed.json()["code"] == "confirmation_required"
    assert stale.json()["code"] == "preview_changed"
    assert preview.status_code == 200
    [row] = preview.json()["changes"]
    assert row["attempt"] == attempt.pk
    assert row["candidate"] == str(attempt.candidate)
    assert not appeal.corrections.exists()
    applied = post(client, url, {**body, "confirm": preview.json()["token"]})
    assert applied.status_code == 200
    # Walk 7, #21: the regrade decides the appeal. This answer had its full credit, so the
    # withdrawal (for everyone) does not uphold it, whatever "decision" said.
    assert applied.json()["status"] == "rejected"
    assert appeal.corrections.get().action == "withdraw"
