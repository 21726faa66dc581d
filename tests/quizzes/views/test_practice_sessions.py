"""Practice session pages: start, progress, leave and resume, feedback within a session, the
summary; keyboard help, the phone-friendly "Next question" and the option review."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from quizzes.practice import services as practice
from quizzes.practice.models import PracticeAnswer, PracticeSession, TopicMastery
from quizzes.practice.services import PracticeFilters, practice_session_start
from tests.factories import candidate, question
from tests.quizzes.factories_practice import RIGHT_ANSWER, banked

pytestmark = [pytest.mark.django_db]


@pytest.fixture
def student(client):
    person = candidate()
    client.force_login(person)
    return person


def start(client, **fields):
    return client.post(reverse("practice-sessions"), {"lang": "en", **fields})


def session_url(session):
    return reverse("practice-session", args=[session.pk])


def answer_shown(client, session, response=RIGHT_ANSWER):
    client.get(session_url(session))  # shows (picks) the question
    session.refresh_from_db()
    return client.post(
        session_url(session), {"question": session.current_question_id, "response": response}
    )


def test_the_start_page_offers_5_10_or_20_questions_with_10_and_due_topics_first(client, student):
    html = client.get(reverse("practice")).content.decode()

    for size in ("5", "10", "20", "0"):
        assert f'name="size" value="{size}"' in html
    assert re.search(r'name="size" value="10"[^>]*checked', html)
    assert re.search(r'name="weakest"[^>]*checked', html)
    assert f'action="{reverse("practice-sessions")}"' in html


def test_starting_a_session_leads_to_its_first_question_with_progress(client, student):
    question()

    response = start(client, size="5")

    session = PracticeSession.objects.get(user=student)
    assert response.status_code == 303
    assert response.url == session_url(session)
    page = client.get(response.url)
    assert page.status_code == 200
    assert "Question 1 of 5" in page.content.decode()
    assert '<progress max="5" value="0"' in page.content.decode()


def test_no_limit_goes_to_the_open_ended_round(client, student):
    slug = question().topics.get().slug

    response = start(client, size="0", topics=slug)

    assert response.status_code == 303
    assert response.url.startswith(reverse("practice-next") + "?")
    assert f"topics={slug}" in response.url
    assert not PracticeSession.objects.exists()


def test_an_invalid_size_shows_the_start_page_again(client, student):
    response = start(client, size="7")

    assert response.status_code == 400
    assert not PracticeSession.objects.exists()


def test_an_answer_leads_to_feedback_with_progress_and_back_to_the_session(client, student):
    question(topics=["a"])
    question(topics=["b"])
    start(client, size="5")
    session = PracticeSession.objects.get()

    response = answer_shown(client, session)

    stored = PracticeAnswer.objects.get()
    assert stored.session == session
    assert response.status_code == 303
    html = client.get(response.url).content.decode()
    assert "1 of 5 answered" in html
    assert f'href="{session_url(session)}"' in html
    assert "Question 2 of 5" in client.get(session_url(session)).content.decode()


def test_next_question_comes_right_after_the_verdict_and_again_at_the_end(client, student):
    question()
    start(client, size="5")
    feedback = client.get(answer_shown(client, PracticeSession.objects.get()).url)

    html = feedback.content.decode()
    first_next = html.index("Next question")
    assert first_next < html.index("The correct ruling") < html.index("Explanation")
    assert html.count("Next question") == 2
    assert 'data-shortcut="next"' in html


def test_a_posted_answer_to_a_stale_question_goes_back_to_the_session(client, student):
    question()
    start(client, size="5")
    session = PracticeSession.objects.get()
    client.get(session_url(session))
    session.refresh_from_db()
    shown = session.current_question_id
    client.post(session_url(session), {"question": shown, "response": RIGHT_ANSWER})

    again = client.post(session_url(session), {"question": shown, "response": RIGHT_ANSWER})

    assert again.status_code == 303
    assert again.url == session_url(session)
    assert PracticeAnswer.objects.count() == 1


def test_an_empty_answer_keeps_the_question_and_its_progress(client, student):
    question()
    start(client, size="5")
    session = PracticeSession.objects.get()
    client.get(session_url(session))

    response = answer_shown(client, session, response="")

    assert response.status_code == 400
    assert "Question 1 of 5" in response.content.decode()
    assert not PracticeAnswer.objects.exists()


def test_skip_shows_another_question_without_counting(client, student):
    question(topics=["a"])
    question(topics=["b"])
    start(client, size="5")
    session = PracticeSession.objects.get()
    client.get(session_url(session))
    session.refresh_from_db()

    response = client.post(
        session_url(session), {"question": session.current_question_id, "skip": "1"}
    )

    assert response.status_code == 303
    session.refresh_from_db()
    assert session.answered == 0
    assert session.current_question is None


def test_a_session_left_is_offered_for_resuming_on_practice_and_home(client, student):
    question()
    start(client, size="10")
    session = PracticeSession.objects.get()
    answer_shown(client, session)

    practice = client.get(reverse("practice")).content.decode()
    home = client.get("/").content.decode()

    for html in (practice, home):
        assert "Resume the session" in html
        assert f'href="{session_url(session)}"' in html
    assert "1 of 10 questions answered" in practice


def test_the_last_answer_leads_to_the_summary(client, student):
    for index in range(6):
        question(topics=[f"topic-{index}"])
    start(client, size="5")
    session = PracticeSession.objects.get()
    for _index in range(5):
        client.get(session_url(session))
        feedback_url = answer_shown(client, session, response="Cheating.").url

    feedback = client.get(feedback_url).content.decode()
    assert "See the session summary" in feedback
    summary = client.get(session_url(session))
    html = summary.content.decode()
    assert summary.status_code == 200
    assert "Session summary" in html
    assert "Your score: 0%" in html
    assert "By part of the ruling" in html
    assert "What to review next" in html
    assert "Start another session" in html
    assert "Practise these topics: 5 questions" in html


def test_another_users_session_is_not_found(client, student):
    other = practice_session_start(user=candidate(), size=5, filters=PracticeFilters())

    assert client.get(session_url(other)).status_code == 404
    assert client.post(session_url(other), {"response": "x"}).status_code == 404


def test_choice_questions_list_the_keyboard_shortcuts(client, student):
    item = banked(kind="multiple_choice")

    html = client.get(reverse("practice-question", args=[item.pk])).content.decode()

    count = len(item.options)
    assert f"Keyboard: 1-{count} or A-{'ABCDEFGHI'[count - 1]} choose an option" in html
    assert 'data-shortcuts="answer"' in html
    assert "practice_keys.js" in html


def test_a_free_form_question_says_ctrl_enter_checks_and_the_rest_are_off(client, student):
    item = question()

    html = client.get(reverse("practice-question", args=[item.pk])).content.decode()

    assert "Ctrl+Enter checks your ruling; the other shortcuts are off while you type it" in html


def test_a_wrong_choice_says_why_each_wrong_option_is_wrong(client, student):
    item = banked(kind="multiple_choice")
    wrong = next(
        o["label"] for o in item.options if o["label"] != item.key_detail["correct_option"]
    )
    response = client.post(reverse("practice-answer", args=[item.pk]), {"response": wrong})

    html = client.get(response.url).content.decode()

    assert "Why each option is right or wrong" in html
    assert "(your choice)" in html
    assert "this option says" in html
    assert "the correct ruling has" in html


def test_mastery_reads_not_enough_answers_after_one_answer(client, student):
    item = question()
    response = client.post(reverse("practice-answer", args=[item.pk]), {"response": RIGHT_ANSWER})

    html = client.get(response.url).content.decode()

    assert "not enough answers yet (1 of 3)" in html
    assert "Mastery needs evidence" in html
    assert TopicMastery.objects.get().answered == 1


def test_session_pages_queries_are_bounded(client, student, django_assert_max_num_queries):
    for index in range(6):
        question(topics=[f"topic-{index}", "shared"])
    start(client, size="5")
    session = PracticeSession.objects.get()
    client.get(session_url(session))

    with django_assert_max_num_queries(10):
        client.get(session_url(session))  # the same question again: no pick
    session.refresh_from_db()
    shown = {"question": session.current_question_id, "response": RIGHT_ANSWER}
    with django_assert_max_num_queries(16):
        feedback_url = client.post(session_url(session), shown).url
    with django_assert_max_num_queries(11):
        client.get(feedback_url)
    for _index in range(4):
        client.get(session_url(session))
        answer_shown(client, session)
    with django_assert_max_num_queries(8):
        client.get(session_url(session))  # the summary


def test_the_summary_names_each_answer_by_its_topics_and_situation(client, student):
    """UX walk 1, finding 4: "Your answers" listed five identical "Feedback (33%)" links."""
    question(topics=["scoring"], stem="Yuki forgot to score the battlefield.")
    question(topics=["cheating"], stem="Rafael hid a card under his deck box.")
    start(client, size="5")
    session = PracticeSession.objects.get()
    for _index in range(2):
        answer_shown(client, session, response="Cheating.")
    PracticeSession.objects.filter(pk=session.pk).update(finished_at=timezone.now())

    html = client.get(session_url(session)).content.decode()

    assert "Question 2: " in html
    assert "Question 1: Scoring points" in html or "Question 2: Scoring points" in html
    assert "Yuki forgot to score the battlefield." in html
    assert "Rafael hid a card under his deck box." in html
    assert "Feedback (" not in html


def test_a_session_out_of_situations_ends_early_and_its_summary_says_why(
    client, student, monkeypatch
):
    monkeypatch.setattr(practice, "_generate", lambda **_kw: None)
    question(topics=["scoring"])
    start(client, size="5")
    session = PracticeSession.objects.get()
    answer_shown(client, session)

    response = client.get(session_url(session), follow=True)

    html = response.content.decode()
    assert "Session summary" in html
    assert "every situation that fits its choices was already shown" in html
