import pytest
from django.urls import reverse
from django.utils.html import escape

from quizzes.bank.models.questions import Question
from quizzes.bank.services.bank import bank_store
from quizzes.practice.models import PracticeAnswer, TopicMastery
from rulings.core.grading import MAX_ANSWER_CHARS
from rulings.core.questions import build_question
from tests.factories import candidate, mentor, question, user
from tests.quizzes.factories_practice import RIGHT_ANSWER, banked

pytestmark = [pytest.mark.django_db]


def question_url(item, query=""):
    return reverse("practice-question", args=[item.pk]) + (f"?{query}" if query else "")


def answer_url(item, query=""):
    return reverse("practice-answer", args=[item.pk]) + (f"?{query}" if query else "")


@pytest.fixture
def student(client):
    person = candidate()
    client.force_login(person)
    return person


def test_the_start_page_offers_every_filter_with_the_interface_language_chosen(client):
    question(topics=["upgrades"])
    client.force_login(candidate(preferred_language="es"))

    response = client.get(reverse("practice"))

    html = response.content.decode()
    assert response.status_code == 200
    assert 'name="game"' in html
    assert 'type="checkbox" name="topics" value="upgrades"' in html
    assert 'type="checkbox" name="kinds" value="find_the_wrong_part"' in html
    assert 'name="weakest"' in html
    assert '<option value="es" selected>' in html


def test_starting_a_round_redirects_to_a_question_keeping_the_filters(client, student):
    item = question(language="es")

    response = client.get(reverse("practice-next"), {"lang": "es", "game": "riftbound"})

    assert response.status_code == 302
    assert response.url == question_url(item, "game=riftbound&lang=es")


def test_an_invalid_filter_re_renders_the_start_page_with_the_error(client, student):
    response = client.get(reverse("practice-next"), {"lang": "fr"})

    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()


def test_a_round_with_nothing_to_serve_says_so(client, student):
    question(for_exams=True, topics=["upgrades"])  # a known topic, but only in an exam

    response = client.get(reverse("practice-next"), {"lang": "en", "topics": "upgrades"})

    assert response.status_code == 200
    assert "No practice question fits these choices yet" in response.content.decode()


def test_an_unknown_topic_is_an_invalid_filter(client, student):
    response = client.get(reverse("practice-next"), {"lang": "en", "topics": "no-such-topic"})

    assert response.status_code == 400


def test_a_free_form_question_has_a_labelled_answer_field(client, student):
    item = question()

    response = client.get(question_url(item))

    html = response.content.decode()
    assert response.status_code == 200
    assert escape(item.stem) in html
    assert '<label for="id_response">Your ruling</label>' in html
    assert "<textarea" in html
    assert item.key_infraction not in html


def test_a_multiple_choice_question_offers_radio_buttons_and_no_key(client, student):
    item = banked(kind="multiple_choice")

    html = client.get(question_url(item)).content.decode()

    assert html.count('type="radio" name="response"') == len(item.options)
    assert "correct_option" not in html


def test_a_find_the_wrong_part_question_states_the_ruling_and_offers_the_parts(client, student):
    item = banked(kind="find_the_wrong_part")

    html = client.get(question_url(item)).content.decode()

    assert item.stated_ruling in html
    # Each part with what it may be corrected to (issue 27, point 2).
    for choice in item.part_corrections:
        assert f'value="{choice["part"]}:{choice["id"]}"' in html
    assert "The penalty is wrong; it should be:</summary>" in html  # one group per part


def test_answering_stores_it_and_shows_part_by_part_feedback_with_the_policy(client, student):
    item = question()

    response = client.post(answer_url(item, "lang=en"), {"response": RIGHT_ANSWER})

    answer = PracticeAnswer.objects.get(user=student)
    assert response.status_code == 303
    assert response.url == reverse("practice-feedback", args=[answer.pk]) + "?lang=en"
    html = client.get(response.url).content.decode()
    assert html.count("✓") == 3
    assert "Infraction: correct" in html
    assert "TR 702.2.f.2" in html
    statement = item.policy_version.statements.get(statement_id="tr-506.3.b")
    assert statement.text_en in html
    assert "Next question" in html
    assert TopicMastery.objects.filter(user=student).count() == 1


def test_a_wrong_part_is_marked_with_a_cross_and_the_expected_answer(client, student):
    item = question()

    typed = {"response": "Missed trigger, a warning."}

    response = client.post(answer_url(item), typed, follow=True)

    html = response.content.decode()
    assert "✗ Penalty: incorrect" in html
    assert "Expected: No penalty" in html


def test_feedback_names_the_key_in_the_pages_language_whatever_the_rounds(client, student):
    """Walk 4, #2: a Portuguese page showed the key and what was read in English (the
    question's language) beside a Portuguese paragraph; all of it reads in the page's."""
    item = question()  # an English question
    client.cookies["django_language"] = "pt-br"
    client.post(answer_url(item), {"response": "Missed trigger, warning, rewind"})
    answer = PracticeAnswer.objects.get()

    html = client.get(reverse("practice-feedback", args=[answer.pk])).content.decode()
    feedback = html[: html.index('id="explanation-heading"')]  # the explanation is the question's
    assert "Sem penalidade" in feedback
    assert "Habilidade Desencadeada Esquecida" in feedback
    assert "No penalty" not in feedback
    assert "Missed Trigger" not in feedback
    assert "Warning" not in feedback

    client.cookies["django_language"] = "en"
    english = client.get(reverse("practice-feedback", args=[answer.pk]) + "?lang=pt-BR")
    assert "No penalty" in english.content.decode()
    assert "Sem penalidade" not in english.content.decode()


@pytest.mark.parametrize("typed", ["", "x" * (MAX_ANSWER_CHARS + 1)], ids=["empty", "overlong"])
def test_an_invalid_free_form_answer_is_re_rendered_with_an_error_and_kept(client, student, typed):
    item = question()

    response = client.post(answer_url(item), {"response": typed})

    html = response.content.decode()
    assert response.status_code == 400
    assert 'role="alert"' in html
    assert typed in html
    assert not PracticeAnswer.objects.exists()


def test_an_unknown_option_is_refused_with_an_error(client, student):
    item = banked(kind="multiple_choice")

    response = client.post(answer_url(item), {"response": "Z"})

    assert response.status_code == 400
    assert "not one of this question" in response.content.decode()
    assert not PracticeAnswer.objects.exists()


def test_an_exam_question_is_neither_shown_nor_accepted(client, student):
    item = question(for_exams=True)

    shown = client.get(question_url(item))
    answered = client.post(answer_url(item), {"response": RIGHT_ANSWER})

    assert shown.status_code == answered.status_code == 404
    assert "not available for practice" in shown.content.decode()
    assert escape(item.stem) not in shown.content.decode()
    assert not PracticeAnswer.objects.exists()


def test_feedback_is_withdrawn_once_its_question_is_taken_into_an_exam(client, student):
    item = question()
    feedback_url = client.post(answer_url(item), {"response": RIGHT_ANSWER}).url
    Question.objects.filter(pk=item.pk).update(for_exams=True)

    response = client.get(feedback_url)

    assert response.status_code == 404
    assert "TR 702.2.f.2" not in response.content.decode()


def test_a_missing_question_is_not_found(client, student):
    assert client.get(reverse("practice-question", args=[999999])).status_code == 404


def test_someone_elses_feedback_is_not_found(client, student):
    other = candidate()
    client.force_login(other)
    client.post(answer_url(question()), {"response": RIGHT_ANSWER})
    answer = PracticeAnswer.objects.get(user=other)
    client.force_login(student)

    assert client.get(reverse("practice-feedback", args=[answer.pk])).status_code == 404


def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.get(reverse("practice"))

    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


@pytest.mark.parametrize("name", ["practice", "practice-next"])
def test_a_user_without_the_practise_permission_is_forbidden(client, name):
    client.force_login(user())

    assert client.get(reverse(name)).status_code == 403


def test_a_user_without_the_practise_permission_cannot_answer(client):
    client.force_login(user())

    response = client.post(answer_url(question()), {"response": RIGHT_ANSWER})

    assert response.status_code == 403
    assert not PracticeAnswer.objects.exists()


def test_mentors_practise_too(client):
    client.force_login(mentor())

    assert client.get(reverse("practice")).status_code == 200


def test_practice_pages_queries_are_bounded(client, student, django_assert_max_num_queries):
    item = question(topics=["a", "b", "c"])
    for index in range(5):
        question(topics=[f"topic-{index}"])

    with django_assert_max_num_queries(6):
        client.get(reverse("practice"))
    with django_assert_max_num_queries(8):
        client.get(reverse("practice-next"), {"lang": "en"})
    with django_assert_max_num_queries(7):
        client.get(question_url(item))
    # 15: the answer's service checks again that the question is not sealed for the user
    with django_assert_max_num_queries(15):
        response = client.post(answer_url(item), {"response": RIGHT_ANSWER})
    with django_assert_max_num_queries(9):
        client.get(response.url)


def test_a_wrong_choice_says_not_correct_without_a_score_above_correct_parts(client, student):
    item = banked(kind="multiple_choice")
    wrong = next(
        o["label"] for o in item.options if o["label"] != item.key_detail["correct_option"]
    )

    html = client.post(answer_url(item, "lang=en"), {"response": wrong}, follow=True)
    text = html.content.decode()

    assert "✗ Not correct" in text
    assert "Your score" not in text
    assert ": correct" not in text
    assert "the correct option is" in text


def test_explanation_and_cited_policy_are_one_section_with_a_disclosure(client, student):
    item = question()

    response = client.post(answer_url(item, "lang=en"), {"response": RIGHT_ANSWER}, follow=True)
    html = response.content.decode()

    assert "The policy it rests on" not in html
    assert "<summary>Full text of the sections cited</summary>" in html


def test_the_written_answers_help_asks_for_what_the_stem_asks(client, student):
    """UX walk 1, finding 6: the stem asked for the infraction and the penalty, the field for
    "the error, the penalty and the remedy"."""
    built = build_question("rb-other-game-errors", 0, "en", "free_form")
    no_remedy = bank_store(questions=[built])[0]
    with_remedy = question()

    without = client.get(question_url(no_remedy)).content.decode()
    with_it = client.get(question_url(with_remedy)).content.decode()

    assert "what penalty applies?" in no_remedy.stem or "and the penalty." in no_remedy.stem
    assert "State the error and the penalty, in your own words." in without
    assert "the remedy" not in without.split('id="id_response_helptext"')[1][:200]
    assert "State the error, the penalty and the remedy, in your own words." in with_it
