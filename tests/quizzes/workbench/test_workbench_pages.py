"""The scenario workbench pages: build a story from facts, rule it, save it for a cohort."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.urls import reverse
from django.utils.html import escape

from quizzes.bank.models.questions import Question
from quizzes.practice.models import PracticeAnswer
from quizzes.practice.services import (
    NoPracticeQuestion,
    PracticeFilters,
    practice_answer_submit,
    practice_question_next,
)
from quizzes.workbench import services as workbench
from quizzes.workbench.models import WorkbenchStory
from quizzes.workbench.services import workbench_retire
from tests.factories import candidate, cohort, committee_member, mentor

pytestmark = pytest.mark.django_db

URL = reverse("workbench")


def facts(**changes: Any) -> dict[str, Any]:
    data = {
        "game": "riftbound",
        "policy_version": "",
        "opl": "competitive",
        "language": "en",
        "player_1": "Ana",
        "player_2": "Ben",
        "turn_player": "1",
        "subject": "trigger",
        "trigger_name": "Treasure Hunter",
        "trigger_kind": "board_change",
        "trigger_optional": "must",
        "trigger_controller": "1",
        "trigger_effect": "plain",
        "event_1_by": "1",
        "event_1_action": "new_game_action",
        "event_2_by": "2",
        "event_2_action": "noticed",
        "rewind": "simple",
        "intent": "none",
        "action": "rule",
    }
    data.update(changes)
    return data


def test_candidates_are_refused_the_workbench(client) -> None:
    client.force_login(candidate())
    assert client.get(URL).status_code == 403
    assert client.post(URL, facts()).status_code == 403


def test_a_mentor_rules_a_story_and_sees_why(client) -> None:
    client.force_login(mentor())
    response = client.post(URL, facts())
    assert response.status_code == 200
    page = response.content.decode()
    assert "Missed Trigger" in page
    assert "TR 702.2" in page
    assert "Treasure Hunter" in page


def test_an_invalid_combination_is_an_error_on_its_field_and_keeps_what_was_typed(client) -> None:
    client.force_login(mentor())
    response = client.post(URL, facts(player_2="Ana", trigger_name="Typed Card"))
    assert response.status_code == 400
    form = response.context["form"]
    assert "player_1" in form.errors
    assert 'value="Typed Card"' in response.content.decode()


def test_a_policy_without_the_category_names_the_category_field(client) -> None:
    client.force_login(mentor())
    response = client.post(URL, facts(game="mtg", policy_version=""))
    assert response.status_code == 400
    assert "trigger_kind" in response.context["form"].errors


def test_the_error_is_in_the_readers_language(client) -> None:
    client.force_login(mentor())
    response = client.post(URL, facts(player_2="Ana"), HTTP_ACCEPT_LANGUAGE="pt-br")
    assert "Cada jogador" in response.content.decode()


def test_a_story_that_does_not_fit_is_summed_up_at_the_top_with_a_link_to_its_field(
    client,
) -> None:
    client.force_login(mentor())
    response = client.post(URL, facts(player_2="Ana"), HTTP_ACCEPT_LANGUAGE="es")
    page = response.content.decode()

    summary = page[page.index("data-error-summary") : page.index("<h1>")]
    assert '<a href="#id_player_1">' in summary
    assert "Cada jugador necesita un nombre propio." in summary
    assert "<title>Error: " in page
    assert re.search(r'<input[^>]*aria-invalid="true"[^>]*id="id_player_1"', page)


def test_players_are_offered_by_the_names_typed_else_by_place_in_the_pages_language(
    client,
) -> None:
    client.force_login(mentor())

    empty = client.get(URL, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    typed = client.post(URL, facts(), HTTP_ACCEPT_LANGUAGE="es").content.decode()

    turn = empty[empty.index('name="turn_player"') :]
    assert '<option value="1">Jugador 1</option>' in turn[: turn.index("</select>")]
    assert "Player 1" not in empty
    turn = typed[typed.index('name="turn_player"') :]
    assert '<option value="2">Ben</option>' in turn[: turn.index("</select>")]
    who = typed[typed.index('name="event_1_by"') :]
    assert '<option value="1" selected>Ana</option>' in who[: who.index("</select>")]


def test_policy_versions_are_offered_by_title_under_their_game(client) -> None:
    client.force_login(mentor())

    page = client.get(URL, HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    versions = page[page.index('name="policy_version"') :]
    versions = versions[: versions.index("</select>")]

    riftbound = versions[versions.index('<optgroup label="Riftbound">') :]
    riftbound = riftbound[: riftbound.index("</optgroup>")]
    assert ">Regras de Torneio de Riftbound" in riftbound
    assert "mtg-" not in riftbound
    assert not re.search(r">[a-z]+-[a-z0-9.-]+</option>", versions)  # never a raw id


def test_showing_a_subject_keeps_what_was_typed_without_errors(client) -> None:
    client.force_login(mentor())
    response = client.post(URL, facts(action="show", subject="payment", player_2=""))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'value="Treasure Hunter"' in page
    assert '<fieldset data-subject="payment">' in page
    assert '<fieldset data-subject="trigger" hidden>' in page


def test_a_mentor_saves_a_story_for_their_cohort_and_its_candidates_get_it_first(client) -> None:
    who = mentor()
    member, outsider = candidate(), candidate()
    group = cohort(mentor=who, candidates=[member])
    client.force_login(who)
    response = client.post(URL, facts(action="save", cohort=str(group.pk)))
    assert response.status_code == 302
    story = WorkbenchStory.objects.get()
    assert story.cohort == group
    assert story.author == who
    assert story.question.key_infraction == "missed_trigger"
    assert story.question.template_id == "workbench"
    filters = PracticeFilters(lang="en", game="riftbound")
    assert practice_question_next(user=member, filters=filters) == story.question
    assert practice_question_next(user=outsider, filters=filters) != story.question


def test_a_mentor_cannot_save_for_another_mentors_cohort(client) -> None:
    other = cohort()
    client.force_login(mentor())
    response = client.post(URL, facts(action="save", cohort=str(other.pk)))
    assert response.status_code == 400
    assert not WorkbenchStory.objects.exists()


def test_only_the_committee_proposes_and_a_proposal_waits_for_a_decision(client) -> None:
    client.force_login(mentor())
    client.post(URL, facts(action="propose"))
    assert not WorkbenchStory.objects.exists()
    member = committee_member()
    client.force_login(member)
    assert client.post(URL, facts(action="propose")).status_code == 302
    story = WorkbenchStory.objects.get()
    assert story.status == WorkbenchStory.Status.PROPOSED
    learner = candidate()
    filters = PracticeFilters(lang="en", game="riftbound")
    assert practice_question_next(user=learner, filters=filters) != story.question
    assert client.get(reverse("workbench-proposals")).status_code == 200
    client.post(reverse("workbench-decide", args=[story.pk]), {"decision": "accept"})
    story.refresh_from_db()
    assert story.status == WorkbenchStory.Status.ACCEPTED
    assert story.decided_by == member
    assert Question.objects.filter(pk=story.question_id, for_exams=False).exists()


def test_the_workbench_page_queries_are_bounded(client, django_assert_max_num_queries) -> None:
    who = mentor()
    cohort(mentor=who)
    client.force_login(who)
    with django_assert_max_num_queries(6):
        client.get(URL)
    with django_assert_max_num_queries(6):
        client.post(URL, facts())


def test_a_payment_story_is_ruled_from_its_own_fields(client) -> None:
    client.force_login(mentor())
    response = client.post(
        URL,
        facts(
            subject="payment",
            payment_player="1",
            payment_cost="3",
            payment_paid="4",
            payment_correctable="on",
            noticed_when="same_action",
            noticed_by="opponent",
        ),
    )
    assert response.status_code == 200
    question = response.context["question"]
    assert question.situation["payment"] == {
        "player": "Ana",
        "cost": 3,
        "paid": 4,
        "wrong_requirements": False,
        "caused_result": False,
        "correctable": True,
    }
    assert "trigger" not in question.situation
    assert question.key.infraction == question.ruling["infraction"]


def test_a_subjects_missing_fact_is_asked_for_on_its_field(client) -> None:
    client.force_login(mentor())
    response = client.post(URL, facts(subject="game_error", error_player="1", error_kind=""))
    assert response.status_code == 400
    assert "error_kind" in response.context["form"].errors


def test_an_event_by_a_player_not_in_the_game_is_an_error_on_that_event(client) -> None:
    client.force_login(mentor())
    response = client.post(URL, facts(event_2_by="3"))
    assert response.status_code == 400
    assert "event_2_by" in response.context["form"].errors
    # Walk 4, #18: the error says why, not only that it does not fit.
    assert response.context["form"].errors["event_2_by"] == [
        "This player is not in the game: name them among the players above, or choose one of "
        "those named."
    ]


def test_the_proposals_page_queries_do_not_grow_with_proposals(
    client, django_assert_max_num_queries
) -> None:
    member = committee_member()
    client.force_login(member)
    for name in ("Cleo", "Dora", "Eli"):
        client.post(URL, facts(action="propose", player_2=name))
    assert WorkbenchStory.objects.count() == 3
    with django_assert_max_num_queries(5):
        response = client.get(reverse("workbench-proposals"))
    assert response.content.decode().count("Accept into the bank") == 3


def test_each_game_only_option_names_its_game_for_the_page_to_filter(client) -> None:
    """Walk 3, #7: with Game = Riftbound the page still offered Magic's versions, trigger
    kinds ("the stack") and actions ("casts an instant")."""
    client.force_login(mentor())

    page = client.get(URL).content.decode()

    assert "quizzes/game_choices.js" in page
    assert re.search(r'<option value="instant_speed_action" data-game="mtg"', page)
    assert re.search(r'<option value="choices_on_stack" data-game="mtg"', page)
    assert re.search(r'<option value="might_matters" data-game="riftbound"', page)
    assert re.search(r'<option value="mtg-ipg-2.1-seed" data-game="mtg"', page)
    assert re.search(r'<option value="new_game_action" data-game=""', page)


def test_a_penalty_step_that_changes_nothing_is_not_shown_as_a_change(client) -> None:
    """Walk 3, #8: "No penalty → No penalty [TR 702.2]"."""
    client.force_login(mentor())

    page = client.post(URL, facts()).content.decode()

    steps = page[page.index("The ruling") :]
    assert "No penalty" in steps
    assert not re.search(r"<li>([^<→]+) → \1[ <]", steps)


def test_an_accepted_proposal_stays_listed_with_a_link_to_its_bank_question(client) -> None:
    """Walk 3, #10: after "Accept into the bank" the proposal vanished, with no link."""
    client.force_login(committee_member())
    client.post(URL, facts(action="propose"))
    story = WorkbenchStory.objects.get()
    client.post(reverse("workbench-decide", args=[story.pk]), {"decision": "accept"})

    page = client.get(reverse("workbench-proposals")).content.decode()

    assert "Accepted into the bank: candidates get it in practice." in page  # walk 4, #10
    assert f"Bank question {story.question_id}" not in page
    assert "No proposal is waiting." in page
    assert "Decided lately" in page
    assert reverse("admin:quizzes_question_change", args=[story.question_id]) in page


def test_a_mentor_is_told_that_the_bank_is_the_committees(client) -> None:
    """Walk 3, #9: nothing said that proposing for the bank is the committee's."""
    client.force_login(mentor())

    page = client.post(URL, facts()).content.decode()

    assert "The question bank and exams are the certification committee" in page


def test_a_mentor_suggests_a_saved_cohort_story_and_the_committee_accepts_it(client) -> None:
    """Walk 4, #6: a mentor could not send a workbench story toward the bank."""
    who = mentor()
    member = candidate()
    group = cohort(mentor=who, candidates=[member])
    client.force_login(who)
    client.post(URL, facts(action="save", cohort=str(group.pk)))
    story = WorkbenchStory.objects.get()
    page = client.get(URL).content.decode()
    assert "Stories saved for your cohorts" in page
    assert reverse("workbench-suggest", args=[story.pk]) in page

    assert client.post(reverse("workbench-suggest", args=[story.pk])).status_code == 302
    story.refresh_from_db()
    assert story.status == WorkbenchStory.Status.PROPOSED
    filters = PracticeFilters(lang="en", game="riftbound")
    assert practice_question_next(user=member, filters=filters) == story.question
    assert practice_question_next(user=candidate(), filters=filters) != story.question

    client.force_login(committee_member())
    proposals = client.get(reverse("workbench-proposals")).content.decode()
    assert f"saved for {group.display_name}" in proposals
    client.post(reverse("workbench-decide", args=[story.pk]), {"decision": "accept"})
    story.refresh_from_db()
    assert story.status == WorkbenchStory.Status.ACCEPTED
    assert not WorkbenchStory.objects.hidden_from(candidate()).filter(pk=story.pk).exists()


def test_a_mentor_cannot_suggest_another_mentors_cohort_story(client) -> None:
    owner = mentor()
    group = cohort(mentor=owner)
    client.force_login(owner)
    client.post(URL, facts(action="save", cohort=str(group.pk)))
    story = WorkbenchStory.objects.get()
    client.force_login(mentor())
    assert client.post(reverse("workbench-suggest", args=[story.pk])).status_code == 404
    story.refresh_from_db()
    assert story.status == WorkbenchStory.Status.COHORT


def test_the_committee_proposing_a_story_saved_for_a_cohort_proposes_the_stored_question(
    client,
) -> None:
    """Walk 4, #9: the README story saved for a cohort was refused as "already saved"."""
    who = mentor()
    group = cohort(mentor=who)
    client.force_login(who)
    client.post(URL, facts(action="save", cohort=str(group.pk)))
    client.force_login(committee_member())

    response = client.post(URL, facts(action="propose"), follow=True)

    story = WorkbenchStory.objects.get()
    assert story.status == WorkbenchStory.Status.PROPOSED
    assert story.author == who
    assert "now proposed for the bank" in response.content.decode()
    again = client.post(URL, facts(action="propose")).content.decode()
    assert "already proposed for the bank" in again


def _saved_story(client, who, group) -> WorkbenchStory:
    client.force_login(who)
    client.post(URL, facts(action="save", cohort=str(group.pk)))
    return WorkbenchStory.objects.get()


def test_a_mentor_removes_a_cohort_story_after_confirming_and_past_answers_stay(client) -> None:
    """Walk 4, #8: a mentor could not remove a story they saved for a cohort."""
    who = mentor()
    member = candidate()
    group = cohort(mentor=who, candidates=[member])
    story = _saved_story(client, who, group)
    answer = practice_answer_submit(
        user=member, question=story.question, response="Missed trigger, no penalty"
    ).answer
    remove = reverse("workbench-retire", args=[story.pk])
    assert remove in client.get(URL).content.decode()

    asked = client.post(remove)  # the first step asks, and changes nothing
    page = asked.content.decode()
    assert asked.status_code == 200
    assert "Remove this story from the cohort\u2019s practice?" in page
    assert "The answers they already gave stay" in page
    assert 'name="confirm" value="1"' in page
    story.refresh_from_db()
    assert story.status == WorkbenchStory.Status.COHORT

    done = client.post(remove, {"confirm": "1"}, follow=True)
    assert "Removed: the candidates of" in done.content.decode()
    story.refresh_from_db()
    assert story.status == WorkbenchStory.Status.RETIRED
    assert story.decided_by == who
    assert remove not in client.get(URL).content.decode()  # gone from the list
    filters = PracticeFilters(lang="en", game="riftbound")
    try:  # the bank may hold nothing else: then nothing is served, which is right too
        served = practice_question_next(user=member, filters=filters)
    except NoPracticeQuestion:
        served = None
    assert served != story.question
    assert PracticeAnswer.objects.filter(pk=answer.pk).exists()  # kept, feedback and all
    client.force_login(member)
    feedback = client.get(reverse("practice-feedback", args=[answer.pk]))
    assert feedback.status_code == 200


def test_opening_the_removal_by_url_goes_back_to_the_workbench(client) -> None:
    who = mentor()
    story = _saved_story(client, who, cohort(mentor=who))

    response = client.get(reverse("workbench-retire", args=[story.pk]))

    assert response.status_code == 302
    assert response["Location"] == URL


def test_a_mentor_cannot_remove_another_mentors_or_a_proposed_story(client) -> None:
    owner = mentor()
    story = _saved_story(client, owner, cohort(mentor=owner))
    client.force_login(mentor())
    remove = reverse("workbench-retire", args=[story.pk])
    assert client.post(remove, {"confirm": "1"}).status_code == 404

    client.force_login(owner)
    client.post(reverse("workbench-suggest", args=[story.pk]))
    assert client.post(remove, {"confirm": "1"}).status_code == 404  # the committee's now
    story.refresh_from_db()
    assert story.status == WorkbenchStory.Status.PROPOSED


def test_a_removed_story_saved_again_is_given_again_with_the_same_question(client) -> None:
    who = mentor()
    member = candidate()
    group = cohort(mentor=who, candidates=[member])
    story = _saved_story(client, who, group)
    workbench_retire(story=story, by=who)

    client.post(URL, facts(action="save", cohort=str(group.pk)))

    again = WorkbenchStory.objects.get()
    assert (again.pk, again.question_id) == (story.pk, story.question_id)
    assert again.status == WorkbenchStory.Status.COHORT
    filters = PracticeFilters(lang="en", game="riftbound")
    assert practice_question_next(user=member, filters=filters) == story.question


def test_the_removal_page_uses_few_queries(client, django_assert_max_num_queries) -> None:
    who = mentor()
    story = _saved_story(client, who, cohort(mentor=who))
    remove = reverse("workbench-retire", args=[story.pk])

    with django_assert_max_num_queries(8):
        assert client.post(remove).status_code == 200
    with django_assert_max_num_queries(14):
        assert client.post(remove, {"confirm": "1"}).status_code == 302


def _suggested_story(client: Any) -> tuple[WorkbenchStory, Any]:
    """A mentor's cohort story, suggested for the bank."""
    who = mentor()
    group = cohort(mentor=who, candidates=[candidate()])
    client.force_login(who)
    client.post(URL, facts(action="save", cohort=str(group.pk), player_2="Bea"))
    story = WorkbenchStory.objects.get()
    client.post(reverse("workbench-suggest", args=[story.pk]))
    return story, who


def test_rejecting_a_proposal_needs_a_reason_and_a_confirmation(client) -> None:
    """Walk 5, #9: Reject with an empty reason rejected at once, no confirmation, no undo."""
    story, _who = _suggested_story(client)
    client.force_login(committee_member())
    decide = reverse("workbench-decide", args=[story.pk])

    bare = client.post(decide, {"decision": "reject", "reason": "  "}, follow=True)
    story.refresh_from_db()
    assert story.status == WorkbenchStory.Status.PROPOSED
    assert "Say why you reject this story" in bare.content.decode()

    asked = client.post(decide, {"decision": "reject", "reason": "The remedy is unclear."})
    story.refresh_from_db()
    assert story.status == WorkbenchStory.Status.PROPOSED
    assert asked.status_code == 200
    page = asked.content.decode()
    assert "Reject this story?" in page
    assert "The remedy is unclear." in page
    assert 'name="confirm"' in page

    reason = "The remedy is unclear."
    client.post(decide, {"decision": "reject", "reason": reason, "confirm": "True"})
    story.refresh_from_db()
    assert (story.status, story.reason) == (WorkbenchStory.Status.REJECTED, reason)


def test_a_rejection_without_a_reason_is_refused_by_the_service_too(client) -> None:
    story, _who = _suggested_story(client)

    with pytest.raises(workbench.WorkbenchError) as refused:
        workbench.workbench_decide(story=story, accept=False, by=committee_member(), reason=" ")

    assert refused.value.code == "reason"
    story.refresh_from_db()
    assert story.status == WorkbenchStory.Status.PROPOSED


@pytest.mark.usefixtures("on_commit_now")
def test_the_mentor_learns_why_and_can_revise_and_suggest_a_rejected_story_again(
    client,
) -> None:
    story, who = _suggested_story(client)
    client.force_login(committee_member())
    client.post(
        reverse("workbench-decide", args=[story.pk]),
        {"decision": "reject", "reason": "Name the trigger's effect.", "confirm": "True"},
    )

    [sent] = mail.outbox  # e-mailed to the mentor, with the reason and the way back
    assert sent.to == [who.email]
    assert "rejected" in sent.subject
    assert "Name the trigger's effect." in sent.body
    assert f"/mentor/workbench/#story-{story.pk}" in sent.body

    client.force_login(who)
    page = client.get(URL).content.decode()
    assert "Name the trigger&#x27;s effect." in page
    assert f"{URL}?story={story.pk}" in page  # revise it
    revised = client.get(URL, {"story": story.pk})
    assert revised.context["form"].initial["player_2"] == "Bea"

    assert client.post(reverse("workbench-suggest", args=[story.pk])).status_code == 302
    story.refresh_from_db()
    assert story.status == WorkbenchStory.Status.PROPOSED
    client.force_login(committee_member())
    proposals = client.get(reverse("workbench-proposals")).content.decode()
    assert "Rejected before: Name the trigger&#x27;s effect." in proposals


def test_a_mentor_cannot_revise_another_mentors_story(client) -> None:
    story, _who = _suggested_story(client)
    client.force_login(mentor())

    page = client.get(URL, {"story": story.pk})

    assert page.context["form"].initial.get("player_2") != "Bea"


def test_rule_it_errors_do_not_say_nothing_was_saved(client) -> None:
    """Walk 5, #23: "Rule it" saves nothing; its errors were headed "Nothing was saved"."""
    client.force_login(mentor())

    ruled = client.post(URL, facts(event_2_by="3")).content.decode()
    saved = client.post(URL, facts(event_2_by="3", action="save")).content.decode()

    assert "Please correct this" in ruled
    assert "Nothing was saved" not in ruled
    assert "Nothing was saved" in saved


def _rejected_story(client: Any) -> tuple[WorkbenchStory, Any]:
    """A mentor's cohort story, suggested for the bank and rejected by the committee."""
    story, who = _suggested_story(client)
    client.force_login(committee_member())
    client.post(
        reverse("workbench-decide", args=[story.pk]),
        {"decision": "reject", "reason": "Name the trigger's effect.", "confirm": "True"},
    )
    story.refresh_from_db()
    client.force_login(who)
    return story, who


def test_revise_it_says_which_story_is_revised_and_why_it_was_rejected(client) -> None:
    story, _who = _rejected_story(client)
    assert story.cohort is not None
    name = story.cohort.display_name

    page = client.get(URL, {"story": story.pk}).content.decode()

    assert f"Revising a story saved for {name}" in page
    assert "Rejected by" in page
    assert "Name the trigger&#x27;s effect." in page
    assert f'name="revise" value="{story.pk}"' in page
    ruled = client.post(URL, facts(revise=str(story.pk), opl="professional")).content.decode()
    assert f"Save the revision for {name}" in ruled
    assert "Propose it for the question bank" not in ruled


def test_saving_a_revision_replaces_the_rejected_story_for_its_cohort(client) -> None:
    """Walk 6, #15: saving a revision made a second story; candidates got both versions."""
    story, who = _rejected_story(client)
    assert story.cohort is not None
    member = story.cohort.candidates.get()

    response = client.post(
        URL, facts(action="save", player_2="Bea", opl="professional", revise=str(story.pk))
    )

    assert response.status_code == 302
    revision = WorkbenchStory.objects.exclude(pk=story.pk).get()
    story.refresh_from_db()
    assert story.status == WorkbenchStory.Status.RETIRED
    assert story.reason == "Name the trigger's effect."  # the committee's word stays
    assert (revision.revises, revision.cohort, revision.author) == (story, story.cohort, who)
    assert revision.status == WorkbenchStory.Status.COHORT
    practised = Question.objects.exclude(workbench__in=WorkbenchStory.objects.hidden_from(member))
    assert practised.filter(pk=revision.question_id).exists()
    assert not practised.filter(pk=story.question_id).exists()  # one version, not both
    page = client.get(URL).content.decode()
    assert f'id="story-{story.pk}"' not in page
    assert "A revision of a story rejected before." in page


def test_the_committee_sees_that_a_suggested_story_revises_one_it_rejected(client) -> None:
    story, _who = _rejected_story(client)
    client.post(URL, facts(action="save", player_2="Bea", opl="professional", revise=str(story.pk)))
    revision = WorkbenchStory.objects.get(revises=story)
    client.post(reverse("workbench-suggest", args=[revision.pk]))

    client.force_login(committee_member())
    proposals = client.get(reverse("workbench-proposals")).content.decode()

    assert "A revision of a story rejected by" in proposals
    assert "Name the trigger&#x27;s effect." in proposals
    assert escape(story.question.stem) in proposals


def test_a_revision_telling_the_same_story_is_refused_and_saves_nothing(client) -> None:
    story, _who = _rejected_story(client)

    response = client.post(URL, facts(action="save", player_2="Bea", revise=str(story.pk)))

    assert response.status_code == 400
    assert "unchanged" in response.content.decode()
    story.refresh_from_db()
    assert story.status == WorkbenchStory.Status.REJECTED
    assert WorkbenchStory.objects.count() == 1


def test_a_mentor_cannot_revise_another_mentors_story_by_posting_it(client) -> None:
    story, _who = _rejected_story(client)
    other = mentor()
    group = cohort(mentor=other)
    client.force_login(other)

    client.post(URL, facts(action="save", cohort=str(group.pk), revise=str(story.pk)))

    story.refresh_from_db()
    assert story.status == WorkbenchStory.Status.REJECTED
    assert not WorkbenchStory.objects.filter(revises=story).exists()


def test_a_proposed_story_cannot_be_revised_by_the_service(client) -> None:
    story, who = _suggested_story(client)
    told = workbench.Story(situation={}, lang="en")

    with pytest.raises(workbench.WorkbenchError) as refused:
        workbench.workbench_revise(story=told, author=who, original=story)

    assert refused.value.code == "not_cohort"


def test_the_committee_overview_counts_the_proposed_questions_waiting(client) -> None:
    """Walk 7, #3: the overview counted reports, blueprints and certificates, not proposals."""
    _suggested_story(client)
    client.force_login(committee_member())

    page = client.get(reverse("committee")).content.decode()

    assert "1 proposed question waiting" in page
    assert reverse("workbench-proposals") in page


def test_the_mentor_dashboard_says_a_story_was_rejected_until_it_is_revised(client) -> None:
    """Walk 7, #3: the dashboard did not mention a rejected story."""
    story, _who = _rejected_story(client)

    page = client.get(reverse("mentor")).content.decode()

    assert "1 story rejected by the committee: revise it" in page
    client.post(URL, facts(action="save", player_2="Bea", opl="professional", revise=str(story.pk)))
    assert "rejected by the committee" not in client.get(reverse("mentor")).content.decode()


def test_the_mentor_dashboard_links_the_mentors_assignments(client) -> None:
    """Walk 7, #11: editing or cancelling an assignment was reachable only from the foot of
    the Assign form."""
    client.force_login(mentor())

    page = client.get(reverse("mentor")).content.decode()

    assert f'href="{reverse("assign")}#jobs-heading">Your assignments</a>' in page


def test_a_mentors_only_cohort_is_chosen_in_the_save_form(client) -> None:
    """Walk 10, #5: "Save ... for this cohort" failed with "Choose one of your cohorts"."""
    who = mentor()
    group = cohort(mentor=who)
    client.force_login(who)

    page = client.post(URL, facts(action="rule")).content.decode()

    select = re.search(r'<select name="cohort".*?</select>', page, re.S)
    assert select is not None
    assert f'<option value="{group.pk}" selected>' in select.group(0)
