"""The what-if explorer on practice feedback and exam results (issue 30, point 4): the deciding
facts of the question answered, each a permalink to the story with that fact changed; for the
candidate who answered (an exam once its keys are released), their mentors and the committee;
never while an exam is in progress."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from quizzes.practice.models import PracticeAnswer
from rulings.core.questions.build import scenario
from tests.factories import candidate, cohort, committee_member, mentor, question
from tests.quizzes.sealing import GRADED, IN_PROGRESS, SUBMITTED, sitting

pytestmark = pytest.mark.django_db

TEMPLATE = "rb-trigger-intent"  # seed 5: a deliberate miss; its facts are intent, may/must, impact


def story():
    sc = scenario(TEMPLATE, 5)
    return question(situation=sc.situation, template_id=TEMPLATE, stem="STORY-STEM")


def practice_answer(who, item=None):
    item = item or story()
    return PracticeAnswer.objects.create(
        user=who, question=item, response="Cheating, DQ", grade={"parts": {}}, score=0.0
    )


def practice_url(answer, fact=None):
    if fact is None:
        return reverse("whatif-practice", args=[answer.pk])
    return reverse("whatif-practice-fact", args=[answer.pk, fact])


def exam_url(attempt, fact="optional", position=1):
    return reverse("whatif-exam-fact", args=[attempt.pk, position, fact])


def test_the_feedback_page_lists_the_deciding_facts_as_links(client):
    person = candidate()
    answer = practice_answer(person)
    client.force_login(person)

    html = client.get(reverse("practice-feedback", args=[answer.pk])).content.decode()

    assert "What if?" in html
    assert "the ability says must" in html
    assert "the ability says may" in html
    assert f'href="{practice_url(answer, "optional")}"' in html
    assert 'aria-live="polite"' in html
    assert html.count("quizzes/whatif.js") == 1


def test_a_permalink_shows_the_changed_ruling_without_javascript(client):
    person = candidate()
    answer = practice_answer(person)
    client.force_login(person)

    response = client.get(practice_url(answer, "intent_none"))

    html = response.content.decode()
    assert response.status_code == 200
    assert "STORY-STEM" in html
    assert '<mark><span class="visually-hidden">Changed: </span>Missed Trigger</mark>' in html
    assert "was: Cheating" in html
    assert "was: Disqualification" in html
    assert "[TR 702.2]" in html
    assert "No longer applies:" in html
    assert 'aria-current="true"' in html


def test_the_partial_variant_is_only_the_ruling(client):
    person = candidate()
    answer = practice_answer(person)
    client.force_login(person)

    html = client.get(practice_url(answer, "optional") + "?partial=1").content.decode()

    assert "<html" not in html
    assert "STORY-STEM" not in html
    assert 'data-fact="optional"' in html
    assert practice_url(answer, "optional") in html  # its permalink


def test_the_explorer_speaks_the_pages_language(client):
    person = candidate(preferred_language="pt-br")
    answer = practice_answer(person)
    client.force_login(person)

    html = client.get(practice_url(answer, "optional")).content.decode()

    assert "a habilidade diz que é obrigatória" in html
    assert "a habilidade diz “pode”" in html


def test_a_fact_that_does_not_decide_the_question_is_not_found(client):
    person = candidate()
    answer = practice_answer(person)
    client.force_login(person)

    assert client.get(practice_url(answer, "opl_casual")).status_code == 404
    assert client.get(practice_url(answer, "no-such-fact")).status_code == 404


def test_another_candidates_answer_is_not_found(client):
    answer = practice_answer(candidate())
    client.force_login(candidate())

    assert client.get(practice_url(answer, "optional")).status_code == 404


def test_the_candidates_mentor_and_the_committee_may_explore_it(client):
    person = candidate()
    answer = practice_answer(person)
    group = cohort(candidates=[person])

    for viewer in (group.mentor, committee_member()):
        client.force_login(viewer)
        assert client.get(practice_url(answer, "optional")).status_code == 200


def test_another_cohorts_mentor_may_not(client):
    answer = practice_answer(candidate())
    client.force_login(mentor())

    assert client.get(practice_url(answer, "optional")).status_code == 404


def test_a_question_sealed_by_an_exam_in_progress_is_not_explored(client):
    person = candidate()
    item = story()
    answer = practice_answer(person, item)
    sitting(person, [item], status=IN_PROGRESS)
    client.force_login(person)

    assert client.get(practice_url(answer, "optional")).status_code == 404


def test_a_released_exam_result_offers_the_explorer_per_question(client):
    person = candidate()
    attempt = sitting(person, [story(), story()], status=GRADED)
    client.force_login(person)

    html = client.get(reverse("exam-result", args=[attempt.pk])).content.decode()

    assert html.count('<h3 id="whatif-') == 2
    assert exam_url(attempt, position=2) in html
    assert client.get(exam_url(attempt, position=2)).status_code == 200


@pytest.mark.parametrize("status", [IN_PROGRESS, SUBMITTED])
def test_an_exam_not_graded_is_never_explored_by_anyone(client, status):
    person = candidate()
    attempt = sitting(person, [story()], status=status)
    group = cohort(candidates=[person])

    for viewer in (person, group.mentor, committee_member()):
        client.force_login(viewer)
        assert client.get(exam_url(attempt)).status_code == 404


def test_an_exam_whose_keys_are_not_released_is_not_explored_by_its_candidate(client):
    person = candidate()
    attempt = sitting(person, [story()], status=GRADED, review_policy="never")
    group = cohort(candidates=[person])
    client.force_login(person)

    html = client.get(reverse("exam-result", args=[attempt.pk])).content.decode()

    assert "What if?" not in html
    assert client.get(exam_url(attempt)).status_code == 404
    client.force_login(group.mentor)
    assert client.get(exam_url(attempt)).status_code == 200


def test_anonymous_visitors_are_sent_to_log_in(client):
    answer = practice_answer(candidate())

    response = client.get(practice_url(answer, "optional"))

    assert response.status_code == 302
    assert reverse("login") in response.url


def test_a_permalink_takes_a_bounded_number_of_queries(client, django_assert_max_num_queries):
    person = candidate()
    answer = practice_answer(person)
    client.force_login(person)
    client.get(practice_url(answer, "optional"))  # warm the session and the caches

    with django_assert_max_num_queries(8):
        assert client.get(practice_url(answer, "optional")).status_code == 200


def test_the_explorer_adds_no_query_per_question_to_the_result(client):
    person = candidate()
    one = sitting(person, [story()], status=GRADED)
    three = sitting(person, [story(), story(), story()], status=GRADED)
    client.force_login(person)
    client.get(reverse("exam-result", args=[one.pk]))

    counts = []
    for attempt in (one, three):
        with CaptureQueriesContext(connection) as captured:
            client.get(reverse("exam-result", args=[attempt.pk]))
        counts.append(len(captured))

    assert counts[0] == counts[1]


def corrected_story():
    """A story whose key the committee corrected (walk 3, #16): the stored key is no longer
    the engine's ruling of the story."""
    item = story()
    item.key_remedy = "opponent_chooses_resolve_or_skip"
    item.save(update_fields=["key_remedy"])
    return item


def test_a_corrected_key_is_not_contradicted_by_the_explorer(client):
    person = candidate()
    answer = practice_answer(person, corrected_story())
    client.force_login(person)

    html = client.get(practice_url(answer)).content.decode()

    assert "The committee corrected this question" in html
    assert "the ability says may" not in html
    assert "(unchanged)" not in html


def test_a_permalink_of_a_corrected_question_shows_no_variant(client):
    person = candidate()
    answer = practice_answer(person, corrected_story())
    client.force_login(person)

    response = client.get(practice_url(answer, "intent_none"))

    html = response.content.decode()
    assert response.status_code == 200
    assert "The committee corrected this question" in html
    assert "was: Cheating" not in html


def test_the_feedback_of_a_corrected_question_says_why_there_is_no_explorer(client):
    person = candidate()
    answer = practice_answer(person, corrected_story())
    client.force_login(person)

    html = client.get(reverse("practice-feedback", args=[answer.pk])).content.decode()

    assert "The committee corrected this question" in html
    assert f'href="{practice_url(answer, "optional")}"' not in html
