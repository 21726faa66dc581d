"""Cue handling and review rules added after the blind batches A and B.

A reading the grader is unsure of must go to a mentor rather than be silently wrong; the
usual ruling ("normally no penalty, but ..."), a denial over a list, "X but it isn't",
"no X sino Y" and "upgrade from X to Y" are read as the answer means them.
"""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer

MT = Expected(
    infraction="missed_trigger", penalty="warning", remedy="opponent_chooses_resolve_or_skip"
)
MT_NO_PENALTY = Expected(
    infraction="missed_trigger", penalty="no_penalty", remedy="opponent_chooses_resolve_or_skip"
)
FMGS = Expected(infraction="failure_to_maintain_game_state", penalty="warning", remedy="none")
NI = Expected(infraction="no_infraction", penalty="no_penalty", remedy="none")
MIS = Expected(infraction="mispayment_for_cost", penalty="warning", remedy="simple_rewind")


@pytest.mark.parametrize(
    "text",
    [
        "Missed Trigger. Normally no penalty, but the trigger would have benefited the "
        "opponent so it's a Warning. Opponent chooses.",
        "Missed trigger: upgrade from no penalty to a Warning. The opponent chooses.",
        "Gatilho esquecido; normalmente sem penalidade, mas aqui advertência. O oponente escolhe.",
        "Disparo olvidado; en principio sin penalización, pero aquí advertencia. "
        "El oponente elige.",
    ],
)
def test_the_usual_ruling_and_an_upgrade_path_yield_to_the_answer(text: str) -> None:
    grade = grade_answer(text, MT, game="riftbound")
    assert grade.parts["penalty"].found == "warning"
    assert grade.parts["penalty"].correct


def test_a_baseline_covers_only_its_own_clause() -> None:
    text = (
        "It's an MT, but since the trigger is usually considered detrimental for its "
        "controller, a Warning applies. Opponent chooses."
    )
    grade = grade_answer(text, MT, game="riftbound")
    assert grade.parts["penalty"].found == "warning"
    assert not grade.needs_review


@pytest.mark.parametrize(
    "text",
    [
        "It isn't cheating or a GE, it's a plain missed trigger. No penalty. Opponent chooses.",
        "Não é trapaça nem erro geral, é gatilho esquecido. Sem penalidade. Oponente escolhe.",
    ],
)
def test_a_denial_covers_a_list(text: str) -> None:
    grade = grade_answer(text, MT_NO_PENALTY, game="riftbound")
    assert grade.parts["infraction"].found == "missed_trigger"


def test_no_x_sino_y_claims_y() -> None:
    text = (
        "No es un error de juego suyo sino falta en mantener el estado del juego. "
        "Advertencia. Nada que corregir."
    )
    grade = grade_answer(text, FMGS, game="riftbound")
    assert grade.parts["infraction"].found == "failure_to_maintain_game_state"


def test_x_but_it_isnt_rejects_x_only_at_a_clause_end() -> None:
    text = "No infraction (some might call it a GE but it isn't). No penalty, nothing to fix."
    assert grade_answer(text, NI, game="riftbound").parts["infraction"].found == "no_infraction"
    kept = grade_answer(
        "Mispayment. Warning, but it's not a big deal. Simple rewind.", MIS, game="riftbound"
    )
    assert kept.parts["penalty"].found == "warning"


def test_a_wrong_grading_that_also_names_the_expected_id_goes_to_review() -> None:
    text = (
        "Missed trigger. If it had been advantageous, a Warning; here no penalty. Opponent chooses."
    )
    wrong = grade_answer(text, MT, game="riftbound")
    assert wrong.parts["penalty"].found == "no_penalty"
    assert wrong.needs_review
    assert any("expected id" in r for r in wrong.review_reasons)
    right = grade_answer(text, MT_NO_PENALTY, game="riftbound")
    assert right.parts["penalty"].correct
    assert not right.needs_review


def test_a_missing_part_with_words_not_understood_goes_to_review() -> None:
    grade = grade_answer("Mispayment, Warning, frobnicate the zorblax.", MIS, game="riftbound")
    assert grade.parts["remedy"].found is None
    assert grade.needs_review
    plain = grade_answer("Mispayment, Warning.", MIS, game="riftbound")
    assert plain.parts["remedy"].found is None
    assert not plain.needs_review


def test_hedged_alternatives_in_portuguese_and_spanish() -> None:
    for text in (
        "Pagou errado. Acho que advertência ou talvez só uma conversa. Volta a jogada.",
        "Pagó mal. Creo que advertencia o tal vez solo una charla. Retroceder la jugada.",
    ):
        grade = grade_answer(text, MIS, game="riftbound")
        assert grade.parts["penalty"].hedged
        assert grade.needs_review


def test_phrases_shared_by_two_languages_do_not_decide_the_language() -> None:
    text = "disparo olvidado. no hace falta advertencia. el oponente decide si pasa"
    grade = grade_answer(text, MT_NO_PENALTY, game="riftbound")
    assert grade.language == "es"
    assert grade.parts["penalty"].found == "no_penalty"


@pytest.mark.parametrize(
    "text",
    [
        "I'm torn between a missed trigger and a general error, but I'll go with missed "
        "trigger. No penalty. Opponent chooses.",
        "Fiquei na dúvida entre gatilho esquecido e erro geral, mas fico com gatilho "
        "esquecido. Sem penalidade. Oponente escolhe.",
        "Dudo entre disparo olvidado y error general, pero me quedo con disparo olvidado. "
        "Sin penalización. El oponente elige.",
    ],
)
def test_a_conclusion_settles_a_doubt(text: str) -> None:
    grade = grade_answer(text, MT_NO_PENALTY, game="riftbound")
    assert grade.parts["infraction"].found == "missed_trigger"
    assert not grade.parts["infraction"].hedged


def test_not_applicable_in_a_label_slot_is_the_empty_choice() -> None:
    grade = grade_answer(
        "* Infraction - Missed Trigger\n* Penalty - N/A\n* Fix - opponent decides",
        MT_NO_PENALTY,
        game="riftbound",
    )
    assert grade.parts["penalty"].found == "no_penalty"


MIS3 = Expected(infraction="mispayment_for_cost", penalty="game_loss", remedy="simple_rewind")


@pytest.mark.parametrize(
    "text",
    [
        "Mispayment for cost, and since Jo already has two warnings for it this event, the "
        "third is a Game Loss. Rewind the spell.",
        "Pagamento incorreto, e como o Léo já tem duas advertências disso no evento, a "
        "terceira é Game Loss. Desfaz a magia.",
        "Pago incorrecto, y como Ana ya tiene dos advertencias por eso en el evento, la "
        "tercera es Game Loss. Se deshace el hechizo.",
    ],
)
def test_penalties_counted_in_the_players_record_are_not_the_ruling(text: str) -> None:
    grade = grade_answer(text, MIS3, game="riftbound")
    assert grade.parts["penalty"].found == "game_loss"


def test_a_counted_penalty_alone_is_read_with_less_confidence() -> None:
    grade = grade_answer("Mispayment: his third warning. Simple rewind.", MIS, game="riftbound")
    assert grade.parts["penalty"].found == "warning"
    assert grade.parts["penalty"].confidence < 0.9


@pytest.mark.parametrize(
    "text",
    [
        "MT, no penalty. The non-active player gets the choice: resolve it now, or it's gone.",
        "Gatilho esquecido, sem penalidade. O jogador não ativo escolhe: resolve agora ou já era.",
        "Disparo olvidado, sin penalización. El jugador no activo elige: se resuelve ahora o "
        "se pierde.",
    ],
)
def test_the_non_active_player_is_the_opponent(text: str) -> None:
    grade = grade_answer(text, MT_NO_PENALTY, game="riftbound")
    assert grade.parts["remedy"].correct
    assert grade.parts["penalty"].correct


def test_play_continuing_after_a_payment_is_narrative() -> None:
    cost = Expected(infraction="mispayment_for_cost", penalty="warning", remedy="correct_cost")
    grade = grade_answer(
        "Mispayment. Warning. He pays the remaining cost now and play continues.",
        cost,
        game="riftbound",
    )
    assert grade.parts["remedy"].found == "correct_cost"
    assert not grade.needs_review


def test_a_count_does_not_reach_across_a_clause_break() -> None:
    text = "Pagamento incorreto -> Advertência -> mas é a terceira -> Game Loss. Desfazer a jogada."
    assert grade_answer(text, MIS3, game="riftbound").parts["penalty"].found == "game_loss"


def test_a_concrete_section_fix_is_that_section_procedure() -> None:
    ftd = Expected(
        infraction="forgetting_to_draw_cards",
        penalty="no_penalty",
        remedy="apply_section_procedure",
    )
    grade = grade_answer(
        "Esqueceu de comprar a carta do turno. Sem penalidade; aplica o procedimento da "
        "seção (compra agora).",
        ftd,
        game="riftbound",
    )
    assert grade.parts["remedy"].correct
    assert not grade.needs_review


def test_a_missing_part_with_an_unknown_short_word_goes_to_review() -> None:
    grade = grade_answer("Pagamento incorreto! Bla + rewind.", MIS, game="riftbound")
    assert grade.parts["penalty"].found is None
    assert grade.needs_review


def test_a_hedge_standing_alone_covers_the_sentence_before() -> None:
    mtg = Expected(
        infraction="missed_trigger", penalty="no_penalty", remedy="opponent_chooses_put_on_stack"
    )
    grade = grade_answer(
        "Missed trigger. Warning because he missed it on purpose? Not sure. The opponent "
        "decides whether it goes on the stack.",
        mtg,
        game="mtg",
    )
    assert grade.parts["penalty"].hedged
    assert grade.needs_review


@pytest.mark.parametrize(
    "text",
    [
        "Error general + advertencia. No es posible retroceder, la partida sigue tal como está.",
        "FtS, no penalty. It's no longer in the window to fix the score, play continues.",
    ],
)
def test_a_fix_that_is_no_longer_possible_is_denied(text: str) -> None:
    gec = Expected(infraction="general_error", penalty="warning", remedy="continue_play")
    ftso = Expected(infraction="forgetting_to_score", penalty="no_penalty", remedy="continue_play")
    expected = ftso if text.startswith("FtS") else gec
    assert grade_answer(text, expected, game="riftbound").parts["remedy"].found == "continue_play"


def test_a_denial_answering_a_question_starts_no_phrase() -> None:
    text = (
        "É erro geral? Não, tem infração específica: gatilho esquecido. Penalidade: "
        "nenhuma. O oponente decide."
    )
    grade = grade_answer(text, MT_NO_PENALTY, game="riftbound")
    assert grade.parts["infraction"].found == "missed_trigger"


def test_another_players_ruling_said_to_be_separate_is_set_aside() -> None:
    ge = Expected(infraction="general_error", penalty="warning", remedy="simple_rewind")
    grade = grade_answer(
        "General Error. Warning. Simple rewind. Also FtMGS for the opponent but that's separate.",
        ge,
        game="riftbound",
    )
    assert grade.parts["infraction"].found == "general_error"
    assert not grade.needs_review


@pytest.mark.parametrize(
    "text",
    [
        "So the trigger got missed. Nobody cheated. No penalty. Opponent decides.",
        "O gatilho foi esquecido. Ninguém trapaceou. Sem penalidade. O oponente decide.",
        "El disparo se olvidó. Nadie hizo trampa. Sin penalización. El oponente decide.",
    ],
)
def test_nobody_denies_like_not(text: str) -> None:
    grade = grade_answer(text, MT_NO_PENALTY, game="riftbound")
    assert grade.parts["infraction"].found == "missed_trigger"


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Warning, and since two turns went by, play goes on.", "en"),
        ("Advertência, e como já passaram dois turnos, o jogo segue.", "pt-BR"),
        ("Advertencia, y como ya pasaron dos turnos, se sigue jugando.", "es"),
    ],
)
def test_a_penalty_and_fix_with_no_infraction_named_go_to_a_mentor(text: str, lang: str) -> None:
    grade = grade_answer(text, MT, game="riftbound", lang=lang)
    assert grade.parts["infraction"].found is None
    assert grade.needs_review
    assert any(r.startswith("infraction: not named") for r in grade.review_reasons)


def test_an_infraction_named_with_its_penalty_and_fix_is_not_sent_for_it() -> None:
    grade = grade_answer(
        "Both players let the board drift, so FtMGS for Jo with a Warning; nothing to repair.",
        FMGS,
        game="riftbound",
        lang="en",
    )
    assert not any(r.startswith("infraction: not named") for r in grade.review_reasons)
