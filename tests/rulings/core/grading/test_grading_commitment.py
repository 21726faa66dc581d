"""What the candidate finally commits to: rejections, conditions, reasons and conclusions.

Each answer below names an option it does not commit to (rejected, conditional, a reason's
term, another person's view) next to the one it does, in English, Portuguese and Spanish;
the grader must grade the committed option and not ask a mentor. The phrasings were written
for these tests, per pattern, not taken from the development set.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulings.core.grading import Expected, grade_answer


def E(
    infraction: str | None, penalty: str | None = None, remedy: str | None = None
) -> dict[str, str]:
    """An expected ruling as keyword arguments for Expected, leaving out absent parts."""
    parts = {"infraction": infraction, "penalty": penalty, "remedy": remedy}
    return {k: v for k, v in parts.items() if v is not None}


COMMITTED: list[tuple[str, dict[str, str], str]] = [
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Game Loss for this? No — it's no penalty. Missed trigger, opponent chooses.",
    ),
    (
        "mtg",
        E("failure_to_maintain_game_state", "warning"),
        "Not just 'no infraction': it is Failure to Maintain Game State, Warning.",
    ),
    (
        "mtg",
        E("game_rule_violation", "game_loss"),
        "GRV. A Warning isn't enough at five Warnings: Game Loss.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Missed trigger. A Warning would ignore that it didn't help her, so no penalty. The "
        "opponent chooses.",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "GRV, Warning. The opponent doesn't get to choose anything; we rewind.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Missed trigger by Tomé. A Warning only if it had helped him; it didn't, so no "
        "penalty. Opponent chooses.",
    ),
    (
        "riftbound",
        E("missed_trigger", "warning"),
        "Missed trigger; no penalty only when it's caught later; caught at once it's a Warning.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", "warning"),
        "Esquecer de pontuar, sem penalidade seria pouco: Advertência.",
    ),
    (
        "riftbound",
        E("general_error", "warning"),
        "Because it caused a result that would not otherwise have happened, treat it as a General "
        "Error. Warning.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Warning? No. Missed trigger, no penalty.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Missed trigger. Is it a Warning? Nope, no penalty.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Missed trigger by Ilse; no penalty rather than a Warning.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Missed trigger by Ilse, no penalty instead of a Warning.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Habilidade esquecida. Advertência? Não: sem penalidade.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Habilidade esquecida, sem penalidade em vez de advertência.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Habilidade esquecida; nada de advertência, sem penalidade.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Disparo olvidado. ¿Advertencia? No, sin penalización.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Disparo olvidado de Tomé, sin penalización en lugar de advertencia.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Disparo olvidado: no es advertencia sino sin penalización.",
    ),
    (
        "mtg",
        E("failure_to_maintain_game_state", "warning"),
        "Not just GRV for the active player: the opponent gets FtMGS, Warning.",
    ),
    (
        "mtg",
        E("failure_to_maintain_game_state", "warning"),
        "Não é só 'sem infração': é falha em manter o estado do jogo, advertência.",
    ),
    (
        "mtg",
        E("failure_to_maintain_game_state", "warning"),
        "No es solo 'ninguna infracción': es falla al mantener el estado de juego, advertencia.",
    ),
    (
        "mtg",
        E("game_rule_violation", "game_loss"),
        "GRV. A Warning isn't enough since it's his fourth: Game Loss.",
    ),
    (
        "mtg",
        E("game_rule_violation", "game_loss"),
        "VRJ. Advertência não basta, é a quinta: perda de jogo.",
    ),
    (
        "mtg",
        E("game_rule_violation", "game_loss"),
        "VRJ. Una advertencia no basta con cinco advertencias: pérdida de juego.",
    ),
    (
        "mtg",
        E("game_rule_violation", "game_loss"),
        "GRV. Advertencia sería poco: pérdida de juego.",
    ),
    (
        "riftbound",
        E("missed_trigger", "warning"),
        "Missed trigger; no penalty would be too lenient here, Warning.",
    ),
    (
        "riftbound",
        E("missed_trigger", "warning"),
        "Habilidade esquecida; sem penalidade seria pouco: advertência.",
    ),
    (
        "riftbound",
        E("missed_trigger", "warning"),
        "Disparo olvidado; sin penalización sería poco: advertencia.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Missed trigger by Tomé. A Warning only if it had helped him; it didn't, so no penalty.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Missed trigger. It would be a Warning if the trigger had been beneficial. It wasn't, so "
        "no penalty.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Habilidade esquecida. Seria advertência só se tivesse ajudado; não ajudou, então sem "
        "penalidade.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Habilidade esquecida. Seria advertência se fosse benéfica; não era, logo sem penalidade.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Disparo olvidado. Sería advertencia solo si la hubiera beneficiado; no fue así, entonces "
        "sin penalización.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Disparo olvidado. Sería advertencia si fuera beneficioso; no lo era, por lo tanto sin "
        "penalización.",
    ),
    (
        "riftbound",
        E("missed_trigger", "warning"),
        "Habilidade esquecida: sem penalidade só quando é percebida depois; aqui foi na hora, "
        "advertência.",
    ),
    (
        "riftbound",
        E("missed_trigger", "warning"),
        "Disparo olvidado: sin penalización solo cuando se detecta tarde; aquí fue al momento, "
        "advertencia.",
    ),
    (
        "riftbound",
        E("missed_trigger", "warning"),
        "Missed trigger, Warning even if it didn't help him.",
    ),
    (
        "riftbound",
        E("general_error", "warning"),
        "Como causou um resultado que não aconteceria de outra forma, é erro geral. Advertência.",
    ),
    (
        "riftbound",
        E("general_error", "warning"),
        "Como causó un resultado que no habría ocurrido de otra forma, es un error general. "
        "Advertencia.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "A Warning would ignore that the trigger is his own, so no penalty. Missed trigger.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Uma advertência ignoraria que o gatilho é dele, então sem penalidade. Habilidade "
        "esquecida.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Una advertencia ignoraría que el disparo es suyo, así que sin penalización. Disparo "
        "olvidado.",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "GRV, Warning. The opponent doesn't get to choose anything; we back up.",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "VRJ, advertência. O oponente não escolhe nada; fazemos backup.",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "VRJ, advertencia. El oponente no elige nada; hacemos backup.",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning"),
        "Should this be a Game Loss? No way — GRV, Warning.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", None, "correct_score"),
        "Forgetting to score. Rather than a rewind, we just fix the score.",
    ),
    (
        "riftbound",
        E("overpayment", None, "correct_cost"),
        "Overpayment. Instead of rewinding, the cost gets corrected.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", None, "correct_score"),
        "Esquecer de pontuar. Em vez de voltar, corrige-se o placar.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", None, "correct_score"),
        "Olvido de puntuar. En lugar de retroceder, se corrige el marcador.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Missed trigger. I wouldn't give a Warning here; no penalty.",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning"),
        "VRJ. Perda de jogo? Não, advertência.",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning"),
        "VRJ. ¿Pérdida de juego? No: advertencia.",
    ),
    (
        "mtg",
        E("missed_trigger"),
        "That's not a GRV at all, it's a missed trigger.",
    ),
    (
        "mtg",
        E("missed_trigger"),
        "Não é VRJ, é habilidade esquecida.",
    ),
    (
        "mtg",
        E("missed_trigger"),
        "No es VRJ, es un disparo olvidado.",
    ),
    (
        "mtg",
        E("missed_trigger"),
        "No infraction? Not quite: it's a Missed Trigger.",
    ),
    (
        "mtg",
        E("game_rule_violation"),
        "If he had done it on purpose it'd be Cheating, but he didn't, so it's a GRV.",
    ),
    (
        "mtg",
        E("game_rule_violation"),
        "Se fosse intencional seria trapaça; não foi, então é VRJ.",
    ),
    (
        "mtg",
        E("game_rule_violation"),
        "Si fuera intencional sería trampa; no lo fue, así que es VRJ.",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning"),
        "GRV. It'd only be a Game Loss if this were her third Warning. It's her first: Warning.",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning"),
        "VRJ. Perda de jogo só se fosse a terceira advertência; é a primeira: advertência.",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning"),
        "VRJ. Pérdida de juego solo si fuera la tercera advertencia; es la primera: advertencia.",
    ),
    (
        "riftbound",
        E("general_error", "warning"),
        "Since the opponent benefited from the overpayment, it's a General Error — Warning.",
    ),
    (
        "riftbound",
        E("general_error", "warning"),
        "Como o oponente se beneficiou do pagamento a mais, é erro geral — advertência.",
    ),
    (
        "riftbound",
        E("general_error", "warning"),
        "Como el oponente se benefició del sobrepago, es un error general: advertencia.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "The trigger was missed, so: no penalty, opponent chooses.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Missed trigger. A Warning? That would be too much. No penalty.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Habilidade esquecida. Advertência? Seria demais. Sem penalidade.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Disparo olvidado. ¿Advertencia? Sería demasiado. Sin penalización.",
    ),
    (
        "mtg",
        E("game_rule_violation", "game_loss"),
        "GRV; it's his third Warning today, so a Warning no longer cuts it: Game Loss.",
    ),
    (
        "mtg",
        E("game_rule_violation", "game_loss"),
        "VRJ; terceira advertência do dia, então advertência já não basta: perda de jogo.",
    ),
    (
        "mtg",
        E("game_rule_violation", "game_loss"),
        "VRJ; tercera advertencia del día, así que la advertencia ya no basta: pérdida de juego.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Missed trigger. People might say Warning, but it's no penalty.",
    ),
    (
        "riftbound",
        E("missed_trigger", "warning"),
        "Missed trigger. It's a Warning, not no penalty, because it was his own beneficial "
        "trigger.",
    ),
    (
        "riftbound",
        E("missed_trigger", "warning"),
        "Habilidade esquecida. É advertência, e não sem penalidade, porque era benéfica.",
    ),
    (
        "riftbound",
        E("missed_trigger", "warning"),
        "Disparo olvidado. Es advertencia y no sin penalización, porque era beneficioso.",
    ),
    (
        "mtg",
        E("failure_to_maintain_game_state", "warning"),
        "The opponent is not just a bystander: FtMGS, Warning.",
    ),
    (
        "mtg",
        E(None, "warning"),
        "Penalty: Warning (a GL would only apply at the third).",
    ),
    (
        "mtg",
        E(None, "warning"),
        "Penalidade: advertência (perda de jogo só valeria na terceira).",
    ),
    (
        "mtg",
        E(None, "warning"),
        "Penalización: advertencia (pérdida de juego solo valdría en la tercera).",
    ),
    (
        "mtg",
        E("cheating", "disqualification"),
        "She knew the rule and broke it on purpose to win. That's Cheating: Disqualification.",
    ),
]


@pytest.mark.parametrize(("game", "expected", "answer"), COMMITTED, ids=range(len(COMMITTED)))
def test_it_grades_what_the_answer_commits_to(
    game: str, expected: dict[str, str], answer: str
) -> None:
    want = Expected(
        infraction=expected.get("infraction"),
        penalty=expected.get("penalty"),
        remedy=expected.get("remedy"),
    )
    grade = grade_answer(answer, want, game=game)
    found = {part: grade.parts[part].found for part in grade.parts}
    assert found == expected, grade.review_reasons
    assert not grade.needs_review, grade.review_reasons


def _grade(answer: str, game: str = "mtg", **expected: Any) -> Any:
    return grade_answer(answer, Expected(**expected), game=game)


def test_two_candidates_left_standing_are_named_in_the_feedback_and_flagged() -> None:
    grade = _grade("GRV. Warning. Game Loss.", infraction="game_rule_violation", penalty="warning")
    penalty = grade.parts["penalty"]
    assert penalty.conflict
    assert penalty.candidates == ("warning", "game_loss")
    assert grade.needs_review
    assert "two candidates remain (warning, game_loss)" in grade.review_reasons[0]
    assert "more than one option standing (a Warning or a Game Loss)" in grade.feedback


def test_the_candidates_are_named_in_the_answer_language() -> None:
    grade = _grade("VRJ. Advertência ou perda de jogo.", penalty="warning")
    assert grade.parts["penalty"].candidates == ("warning", "game_loss")
    assert "mais de uma opção em aberto" in grade.feedback
    grade = _grade("VRJ. Advertencia o pérdida de juego.", penalty="warning")
    assert "más de una opción" in grade.feedback


def test_candidates_that_all_count_as_the_expected_id_are_no_conflict() -> None:
    grade = _grade(
        "GRV, Warning. A simple backup undoes the last action.",
        infraction="game_rule_violation",
        penalty="warning",
        remedy="simple_rewind",
    )
    assert grade.parts["remedy"].correct
    assert not grade.parts["remedy"].conflict
    assert not grade.needs_review


def test_a_condition_after_a_term_makes_it_hypothetical_unless_concessive() -> None:
    only = _grade("Missed trigger: Warning only if it helped him.", penalty="no_penalty")
    assert only.parts["penalty"].found == "warning"
    assert only.needs_review
    even = _grade("Missed trigger, Warning even if it didn't help him.", penalty="warning")
    assert even.parts["penalty"].found == "warning"
    assert not even.needs_review


def test_a_counterfactual_with_a_bare_if_is_hypothetical() -> None:
    grade = _grade(
        "Esquecer de pontuar, sem penalidade (o oponente pode levar FtMGS se percebeu).",
        game="riftbound",
        infraction="forgetting_to_score",
        penalty="no_penalty",
    )
    assert grade.parts["infraction"].found == "forgetting_to_score"
    assert not grade.needs_review


def test_a_reasons_term_alone_is_still_the_claim() -> None:
    grade = _grade("Warning because it's a GRV.", infraction="game_rule_violation")
    assert grade.parts["infraction"].found == "game_rule_violation"


def test_a_spanish_or_english_no_stops_a_phrase_gap_but_the_portuguese_no_does_not() -> None:
    es = _grade("VRJ. El oponente no elige nada.", remedy="opponent_chooses_put_on_stack")
    assert es.parts["remedy"].found is None
    pt = _grade(
        "HDE, o oponente escolhe se coloca no topo da pilha.",
        remedy="opponent_chooses_put_on_stack",
    )
    assert pt.parts["remedy"].found == "opponent_chooses_put_on_stack"


def test_reasons_and_filler_words_do_not_send_a_right_grading_to_review() -> None:
    for answer in (
        "Failure to Maintain Game State because he never pointed out the trigger, Warning.",
        "Falha em manter o estado do jogo porque ele nunca apontou o gatilho, advertência.",
        "Fallo al mantener el estado de juego porque nunca señaló el disparo, advertencia.",
        "Advertencia por FtMGS para el oponente, hoy.",
    ):
        grade = _grade(
            answer,
            infraction="failure_to_maintain_game_state",
            penalty="warning",
            remedy="simple_backup",
        )
        # FtMGS has no fix of its own: stating no remedy is stating "none".
        assert grade.parts["remedy"].found == "none"
        assert not grade.needs_review, (answer, grade.review_reasons)


def test_unknown_words_that_may_state_a_part_still_send_it_to_review() -> None:
    grade = _grade(
        "GRV, Warning, and we frobnicate the board.",
        infraction="game_rule_violation",
        penalty="warning",
        remedy="simple_backup",
    )
    assert grade.parts["remedy"].found is None
    assert grade.needs_review


# Ordinary answers, right and wrong: each is graded as the label says, with no mentor needed
# (a wrong answer stated plainly is graded wrong with confidence).
RULED: list[tuple[str, dict[str, str], str, dict[str, str]]] = [
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Ruling: Game Rule Violation, Warning, rewind.",
        E("game_rule_violation", "warning", "simple_rewind"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "I'd rule this a General Error with a Warning; we back up to before the trigger.",
        E("general_error", "warning", "simple_rewind"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "É erro geral, advertência, e volta a jogada.",
        E("general_error", "warning", "simple_rewind"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Para mí es un error general, advertencia, y se retrocede.",
        E("general_error", "warning", "simple_rewind"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Final answer: missed trigger. No penalty. Opponent chooses.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Resposta final: habilidade esquecida do Tomé; sem penalidade; o oponente escolhe.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Respuesta final: disparo olvidado; sin penalización; elige el oponente.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "1) Forgetting to Score 2) no penalty 3) fix the score",
        E("forgetting_to_score", "no_penalty", "correct_score"),
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "- Infração: esquecer de pontuar\n- Penalidade: nenhuma\n- Correção: ajustar o placar",
        E("forgetting_to_score", "no_penalty", "correct_score"),
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Infracción: olvidar puntuar. Penalización: ninguna. Remedio: corregir el marcador.",
        E("forgetting_to_score", "no_penalty", "correct_score"),
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "GRV. Some judges would just let it go, but it's a Warning and a simple backup.",
        E("game_rule_violation", "warning", "simple_backup"),
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "VRJ. Alguns juízes deixariam passar, mas é advertência e backup simples.",
        E("game_rule_violation", "warning", "simple_backup"),
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "VRJ. Algunos jueces lo dejarían pasar, pero es advertencia y backup simple.",
        E("game_rule_violation", "warning", "simple_backup"),
    ),
    (
        "riftbound",
        E("general_error", "warning", "simple_rewind"),
        "Honestly it's a GE. W. Rewind the last action.",
        E("general_error", "warning", "simple_rewind"),
    ),
    (
        "riftbound",
        E("general_error", "warning", "simple_rewind"),
        "Sinceramente é erro geral. Adv. Volta a última ação.",
        E("general_error", "warning", "simple_rewind"),
    ),
    (
        "riftbound",
        E("general_error", "warning", "simple_rewind"),
        "Sinceramente es error general. Adv. Se retrocede la última acción.",
        E("general_error", "warning", "simple_rewind"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Not a GRV and not a GE: it's just a missed trigger, so no penalty, and the opponent "
        "chooses.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Não é VRJ nem erro geral: é só habilidade esquecida, então sem penalidade, e o oponente "
        "escolhe.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "No es VRJ ni error general: es solo un disparo olvidado, así que sin penalización, y el "
        "oponente elige.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "No penalty — Warnings are for when it benefits the player, which isn't the case. Missed "
        "trigger, opponent chooses.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Sem penalidade — advertência é para quando beneficia o jogador, o que não é o caso. HDE, "
        "oponente escolhe.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Sin penalización — la advertencia es para cuando beneficia al jugador, y no es el caso. "
        "EDO, elige el oponente.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "We don't rewind further than one action: simple backup. GRV, Warning.",
        E("game_rule_violation", "warning", "simple_backup"),
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "Two options: leave it or back up. I'd back up. GRV, Warning.",
        E("game_rule_violation", "warning", "simple_backup"),
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "Duas opções: deixar como está ou backup. Eu faria backup. VRJ, advertência.",
        E("game_rule_violation", "warning", "simple_backup"),
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "Dos opciones: dejarlo así o hacer backup. Yo haría backup. VRJ, advertencia.",
        E("game_rule_violation", "warning", "simple_backup"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "The trigger wasn't beneficial, then no penalty. Missed trigger.",
        E("missed_trigger", "no_penalty"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Não houve vantagem, logo sem penalidade. Habilidade esquecida.",
        E("missed_trigger", "no_penalty"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "No hubo ventaja, entonces sin penalización. Disparo olvidado.",
        E("missed_trigger", "no_penalty"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "No hubo ventaja; por lo tanto, ninguna penalización. Disparo olvidado.",
        E("missed_trigger", "no_penalty"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Missed trigger. Would I give a Warning? No. No penalty.",
        E("missed_trigger", "no_penalty"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Habilidade esquecida. Daria advertência? Não. Sem penalidade.",
        E("missed_trigger", "no_penalty"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Disparo olvidado. ¿Daría advertencia? No. Sin penalización.",
        E("missed_trigger", "no_penalty"),
    ),
    (
        "riftbound",
        E("missed_trigger", "warning"),
        "Missed trigger. No penalty isn't an option here since it was his own beneficial trigger: "
        "Warning.",
        E("missed_trigger", "warning"),
    ),
    (
        "riftbound",
        E("missed_trigger", "warning"),
        "Habilidade esquecida. Sem penalidade não dá, porque era benéfica para ele: advertência.",
        E("missed_trigger", "warning"),
    ),
    (
        "riftbound",
        E("missed_trigger", "warning"),
        "Disparo olvidado. Sin penalización no sirve, porque le beneficiaba: advertencia.",
        E("missed_trigger", "warning"),
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "GRV, Warning. Rather than leaving it, we do a simple backup.",
        E("game_rule_violation", "warning", "simple_backup"),
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "VRJ, advertência. Em vez de deixar como está, fazemos backup simples.",
        E("game_rule_violation", "warning", "simple_backup"),
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "VRJ, advertencia. En vez de dejarlo así, hacemos un backup simple.",
        E("game_rule_violation", "warning", "simple_backup"),
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "VRJ, advertencia. No lo dejamos así: backup simple.",
        E("game_rule_violation", "warning", "simple_backup"),
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "VRJ, advertência. Não deixamos como está: backup simples.",
        E("game_rule_violation", "warning", "simple_backup"),
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "GRV, Warning. We don't leave it as is: simple backup.",
        E("game_rule_violation", "warning", "simple_backup"),
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Forgetting to score. Play on? No - correct the score. No penalty.",
        E("forgetting_to_score", "no_penalty", "correct_score"),
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Esquecer de pontuar. Seguir jogando? Não: corrige o placar. Sem penalidade.",
        E("forgetting_to_score", "no_penalty", "correct_score"),
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Olvido de puntuar. ¿Seguir jugando? No: se corrige el marcador. Sin penalización.",
        E("forgetting_to_score", "no_penalty", "correct_score"),
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Esquecer de pontuar, sem penalidade. Não é só continuar o jogo: corrige-se o placar.",
        E("forgetting_to_score", "no_penalty", "correct_score"),
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Olvido de puntuar, sin penalización. No basta con seguir: se corrige el marcador.",
        E("forgetting_to_score", "no_penalty", "correct_score"),
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Forgetting to score, no penalty. Just continuing isn't enough: fix the score.",
        E("forgetting_to_score", "no_penalty", "correct_score"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "It is a Warning only when the trigger is beneficial. This one is detrimental, so MT with "
        "no penalty.",
        E("missed_trigger", "no_penalty"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "É advertência só quando o gatilho é benéfico. Este é prejudicial, então HDE sem "
        "penalidade.",
        E("missed_trigger", "no_penalty"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Es advertencia solo cuando el disparo es beneficioso. Este es perjudicial, así que EDO "
        "sin penalización.",
        E("missed_trigger", "no_penalty"),
    ),
    (
        "riftbound",
        E("missed_trigger", "warning"),
        "MT. No penalty would have been right if it were detrimental, but it's beneficial: "
        "Warning.",
        E("missed_trigger", "warning"),
    ),
    (
        "riftbound",
        E("missed_trigger", "warning"),
        "HDE. Sem penalidade seria o certo se fosse prejudicial, mas é benéfica: advertência.",
        E("missed_trigger", "warning"),
    ),
    (
        "riftbound",
        E("missed_trigger", "warning"),
        "EDO. Sin penalización sería lo correcto si fuera perjudicial, pero es beneficioso: "
        "advertencia.",
        E("missed_trigger", "warning"),
    ),
    (
        "riftbound",
        E("general_error", "warning", "continue_play"),
        "GE, W, game state stays as is.",
        E("general_error", "warning", "continue_play"),
    ),
    (
        "riftbound",
        E("general_error", "warning", "continue_play"),
        "General Error, Warning, leave the game state alone and play on.",
        E("general_error", "warning", "continue_play"),
    ),
    (
        "riftbound",
        E("general_error", "warning", "continue_play"),
        "Erro geral, adv, o jogo segue.",
        E("general_error", "warning", "continue_play"),
    ),
    (
        "riftbound",
        E("general_error", "warning", "continue_play"),
        "Erro geral, advertência, fica tudo como está e o jogo continua.",
        E("general_error", "warning", "continue_play"),
    ),
    (
        "riftbound",
        E("general_error", "warning", "continue_play"),
        "Error general, advertencia, la partida sigue.",
        E("general_error", "warning", "continue_play"),
    ),
    (
        "riftbound",
        E("general_error", "warning", "continue_play"),
        "Error general, advertencia, se deja todo como está y se sigue jugando.",
        E("general_error", "warning", "continue_play"),
    ),
    (
        "riftbound",
        E("general_error", "warning", "simple_rewind"),
        "GE, W, undo the last action.",
        E("general_error", "warning", "simple_rewind"),
    ),
    (
        "riftbound",
        E("general_error", "warning", "simple_rewind"),
        "Erro geral, advertência, desfaz a última ação.",
        E("general_error", "warning", "simple_rewind"),
    ),
    (
        "riftbound",
        E("general_error", "warning", "simple_rewind"),
        "Error general con advertencia: que se deshaga la última acción.",
        E("general_error", "warning", "simple_rewind"),
    ),
    (
        "riftbound",
        E("general_error", "warning", "simple_rewind"),
        "Erro geral, advertência, voltar ao estado anterior.",
        E("general_error", "warning", "simple_rewind"),
    ),
    (
        "riftbound",
        E("general_error", "warning", "simple_rewind"),
        "Error general, advertencia, volver al estado anterior.",
        E("general_error", "warning", "simple_rewind"),
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "GRV w/ a Warning, BU one action.",
        E("game_rule_violation", "warning", "simple_backup"),
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "VRJ c/ advertência, backup de uma ação.",
        E("game_rule_violation", "warning", "simple_backup"),
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "VRJ con advertencia, backup de una acción.",
        E("game_rule_violation", "warning", "simple_backup"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "MT, sem pena, oponente decide.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "EDO, sin pena, decide el oponente.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "MT, nothing for the penalty, opponent decides.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "mtg",
        E("cheating", "disqualification"),
        "USC - Cheating. DQ.",
        E("cheating", "disqualification"),
    ),
    (
        "mtg",
        E("cheating", "disqualification"),
        "Trapaça (fraude). Desqualificado.",
        E("cheating", "disqualification"),
    ),
    (
        "mtg",
        E("cheating", "disqualification"),
        "Hizo trampa a propósito: descalificación.",
        E("cheating", "disqualification"),
    ),
    (
        "mtg",
        E("cheating", "disqualification"),
        "He lied on purpose to gain an advantage: that's cheating; disqualify him.",
        E("cheating", "disqualification"),
    ),
    (
        "mtg",
        E("cheating", "disqualification"),
        "Mentiu de propósito para ganhar vantagem: é trapaça, desqualifica.",
        E("cheating", "disqualification"),
    ),
    (
        "mtg",
        E("cheating", "disqualification"),
        "Mintió a propósito para sacar ventaja: es trampa, se le descalifica.",
        E("cheating", "disqualification"),
    ),
    (
        "mtg",
        E("no_infraction", "no_penalty", "none"),
        "Nothing wrong here at all: no infraction, no penalty, and nothing to fix.",
        E("no_infraction", "no_penalty", "none"),
    ),
    (
        "mtg",
        E("no_infraction", "no_penalty", "none"),
        "Nada de errado: sem infração, sem penalidade, nada a corrigir.",
        E("no_infraction", "no_penalty", "none"),
    ),
    (
        "mtg",
        E("no_infraction", "no_penalty", "none"),
        "Aquí no hay nada incorrecto: sin infracción, sin penalización, nada que corregir.",
        E("no_infraction", "no_penalty", "none"),
    ),
    (
        "mtg",
        E("no_infraction", "no_penalty", "none"),
        "That's legal play. No infraction.",
        E("no_infraction", "no_penalty", "none"),
    ),
    (
        "mtg",
        E("no_infraction", "no_penalty", "none"),
        "É uma jogada legal. Sem infração.",
        E("no_infraction", "no_penalty", "none"),
    ),
    (
        "mtg",
        E("no_infraction", "no_penalty", "none"),
        "Es una jugada legal. No hay infracción.",
        E("no_infraction", "no_penalty", "none"),
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "The point went unclaimed; no sanction; bump the tracker by one.",
        E("forgetting_to_score", "no_penalty", "correct_score"),
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "O ponto ficou sem ser contabilizado; nada de punição; sobe o contador em um.",
        E("forgetting_to_score", "no_penalty", "correct_score"),
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "El punto quedó sin contabilizar; sin castigo; se sube el contador en uno.",
        E("forgetting_to_score", "no_penalty", "correct_score"),
    ),
    (
        "riftbound",
        E("general_error", "warning"),
        "It is an overpayment, but treat it as a General Error. Warning.",
        E("general_error", "warning"),
    ),
    (
        "riftbound",
        E("general_error", "warning"),
        "É pagamento a mais, mas trate como erro geral. Advertência.",
        E("general_error", "warning"),
    ),
    (
        "riftbound",
        E("general_error", "warning"),
        "Es un sobrepago, pero trátalo como error general. Advertencia.",
        E("general_error", "warning"),
    ),
    (
        "riftbound",
        E("general_error", "warning"),
        "Warning, as the overpayment helped him: General Error.",
        E("general_error", "warning"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Primeiro pensei em erro geral, mas não: o jogador simplesmente esqueceu a habilidade "
        "desencadeada. Como não há vantagem, fica sem penalidade, e o oponente decide se ela "
        "resolve agora.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Al principio pensé en error general, pero no: el jugador simplemente olvidó el disparo. "
        "Como no hay ventaja, queda sin penalización, y el oponente decide si se resuelve ahora.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("missed_trigger", "warning", "opponent_chooses_resolve_or_skip"),
        "Não dá para ser sem penalidade: a habilidade era benéfica para quem esqueceu. Habilidade "
        "esquecida com advertência; o oponente escolhe se resolve agora ou não.",
        E("missed_trigger", "warning", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("missed_trigger", "warning", "opponent_chooses_resolve_or_skip"),
        "No puede ser sin penalización: el disparo era beneficioso para quien lo olvidó. Disparo "
        "olvidado con advertencia; el oponente elige si se resuelve ahora o no.",
        E("missed_trigger", "warning", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "O oponente até poderia levar FtMGS se tivesse percebido, mas a questão é do jogador "
        "ativo: esqueceu de pontuar. Sem penalidade, só corrigir o placar.",
        E("forgetting_to_score", "no_penalty", "correct_score"),
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "El oponente podría llevarse FtMGS si lo hubiera notado, pero la cuestión es del jugador "
        "activo: olvidó puntuar. Sin penalización, solo corregir el marcador.",
        E("forgetting_to_score", "no_penalty", "correct_score"),
    ),
    (
        "riftbound",
        E("overpayment", "no_penalty", "correct_cost"),
        "Não é pagamento incorreto de custo, porque ele pagou a mais, não a menos. Pagamento a "
        "mais: sem penalidade, e corrige-se o pagamento.",
        E("overpayment", "no_penalty", "correct_cost"),
    ),
    (
        "riftbound",
        E("overpayment", "no_penalty", "correct_cost"),
        "No es pago incorrecto del coste, porque pagó de más, no de menos. Sobrepago: sin "
        "penalización, y se corrige el pago.",
        E("overpayment", "no_penalty", "correct_cost"),
    ),
    (
        "riftbound",
        E("general_error", "warning", "simple_rewind"),
        "Seria só pagamento a mais, mas como isso permitiu uma habilidade que não aconteceria, "
        "vira erro geral: advertência e retrocesso simples.",
        E("general_error", "warning", "simple_rewind"),
    ),
    (
        "riftbound",
        E("general_error", "warning", "simple_rewind"),
        "Sería solo un sobrepago, pero como eso permitió una habilidad que no habría ocurrido, "
        "pasa a ser error general: advertencia y retroceso simple.",
        E("general_error", "warning", "simple_rewind"),
    ),
    (
        "mtg",
        E("failure_to_maintain_game_state", "warning"),
        "O jogador ativo cometeu uma VRJ, mas a pergunta é sobre o oponente, que viu e não falou "
        "nada: falha em manter o estado do jogo, advertência.",
        E("failure_to_maintain_game_state", "warning"),
    ),
    (
        "mtg",
        E("failure_to_maintain_game_state", "warning"),
        "El jugador activo cometió una VRJ, pero la pregunta es sobre el oponente, que lo vio y "
        "no dijo nada: fallo al mantener el estado de juego, advertencia.",
        E("failure_to_maintain_game_state", "warning"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Advertência? Só se fosse um gatilho benéfico. Aqui é prejudicial, então é habilidade "
        "esquecida sem penalidade; o oponente escolhe.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "¿Advertencia? Solo si fuera un disparo beneficioso. Aquí es perjudicial, así que es "
        "disparo olvidado sin penalización; el oponente elige.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Advertência seria exagero. É habilidade esquecida, sem penalidade, e a escolha é do "
        "oponente.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Una advertencia sería excesiva. Es disparo olvidado, sin penalización, y la elección es "
        "del oponente.",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
    ),
    (
        "riftbound",
        E("channeling_too_many_runes", "warning", "apply_section_procedure"),
        "He channeled one rune more than allowed. Channeling Too Many Runes, Warning; apply what "
        "TR 702.6 says.",
        E("channeling_too_many_runes", "warning", "apply_section_procedure"),
    ),
    (
        "riftbound",
        E("channeling_too_many_runes", "warning", "apply_section_procedure"),
        "Canalizou uma runa além do permitido: canalizar runas demais, advertência, e aplica-se o "
        "procedimento da seção.",
        E("channeling_too_many_runes", "warning", "apply_section_procedure"),
    ),
    (
        "riftbound",
        E("channeling_too_many_runes", "warning", "apply_section_procedure"),
        "Canalizó una runa de más: canalizar demasiadas runas, advertencia, y se aplica el "
        "procedimiento de la sección.",
        E("channeling_too_many_runes", "warning", "apply_section_procedure"),
    ),
    (
        "riftbound",
        E("drawing_extra_cards", "warning", "apply_section_procedure"),
        "She drew two cards instead of one. Drawing extra cards, Warning, follow 702.12.",
        E("drawing_extra_cards", "warning", "apply_section_procedure"),
    ),
    (
        "riftbound",
        E("drawing_extra_cards", "warning", "apply_section_procedure"),
        "Comprou duas cartas em vez de uma. Comprar cartas a mais, advertência, seguir o TR "
        "702.12.",
        E("drawing_extra_cards", "warning", "apply_section_procedure"),
    ),
    (
        "riftbound",
        E("drawing_extra_cards", "warning", "apply_section_procedure"),
        "Robó dos cartas en vez de una. Robar cartas de más, advertencia, seguir el TR 702.12.",
        E("drawing_extra_cards", "warning", "apply_section_procedure"),
    ),
    (
        "riftbound",
        E("forgetting_to_draw_cards", "no_penalty", "apply_section_procedure"),
        "Forgot to draw at the start of the turn. No penalty; he draws the missing card now.",
        E("forgetting_to_draw_cards", "no_penalty", "draw_missing_cards"),
    ),
    (
        "riftbound",
        E("forgetting_to_draw_cards", "no_penalty", "apply_section_procedure"),
        "Esqueceu de comprar no início do turno. Sem penalidade; ele compra a carta que faltou "
        "agora.",
        E("forgetting_to_draw_cards", "no_penalty", "draw_missing_cards"),
    ),
    (
        "riftbound",
        E("forgetting_to_draw_cards", "no_penalty", "apply_section_procedure"),
        "Se olvidó de robar al inicio del turno. Sin penalización; roba ahora la carta que le "
        "faltó.",
        E("forgetting_to_draw_cards", "no_penalty", "draw_missing_cards"),
    ),
    (
        "riftbound",
        E("mulligan_procedure_error", "warning", "apply_section_procedure"),
        "Mulligan done wrong: Mulligan Procedure Error, Warning, apply 702.14.",
        E("mulligan_procedure_error", "warning", "apply_section_procedure"),
    ),
    (
        "riftbound",
        E("mulligan_procedure_error", "warning", "apply_section_procedure"),
        "Fez o mulligan errado: erro no procedimento de mulligan, advertência, aplicar o 702.14.",
        E("mulligan_procedure_error", "warning", "apply_section_procedure"),
    ),
    (
        "riftbound",
        E("mulligan_procedure_error", "warning", "apply_section_procedure"),
        "Hizo mal el mulligan: error en el procedimiento de mulligan, advertencia, aplicar el "
        "702.14.",
        E("mulligan_procedure_error", "warning", "apply_section_procedure"),
    ),
    (
        "riftbound",
        E("forgetting_to_ready", "no_penalty", "apply_section_procedure"),
        "He forgot to ready his runes. No penalty; ready them now.",
        E("forgetting_to_ready", "no_penalty", "ready_objects"),
    ),
    (
        "riftbound",
        E("forgetting_to_ready", "no_penalty", "apply_section_procedure"),
        "Esqueceu de preparar as runas. Sem penalidade; prepara agora.",
        E("forgetting_to_ready", "no_penalty", "ready_objects"),
    ),
    (
        "riftbound",
        E("forgetting_to_ready", "no_penalty", "apply_section_procedure"),
        "Olvidó preparar sus runas. Sin penalización; se preparan ahora.",
        E("forgetting_to_ready", "no_penalty", "ready_objects"),
    ),
]


@pytest.mark.parametrize(("game", "expected", "answer", "label"), RULED, ids=range(len(RULED)))
def test_it_grades_ordinary_answers_right_or_wrong_without_review(
    game: str, expected: dict[str, str], answer: str, label: dict[str, str]
) -> None:
    want = Expected(
        infraction=expected.get("infraction"),
        penalty=expected.get("penalty"),
        remedy=expected.get("remedy"),
    )
    grade = grade_answer(answer, want, game=game)
    found = {part: grade.parts[part].found for part in grade.parts}
    assert found == {part: label.get(part) for part in grade.parts}, grade.review_reasons
    assert not grade.needs_review, grade.review_reasons


@pytest.mark.parametrize(
    "answer",
    [
        "The ability slipped his mind. Nobody gets punished. The other side picks whether it "
        "happens.",
        "Rules mistake by the active player; a slap on the wrist; we undo just that step.",
        "Erro de regras do jogador ativo; um puxão de orelha; desfazemos só esse passo.",
        "La habilidad se le escapó. Nadie recibe castigo. El otro lado decide si ocurre.",
    ],
)
def test_parts_stated_in_words_the_lexicon_lacks_go_to_a_mentor(answer: str) -> None:
    grade = _grade(
        answer,
        infraction="missed_trigger",
        penalty="no_penalty",
        remedy="opponent_chooses_put_on_stack",
    )
    assert any(part.found is None for part in grade.parts.values())
    assert grade.needs_review
