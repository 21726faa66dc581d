"""Find the wrong part: the candidate names the wrong part and what it should be, and both are
graded, half the score each (issue 27, point 2: "the candidate also says what the wrong part
should be, and both are graded")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from quizzes.bank.models.questions import Question
from quizzes.grading import grade_response
from quizzes.practice.models import PracticeAnswer
from quizzes.templatetags.quizzes_tags import by_part
from rulings.core.grading import GradingError
from tests.factories import candidate
from tests.quizzes.factories_practice import banked

pytestmark = pytest.mark.django_db


def wrong_part_item(lang: str = "en", game: str = "riftbound", seed: int = 1) -> Question:
    return banked(kind="find_the_wrong_part", lang=lang, game=game, seed=seed)


def key_value(item: Question, part: str) -> str:
    return {
        "infraction": item.key_infraction,
        "penalty": item.key_penalty,
        "remedy": item.key_remedy,
    }[part]


@pytest.mark.parametrize("game", ["riftbound", "mtg"])
def test_each_part_offers_corrections_with_the_key_value_among_them(game):
    item = wrong_part_item(game=game)
    wrong = item.key_detail["wrong_part"]

    offered = {(c["part"], c["id"]) for c in item.part_corrections}

    assert (wrong, key_value(item, wrong)) in offered
    # Every part the question offers as possibly wrong (two at least) can be corrected, so the
    # choices do not tell which part is wrong; a part said to be right gets none.
    pickable = item.key_detail["pickable"]
    assert len(pickable) >= 2
    assert {part for part, _ in offered} == set(pickable)
    assert all(c["text"] and "{" not in c["text"] for c in item.part_corrections)


def test_the_right_part_and_the_right_correction_earn_the_full_score():
    item = wrong_part_item()
    wrong = item.key_detail["wrong_part"]

    grade = grade_response(item, f"{wrong}:{key_value(item, wrong)}")

    assert grade["score"] == 1.0
    assert grade["correction"]["correct"] is True


def test_the_right_part_with_a_wrong_correction_earns_half():
    item = wrong_part_item()
    wrong = item.key_detail["wrong_part"]
    other = next(
        c["id"]
        for c in item.part_corrections
        if c["part"] == wrong and c["id"] != key_value(item, wrong)
    )

    grade = grade_response(item, f"{wrong}:{other}")

    assert grade["score"] == 0.5
    assert grade["correction"] == {
        "found": other,
        "expected": key_value(item, wrong),
        "correct": False,
    }


def test_a_wrong_part_earns_nothing_whatever_its_correction():
    item = wrong_part_item()
    wrong = item.key_detail["wrong_part"]
    choice = next(c for c in item.part_corrections if c["part"] != wrong)

    grade = grade_response(item, f"{choice['part']}:{choice['id']}")

    assert grade["score"] == 0.0


def test_a_correction_not_offered_for_that_part_is_refused():
    item = wrong_part_item()

    with pytest.raises(GradingError):
        grade_response(item, "penalty:missed_trigger")


def test_a_question_banked_without_corrections_grades_the_part_alone():
    item = wrong_part_item()
    Question.objects.filter(pk=item.pk).update(part_corrections=[])
    item.refresh_from_db()

    assert grade_response(item, item.key_detail["wrong_part"])["score"] == 1.0


def test_labels_are_in_the_questions_language():
    item = wrong_part_item(lang="pt-BR")

    texts = {c["id"]: c["text"] for c in item.part_corrections if c["part"] == "penalty"}

    assert texts.get("warning", "Advertência") == "Advertência"
    assert texts.get("no_penalty", "Sem penalidade") == "Sem penalidade"


def test_practice_posts_the_part_and_correction_and_scores_half_for_the_part_alone(client):
    user = candidate()
    client.force_login(user)
    item = wrong_part_item()
    wrong = item.key_detail["wrong_part"]
    other = next(
        c["id"]
        for c in item.part_corrections
        if c["part"] == wrong and c["id"] != key_value(item, wrong)
    )

    url = reverse("practice-answer", args=[item.pk])
    response = client.post(url, {"response": f"{wrong}:{other}"})

    assert response.status_code == 303, response.content.decode()[:500]
    assert PracticeAnswer.objects.get(user=user).score == 0.5


def test_the_exam_page_groups_corrections_by_part_with_a_legend():
    item = wrong_part_item()

    groups = by_part(item.part_corrections)

    parts = [g["part"] for g in groups]
    # Only the parts a candidate may pick (review 9), in the ruling's order, at least two.
    assert parts == [p for p in ("infraction", "penalty", "remedy") if p in parts]
    assert len(parts) >= 2
    legends = {g["part"]: str(g["legend"]) for g in groups}
    assert legends["penalty"] == "The penalty is wrong; it should be:"
    assert all(c["value"] == f"{c['part']}:{c['id']}" for g in groups for c in g["choices"])
