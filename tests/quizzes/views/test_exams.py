from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams, variants
from tests.factories import BlueprintFactory, assignment, candidate, mentor, user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


@pytest.fixture
def student(client):
    user = candidate()
    client.force_login(user)
    return user


def test_the_exam_list_groups_open_upcoming_and_closed_exams(
    client, student, django_assert_max_num_queries
):
    now = timezone.now()
    assignment(candidate=student, blueprint=BlueprintFactory(name="Open one"))
    assignment(
        candidate=student,
        blueprint=BlueprintFactory(name="Later one"),
        opens_at=now + timedelta(days=1),
        closes_at=now + timedelta(days=2),
    )
    assignment(
        candidate=student,
        blueprint=BlueprintFactory(name="Old one"),
        opens_at=now - timedelta(days=2),
        closes_at=now - timedelta(days=1),
    )

    with django_assert_max_num_queries(8):
        html = client.get(reverse("exams")).content.decode()

    assert html.index("Open one") < html.index("Later one") < html.index("Old one")
    assert html.count("Start the exam") == 1


def test_starting_an_exam_opens_the_attempt_page_with_labelled_answers(client, student):
    job = assignment(candidate=student)

    response = client.post(reverse("exam-start", args=[job.pk]), follow=True)

    html = response.content.decode()
    attempt = Attempt.objects.get()
    assert response.redirect_chain[-1][0] == reverse("exam-attempt", args=[attempt.pk])
    assert '<label for="answer-1">' in html
    assert 'id="time-left"' in html
    assert "key_detail" not in html


def test_an_exam_prepared_in_english_starts_from_the_spanish_site_and_says_so(client, student):
    """Walk 5, #16: the start page names the questions' language; the start sits the
    prepared variant, not one drawn again in the page's language."""
    now = timezone.now()
    prepared = variants.assignment_create(
        blueprint=BlueprintFactory(), candidate=student, opens_at=now,
        closes_at=now + timedelta(days=1),
    )  # fmt: skip
    ready = Attempt.all_objects.get(assignment=prepared)
    spanish = {"HTTP_ACCEPT_LANGUAGE": "es"}

    page = client.get(reverse("exam-start", args=[prepared.pk]), **spanish).content.decode()
    started = client.post(reverse("exam-start", args=[prepared.pk]), **spanish)

    assert "English: " in page
    assert started["Location"] == reverse("exam-attempt", args=[ready.pk])
    assert Attempt.objects.get().language == "en"


def test_the_attempt_page_never_shows_the_key(client, student):
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")

    html = client.get(reverse("exam-attempt", args=[attempt.pk])).content.decode()

    fieldsets = {
        int(chunk.split('data-position="')[1].split('"')[0]): chunk
        for chunk in html.split("<fieldset")[1:]
    }
    for item in attempt.items.select_related("question"):
        assert item.question.explanation not in html
        if item.question.kind == "free_form":  # a multiple-choice key is one of its options
            assert item.question.key_detail["key_text"] not in fieldsets[item.position]


def test_the_attempt_page_queries_are_bounded(client, student, django_assert_num_queries):
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")

    # Session, user, permission, the attempt, its items, its stored questions.
    with django_assert_num_queries(6):
        client.get(reverse("exam-attempt", args=[attempt.pk]))


def test_saving_without_javascript_keeps_every_answer(client, student):
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")

    client.post(
        reverse("exam-save", args=[attempt.pk]),
        {"item-1": "Missed trigger", "revision-1": "0", "item-2": "GRV", "revision-2": "0"},
    )

    assert dict(attempt.items.values_list("position", "response"))[1] == "Missed trigger"
    assert dict(attempt.items.values_list("position", "response"))[2] == "GRV"


def test_submitting_shows_the_result_with_part_by_part_grades(client, student):
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")

    response = client.post(
        reverse("exam-submit", args=[attempt.pk]),
        {"item-1": "Missed trigger", "revision-1": "0", "confirm": "1"},
        follow=True,
    )

    html = response.content.decode()
    assert response.redirect_chain[-1][0] == reverse("exam-result", args=[attempt.pk])
    assert "Score" in html
    assert "Key and explanation" in html


def test_after_the_deadline_the_attempt_page_sends_the_candidate_to_the_result(client, student):
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    Attempt.objects.filter(pk=attempt.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    response = client.get(reverse("exam-attempt", args=[attempt.pk]), follow=True)

    assert response.redirect_chain[-1][0] == reverse("exam-result", args=[attempt.pk])
    assert "closed at its deadline" in response.content.decode()


def test_a_late_no_javascript_save_is_refused_with_a_message(client, student):
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    Attempt.objects.filter(pk=attempt.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    response = client.post(
        reverse("exam-save", args=[attempt.pk]), {"item-1": "late", "revision-1": "0"}, follow=True
    )

    assert "time for this exam is over" in response.content.decode()
    assert attempt.items.get(position=1).response == ""


def test_a_withdrawn_question_offers_no_appeal(client, student):
    """Walk 5, #19: a question that no longer counts still offered "Appeal this grade"."""
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    exams.attempt_submit(attempt=attempt)
    attempt.items.exclude(position=1).update(withdrawn=True)

    html = client.get(reverse("exam-result", args=[attempt.pk])).content.decode()

    assert html.count("Appeal this grade") == 1  # the question still counting


def test_the_result_hides_keys_until_the_exam_closes_when_the_policy_says_so(client, student):
    job = assignment(candidate=student, blueprint=BlueprintFactory(review_policy="after_close"))
    attempt = exams.attempt_start(assignment=job, language="en")
    exams.attempt_submit(attempt=attempt)

    html = client.get(reverse("exam-result", args=[attempt.pk])).content.decode()

    assert "Keys and explanations are shown after the exam closes" in html
    assert "Key and explanation" not in html
    assert "Appeal this grade" not in html  # walk 4, #19: no grade shown to appeal


def test_an_appeal_from_the_result_page_is_recorded(client, student):
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    exams.attempt_submit(attempt=attempt)

    response = client.post(
        reverse("exam-appeal", args=[attempt.pk, 1]), {"comment": "Please look again."}, follow=True
    )

    assert "Your appeal was sent" in response.content.decode()
    assert attempt.items.get(position=1).appeal.comment == "Please look again."


def test_another_candidates_attempt_is_not_found(client, student):
    other = exams.attempt_start(assignment=assignment(), language="en")

    assert client.get(reverse("exam-attempt", args=[other.pk])).status_code == 404
    assert client.get(reverse("exam-result", args=[other.pk])).status_code == 404
    assert client.post(reverse("exam-submit", args=[other.pk])).status_code == 404


def test_exam_pages_need_the_candidate_capability(client):
    client.force_login(mentor())  # mentors may practise too: they have the capability
    assert client.get(reverse("exams")).status_code == 200

    client.force_login(user())
    assert client.get(reverse("exams")).status_code == 403


def test_the_result_shows_the_chosen_option_and_part_in_words(client, student):
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    items = {item.question.kind: item for item in attempt.items.select_related("question")}
    option = items["multiple_choice"].question.options[1]
    responses = {
        items["multiple_choice"].position: exams.Answer(option["label"], 0),
        items["find_the_wrong_part"].position: exams.Answer("penalty", 0),
    }
    exams.attempt_submit(attempt=attempt, responses=responses)

    html = client.get(reverse("exam-result", args=[attempt.pk])).content.decode()

    assert f"{option['label']}. {option['text']}" in html
    assert "The penalty" in html


def test_an_unanswered_wrong_part_question_says_what_the_part_should_be(client, student):
    """UX walk 1, finding 9: "the wrong part is: The infraction." and nothing more."""
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    exams.attempt_submit(attempt=attempt, responses={})
    item = attempt.items.select_related("question").get(question__kind="find_the_wrong_part")
    detail = item.question.key_detail

    html = client.get(reverse("exam-result", args=[attempt.pk])).content.decode()

    assert f"it should be: {detail['correct_text']}." in html


def test_submit_first_saves_and_shows_a_summary_with_the_unanswered_and_flagged_questions(
    client, student
):
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    flagged = attempt.items.get(position=4)
    flagged.attempt = attempt
    exams.attempt_item_flag(item=flagged, flagged=True, base_revision=0)  # e.g. on a phone

    response = client.post(
        reverse("exam-submit", args=[attempt.pk]),
        {"item-1": "Missed trigger", "revision-1": "0"},
    )

    html = response.content.decode()
    assert response.status_code == 200
    assert "Submit the exam?" in html
    assert "3 questions are unanswered" in html
    summary = html[html.index("Flagged for review") :]
    assert f'{reverse("exam-attempt", args=[attempt.pk])}#q4">Question 4</a>' in summary
    assert "#q1" not in summary
    attempt.refresh_from_db()
    assert attempt.status == Attempt.Status.IN_PROGRESS
    assert attempt.items.get(position=1).response == "Missed trigger"

    client.post(reverse("exam-submit", args=[attempt.pk]), {"confirm": "1"})

    attempt.refresh_from_db()
    assert attempt.status != Attempt.Status.IN_PROGRESS
    assert attempt.items.get(position=1).response == "Missed trigger"


def test_an_open_attempt_is_continued_not_started_again(client, student):
    job = assignment(candidate=student, max_attempts=3)
    exams.attempt_start(assignment=job, language="en")

    html = client.get(reverse("exams")).content.decode()

    assert "continue" in html
    assert "Start another attempt" not in html


def test_the_result_says_the_mentor_closed_the_exam_early_when_that_closed_it(client, student):
    """Walk 10, #8: the result said "closed at its deadline" after a mentor's early close."""
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    Attempt.objects.filter(pk=attempt.pk).update(
        deadline=timezone.now() - timedelta(seconds=1), deadline_changed_at=timezone.now()
    )

    response = client.get(reverse("exam-attempt", args=[attempt.pk]), follow=True)

    html = response.content.decode()
    assert "Your mentor moved the closing time earlier: the exam closed at" in html
    assert "closed at its deadline" not in html


def test_a_withdrawn_questions_score_says_it_is_not_counted(client, student):
    """Walk 10, #4: the withdrawal showed only below the key, not beside the score."""
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    client.post(
        reverse("exam-submit", args=[attempt.pk]),
        {"item-1": "Missed trigger", "revision-1": "0", "confirm": "1"},
    )
    attempt.items.filter(position=1).update(withdrawn=True)

    html = client.get(reverse("exam-result", args=[attempt.pk])).content.decode()

    assert "withdrawn by the committee: not counted" in html
