"""The pages name every part the grader grades, in each of their ways."""

from django.utils import translation

from quizzes.parts import PART_NAMES, REVIEWED_PART_NAMES, THE_PART, WHOLE_ANSWER
from rulings.core.grading import PARTS


def test_every_graded_part_has_a_label_and_a_sentence_name():
    assert list(PART_NAMES) == list(PARTS)
    assert list(THE_PART) == list(PARTS)


def test_a_review_names_the_parts_and_the_whole_answer():
    assert list(REVIEWED_PART_NAMES) == [*PARTS, WHOLE_ANSWER]


def test_part_names_are_translated():
    with translation.override("pt-br"):
        assert str(PART_NAMES["penalty"]) == "Penalidade"
        assert str(THE_PART["remedy"]) != "The remedy"
    with translation.override("es"):
        assert str(REVIEWED_PART_NAMES[WHOLE_ANSWER]) != "The whole answer"
