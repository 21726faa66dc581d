import re

import pytest
from django.contrib.messages import get_messages
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from quizzes.exams.services import exams
from quizzes.review.models.appeals import Appeal
from quizzes.review.models.review import AuditEntry, Review
from quizzes.review.services import appeals
from tests.factories import candidate, cohort, committee_member, mentor
from tests.quizzes.mentor.conftest import (
    HEDGED,
    RIGHT,
    committee_decides,
    count_queries,
    flagged_review,
    graded_attempt,
    mentored_candidate,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def mentor_of(found: Review):
    return found.candidate.cohorts.get().mentor


def override_penalty(percent: str, reason: str = "Hedged, but the right penalty.") -> dict:
    return {
        "infraction-decision": "accept",
        "penalty-decision": "override",
        "penalty-percent": percent,
        "penalty-reason": reason,
        "remedy-decision": "accept",
    }


# --- permissions -------------------------------------------------------------------------


def mentor_pages(found: Review, appeal: Appeal) -> list[str]:
    the_cohort = found.candidate.cohorts.get()
    return [
        reverse("mentor"),
        reverse("mentor-cohort", args=[the_cohort.pk]),
        reverse("mentor-reviews"),
        reverse("mentor-review", args=[found.pk]),
        reverse("mentor-appeals"),
        reverse("mentor-appeal", args=[appeal.pk]),
    ]


def an_appeal(who=None) -> Appeal:
    who = who or mentored_candidate()[0]
    attempt = graded_attempt(who, [RIGHT])
    return exams.appeal_create(item=attempt.items.get(), comment="Please look again.")


def test_candidates_are_refused_every_mentor_page(client):
    found = flagged_review()
    appeal = an_appeal(found.candidate)
    client.force_login(found.candidate)
    for url in [*mentor_pages(found, appeal), reverse("committee-appeals")]:
        assert client.get(url).status_code == 403, url


def test_anonymous_visitors_are_sent_to_log_in(client):
    found = flagged_review()
    for url in mentor_pages(found, an_appeal(found.candidate)):
        response = client.get(url)
        assert response.status_code == 302, url
        assert "/accounts/login/" in response["Location"]


def test_another_mentor_gets_404_on_this_mentors_cohort_review_and_appeal(client):
    found = flagged_review()
    appeal = an_appeal(found.candidate)
    client.force_login(mentor())
    for url in mentor_pages(found, appeal)[1:]:
        if url.endswith(("/mentor/reviews/", "/mentor/appeals/")):
            assert found.candidate.email not in client.get(url).content.decode()
            continue
        assert client.get(url).status_code == 404, url
    post = client.post(reverse("mentor-review", args=[found.pk]), override_penalty("67"))
    assert post.status_code == 404
    the_cohort = found.candidate.cohorts.get()
    remove = reverse("mentor-cohort-remove", args=[the_cohort.pk, found.candidate.pk])
    assert client.post(remove).status_code == 404
    invite = reverse("mentor-cohort-invite", args=[the_cohort.pk])
    assert client.post(invite, {"invite-email": "x@example.com"}).status_code == 404
    assert the_cohort.candidates.count() == 1


def test_mentors_are_refused_the_committee_pages(client):
    client.force_login(mentor())
    assert client.get(reverse("committee-appeals")).status_code == 403
    assert client.get(reverse("mentor-correction", args=[1])).status_code == 403


def test_the_committee_sees_every_cohort_review_and_appeal(client):
    found = flagged_review()
    appeal = an_appeal(found.candidate)
    client.force_login(committee_member())
    for url in [*mentor_pages(found, appeal), reverse("committee-appeals")]:
        assert client.get(url).status_code == 200, url


def test_the_mentor_navigation_entry_shows_for_mentors_and_the_committee_only(client):
    for person, shown in ((mentor(), True), (committee_member(), True), (candidate(), False)):
        client.force_login(person)
        html = client.get(reverse("home")).content.decode()
        assert (f'href="{reverse("mentor")}"' in html) is shown


# --- review queue ------------------------------------------------------------------------


def test_the_queue_lists_the_flagged_grading_and_its_page_shows_answer_evidence_and_key(client):
    found = flagged_review()
    client.force_login(mentor_of(found))

    queue = client.get(reverse("mentor-reviews")).content.decode()
    page = client.get(reverse("mentor-review", args=[found.pk])).content.decode()

    assert reverse("mentor-review", args=[found.pk]) in queue
    assert "Missed trigger, maybe a warning or perhaps no penalty" in page
    assert "<mark>" in page  # the evidence the grader matched
    assert "the answer hedges" in page
    assert "decided by" in page  # the grader's decision rule for each part
    assert "<cite>" in page  # the key's citations
    assert "trigger was forgotten" in page


def review_page_in(client, language: str) -> str:
    """A flagged grading's review page as its candidate's mentor sees it in `language`."""
    found = flagged_review()
    client.force_login(mentor_of(found))
    url = reverse("mentor-review", args=[found.pk])
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_the_review_page_says_why_it_was_flagged_in_the_mentors_language(client):
    page = review_page_in(client, "pt-br")

    assert "Infração: a resposta hesita" in page
    assert "the answer hedges" not in page
    assert "decidido por: a resposta afirma uma opção" in page


def test_on_a_phone_each_cell_of_the_graders_table_names_its_column(client):
    # table.grade stacks its rows on narrow screens (site.css) and prefixes each cell with its
    # data-label, instead of squeezing five columns into 375 px.
    page = review_page_in(client, "pt-br")

    assert '<table class="grade">' in page
    for column in ("Encontrado", "Gabarito", "Veredito", "Evidência na resposta"):
        assert page.count(f'data-label="{column}"') == 3, column


def test_the_queue_says_why_each_grading_was_flagged_in_the_mentors_language(client):
    found = flagged_review()
    client.force_login(mentor_of(found))

    queue = client.get(reverse("mentor-reviews"), HTTP_ACCEPT_LANGUAGE="es").content.decode()

    assert "Infracción: la respuesta duda" in queue
    assert "the answer hedges" not in queue


def test_overriding_a_part_with_67_percent_saves_and_is_audited(client):
    found = flagged_review()
    client.force_login(mentor_of(found))

    response = client.post(reverse("mentor-review", args=[found.pk]), override_penalty("67"))

    assert response.status_code == 302
    found.refresh_from_db()
    assert found.status == Review.Status.OVERRIDDEN
    assert found.parts["penalty"]["percent"] == 67
    page = client.get(reverse("mentor-review", args=[found.pk])).content.decode()
    assert "Hedged, but the right penalty." in page
    # The history of changes, as a sentence (not a raw diff).
    who = mentor_of(found)
    n = found.item.position
    assert f"{who} changed the penalty of question {n}&#x27;s grade to 67%." in page
    assert "review_overridden" not in page
    assert AuditEntry.objects.filter(review=found).count() == 1


def test_changing_a_decision_starts_from_the_saved_one_part_by_part(client):
    found = flagged_review()
    client.force_login(mentor_of(found))
    client.post(reverse("mentor-review", args=[found.pk]), override_penalty("67"))

    page = client.get(reverse("mentor-review", args=[found.pk])).content.decode()
    form = page[page.index('id="form-heading"') :]

    assert re.search(r'name="penalty-decision" value="override"[^>]*checked', form)
    assert re.search(r'name="infraction-decision" value="accept"[^>]*checked', form)
    assert not re.search(r'name="penalty-decision" value="accept"[^>]*checked', form)
    assert re.search(r'name="penalty-percent" value="67"', form)
    assert "Hedged, but the right penalty.</textarea>" in form


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (override_penalty("167"), "less than or equal to 100"),
        (override_penalty("-3"), "greater than or equal to 0"),
        (override_penalty("abc"), "Enter a whole number"),
        (override_penalty("0.67"), "Enter a whole number"),
        (override_penalty(""), "Enter the score from 0 to 100"),
        (override_penalty("67", reason=""), "Give the reason"),
        ({"penalty-decision": "maybe"}, "Select a valid choice"),
    ],
)
def test_bad_review_input_gets_a_form_error_and_keeps_what_was_typed(client, data, message):
    found = flagged_review()
    client.force_login(mentor_of(found))

    response = client.post(reverse("mentor-review", args=[found.pk]), data)

    assert response.status_code == 400
    html = response.content.decode()
    assert message in html
    if data.get("penalty-reason"):
        assert data["penalty-reason"] in html  # the reason is not lost
    assert Review.objects.get(pk=found.pk).status == Review.Status.PENDING


def test_the_candidate_sees_the_override_labelled_with_the_mentors_name(client):
    found = flagged_review()
    the_mentor = mentor_of(found)
    client.force_login(the_mentor)
    client.post(reverse("mentor-review", args=[found.pk]), override_penalty("100"))

    client.force_login(found.candidate)
    html = client.get(reverse("exam-result", args=[found.item.attempt_id])).content.decode()

    assert "Mentor's grade" in html
    assert str(the_mentor) in html
    assert "Hedged, but the right penalty." in html


def test_a_questions_headline_score_is_the_mentors_grade_once_decided(client):
    found = flagged_review()
    client.force_login(mentor_of(found))
    client.post(reverse("mentor-review", args=[found.pk]), override_penalty("100"))
    item = found.item
    item.refresh_from_db()
    assert item.override_score != item.score  # the grader's reading was overridden

    client.force_login(found.candidate)
    html = client.get(reverse("exam-result", args=[item.attempt_id])).content.decode()
    question = html[html.index(f'id="r{item.position}"') :]

    mentors, graders = round(item.override_score * 100), round(item.score * 100)
    assert f"<strong>Score: {mentors}%</strong> (Mentor's grade)" in question
    assert f"grader's score {graders}%, no longer counted" in question
    assert f"<strong>Score:</strong> {graders}%" not in question


def test_the_review_queue_runs_a_constant_number_of_queries(client):
    the_cohort = cohort()
    client.force_login(the_cohort.mentor)
    url = reverse("mentor-reviews")

    def grow():
        who, _ = mentored_candidate(the_cohort)
        graded_attempt(who, [HEDGED, HEDGED])

    grow()
    few = count_queries(lambda: client.get(url))
    grow()
    grow()
    assert Review.objects.count() == 6
    assert count_queries(lambda: client.get(url)) == few
    decided = f"{url}?show=decided"
    assert count_queries(lambda: client.get(decided)) <= few + 1


def test_the_review_page_runs_a_constant_number_of_queries(client):
    found = flagged_review()
    client.force_login(mentor_of(found))
    url = reverse("mentor-review", args=[found.pk])
    few = count_queries(lambda: client.get(url))
    client.post(url, override_penalty("50"))
    client.post(url, override_penalty("60"))
    assert count_queries(lambda: client.get(url)) == few


# --- appeals -----------------------------------------------------------------------------


def test_the_mentor_decides_then_the_candidate_contests_and_the_committee_decides(client):
    appeal = an_appeal()
    the_mentor = appeal.item.attempt.candidate.cohorts.get().mentor
    client.force_login(the_mentor)
    url = reverse("mentor-appeal", args=[appeal.pk])
    assert (
        str(appeal.item.attempt.candidate) in client.get(reverse("mentor-appeals")).content.decode()
    )

    response = client.post(url, {"decision": "reject", "reason": "The key is right."})
    assert response.status_code == 302
    assert len(mail.outbox) >= 1

    client.force_login(appeal.item.attempt.candidate)
    contest = reverse("exam-appeal-contest", args=[appeal.item.attempt_id, appeal.item.position])
    result = client.post(contest, {"comment": "The policy says otherwise."}, follow=True)
    assert "sent to the certification committee" in result.content.decode()

    client.force_login(the_mentor)  # a mentor cannot decide a contested appeal
    assert (
        client.post(url, {"decision": "uphold", "reason": "x", "percent": "100"}).status_code == 302
    )
    assert Appeal.objects.get(pk=appeal.pk).status == Appeal.Status.CONTESTED

    committee = committee_member()
    client.force_login(committee)
    assert (
        str(appeal.item.attempt.candidate)
        in client.get(reverse("committee-appeals")).content.decode()
    )
    response = client.post(url, {"decision": "uphold", "reason": "Agreed.", "percent": "100"})
    assert response.status_code == 302
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.UPHELD
    assert appeal.resolved_level == "committee"

    client.force_login(appeal.item.attempt.candidate)
    html = client.get(reverse("exam-result", args=[appeal.item.attempt_id])).content.decode()
    assert "Committee's grade" in html
    assert str(committee) in html


@pytest.mark.parametrize(
    "data",
    [
        {"decision": "uphold", "reason": "ok", "percent": "167"},
        {"decision": "uphold", "reason": "ok", "percent": "x"},
        {"decision": "uphold", "reason": "ok"},
        {"decision": "reject", "reason": ""},
        {},
    ],
)
def test_bad_appeal_decisions_get_a_form_error(client, data):
    appeal = an_appeal()
    client.force_login(appeal.item.attempt.candidate.cohorts.get().mentor)
    response = client.post(reverse("mentor-appeal", args=[appeal.pk]), data)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert Appeal.objects.get(pk=appeal.pk).status == Appeal.Status.OPEN


def test_the_committee_sees_an_appeal_waiting_for_the_mentor_but_cannot_decide_it(client):
    appeal = an_appeal()
    client.force_login(committee_member())
    url = reverse("mentor-appeal", args=[appeal.pk])

    page = client.get(url).content.decode()
    refused = client.post(url, {"decision": "uphold", "reason": "Agreed.", "percent": "100"},
                          follow=True)  # fmt: skip

    assert 'name="decision"' not in page
    assert "This appeal waits for the candidate&#x27;s mentor." in page
    assert refused.status_code == 200
    assert "This appeal waits for the candidate&#x27;s mentor." in refused.content.decode()
    assert Appeal.objects.get(pk=appeal.pk).status == Appeal.Status.OPEN


def contested_appeal():
    appeal = an_appeal()
    appeals.appeal_decide(
        appeal=appeal, by=appeal.item.attempt.candidate.cohorts.get().mentor,
        uphold=False, reason="No.",
    )  # fmt: skip
    appeals.appeal_contest(appeal=appeal, comment="Yes.")
    return appeal


def test_a_committee_withdrawal_is_previewed_then_confirmed_and_shows_whose_pass_changed(client):
    # Issue 29, point 6: withdraw or correct shows whose scores and results change, and
    # applies only after an explicit confirmation carrying the preview's token.
    appeal = contested_appeal()
    client.force_login(committee_member())
    url = reverse("mentor-appeal", args=[appeal.pk])
    decision = {"decision": "uphold", "reason": "Ambiguous stem.", "key_action": "withdraw"}

    previewed = client.post(url, decision)

    html = previewed.content.decode()
    assert previewed.status_code == 200
    assert not appeal.corrections.exists()
    assert "Preview: nothing is applied yet" in html
    assert str(appeal.item.attempt.candidate) in html
    # Walk 4, #21: on a phone the rows stack, each value named, before and after in view.
    assert '<table class="stack">' in html
    assert 'data-label="Exam"' in html
    token = previewed.context["preview"].token
    assert f'name="confirm" value="{token}"' in html
    response = client.post(url, {**decision, "confirm": token}, follow=True)
    assert response.status_code == 200
    correction = appeal.corrections.get()
    html = client.get(reverse("mentor-correction", args=[correction.pk])).content.decode()
    assert "Whose pass or fail changed" in html
    assert str(appeal.item.attempt.candidate) in html


def test_a_confirmation_with_an_outdated_token_says_so_and_shows_the_new_preview(client):
    appeal = contested_appeal()
    client.force_login(committee_member())
    url = reverse("mentor-appeal", args=[appeal.pk])
    decision = {"decision": "uphold", "reason": "Ambiguous.", "key_action": "withdraw"}

    response = client.post(url, {**decision, "confirm": "0" * 64})

    assert response.status_code == 200
    assert not appeal.corrections.exists()
    assert "changed since your preview" in response.content.decode()
    assert response.context["preview"].token != "0" * 64


def test_the_corrected_key_offers_each_part_only_its_own_ids_translated(client):
    # Issue 29: "three identical 56-item dropdowns mixing infractions, penalties and remedies".
    from rulings.core import vocabulary
    from rulings.core.grading import ruling_ids

    appeal = contested_appeal()
    client.force_login(committee_member())
    url = reverse("mentor-appeal", args=[appeal.pk])

    form = client.get(url).context["form"]
    spanish = client.get(url, headers={"accept-language": "es"}).context["form"]

    def ids(field):
        return [value for value, _ in field.choices if value]

    game = appeal.item.question.game
    assert ids(form.fields["infraction"]) == sorted(
        ruling_ids(game, "infraction"), key=dict(form.fields["infraction"].choices).get
    )
    assert ids(form.fields["penalty"]) == list(vocabulary.PENALTIES)
    assert set(ids(form.fields["remedy"])) == set(ruling_ids(game, "remedy"))
    assert dict(form.fields["penalty"].choices)["game_loss"] != "game_loss"
    assert (
        dict(spanish.fields["penalty"].choices)["game_loss"]
        != dict(form.fields["penalty"].choices)["game_loss"]
    )
    assert form.fields["key_action"].initial in (None, "")  # no destructive default


def test_the_appeals_pages_run_a_constant_number_of_queries(client):
    the_cohort = cohort()
    client.force_login(the_cohort.mentor)
    who, _ = mentored_candidate(the_cohort)
    an_appeal(who)
    few = count_queries(lambda: client.get(reverse("mentor-appeals")))
    for _ in range(3):
        an_appeal(mentored_candidate(the_cohort)[0])
    assert count_queries(lambda: client.get(reverse("mentor-appeals"))) == few
    committee = committee_member()
    client.force_login(committee)
    few = count_queries(lambda: client.get(reverse("committee-appeals")))
    an_appeal()
    assert count_queries(lambda: client.get(reverse("committee-appeals"))) == few


# --- cohorts -----------------------------------------------------------------------------


def test_the_cohort_page_shows_an_accessible_heatmap(client):
    who, the_cohort = mentored_candidate()
    from quizzes.practice.services import practice_answer_submit
    from tests.factories import question

    item = question()
    # Mastery needs evidence: six right answers in a row read high (80%), not one.
    for _answer in range(6):
        practice_answer_submit(user=who, question=item, response=RIGHT, lang="en")
    client.force_login(the_cohort.mentor)
    html = client.get(reverse("mentor-cohort", args=[the_cohort.pk])).content.decode()
    assert "<caption" in html
    assert 'class="cell high"' in html
    assert "80% <span" in html  # the colour always comes with the number and its band
    assert "(high)" in html


def test_the_cohort_page_and_dashboard_run_a_constant_number_of_queries(client):
    the_cohort = cohort()
    client.force_login(the_cohort.mentor)
    from quizzes.practice.services import practice_answer_submit
    from tests.factories import question

    def grow():
        who, _ = mentored_candidate(the_cohort)
        practice_answer_submit(user=who, question=question(), response=RIGHT, lang="en")
        graded_attempt(who, [HEDGED])

    grow()
    url = reverse("mentor-cohort", args=[the_cohort.pk])
    few = count_queries(lambda: client.get(url))
    dashboard = count_queries(lambda: client.get(reverse("mentor")))
    grow()
    grow()
    cohort(mentor=the_cohort.mentor)
    assert count_queries(lambda: client.get(url)) == few
    assert count_queries(lambda: client.get(reverse("mentor"))) == dashboard


def test_inviting_by_email_and_accepting_the_link_creates_the_account(client):
    the_cohort = cohort()
    client.force_login(the_cohort.mentor)
    response = client.post(
        reverse("mentor-cohort-invite", args=[the_cohort.pk]), {"invite-email": "Nia@Example.com"}
    )
    assert response.status_code == 302
    link = re.search(r"http://\S+/mentor/invitations/\S+/", mail.outbox[-1].body).group(0)
    path = link.split("8000", 1)[1]
    client.logout()

    page = client.get(path)
    assert page.status_code == 200
    weak = client.post(path, {"first_name": "Nia", "password1": "1", "password2": "1"})
    assert weak.status_code == 400
    response = client.post(
        path,
        {
            "first_name": "Nia",
            "password1": "long pass phrase 42",
            "password2": "long pass phrase 42",
        },
    )
    assert response.status_code == 302
    assert the_cohort.candidates.get().email == "nia@example.com"
    again = client.get(path)
    assert again.status_code == 400
    assert "already used" in again.content.decode()


def test_bad_invitation_input_gets_a_form_error(client):
    the_cohort = cohort()
    client.force_login(the_cohort.mentor)
    url = reverse("mentor-cohort-invite", args=[the_cohort.pk])
    response = client.post(url, {"invite-email": "not an address"})
    assert response.status_code == 400
    assert "valid email" in response.content.decode()
    assert mail.outbox == []


def _invite(client, the_cohort, email):
    return client.post(
        reverse("mentor-cohort-invite", args=[the_cohort.pk]), {"invite-email": email}
    )


def _link_path():
    return re.search(r"/mentor/invitations/\S+/", mail.outbox[-1].body).group(0)


def test_inviting_answers_the_same_whether_or_not_the_address_has_an_account(client):
    the_cohort = cohort()
    known = candidate(email="known@example.com")
    client.force_login(the_cohort.mentor)

    answers = {}
    for email in ("known@example.com", "unknown@example.com"):
        response = _invite(client, the_cohort, email)
        said = [str(m) for m in get_messages(response.wsgi_request)]
        client.get(response["Location"])  # shows, hence uses up, the message
        answers[email] = (response.status_code, response["Location"], said)

    assert answers["known@example.com"] == (
        302,
        reverse("mentor-cohort", args=[the_cohort.pk]),
        ["An invitation was sent to known@example.com: they join the cohort once they accept it."],
    )
    unknown = answers["unknown@example.com"]
    assert unknown[:2] == answers["known@example.com"][:2]
    assert unknown[2] == [m.replace("known", "unknown") for m in answers["known@example.com"][2]]
    assert not the_cohort.candidates.exists()  # invited, not added
    assert not known.cohorts.exists()


def test_no_form_adds_an_account_to_a_cohort_without_its_consent(client):
    the_cohort = cohort()
    someone = candidate(email="someone@example.com")
    client.force_login(the_cohort.mentor)

    added = client.post(f"/mentor/cohorts/{the_cohort.pk}/members", {"add-email": someone.email})
    page = client.get(reverse("mentor-cohort", args=[the_cohort.pk])).content.decode()

    assert added.status_code == 404
    assert not the_cohort.candidates.exists()
    assert "Add to the cohort" not in page
    assert "who already has one logs in and accepts" in page


def test_an_existing_account_logs_in_then_accepts_on_the_invitation_page(client):
    the_cohort = cohort()
    someone = candidate(email="someone@example.com")
    client.force_login(the_cohort.mentor)
    _invite(client, the_cohort, "someone@example.com")
    path = _link_path()
    client.logout()

    anonymous = client.get(path).content.decode()
    assert "Log in to accept" in anonymous
    assert 'name="password1"' not in anonymous
    assert client.post(path, {"action": "accept"}).status_code == 400
    client.force_login(someone)
    page = client.get(path).content.decode()
    assert "Join the cohort" in page
    assert "Decline the invitation" in page
    assert not the_cohort.candidates.exists()

    response = client.post(path, {"action": "accept"})

    assert response.status_code == 302
    assert list(the_cohort.candidates.all()) == [someone]


def test_declining_on_the_invitation_page_adds_nobody(client):
    the_cohort = cohort()
    someone = candidate(email="someone@example.com")
    client.force_login(the_cohort.mentor)
    _invite(client, the_cohort, "someone@example.com")
    path = _link_path()
    client.force_login(someone)

    response = client.post(path, {"action": "decline"})

    assert response.status_code == 302
    assert not the_cohort.candidates.exists()
    assert client.get(path).status_code == 400
    client.force_login(the_cohort.mentor)
    page = client.get(reverse("mentor-cohort", args=[the_cohort.pk])).content.decode()
    assert "someone@example.com" not in page  # no longer waiting to be accepted


def test_another_account_holding_the_link_cannot_accept_it(client):
    the_cohort = cohort()
    candidate(email="someone@example.com")
    client.force_login(the_cohort.mentor)
    _invite(client, the_cohort, "someone@example.com")
    path = _link_path()
    client.force_login(candidate())

    page = client.get(path).content.decode()
    refused = client.post(path, {"action": "accept"})

    assert "logged in with another address" in page
    assert refused.status_code == 400
    assert not the_cohort.candidates.exists()


def test_removing_a_member_asks_first_then_says_who_was_removed(client):
    someone = candidate(first_name="Ana", last_name="Souza")
    the_cohort = cohort(candidates=[someone])
    client.force_login(the_cohort.mentor)
    remove = reverse("mentor-cohort-remove", args=[the_cohort.pk, someone.pk])

    asked = client.post(remove)
    assert asked.status_code == 200
    assert "Remove Ana Souza from the cohort" in asked.content.decode()
    assert the_cohort.candidates.exists()  # nothing done before confirming

    done = client.post(remove, {"confirm": "1"}, follow=True)
    assert not the_cohort.candidates.exists()
    page = done.content.decode()
    assert "You removed Ana Souza from the cohort." in page
    assert "Undo the removal" in page


def test_the_removal_step_opened_by_url_leads_back_to_the_cohort(client):
    """Walk 4, #15: a GET on the confirmation's URL was an empty 405 page."""
    someone = candidate()
    the_cohort = cohort(candidates=[someone])
    client.force_login(the_cohort.mentor)

    opened = client.get(reverse("mentor-cohort-remove", args=[the_cohort.pk, someone.pk]))

    assert opened.status_code == 302
    assert opened.url == reverse("mentor-cohort", args=[the_cohort.pk])
    assert the_cohort.candidates.exists()


def test_a_removal_is_undone_without_a_new_invitation(client):
    someone = candidate()
    the_cohort = cohort(candidates=[someone])
    client.force_login(the_cohort.mentor)
    client.post(reverse("mentor-cohort-remove", args=[the_cohort.pk, someone.pk]), {"confirm": "1"})

    restore = reverse("mentor-cohort-restore", args=[the_cohort.pk])
    page = client.post(restore, follow=True).content.decode()

    assert list(the_cohort.candidates.all()) == [someone]
    assert "is back in the cohort" in page
    assert "Undo the removal" not in page
    client.post(restore)  # the undo is spent: a second one adds nobody
    assert the_cohort.candidates.count() == 1


def test_only_the_removal_just_made_can_be_undone(client):
    someone = candidate()
    the_cohort, other = cohort(candidates=[someone]), cohort()
    other.mentor = the_cohort.mentor
    other.save()
    client.force_login(the_cohort.mentor)
    client.post(reverse("mentor-cohort-remove", args=[the_cohort.pk, someone.pk]), {"confirm": "1"})

    client.post(reverse("mentor-cohort-restore", args=[other.pk]))  # not the cohort it left

    assert not other.candidates.exists()
    assert not the_cohort.candidates.exists()


def test_a_forged_invitation_link_is_refused_without_a_500(client):
    response = client.get(reverse("mentor-invitation-accept", args=["forged:token"]))
    assert response.status_code == 400


def test_the_appeal_page_runs_a_constant_number_of_queries(client):
    appeal = an_appeal()
    the_mentor = appeal.item.attempt.candidate.cohorts.get().mentor
    committee = committee_member()
    client.force_login(committee)
    url = reverse("mentor-appeal", args=[appeal.pk])
    few = count_queries(lambda: client.get(url))
    appeals.appeal_decide(appeal=appeal, by=the_mentor, uphold=True, reason="Yes.", percent=80)
    appeals.appeal_contest(appeal=appeal, comment="More, please.")
    more = count_queries(lambda: client.get(url))
    committee_decides(
        appeal,
        committee,
        reason="No: withdrawn.",
        correction=appeals.KeyCorrection(action="withdraw"),
    )
    assert count_queries(lambda: client.get(url)) <= more
    assert more <= few + 1  # the contested page adds the key form's vocabulary, not a query per row


def test_the_correction_page_runs_a_constant_number_of_queries(client):
    appeal = an_appeal()
    shared = appeal.item.question
    for _ in range(3):
        who, _ = mentored_candidate()
        graded_attempt(who, [RIGHT, RIGHT]).items.filter(position=1).update(question=shared)
    appeals.appeal_decide(
        appeal=appeal, by=appeal.item.attempt.candidate.cohorts.get().mentor,
        uphold=False, reason="No.",
    )  # fmt: skip
    appeals.appeal_contest(appeal=appeal, comment="Yes.")
    committee = committee_member()
    committee_decides(
        appeal,
        committee,
        reason="Withdrawn.",
        correction=appeals.KeyCorrection(action="withdraw"),
    )
    client.force_login(committee)
    correction = appeal.corrections.get()
    assert len(correction.changes) == 4
    url = reverse("mentor-correction", args=[correction.pk])
    with CaptureQueriesContext(connection) as captured:
        client.get(url)
    assert len(captured) <= 6  # session, user, permissions, the correction: none per attempt


def test_the_invitation_page_runs_a_fixed_number_of_queries(client):
    the_cohort = cohort()
    client.force_login(the_cohort.mentor)
    client.post(
        reverse("mentor-cohort-invite", args=[the_cohort.pk]), {"invite-email": "n@example.com"}
    )
    path = re.search(r"/mentor/invitations/\S+/", mail.outbox[-1].body).group(0)
    client.logout()
    # the invitation (with its cohort, mentor and inviter) and whether the address has an
    # account (log in to accept, or create one)
    assert count_queries(lambda: client.get(path)) <= 3


def test_the_candidate_sees_the_mentors_decision_on_a_practice_answer(client):
    from quizzes.practice.services import practice_answer_submit
    from quizzes.review.services import review
    from tests.factories import question

    who, the_cohort = mentored_candidate()
    answer = practice_answer_submit(user=who, question=question(), response=HEDGED).answer
    found = answer.review
    decisions = {name: review.PartDecision(override=False) for name in review.review_parts(found)}
    decisions["penalty"] = review.PartDecision(override=True, percent=100, reason="Right penalty.")
    review.review_decide(review=found, by=the_cohort.mentor, decisions=decisions)

    client.force_login(who)
    html = client.get(reverse("practice-feedback", args=[answer.pk])).content.decode()
    assert "Mentor's grade" in html
    assert str(the_cohort.mentor) in html
    assert "Right penalty." in html


def test_the_history_says_who_changed_which_part_from_what_to_what_in_the_readers_language(
    client,
):
    found = flagged_review()
    who = mentor_of(found)
    client.force_login(who)
    url = reverse("mentor-review", args=[found.pk])
    client.post(url, override_penalty("67"))
    client.post(url, override_penalty("100"))

    en = client.get(url).content.decode()
    pt = client.get(url, HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()

    n = found.item.position
    assert f"{who} changed the penalty of question {n}&#x27;s grade from 67% to 100%." in en
    assert f"{who} accepted the grader&#x27;s mark for the infraction of question {n}" in en
    assert f"{who} mudou a penalidade da nota da questão {n} de 67% para 100%." in pt
    for raw in ("override_score", "<code>", "review_overridden", "parts"):
        assert raw not in en[en.index("audit-heading") :], raw


def test_the_committees_dashboard_counts_a_contested_appeal_by_the_list_that_holds_it(client):
    """Walk 4, #4: "1 appeal to decide" opened the mentors' list, where it was not."""
    contested_appeal()
    client.force_login(committee_member())

    page = client.get(reverse("mentor")).content.decode()

    assert "0 appeals to decide" in page
    contested = page[page.index(reverse("committee-appeals")) :]
    assert "1 to decide" in contested[:200]
