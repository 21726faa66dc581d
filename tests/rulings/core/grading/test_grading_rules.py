"""Each decision rule of the reading model decides the part it is built for, and names itself.

The answers were written for these tests, one per rule, in the plain English of a judge
stating a ruling; none comes from the development set or a blind batch.
"""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer
from rulings.core.grading.reading.rules import CLAIM_RULES, PART_RULES

MT = Expected(
    infraction="missed_trigger", penalty="warning", remedy="opponent_chooses_put_on_stack"
)


@pytest.mark.parametrize(
    ("answer", "part", "found", "rule"),
    [
        ("Missed trigger, Warning.", "remedy", None, "nothing_said"),
        ("Missed trigger, Warning.", "penalty", "warning", "one_claim"),
        ("Missed trigger, maybe a Warning.", "penalty", "warning", "hedged_claim"),
        ("Missed trigger. Warning upgraded to a Game Loss.", "penalty", "game_loss", "upgrade"),
        ("Missed trigger by Ilse. Warning or no penalty.", "penalty", None, "options_left_open"),
        (
            "Missed trigger. Two options: Warning or no penalty. I'd go with Warning.",
            "penalty",
            "warning",
            "options_then_choice",
        ),
        (
            "Missed trigger. Maybe a Warning, maybe a Game Loss, but I'll go with Warning.",
            "penalty",
            "warning",
            "choice_after_doubt",
        ),
        (
            "Missed trigger. Torn between Warning and Game Loss, but I'll go with Warning.",
            "penalty",
            "warning",
            "options_then_choice",
        ),
        ("Missed trigger. It's a Warning, so a Game Loss.", "penalty", "game_loss", "concluded"),
        (
            "Missed trigger. Penalty: Warning (the opponent gets a Game Loss).",
            "penalty",
            "warning",
            "label_slot",
        ),
        ("Missed trigger. Warning, Game Loss.", "penalty", "warning", "conflict"),
        ("Missed trigger. A Warning?", "penalty", "warning", "questioned"),
        (
            "Missed trigger, and with his fourth Warning already on record, a Game Loss?",
            "penalty",
            "game_loss",
            "questioned_over_record",
        ),
        ("Missed trigger, not a Warning.", "penalty", "no_penalty", "denied_warning"),
        ("Missed trigger, not a Game Loss.", "penalty", None, "only_denied"),
        ("No infraction.", "penalty", "no_penalty", "implied_by_infraction"),
        (
            "Tomé's opponent is the one who decides whether the trigger goes on the stack.",
            "infraction",
            "missed_trigger",
            "implied_by_remedy",
        ),
    ],
)
def test_the_rule_that_decides_a_part_is_named_in_its_grade(
    answer: str, part: str, found: str | None, rule: str
) -> None:
    grade = grade_answer(answer, MT, game="mtg")
    assert (grade.parts[part].found, grade.parts[part].rule) == (found, rule)


GRV = Expected("game_rule_violation", "warning")


@pytest.mark.parametrize(
    ("answer", "found"),
    [
        ("GRV. Warning... actually no, no penalty.", "no_penalty"),
        ("GRV, no penalty. On second thought, a Warning.", "warning"),
        ("GRV. I'd say Game Loss, scratch that: Warning.", "warning"),
        ("GRV, Advertência... na verdade não, sem penalidade.", "no_penalty"),
        ("GRV, sem penalidade. Pensando bem, Advertência.", "warning"),
        ("GRV, Advertencia. Mejor dicho: sin penalización.", "no_penalty"),
        ("GRV, sin penalización. Pensándolo bien, Advertencia.", "warning"),
    ],
)
def test_after_a_self_correction_the_last_commitment_counts(answer: str, found: str) -> None:
    penalty = grade_answer(answer, GRV, game="mtg").parts["penalty"]
    assert (penalty.found, penalty.rule) == (found, "self_correction")


def test_a_correction_word_that_reaffirms_one_option_changes_nothing() -> None:
    penalty = grade_answer("GRV, Warning. It's actually a Warning.", GRV, game="mtg").parts[
        "penalty"
    ]
    assert (penalty.found, penalty.rule) == ("warning", "one_claim")


def test_every_graded_part_names_a_rule() -> None:
    grade = grade_answer("Missed trigger, a Warning; the opponent chooses.", MT, game="mtg")
    assert all(part.rule for part in grade.parts.values())


def test_the_last_rules_always_decide() -> None:
    # only_denied and conflict are the catch-alls: they must stay last in their lists
    assert PART_RULES[-1].__name__ == "only_denied"
    assert CLAIM_RULES[-1].__name__ == "conflict"


@pytest.mark.parametrize(
    "answer",
    [
        "It depends on timing. If Noor had moved on it would be a missed trigger; if not, "
        "there is no infraction. I would ask them first.",
        "Depende do momento. Se o Noor já tivesse seguido seria gatilho esquecido; se não, "
        "nada a marcar. Eu perguntaria antes.",
        "Depende del momento. Si Noor ya hubiera seguido sería un disparo olvidado; si no, "
        "nada que sancionar. Preguntaría antes.",
    ],
)
def test_an_infraction_only_set_aside_implies_no_penalty_or_fix(answer: str) -> None:
    grade = grade_answer(answer, Expected("no_infraction", "no_penalty", "none"), game="mtg")
    assert grade.parts["infraction"].rule in ("fallback", "hypothetical")
    assert grade.parts["penalty"].found is None
    assert grade.parts["remedy"].found is None


FACEDOWN = Expected("facedown_card_error", "game_loss")


@pytest.mark.parametrize(
    "answer",
    [
        "Facedown card error; the penalty follows TR 702.1.b.2 (his sixth Warning overall).",
        "Erro com carta virada; a penalidade vem da TR 702.1.b.1 (terceira Advertência dela).",
        "Error con carta boca abajo; la penalización sale de TR 702.1.b (tercera Advertencia).",
    ],
)
def test_a_record_of_warnings_beside_the_upgrade_section_is_read_as_the_upgrade(
    answer: str,
) -> None:
    penalty = grade_answer(answer, FACEDOWN, game="riftbound").parts["penalty"]
    assert (penalty.found, penalty.rule) == ("game_loss", "record_cited")


def test_a_record_of_warnings_beside_another_section_stays_the_record() -> None:
    answer = "Facedown card error; see TR 702.13 (his sixth Warning overall)."
    penalty = grade_answer(answer, FACEDOWN, game="riftbound").parts["penalty"]
    assert (penalty.found, penalty.rule) == ("warning", "counted")
