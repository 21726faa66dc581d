"""Terms that are a sentence's subject, another player's ruling or a role, not the ruling.

Every answer was written for these tests by the h26c helper (2026-12-07), after the causes
its brief named; none is taken or trimmed from the development set or a blind batch.
"""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer

GE = Expected(infraction="general_error", penalty="warning", remedy="simple_rewind")
NOTHING = Expected(infraction="no_infraction", penalty="no_penalty", remedy="none")
DEFAULT = Expected(
    infraction="missed_trigger", penalty="warning", remedy="opponent_chooses_default_action"
)


@pytest.mark.parametrize(
    "answer",
    [
        "A slip made while fixing a missed trigger is a General Error. Warning.",
        "O que ela fez depois do gatilho esquecido é um Erro Geral, Advertência.",
        "Lo que hizo tras el disparo olvidado es un Error General, Advertencia.",
    ],
)
def test_the_term_before_a_copula_naming_another_id_is_its_subject(answer: str) -> None:
    assert grade_answer(answer, GE, game="riftbound").parts["infraction"].found == "general_error"


def test_a_copula_to_another_part_leaves_the_term_claimed() -> None:
    grade = grade_answer("Missed trigger is a Warning here.", DEFAULT, game="mtg")
    assert grade.parts["infraction"].found == "missed_trigger"
    assert grade.parts["penalty"].found == "warning"


def test_a_rejection_after_another_subject_speaks_of_that_subject() -> None:
    grade = grade_answer(
        "Nothing to rule, the extra haste would not do anything.", NOTHING, game="mtg"
    )
    assert grade.parts["infraction"].found == "no_infraction"


def test_a_rejection_pointing_back_at_the_term_still_rejects() -> None:
    grade = grade_answer("Warning, no: that would be wrong. No penalty.", NOTHING, game="mtg")
    assert grade.parts["penalty"].found == "no_penalty"


def test_another_players_penalty_after_a_named_no_infraction_is_set_aside() -> None:
    answer = "Sin infracción para Luz. Tomás sí se lleva Advertencia por su propio disparo."
    grade = grade_answer(answer, NOTHING, game="mtg")
    assert grade.parts["penalty"].found == "no_penalty"
    assert grade.parts["penalty"].rule == "implied_by_infraction"


def test_an_unaccented_si_is_a_condition_not_another_player() -> None:
    answer = "Disparo olvidado. Si se lleva Advertencia es porque le perjudica."
    grade = grade_answer(answer, DEFAULT, game="mtg")
    assert grade.parts["penalty"].found == "warning"


def test_a_fix_beside_the_no_infraction_keeps_the_other_players_ruling() -> None:
    answer = (
        "Sin infracción para Luz. Tomás: disparo olvidado, Advertencia; Luz elige si va a la pila."
    )
    grade = grade_answer(answer, DEFAULT, game="mtg")
    assert grade.parts["penalty"].found == "warning"


def test_counting_as_the_opponent_upgrades_no_remedy() -> None:
    answer = (
        "Missed trigger, Warning. Noa counts as the opponent and chooses whether the "
        "default action happens now or at the start of the next phase."
    )
    grade = grade_answer(answer, DEFAULT, game="mtg")
    assert grade.parts["remedy"].found == "opponent_chooses_default_action"


def test_a_broad_rewind_the_head_judge_performs_is_the_longer_rewind() -> None:
    answer = "General Error, Warning. A rewind is needed and the head judge performs it."
    grade = grade_answer(answer, GE, game="riftbound")
    assert grade.parts["remedy"].found == "rewind"
    assert grade.parts["remedy"].rule == "hinted_id"


def test_a_named_simple_rewind_is_not_pinned_down_by_the_head_judge() -> None:
    answer = "General Error, Warning, a simple rewind; no need for the head judge."
    grade = grade_answer(answer, GE, game="riftbound")
    assert grade.parts["remedy"].found == "simple_rewind"


def test_only_nothing_to_do_says_no_infraction_and_no_penalty() -> None:
    grade = grade_answer("Luz lembrou na hora. Nada a fazer.", NOTHING, game="mtg")
    assert grade.parts["infraction"].found == "no_infraction"
    assert grade.parts["infraction"].rule == "implied_by_remedy"
    assert grade.parts["penalty"].found == "no_penalty"


def test_nothing_to_do_beside_a_penalty_says_nothing_of_the_infraction() -> None:
    grade = grade_answer("Advertência, nada a fazer.", DEFAULT, game="mtg")
    assert grade.parts["infraction"].found is None


def test_an_infraction_only_asked_implies_its_ruling() -> None:
    grade = grade_answer("No infraction? The trigger can still be remembered.", NOTHING, game="mtg")
    assert grade.parts["infraction"].rule == "questioned"
    assert grade.parts["penalty"].found == "no_penalty"
    assert grade.parts["remedy"].found == "none"
