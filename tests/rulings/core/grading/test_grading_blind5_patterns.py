"""Patterns blind5's misses showed (lexicon 2026.12.01.2), as general rules.

The answers were written for these tests in the three languages, not taken from any batch:
each one shows the pattern in other words than the batch's answers did.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulings.core.grading import Expected, grade_answer

NO_INF = Expected(infraction="no_infraction", penalty="no_penalty", remedy="none")
LEC = Expected(
    infraction="looking_at_extra_cards", penalty="warning", remedy="apply_section_procedure"
)
DEC = Expected(
    infraction="drawing_extra_cards", penalty="warning", remedy="apply_section_procedure"
)


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
        "judges_abbreviations_for_no_infraction",
        "mtg",
        NO_INF,
        {"infraction": "no_infraction", "penalty": "no_penalty", "remedy": "none"},
        "NI - the trigger is still on the stack, nothing to fix.",
        "NI.",
        "SI: o gatilho ainda não resolveu.",
        "SI, la habilidad todavía no se resolvió.",
        "Sem infr., sem pen.",
        "Sin inf. Sin pen.",
        "No infr. here, the player did everything right.",
    ),
    *_cases(
        "the_sections_fix_named_as_the_one_it_prescribes",
        "riftbound",
        DEC,
        {"remedy": "apply_section_procedure"},
        "Comprar Cartas Extras, Advertência. Correção: a prevista na seção.",
        "Comprar Cartas Extras, Advertência. A correção é a descrita na própria seção.",
        "Robar cartas de más, Advertencia. Remedio: el de la sección.",
        "Robar cartas de más, Advertencia. Remedio: el previsto en la sección.",
    ),
    *_cases(
        "the_sections_fix_named_by_its_citation",
        "riftbound",
        LEC,
        {"remedy": "apply_section_procedure"},
        "Mirar cartas de más, Advertencia; el remedio es el de la sección 702.5.",
        "Olhar Cartas Extras, Advertência; a correção é a prevista em 702.5.",
    ),
]


@pytest.mark.parametrize(("game", "expected", "answer", "found"), FIRM)
def test_the_answer_is_read_as_it_commits_without_review(
    game: str, expected: Expected, answer: str, found: dict[str, str | None]
) -> None:
    grade = grade_answer(answer, expected, game=game)
    assert {part: grade.parts[part].found for part in found} == found, grade.review_reasons
    assert not grade.needs_review, grade.review_reasons


@pytest.mark.parametrize(
    "answer",
    [
        "DISPARO OLVIDADO. SIN PENALIZACIÓN. EL OPONENTE ELIGE SI SE RESUELVE O NO.",
        "NI SIQUIERA HUBO DISPARO OLVIDADO.",
    ],
)
def test_capitals_in_a_sentence_written_in_capitals_are_no_abbreviation(answer: str) -> None:
    grade = grade_answer(answer, NO_INF, game="riftbound")
    assert grade.parts["infraction"].found != "no_infraction"
