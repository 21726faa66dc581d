"""Practice varies its situations (UX walk 1, finding 1): a session never shows one situation
twice, whatever the kind (a multiple-choice and a find-the-wrong-part question of one template
and seed tell the same story with the same key), and a situation from the user's recent
sessions comes back only when nothing else fits."""

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from quizzes.bank.models.questions import Question
from quizzes.bank.services.bank import bank_build, bank_store
from quizzes.practice import services as practice
from quizzes.practice.models import PracticeAnswer, PracticeSession
from quizzes.practice.services import (
    PracticeFilters,
    SessionFinished,
    practice_answer_submit,
    practice_question_next,
    practice_session_question,
    practice_session_start,
    situation_of,
)
from rulings.core.questions import build_question
from tests.factories import candidate, question
from tests.quizzes.factories_practice import RIGHT_ANSWER

pytestmark = pytest.mark.django_db

RIFTBOUND = PracticeFilters(lang="en", game="riftbound")
# A template that makes every kind of question (not every one makes find the wrong part).
EVERY_KIND = "rb-trigger-impact"


def banked(*, kind: str, seed: int) -> Question:
    """One situation of EVERY_KIND (its seed) as a question of ``kind``, in the bank."""
    return bank_store(questions=[build_question(EVERY_KIND, seed, "en", kind)])[0]


def any_answer(item: Question) -> str:
    """A response of the right shape for the question's kind (right or not does not matter)."""
    if item.kind == "multiple_choice":
        return item.options[0]["label"]
    if item.kind == "find_the_wrong_part":
        first = item.part_corrections[0]
        return f"{first['part']}:{first['id']}"
    return RIGHT_ANSWER


def answer_current(session: PracticeSession) -> Question:
    item = practice_session_question(session=session)
    practice_answer_submit(
        user=session.user, question=item, response=any_answer(item), lang="en", session=session
    )
    return item


def no_generation(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(practice, "_generate", lambda **_kw: None)


def test_a_session_never_shows_one_situation_in_two_kinds(monkeypatch):
    no_generation(monkeypatch)
    choice = banked(kind="multiple_choice", seed=3)
    wrong_part = banked(kind="find_the_wrong_part", seed=3)
    other = banked(kind="free_form", seed=2)
    assert situation_of(choice) == situation_of(wrong_part) != situation_of(other)
    session = practice_session_start(user=candidate(), size=5, filters=RIFTBOUND)

    shown = [answer_current(session), answer_current(session)]

    assert len({situation_of(item) for item in shown}) == 2
    assert other in shown


def test_a_session_out_of_new_situations_ends_early_and_never_repeats(monkeypatch):
    no_generation(monkeypatch)
    banked(kind="multiple_choice", seed=3)
    banked(kind="find_the_wrong_part", seed=3)
    session = practice_session_start(user=candidate(), size=5, filters=RIFTBOUND)
    answer_current(session)

    with pytest.raises(SessionFinished):
        practice_session_question(session=session)

    session.refresh_from_db()
    assert session.finished
    assert session.ran_out
    assert session.answered == 1


def test_a_session_tops_the_bank_up_rather_than_repeat_a_situation():
    banked(kind="multiple_choice", seed=3)
    banked(kind="find_the_wrong_part", seed=3)
    session = practice_session_start(user=candidate(), size=5, filters=RIFTBOUND)

    first = answer_current(session)
    second = practice_session_question(session=session)

    assert situation_of(second) != situation_of(first)
    assert Question.objects.count() == 3


def test_a_seed_that_makes_no_item_is_followed_by_another_not_the_end(monkeypatch):
    # About one find-the-wrong-part seed in sixteen makes no item; the session must not end.
    banked(kind="multiple_choice", seed=3)
    made = iter([None, None, build_question(EVERY_KIND, 2, "en", "free_form")])
    monkeypatch.setattr(practice, "_generate", lambda **_kw: next(made))
    session = practice_session_start(user=candidate(), size=5, filters=RIFTBOUND)

    answer_current(session)
    second = practice_session_question(session=session)

    assert second.seed == 2
    assert not session.finished


def test_a_session_prefers_a_template_it_has_not_shown(monkeypatch):
    no_generation(monkeypatch)
    question(template_id="same-key", topics=["a"])
    question(template_id="same-key", topics=["a"])
    other = question(template_id="another", topics=["a"])
    session = practice_session_start(user=candidate(), size=5, filters=PracticeFilters())
    first = answer_current(session)

    second = practice_session_question(session=session)

    assert second.template_id != first.template_id
    assert second == other or first == other


def test_a_situation_from_a_recent_session_waits_while_the_bank_has_others(monkeypatch):
    no_generation(monkeypatch)
    user = candidate()
    seen = question()
    earlier = practice_session_start(user=user, size=5, filters=PracticeFilters())
    earlier.current_question = seen
    earlier.save()
    practice_answer_submit(user=user, question=seen, response=RIGHT_ANSWER, session=earlier)
    # Longer ago than the recent window: the session alone keeps it recent.
    PracticeAnswer.objects.update(answered_at=timezone.now() - timedelta(days=5))
    question(template_id=seen.template_id, seed=seen.seed, language="es")  # the same story
    fresh, fresh_es = question(), question(language="es")

    assert practice_question_next(user=user, filters=PracticeFilters()) == fresh
    assert practice_question_next(user=user, filters=PracticeFilters(lang="es")) == fresh_es


def test_a_recent_situation_comes_back_only_when_nothing_else_can(monkeypatch):
    no_generation(monkeypatch)
    user = candidate()
    seen = question()
    practice_answer_submit(user=user, question=seen, response=RIGHT_ANSWER)

    assert practice_question_next(user=user, filters=PracticeFilters()) == seen


def make_run_per_template() -> int:
    """The --per-template `make run` builds its demo bank with."""
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    found = re.search(r"build_question_bank --per-template (\d+)", makefile)
    assert found, "make run no longer builds the bank with --per-template"
    return int(found.group(1))


def test_the_demo_bank_holds_three_ten_question_sessions_without_a_repeat():
    bank_build(
        games=["riftbound", "mtg"],
        languages=["en"],
        kinds=["free_form", "multiple_choice", "find_the_wrong_part"],
        per_template=make_run_per_template(),
        seed=20261207,
    )
    banked_before = Question.objects.count()
    user = candidate()
    shown = []
    for _session in range(3):  # "Start practising" as on the page: weakest topics first
        session = practice_session_start(
            user=user, size=10, filters=PracticeFilters(lang="en", weakest=True)
        )
        shown += [situation_of(answer_current(session)) for _question in range(10)]

    assert len(set(shown)) == 30, shown
    assert Question.objects.count() == banked_before  # the bank sufficed: nothing generated


def test_two_workbench_stories_are_two_situations(monkeypatch):
    """Workbench stories have no seed (every one is 0): each question is its own situation."""
    no_generation(monkeypatch)
    first = question(template_id="workbench", seed=0, topics=["a"])
    second = question(template_id="workbench", seed=0, topics=["a"])
    assert situation_of(first) != situation_of(second)
    session = practice_session_start(user=candidate(), size=5, filters=PracticeFilters())

    shown = {answer_current(session), answer_current(session)}

    assert shown == {first, second}
