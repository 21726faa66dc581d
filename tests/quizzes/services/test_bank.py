import pytest

from quizzes.bank.models.questions import Question
from quizzes.bank.services.bank import bank_store, bank_store_ids
from quizzes.grading import expected_for_question
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


def test_a_question_banked_by_another_run_meanwhile_is_reused_not_duplicated(monkeypatch):
    from quizzes.bank.services import bank

    questions = generated(3)
    real = bank._insert

    def other_run_first(fresh, for_exams):
        real(questions[1:2], False)  # another run banks one between the read and the insert
        return real(fresh, for_exams)

    monkeypatch.setattr(bank, "_insert", other_run_first)
    ids = bank_store_ids(questions=questions, for_exams=True)

    assert Question.objects.count() == 3
    assert ids[1] == Question.objects.get(content_hash=questions[1].content_hash).pk
    assert len(set(ids)) == 3


def test_a_stored_row_holds_what_the_generator_made_and_the_field_defaults():
    question = generated(1, seed=11)[0]

    row = Question.objects.get(pk=bank_store_ids(questions=[question])[0])

    assert (row.stem, row.situation, row.ruling) == (
        question.stem,
        question.situation,
        question.ruling,
    )
    assert row.key_detail["key_text"] == question.key_text
    assert row.options == [{"label": o.label, "text": o.text} for o in question.options]
    assert row.policy_version.version_id == question.policy_version
    assert (row.for_exams, row.withdrawn_at, row.pools) == (False, None, None)
    assert row.created_at is not None


def test_storing_forty_new_questions_makes_a_fixed_number_of_queries():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for count, seed in ((4, 21), (40, 22)):
        questions = generated(count, seed=seed)
        with CaptureQueriesContext(connection) as queries:
            bank_store_ids(questions=questions, for_exams=True)
        counts.append(len(queries))

    assert counts[0] == counts[1]  # no re-read of the new rows, nor one query a row


def test_a_free_form_row_keeps_its_near_misses_for_the_grader():
    question = next(q for q in generated(6, seed=11) if q.near_misses)

    row = Question.objects.get(pk=bank_store_ids(questions=[question])[0])
    expected = expected_for_question(row)

    assert row.key_detail["policy_version"] == question.policy_version
    assert expected.policy_version == question.policy_version
    assert len(expected.near_misses) == len(question.near_misses)
    assert expected.near_misses[0]["infraction"] == question.near_misses[0].infraction


def test_a_game_loss_key_is_graded_without_its_moot_remedy():
    # Committee decisions (2026-12-06): where a Game Loss ends the game, the remedy is not asked.
    question = next(
        q
        for seed in range(40)
        if (q := generator.build_question("mtg-third-warning", seed, "en", "free_form")).key.penalty
        == "game_loss"
    )

    row = Question.objects.get(pk=bank_store_ids(questions=[question])[0])

    assert row.key_remedy != "apply_section_procedure"
    assert expected_for_question(row).remedy is None
