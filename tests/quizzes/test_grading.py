"""A free-form grade as stored (`grade_as_dict`) and read back (`stored_part_grade`)."""

import pytest

from quizzes.grading import feedback_in, grade_as_dict, grade_for_question, stored_part_grade
from tests.factories import question

pytestmark = pytest.mark.django_db

# Written for this test: the key's fix is the opponent's choice, the answer rewinds without
# saying how far back (the grader's "rewind_length_unsaid" doubt on the remedy).
REWIND = "Missed trigger, no penalty. Rewind to before the trigger."


def test_a_stored_grade_keeps_each_parts_doubt_beside_the_rule_that_decided_it():
    grade = grade_for_question(question(), REWIND, lang="en")

    stored = grade_as_dict(grade)

    assert stored["parts"]["remedy"]["doubt"] == "rewind_length_unsaid"
    assert stored["parts"]["remedy"]["rule"] == grade.parts["remedy"].rule
    assert stored["parts"]["infraction"]["doubt"] == ""
    for name, part in stored["parts"].items():
        read = stored_part_grade(name, part)
        assert (read.rule, read.doubt) == (grade.parts[name].rule, grade.parts[name].doubt)


def test_a_part_stored_before_rules_and_doubts_were_kept_reads_with_neither():
    old = {"expected": "no_penalty", "found": "warning", "correct": False, "confidence": 0.9}

    read = stored_part_grade("penalty", old)

    assert (read.found, read.correct, read.rule, read.doubt) == ("warning", False, "", "")


def test_feedback_in_another_language_reads_a_grade_stored_without_doubts_alike():
    item = question()
    stored = grade_as_dict(grade_for_question(item, REWIND, lang="en"))
    old = {**stored, "parts": {name: dict(part) for name, part in stored["parts"].items()}}
    for part in old["parts"].values():
        del part["doubt"]

    spanish = feedback_in(item, old, "es")

    assert spanish == feedback_in(item, stored, "es")
    assert spanish != stored["feedback"]
