import pytest

from quizzes.models import Question
from quizzes.services.bank import bank_store, bank_store_ids
from rulings.core import questions as generator

pytestmark = pytest.mark.django_db


def generated(count: int, seed: int = 7) -> list[generator.Question]:
    return generator.generate_questions(
        game="mtg", lang="en", kind="free_form", count=count, seed=seed
    )


def test_store_ids_returns_the_ids_in_input_order_and_reuses_banked_questions():
    questions = generated(4)
    banked = bank_store(questions=questions[:2])

    ids = bank_store_ids(questions=questions, for_exams=True)

    rows = Question.objects.in_bulk(ids)
    assert ids[:2] == [question.pk for question in banked]
    assert [rows[pk].content_hash for pk in ids] == [q.content_hash for q in questions]
    assert Question.objects.count() == 4


def test_store_ids_flags_only_the_new_rows_as_asked_and_links_their_topics():
    questions = generated(3)
    practice = bank_store(questions=questions[:1])[0]

    ids = bank_store_ids(questions=questions, for_exams=True)

    flags = dict(Question.objects.values_list("pk", "for_exams"))
    assert flags[practice.pk] is False  # already banked: left as it was
    assert [flags[pk] for pk in ids[1:]] == [True, True]
    new = Question.objects.get(pk=ids[2])
    assert sorted(new.topics.values_list("slug", flat=True)) == sorted(questions[2].topics)
    assert (new.key_infraction, new.stem) == (questions[2].key.infraction, questions[2].stem)


def test_storing_the_same_questions_twice_adds_nothing():
    questions = generated(3)

    first = bank_store_ids(questions=questions)
    again = bank_store_ids(questions=questions)

    assert first == again
    assert Question.objects.count() == 3
