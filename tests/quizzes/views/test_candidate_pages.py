"""What candidates read on the exam and practice pages: grades that do not contradict
themselves, translated words and names, dates in their own zone, one register per language."""

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone

from quizzes.bank.models.questions import QuestionKind
from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.exams.services import exams
from quizzes.grading import feedback_in, grade_response
from tests.factories import BlueprintFactory, CohortFactory, assignment, candidate, mentor, question
from tests.quizzes.factories_practice import mastery

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


@pytest.fixture
def student(client):
    user = candidate(time_zone="America/Sao_Paulo")
    client.force_login(user)
    return user


def graded_attempt(student, answers):
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    items = {item.question.kind: item for item in attempt.items.select_related("question")}
    responses = {
        items[kind].position: exams.Answer(text, items[kind].revision)
        for kind, text in answers.items()
    }
    exams.attempt_submit(attempt=attempt, responses=responses)
    attempt.refresh_from_db()
    return attempt, items


def test_a_wrong_choice_reads_not_correct_without_a_contradicting_part_list(client, student):
    attempt, items = graded_attempt(student, {})
    choice = items[QuestionKind.MULTIPLE_CHOICE]
    wrong = next(
        option["label"]
        for option in choice.question.options
        if option["label"] != choice.question.key_detail["correct_option"]
    )
    AttemptItem.objects.filter(pk=choice.pk).update(response=wrong, score=0.0)

    html = client.get(reverse("exam-result", args=[attempt.pk])).content.decode()

    section = html.split(f'id="r{choice.position}"')[1].split("</section>")[0]
    assert "✗ Not correct" in section
    assert "the correct option is" in section
    # No percentage score line and no part table (a policy term such as "Forgetting to Score a
    # Point" may appear in the options, so the markup is checked, not the word).
    assert "<strong>Score:</strong>" not in section
    assert 'class="grade"' not in section


def test_find_the_wrong_part_result_names_the_wrong_part_in_words(client, student):
    attempt, items = graded_attempt(student, {QuestionKind.FIND_THE_WRONG_PART: "penalty"})
    wrong_part = items[QuestionKind.FIND_THE_WRONG_PART]

    client.cookies["django_language"] = "es"
    html = client.get(reverse("exam-result", args=[attempt.pk])).content.decode()

    section = html.split(f'id="r{wrong_part.position}"')[1].split("</section>")[0]
    assert "✓ right" not in section
    assert "<td>right</td>" not in section
    assert "la parte incorrecta es:" in section


def test_a_committee_grade_is_not_called_the_mentors(client, student):
    attempt, items = graded_attempt(student, {})
    item = items[QuestionKind.FREE_FORM]
    AttemptItem.objects.filter(pk=item.pk).update(
        override_score=1.0, override_reason="Fine", override_role="committee"
    )

    html = client.get(reverse("exam-result", args=[attempt.pk])).content.decode()

    assert "Committee's grade" in html
    assert "Mentor's grade" not in html


def test_a_result_being_graded_updates_by_itself(client, student):
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    Attempt.objects.filter(pk=attempt.pk).update(
        status=Attempt.Status.SUBMITTED, closure=Attempt.Closure.SUBMITTED
    )

    html = client.get(reverse("exam-result", args=[attempt.pk])).content.decode()

    assert "data-refresh-after" in html
    assert "Reload this page" not in html


def test_exam_times_are_in_the_users_zone_named_and_counted_in_words(client, student):
    closes = (timezone.now() + timedelta(days=2)).replace(minute=30, second=0, microsecond=0)
    assignment(
        candidate=student,
        blueprint=BlueprintFactory(
            name="Demo",
            time_limit_minutes=1,
            composition=[{"topic": None, "kind": "free_form", "count": 1}],
        ),
        closes_at=closes,
    )

    html = client.get(reverse("exams")).content.decode()

    assert "1 question," in html
    assert "1 minute," in html
    assert "1 attempt left" in html
    assert "1 questions" not in html
    local = timezone.localtime(closes, timezone=ZoneInfo("America/Sao_Paulo"))
    # 24-hour time and the zone's name, never a bare offset such as "-03" (issue 29)
    assert f"{local.day}, {local.year}, {local:%H:%M} São Paulo (UTC\u22123)" in html
    assert "America/Sao_Paulo" not in html  # readable, never the raw IANA id (walk 4, #3)
    assert "(-03)" not in html
    assert " -03<" not in html
    assert " UTC<" not in html  # shown in the zone chosen, not in UTC


def test_demo_names_are_translated(client, student):
    CohortFactory(name="Demo cohort", mentor=mentor(), candidates=[student])
    client.cookies["django_language"] = "pt-br"

    html = client.get(reverse("home")).content.decode()

    assert "Turma de demonstração" in html


def test_a_topic_past_its_review_date_is_due_now(client, student):
    mastery(student, "missed_trigger", level=0.4, due_in=timedelta(minutes=-5))
    mastery(student, "rewind", level=0.9, due_in=timedelta(days=2))

    html = client.get(reverse("home")).content.decode()

    assert "1 topic due now" in html
    assert "due now" in html
    assert "topics=missed_trigger" in html
    assert "0 minutes" not in html
    assert "practice/next?lang=en&amp;topics=rewind" in html  # practise one topic from the table


def test_grader_sentences_follow_the_page_language_not_the_attempts():
    item = question(language="en")

    grade = grade_response(item, "Missed trigger, a warning", lang="en")

    spanish = feedback_in(item, grade, "es")
    assert spanish != grade["feedback"]
    assert feedback_in(item, grade, "en") == grade["feedback"]


def test_practice_topics_are_sorted_and_grouped_by_game(client, student):
    html = client.get(reverse("practice"), {"game": "mtg"}).content.decode()

    assert "Topics of both games" in html
    assert 'data-game="riftbound" hidden' in html
    assert 'data-game="mtg">' in html
    assert html.index("Start practising") < html.index("Topics of both games")


def test_spanish_login_errors_use_tu_like_the_interface(client):
    client.logout()
    client.cookies["django_language"] = "es"

    html = client.post(reverse("login"), {"username": "x@example.com", "password": "no"})
    text = html.content.decode()

    assert "Introduce un" in text
    assert "introduzca" not in text.lower()


def test_the_submit_summary_uses_a_bounded_number_of_queries(
    client, student, django_assert_max_num_queries
):
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    data = {f"item-{n}": "" for n in range(1, 5)} | {f"revision-{n}": "0" for n in range(1, 5)}

    with django_assert_max_num_queries(20):
        response = client.post(reverse("exam-submit", args=[attempt.pk]), data)

    assert "4 questions are unanswered" in response.content.decode()


def test_the_home_page_with_masteries_uses_a_bounded_number_of_queries(
    client, student, django_assert_max_num_queries
):
    for slug in ("missed_trigger", "rewind", "cheating", "accountability"):
        mastery(student, slug, level=0.5, due_in=timedelta(hours=-1))

    with django_assert_max_num_queries(11):
        html = client.get(reverse("home")).content.decode()

    assert "4 topics due now" in html
