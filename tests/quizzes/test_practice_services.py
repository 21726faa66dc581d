from datetime import timedelta

import fsrs
import pytest
from django.utils import timezone

from quizzes.bank.models.questions import Question
from quizzes.practice import services as practice
from quizzes.practice.models import PracticeAnswer, TopicMastery
from quizzes.practice.services import (
    NoPracticeQuestion,
    PracticeFilters,
    QuestionNotPractisable,
    practice_answer_submit,
    practice_feedback,
    practice_question_next,
    rating_for_score,
    weakest_topic_slugs,
)
from rulings.core.grading import GradingError
from tests.factories import candidate, question
from tests.quizzes.factories_practice import RIGHT_ANSWER, banked, mastery

pytestmark = pytest.mark.django_db

EN = PracticeFilters(lang="en")


def test_it_serves_a_bank_question_fitting_the_filters():
    wanted = question(language="es", topics=["upgrades"])
    question(language="en", topics=["upgrades"])
    question(language="es", topics=["scoring"])

    found = practice_question_next(
        user=candidate(), filters=PracticeFilters(lang="es", topics=("upgrades",))
    )

    assert found == wanted


def test_it_filters_the_bank_by_game_and_kind():
    wanted = banked(kind="multiple_choice", game="mtg")
    banked(kind="free_form", game="mtg")
    banked(kind="multiple_choice", game="riftbound")

    filters = PracticeFilters(lang="en", game="mtg", kinds=("multiple_choice",))
    found = practice_question_next(user=candidate(), filters=filters)

    assert found == wanted


def test_it_never_serves_an_exam_variant_even_when_it_is_all_the_bank_holds():
    exam_only = question(for_exams=True)

    found = practice_question_next(user=candidate(), filters=EN)

    assert found != exam_only
    assert found.for_exams is False


def test_it_skips_a_question_the_user_answered_recently():
    user = candidate()
    answered, fresh = question(), question()
    practice_answer_submit(user=user, question=answered, response=RIGHT_ANSWER, lang="en")

    assert practice_question_next(user=user, filters=EN) == fresh


def test_a_question_answered_long_ago_comes_back():
    user = candidate()
    old = question()
    result = practice_answer_submit(user=user, question=old, response=RIGHT_ANSWER, lang="en")
    PracticeAnswer.objects.filter(pk=result.answer.pk).update(
        answered_at=timezone.now() - practice.RECENT_WINDOW - timedelta(minutes=1)
    )

    assert practice_question_next(user=user, filters=EN) == old


def test_it_generates_and_banks_a_question_when_the_bank_has_none_fitting():
    filters = PracticeFilters(
        lang="pt-BR", game="mtg", topics=("missed_trigger",), kinds=("find_the_wrong_part",)
    )

    found = practice_question_next(user=candidate(), filters=filters)

    assert Question.objects.filter(pk=found.pk, for_exams=False).exists()
    assert (found.language, found.game, found.kind) == ("pt-BR", "mtg", "find_the_wrong_part")
    assert "missed_trigger" in {topic.slug for topic in found.topics.all()}
    assert found.stated_ruling


def test_it_tries_another_seed_when_the_generated_question_is_an_exam_variant(monkeypatch):
    exam = banked(kind="free_form", seed=7)
    Question.objects.filter(pk=exam.pk).update(for_exams=True)
    practice_like = banked(kind="free_form", seed=8)
    Question.objects.filter(pk=practice_like.pk).delete()
    seeds = iter([7, 8])
    monkeypatch.setattr(practice._seeds, "randrange", lambda _n: next(seeds))
    monkeypatch.setattr(practice._seeds, "choice", lambda _items: "free_form")

    found = practice_question_next(user=candidate(), filters=PracticeFilters(game="riftbound"))

    assert found.for_exams is False
    assert found.pk != exam.pk


def test_it_says_so_when_nothing_can_fit():
    with pytest.raises(NoPracticeQuestion):
        practice_question_next(
            user=candidate(), filters=PracticeFilters(lang="en", topics=("no-such-topic",))
        )


def test_weakest_topics_put_due_ones_first_then_the_lowest_mastery():
    user = candidate()
    mastery(user, "solid-but-due", level=0.9, due_in=timedelta(hours=-1))
    mastery(user, "weak-not-due", level=0.1, due_in=timedelta(days=3))
    mastery(user, "solid-not-due", level=0.95, due_in=timedelta(days=9))
    mastery(user, "weak-and-due", level=0.2, due_in=timedelta(hours=-2))

    assert weakest_topic_slugs(user=user) == ["weak-and-due", "solid-but-due", "weak-not-due"]


def test_a_weakest_topics_round_serves_the_most_urgent_topic():
    user = candidate()
    mastery(user, "strong", level=0.9, due_in=timedelta(days=5))
    mastery(user, "weak", level=0.1, due_in=timedelta(hours=-1))
    question(topics=["strong"])
    wanted = question(topics=["weak"])

    found = practice_question_next(user=user, filters=PracticeFilters(lang="en", weakest=True))

    assert found == wanted


def test_a_weakest_topics_round_without_history_serves_any_question():
    only = question()

    assert practice_question_next(user=candidate(), filters=PracticeFilters(weakest=True)) == only


def test_an_answer_is_graded_stored_and_moves_each_topic_on():
    user = candidate()
    item = question(topics=["timing", "triggers"])

    result = practice_answer_submit(user=user, question=item, response=RIGHT_ANSWER, lang="en")

    stored = PracticeAnswer.objects.get(user=user)
    assert stored == result.answer
    assert stored.score == 1.0
    assert stored.grade["parts"]["remedy"]["correct"] is True
    assert [m.topic.slug for m in result.masteries] == ["timing", "triggers"]
    for row in TopicMastery.objects.filter(user=user):
        assert (row.mastery, row.answered, row.correct) == (practice.MASTERY_WEIGHT, 1, 1)
        assert row.card["last_review"] is not None
        assert row.due_at == fsrs.Card.from_dict(row.card).due
        assert row.due_at > timezone.now()


def test_mastery_is_an_exponential_moving_average_of_scores_from_zero():
    user = candidate()
    item = question()
    practice_answer_submit(user=user, question=item, response=RIGHT_ANSWER, lang="en")

    practice_answer_submit(user=user, question=item, response="Cheating.", lang="en")

    row = TopicMastery.objects.get(user=user)
    weight = practice.MASTERY_WEIGHT
    assert row.mastery == pytest.approx((1 - weight) * weight)
    assert (row.answered, row.correct) == (2, 1)


def test_one_right_answer_does_not_read_as_mastered():
    user = candidate()

    practice_answer_submit(user=user, question=question(), response=RIGHT_ANSWER, lang="en")

    row = TopicMastery.objects.get(user=user)
    assert row.mastery < 0.5
    assert not row.enough_answers


def test_mastery_stays_capped_until_five_answers():
    user = candidate()
    item = question()

    for _answer in range(4):
        practice_answer_submit(user=user, question=item, response=RIGHT_ANSWER, lang="en")
    four = TopicMastery.objects.get(user=user)
    practice_answer_submit(user=user, question=item, response=RIGHT_ANSWER, lang="en")
    five = TopicMastery.objects.get(user=user)

    assert four.enough_answers
    assert four.mastery == practice.MASTERY_CAP
    assert five.mastery > practice.MASTERY_CAP


@pytest.mark.parametrize(
    ("answered", "correct", "shown"),
    [
        (1, 1, 0.6),  # one answer: capped
        (4, 4, 0.6),  # all right, but too few
        (5, 2, 0.6),  # enough answers, no majority right
        (6, 3, 0.6),  # half is not a majority
        (5, 3, 0.9),  # enough answers, a majority right: the average as it is
        (20, 18, 0.9),
    ],
)
def test_mastery_above_the_cap_needs_five_answers_mostly_right(answered, correct, shown):
    assert practice.evidenced_mastery(0.9, answered=answered, correct=correct) == shown


def test_a_low_mastery_is_never_raised_by_the_cap():
    assert practice.evidenced_mastery(0.2, answered=1, correct=0) == 0.2


def test_topics_answered_in_one_sitting_are_not_due_the_same_day():
    user = candidate()
    items = [question(topics=[f"topic-{n}"]) for n in range(4)]

    for item in items:
        practice_answer_submit(user=user, question=item, response="Cheating.", lang="en")
    for item in items:
        practice_answer_submit(user=user, question=item, response=RIGHT_ANSWER, lang="en")

    soonest = min(row.due_at for row in TopicMastery.objects.filter(user=user))
    assert soonest >= timezone.now() + timedelta(hours=23)


def test_a_wrong_answer_brings_the_topic_back_sooner_than_a_right_one():
    right_user, wrong_user = candidate(), candidate()
    item = question()

    practice_answer_submit(user=right_user, question=item, response=RIGHT_ANSWER, lang="en")
    practice_answer_submit(user=wrong_user, question=item, response="Cheating.", lang="en")

    right = TopicMastery.objects.get(user=right_user)
    wrong = TopicMastery.objects.get(user=wrong_user)
    assert wrong.mastery == 0.0
    assert wrong.due_at < right.due_at


@pytest.mark.parametrize(
    ("score", "level", "rating"),
    [
        (1.0, 0.5, fsrs.Rating.Good),
        (1.0, 0.9, fsrs.Rating.Easy),
        (0.67, 0.9, fsrs.Rating.Hard),
        (0.0, 0.9, fsrs.Rating.Again),
    ],
)
def test_scores_map_to_fsrs_ratings(score, level, rating):
    assert rating_for_score(score, mastery=level) == rating


def test_a_multiple_choice_answer_is_graded_by_its_option():
    item = banked(kind="multiple_choice")
    correct = item.key_detail["correct_option"]

    result = practice_answer_submit(user=candidate(), question=item, response=correct, lang="en")

    assert result.answer.score == 1.0
    assert result.answer.grade["chosen"] == correct


def test_it_refuses_an_exam_variant_and_stores_nothing():
    item = question(for_exams=True)

    with pytest.raises(QuestionNotPractisable):
        practice_answer_submit(user=candidate(), question=item, response=RIGHT_ANSWER, lang="en")

    assert not PracticeAnswer.objects.exists()
    assert not TopicMastery.objects.exists()


def test_an_ungradable_answer_stores_nothing():
    item = banked(kind="multiple_choice")

    with pytest.raises(GradingError):
        practice_answer_submit(user=candidate(), question=item, response="Z", lang="en")

    assert not PracticeAnswer.objects.exists()


def test_feedback_names_the_key_in_the_judges_language_and_quotes_the_policy():
    item = question()
    result = practice_answer_submit(
        user=candidate(), question=item, response=RIGHT_ANSWER, lang="en"
    )

    shown = practice_feedback(answer=result.answer, key_lang="pt-BR", text_lang="es")

    assert shown["key"]["infraction"]["id"] == "missed_trigger"
    assert shown["key"]["penalty"]["citation"] == "TR 702.2"
    assert shown["key"]["infraction"]["name"] != "missed_trigger"
    cited = [statement["citation"] for statement in shown["statements"]]
    assert cited[:3] == ["TR 506.1", "TR 506.3.e", "TR 506.3.b"]
    assert len(cited) == len(set(cited))
    first = item.policy_version.statements.get(statement_id="tr-506.1")
    assert shown["statements"][0]["text"] == first.text_es
    assert shown["citations"]["remedy"] == "TR 702.2.f.2"
