"""Practice sessions (services): a set of N questions that can be left and resumed, counted
answer by answer, ending on a summary; and the multiple-choice option review."""

import pytest
from django.utils import timezone

from quizzes.bank.models.questions import Question
from quizzes.practice.models import PracticeAnswer, PracticeSession
from quizzes.practice.services import (
    NotSessionQuestion,
    PracticeError,
    PracticeFilters,
    SessionFinished,
    option_review,
    practice_answer_submit,
    practice_session_open,
    practice_session_question,
    practice_session_skip,
    practice_session_start,
    practice_session_summary,
)
from tests.factories import candidate, question
from tests.quizzes.factories_practice import RIGHT_ANSWER, banked

pytestmark = [pytest.mark.django_db]

EN = PracticeFilters(lang="en")


def answer(session, response=RIGHT_ANSWER):
    item = practice_session_question(session=session)
    return practice_answer_submit(
        user=session.user, question=item, response=response, lang="en", session=session
    )


@pytest.mark.parametrize("size", [0, 3, 7, 50])
def test_a_session_has_5_10_or_20_questions(size):
    with pytest.raises(PracticeError):
        practice_session_start(user=candidate(), size=size, filters=EN)

    assert not PracticeSession.objects.exists()


def test_a_session_keeps_its_filters():
    filters = PracticeFilters(lang="es", game="riftbound", topics=("timing",), weakest=True)

    session = practice_session_start(user=candidate(), size=10, filters=filters)

    assert session.filters == {
        "lang": "es",
        "game": "riftbound",
        "topics": ["timing"],
        "kinds": [],
        "weakest": True,
    }


def test_the_same_question_is_shown_until_it_is_answered():
    question(topics=["a"])
    question(topics=["b"])
    session = practice_session_start(user=candidate(), size=5, filters=EN)

    first = practice_session_question(session=session)
    again = practice_session_question(session=PracticeSession.objects.get(pk=session.pk))

    assert first == again


def test_each_answer_counts_and_the_last_one_finishes_the_session():
    for index in range(6):
        question(topics=[f"topic-{index}"])
    session = practice_session_start(user=candidate(), size=5, filters=EN)

    for _question in range(4):
        answer(session)
    session.refresh_from_db()
    assert (session.answered, session.finished) == (4, False)
    answer(session)

    session.refresh_from_db()
    assert (session.answered, session.finished) == (5, True)
    assert session.current_question is None
    assert PracticeAnswer.objects.filter(session=session).count() == 5
    with pytest.raises(SessionFinished):
        practice_session_question(session=session)


def test_an_answer_to_another_question_is_refused_and_stores_nothing():
    shown, other = question(topics=["a"]), question(topics=["b"])
    session = practice_session_start(user=candidate(), size=5, filters=EN)
    session.current_question = shown
    session.save()

    with pytest.raises(NotSessionQuestion):
        practice_answer_submit(
            user=session.user, question=other, response=RIGHT_ANSWER, lang="en", session=session
        )

    assert not PracticeAnswer.objects.exists()
    session.refresh_from_db()
    assert session.answered == 0


def test_answering_the_same_question_twice_counts_once():
    question()
    session = practice_session_start(user=candidate(), size=5, filters=EN)
    item = answer(session).answer.question

    with pytest.raises(NotSessionQuestion):
        practice_answer_submit(
            user=session.user, question=item, response=RIGHT_ANSWER, lang="en", session=session
        )

    session.refresh_from_db()
    assert session.answered == 1


def test_a_skipped_question_is_replaced_and_not_counted():
    question(topics=["a"])
    question(topics=["b"])
    session = practice_session_start(user=candidate(), size=5, filters=EN)
    practice_session_question(session=session)

    practice_session_skip(session=session)

    session.refresh_from_db()
    assert session.current_question is None
    assert session.answered == 0
    assert practice_session_question(session=session) is not None


def test_a_withdrawn_current_question_is_replaced():
    withdrawn = question(topics=["a"])
    question(topics=["b"])
    session = practice_session_start(user=candidate(), size=5, filters=EN)
    session.current_question = withdrawn
    session.save()
    Question.objects.filter(pk=withdrawn.pk).update(withdrawn_at=timezone.now())

    shown = practice_session_question(session=session)

    assert shown != withdrawn


def test_starting_a_session_ends_the_unfinished_one():
    user = candidate()
    question()
    old = practice_session_start(user=user, size=10, filters=EN)
    answer(old)

    new = practice_session_start(user=user, size=5, filters=EN)

    old.refresh_from_db()
    assert old.finished
    assert old.answered == 1
    assert practice_session_open(user=user) == new


def test_the_open_session_is_the_users_own():
    practice_session_start(user=candidate(), size=5, filters=EN)

    assert practice_session_open(user=candidate()) is None


def test_the_summary_scores_each_part_and_topic_and_names_what_to_review():
    user = candidate()
    right = question(topics=["timing"])
    wrong = question(topics=["upgrades"])
    session = practice_session_start(user=user, size=5, filters=EN)
    for item, response in ((right, RIGHT_ANSWER), (wrong, "Cheating.")):
        session.current_question = item
        session.save()
        practice_answer_submit(
            user=user, question=item, response=response, lang="en", session=session
        )

    summary = practice_session_summary(session=session)

    assert (summary.overall.answered, summary.overall.right) == (2, 1)
    assert summary.overall.score == pytest.approx(0.5)
    assert set(summary.parts) == {"infraction", "penalty", "remedy"}
    assert summary.parts["infraction"].answered == 2
    assert summary.parts["infraction"].right == 1
    assert list(summary.topics) == ["upgrades", "timing"]  # weakest first
    assert summary.review_next == ["upgrades"]
    assert set(summary.masteries) == {"timing", "upgrades"}


def test_a_multiple_choice_option_review_names_each_wrong_part_against_the_key():
    item = banked(kind="multiple_choice")
    correct = item.key_detail["correct_option"]

    reviewed = option_review(question=item, lang="en")

    assert [row["label"] for row in reviewed] == [o["label"] for o in item.options]
    for row in reviewed:
        if row["label"] == correct:
            assert row["correct"]
            assert row["wrong_parts"] == []
        else:
            assert not row["correct"]
            assert row["wrong_parts"], "a wrong option differs from the key somewhere"
            for part in row["wrong_parts"]:
                assert part["said"] != part["key"]
                assert part["name"] in {"Infraction", "Penalty", "Remedy"}


def test_the_option_review_names_the_parts_in_the_language_asked():
    item = banked(kind="multiple_choice")

    english = option_review(question=item, lang="en")
    spanish = option_review(question=item, lang="es")

    said = {p["key"] for row in english for p in row["wrong_parts"]}
    dicho = {p["key"] for row in spanish for p in row["wrong_parts"]}
    assert said
    assert dicho
    assert said != dicho


def test_other_kinds_have_no_option_review():
    assert option_review(question=question(), lang="en") == []
