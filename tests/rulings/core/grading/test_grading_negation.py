"""Denied terms are not claimed; a denied part noun claims the part's empty id."""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer

PENALTY = Expected(penalty="no_penalty")


def _penalty(text: str, game: str = "riftbound") -> str | None:
    return grade_answer(text, PENALTY, game=game).parts["penalty"].found


@pytest.mark.parametrize(
    "text",
    [
        "Missed trigger, and it is not a warning.",
        "Habilidade esquecida; não é advertência.",
        "Disparo olvidado, no es una advertencia.",
    ],
)
def test_negated_warning_is_not_claimed(text: str) -> None:
    assert _penalty(text) != "warning"


@pytest.mark.parametrize(
    "text",
    [
        "no penalty",
        "No penalty.",
        "sem penalidade",
        "nenhuma penalidade",
        "sin penalización",
        "no hay sanción",
        "There is no need for a penalty here.",
        "Não há penalidade.",
        "No se penaliza.",
    ],
)
def test_denied_penalty_means_no_penalty(text: str) -> None:
    assert _penalty(text) == "no_penalty"


@pytest.mark.parametrize(
    "text",
    [
        "It's not a Game Loss, it's a Warning.",
        "Não é perda de jogo, é advertência.",
        "No es pérdida de juego, es una advertencia.",
    ],
)
def test_denied_option_leaves_the_stated_one(text: str) -> None:
    assert _penalty(text) == "warning"


@pytest.mark.parametrize(
    "text",
    [
        "This is not a GRV: Ilse just missed a trigger.",
        "Não é violação de regra do jogo, é habilidade desencadeada esquecida.",
        "No es una violación de las reglas del juego, es un evento de disparo olvidado.",
    ],
)
def test_denied_infraction_is_not_claimed(text: str) -> None:
    grade = grade_answer(text, Expected(infraction="missed_trigger"), game="mtg")
    assert grade.parts["infraction"].found == "missed_trigger"
    assert grade.parts["infraction"].correct


@pytest.mark.parametrize(
    ("text", "remedy"),
    [
        ("Overpayment; a rewind is no longer possible, so play continues.", "continue_play"),
        ("Pagamento a mais; não dá mais para retroceder, então o jogo continua.", "continue_play"),
        ("Sobrepago; ya no se puede retroceder, así que la partida sigue.", "continue_play"),
        ("Forgot to score; the score cannot be fixed, we continue.", "continue_play"),
    ],
)
def test_denied_remedy_gives_way_to_the_stated_one(text: str, remedy: str) -> None:
    grade = grade_answer(text, Expected(remedy=remedy), game="riftbound")
    assert grade.parts["remedy"].found == remedy


def test_denied_part_noun_in_label_form_claims_the_empty_id() -> None:
    grade = grade_answer(
        "Infraction: none. Penalty: none. Remedy: none.",
        Expected("no_infraction", "no_penalty", "none"),
        game="mtg",
    )
    assert [p.found for p in grade.parts.values()] == ["no_infraction", "no_penalty", "none"]


# Sentences written for this test: "but it is not known" before a fix is the reason play goes
# on, not the fix (the denial "but not" must not swallow the start of "but it is not known").
@pytest.mark.parametrize(
    "text",
    [
        "Olvido de anotar, sin penalización. Aún no pasó el ciclo, pero no se sabe la"
        " puntuación correcta, así que se sigue jugando.",
        "Esquecer de pontuar, sem penalidade. O ciclo ainda não passou, mas não se sabe a"
        " pontuação correta, então segue o jogo.",
        "Forgetting to score, no penalty. The cycle hasn't passed, but nobody knows the"
        " correct score, so play continues.",
    ],
)
def test_a_fix_nobody_can_work_out_is_a_reason_for_playing_on(text: str) -> None:
    expected = Expected("forgetting_to_score", "no_penalty", "continue_play")
    remedy = grade_answer(text, expected, game="riftbound").parts["remedy"]
    assert remedy.found == "continue_play"
