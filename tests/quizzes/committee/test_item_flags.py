"""Item analysis flags templates whose items misbehave (issue 27, point 4): facility above 0.95
or below 0.2, discrimination below 0.1, an option or part nobody chose, each only with enough
answers. The thresholds are the brief's; the answers below are built by hand."""

from __future__ import annotations

import pytest

from quizzes.reports import selectors as sr
from tests.factories import BlueprintFactory, candidate, question
from tests.quizzes.committee.seeding import graded_attempt

pytestmark = pytest.mark.django_db

KEY = {"infraction": "missed_trigger", "penalty": "warning", "remedy": ["resolve_now"]}
OPTION_PARTS = {
    "A": KEY,
    "B": {**KEY, "penalty": "no_penalty"},
    "C": {**KEY, "remedy": ["continue"]},
    "D": {**KEY, "penalty": "game_loss", "remedy": ["continue"]},
}


def choice_question(template_id: str, correct: str = "A"):
    detail = {"correct_option": correct, "option_parts": OPTION_PARTS, "key": {}, "key_text": ""}
    return question(template_id=template_id, kind="multiple_choice", key_detail=detail)


def answer(scores_and_responses, questions):
    """One graded attempt per row: (scores, responses) for ``questions``."""
    blueprint = BlueprintFactory()
    for scores, responses in scores_and_responses:
        attempt = graded_attempt(candidate(), blueprint, scores, questions)
        for item, response in zip(attempt.items.order_by("position"), responses, strict=True):
            item.response = response
            item.save(update_fields=["response"])


def templates() -> dict[str, sr.ItemRow]:
    return {row.key: row for row in sr.item_analysis(sr.Scope(mentor=None))[0]}


def test_no_template_is_flagged_on_fewer_answers_than_the_minimum():
    easy, filler = question(template_id="easy"), question(template_id="filler")
    answer([([1.0, s], ["x", "x"]) for s in (0.0, 1.0, 0.5, 1.0)], [easy, filler])

    assert templates()["easy"].responses == sr.MIN_RESPONSES - 1
    assert templates()["easy"].flags == []


def test_templates_almost_everyone_or_almost_no_one_answers_right_are_flagged():
    easy, hard, filler = (question(template_id=t) for t in ("easy", "hard", "filler"))
    plan = [(1.0, 0.0, f) for f in (0.0, 1.0, 0.5, 1.0, 0.0, 1.0)]
    answer([(list(p), ["x"] * 3) for p in plan], [easy, hard, filler])

    rows = templates()
    assert "too_easy" in rows["easy"].flags
    assert "too_hard" in rows["hard"].flags
    assert rows["filler"].flags == []


def test_a_template_that_does_not_separate_strong_from_weak_candidates_is_flagged():
    flat, good, filler = (question(template_id=t) for t in ("flat", "good", "filler"))
    # "flat" is right as often for the weaker candidates as for the stronger: r = 0 with the
    # attempt's score (its own share included).
    flats, goods, fillers = [1, 0, 1, 0, 1, 0], [0.5, 1, 0, 0.5, 0, 0.5], [0, 1, 0, 0, 0, 0.5]
    plan = list(zip(flats, goods, fillers, strict=True))
    answer([(list(p), ["x"] * 3) for p in plan], [flat, good, filler])

    rows = templates()
    assert rows["flat"].discrimination == pytest.approx(0.0, abs=0.1)
    assert "low_discrimination" in rows["flat"].flags
    assert "low_discrimination" not in rows["good"].flags


def test_an_option_nobody_chose_in_enough_answers_is_flagged_by_what_it_changes():
    # Each answer gets its own question (exam variants differ per candidate); option labels
    # are shuffled across questions, so the template adds options up by what they change.
    rows_plan = []
    questions = []
    for n in range(sr.UNCHOSEN_AFTER):
        correct = "AB"[n % 2]
        parts = dict(OPTION_PARTS)
        if correct == "B":
            parts["A"], parts["B"] = parts["B"], parts["A"]
        q = choice_question("mc", correct)
        q.key_detail["option_parts"] = parts
        q.save(update_fields=["key_detail"])
        questions.append(q)
        # Half answer right; the others take the penalty distractor; nobody takes C or D.
        wrong = "B" if correct == "A" else "A"
        rows_plan.append(([1.0] if n % 4 < 2 else [0.0], [correct if n % 4 < 2 else wrong]))
    blueprint = BlueprintFactory()
    for q, (scores, responses) in zip(questions, rows_plan, strict=True):
        attempt = graded_attempt(candidate(), blueprint, scores, [q])
        attempt.items.update(response=responses[0])

    row = templates()["mc"]

    chosen = {c.name: (c.chosen, c.offered) for c in row.choices}
    assert chosen == {
        "option:key": (10, 20),
        "option:penalty": (10, 20),
        "option:remedy": (0, 20),
        "option:penalty+remedy": (0, 20),
    }
    assert "unchosen_option" in row.flags


def test_an_option_nobody_chose_in_few_answers_is_not_flagged():
    q, filler = choice_question("mc"), question(template_id="filler")
    answer([([1.0, s], ["A", "x"]) for s in (0.0, 1.0, 0.5, 1.0, 0.0)], [q, filler])

    row = templates()["mc"]
    assert {c.name: c.chosen for c in row.choices}["option:remedy"] == 0
    assert "unchosen_option" not in row.flags


def test_find_the_wrong_part_counts_each_part_named_and_flags_one_nobody_names():
    q = question(template_id="wp", kind="find_the_wrong_part", key_detail={"wrong_part": "remedy"})
    picks = ["remedy", "penalty"] * (sr.UNCHOSEN_AFTER // 2)
    answer([([1.0 if p == "remedy" else 0.0], [p]) for p in picks], [q])

    row = templates()["wp"]
    assert {c.name: (c.chosen, c.offered) for c in row.choices} == {
        "wrong:infraction": (0, 20),
        "wrong:penalty": (10, 20),
        "wrong:remedy": (10, 20),
    }
    assert "unchosen_option" in row.flags


def test_per_question_rows_count_choices_by_label():
    q, filler = choice_question("mc"), question(template_id="filler")
    answer([([1.0, 1.0], ["A", "x"]), ([0.0, 0.0], ["C", "x"])], [q, filler])

    questions = {row.key: row for row in sr.item_analysis(sr.Scope(mentor=None))[1]}

    row = questions[str(q.pk)]
    assert {c.name: c.chosen for c in row.choices} == {"A": 1, "B": 0, "C": 1, "D": 0}
