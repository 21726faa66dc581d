"""Names of an id that judges also use for another (`ambiguous` in lexicon.toml): a part
read from one of them goes to a mentor, right or wrong; the id's other names do not.

The answers were written for these tests, not taken from any labelled batch."""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer
from rulings.core.grading.lexicon import load_lexicon

FTMGS_GL = Expected(infraction="failure_to_maintain_game_state", penalty="game_loss", remedy="none")
FTMGS_ML = Expected(
    infraction="failure_to_maintain_game_state", penalty="match_loss", remedy="none"
)
AMBIGUOUS = "penalty: read as match_loss from words judges also use for game_loss"


@pytest.mark.parametrize("expected", [FTMGS_GL, FTMGS_ML])
@pytest.mark.parametrize(
    "answer",
    [
        "Fallo al mantener el estado de juego; ya lleva dos del mismo tipo: Pérdida de Partida.",
        "FMEJ de Olga, la tercera de esa categoría, así que pérdida de la partida.",
    ],
)
def test_a_penalty_named_in_words_that_also_mean_another_goes_to_a_mentor(
    expected: Expected, answer: str
) -> None:
    grade = grade_answer(answer, expected, game="riftbound", lang="es")
    assert grade.parts["penalty"].found == "match_loss"
    assert AMBIGUOUS in grade.review_reasons
    assert grade.parts["penalty"].confidence < 0.9


@pytest.mark.parametrize(
    "answer",
    [
        "Olga ya llevaba dos de esta categoría; con esta sube a pérdida de enfrentamiento.",
        "Olga ya llevaba dos de esta categoría; con esta sube a Match Loss.",
    ],
)
def test_the_ids_other_names_are_not_doubted(answer: str) -> None:
    grade = grade_answer(answer, FTMGS_ML, game="riftbound", lang="es")
    assert grade.parts["penalty"].found == "match_loss"
    assert AMBIGUOUS not in grade.review_reasons


def test_the_lexicon_names_the_other_id_of_an_ambiguous_phrase() -> None:
    info = load_lexicon().ids["penalty"]["match_loss"]
    assert (("perdida", "de", "partida"), "game_loss") in info.ambiguous
