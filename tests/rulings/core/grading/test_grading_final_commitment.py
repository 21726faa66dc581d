"""What the answer finally commits to, part by part (lexicon 2026.12.01.1).

The label convention the blind writers follow: a part is what the answer finally commits to;
an option named and rejected, or only named in a condition that does not hold, is not it;
`null` when the answer states nothing that settles the part or will not commit; the only
implied parts are no penalty and no fix after "no infraction", and no fix after FtMGS or
Cheating, when the answer says nothing about them. The answers were written for these
tests in the three languages, not taken from any batch.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulings.core.grading import Expected, grade_answer

MT_RB = Expected(
    infraction="missed_trigger", penalty="no_penalty", remedy="opponent_chooses_resolve_or_skip"
)
MT_MTG = Expected(
    infraction="missed_trigger", penalty="no_penalty", remedy="opponent_chooses_put_on_stack"
)
MT_PENALTY = Expected(infraction="missed_trigger", penalty="no_penalty")
GE_LONG = Expected(infraction="general_error", penalty="warning", remedy="rewind")
GE_SIMPLE = Expected(infraction="general_error", penalty="warning", remedy="simple_rewind")


def _cases(
    behaviour: str, game: str, expected: Expected, found: dict[str, str | None], *answers: str
) -> list[Any]:
    """One row per answer, each named for the behaviour it shows."""
    return [
        pytest.param(game, expected, answer, found, id=f"{behaviour}-{n}")
        for n, answer in enumerate(answers)
    ]


FIRM: list[Any] = [
    *_cases(
        "a_condition_naming_another_option_does_not_reject_the_one_before_it",
        "riftbound",
        MT_PENALTY,
        {"penalty": "no_penalty"},
        "Missed trigger, no penalty - it would only be a Warning if the miss had helped Kai.",
        "Missed trigger, no penalty — it would only be a Warning if Kai had gained from it.",
        "Gatilho esquecido, sem penalidade — só seria Advertência se tivesse ajudado a Ana.",
        "Disparo olvidado, sin penalización: solo sería Advertencia si le hubiera ayudado a Ana.",
    ),
    *_cases(
        "a_backup_then_the_opponents_choice_commits_to_the_backup",
        "mtg",
        MT_MTG,
        {"remedy": "simple_backup"},
        "Missed trigger, no penalty. Simple backup of the attack, then Ana chooses whether "
        "the trigger goes on the stack.",
        "HDE, sem penalidade: backup simples do ataque e depois a Ana escolhe se vai para a pilha.",
        "HDO, sin penalización: backup simple del ataque y luego Ana elige si va a la pila.",
    ),
    *_cases(
        "more_than_a_simple_rewind_is_the_longer_rewind",
        "riftbound",
        GE_SIMPLE,
        {"remedy": "rewind"},
        "General Error, Warning. We go back to the illegal attack; that's more than a simple "
        "rewind.",
        "Erro Geral, Advertência. Voltamos até o ataque ilegal, mais que um retrocesso simples.",
        "Error general, Advertencia. Volvemos al ataque ilegal: es más que un retroceso simple.",
    ),
]


@pytest.mark.parametrize(("game", "expected", "answer", "found"), FIRM)
def test_the_answer_is_read_as_it_commits_without_review(
    game: str, expected: Expected, answer: str, found: dict[str, str | None]
) -> None:
    grade = grade_answer(answer, expected, game=game)
    assert {part: grade.parts[part].found for part in found} == found, grade.review_reasons
    assert not grade.needs_review, grade.review_reasons


def test_a_rejection_that_names_no_other_option_still_rejects() -> None:
    grade = grade_answer(
        "Missed trigger. No penalty would only be right if nobody benefited; a Warning.",
        MT_RB,
        game="riftbound",
    )
    assert grade.parts["penalty"].found == "warning"
    spanish = grade_answer(
        "No es un disparo olvidado sino un error general: Advertencia.",
        GE_LONG,
        game="riftbound",
    )
    assert spanish.parts["infraction"].found == "general_error"
