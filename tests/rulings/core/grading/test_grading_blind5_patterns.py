"""Patterns blind5's misses showed (lexicon 2026.12.01.2), as general rules.

The answers were written for these tests in the three languages, not taken from any batch:
each one shows the pattern in other words than the batch's answers did.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulings.core.grading import Expected, grade_answer
from tests.rulings.core.grading_cases import FTS, FTS_FIX, GE_LONG, MISPAY, MT_STACK, NO_INF
from tests.rulings.core.grading_cases import cases as _cases

LEC = Expected(
    infraction="looking_at_extra_cards", penalty="warning", remedy="apply_section_procedure"
)
FTD = Expected(
    infraction="forgetting_to_draw_cards", penalty="no_penalty", remedy="apply_section_procedure"
)
GE_COST = Expected(infraction="general_error", penalty="warning", remedy="correct_cost")
GE_PLAY_ON = Expected(infraction="general_error", penalty="warning", remedy="continue_play")
GRV_ZONE = Expected(
    infraction="game_rule_violation", penalty="warning", remedy="return_to_correct_zone"
)
GRV_DISCARD = Expected(
    infraction="game_rule_violation", penalty="warning", remedy="make_up_draw_or_discard"
)
DELAYED = Expected(
    infraction="missed_trigger", penalty="warning", remedy="resolve_now_or_next_phase"
)
MULLIGAN = Expected(
    infraction="mulligan_procedure_error", penalty="warning", remedy="apply_section_procedure"
)
LSI = Expected(
    infraction="looking_at_secret_information",
    penalty="game_loss",
    remedy="apply_section_procedure",
)
DEC = Expected(
    infraction="drawing_extra_cards", penalty="warning", remedy="apply_section_procedure"
)


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
    *_cases(
        "what_a_concession_grants_is_not_the_ruling",
        "riftbound",
        FTS,
        {"remedy": "continue_play"},
        "Forgetting to Score, no penalty. Although everyone knows the correct score, the "
        "round is over: play continues.",
        "Esquecer de pontuar, sem penalidade. Embora todos saibam o placar correto, a "
        "rodada acabou: o jogo continua.",
        "Olvidar anotar un punto, sin penalización. Aunque todos sepan la puntuación "
        "correcta, la ronda ya terminó: seguimos jugando.",
    ),
    *_cases(
        "a_spanish_question_opened_by_its_mark_and_answered_no_rejects_what_it_asks",
        "riftbound",
        MULLIGAN,
        {"penalty": "warning"},
        "Error de mulligan. ¿Pérdida de juego por llevar ya tantas Advertencias? No: el "
        "límite no aplica aquí. Advertencia y la corrección de la sección.",
        "Error de mulligan. ¿Pérdida de juego? No, Advertencia; corrección de la sección.",
    ),
    *_cases(
        "a_spanish_question_opened_by_its_mark_and_answered_no_rejects_what_it_asks",
        "mtg",
        MT_STACK,
        {"penalty": "no_penalty"},
        "HDO. ¿Advertencia porque al jugador le conviene olvidarlo con poca vida? No: eso "
        "nunca cuenta. Sin penalización. El oponente elige si se pone en la pila.",
    ),
    *_cases(
        "what_would_hold_but_does_not_is_hypothetical",
        "riftbound",
        LSI,
        {"penalty": "game_loss"},
        "Mirar información secreta. Por sí sola sería Advertencia, pero el mismo error trae "
        "otra de Pérdida de juego. Pérdida de juego; el resto según la sección.",
        "Olhar informação secreta. Sozinha seria Advertência, mas o mesmo erro traz outra "
        "de Perda de Jogo. Perda de Jogo; o resto conforme a seção.",
    ),
    *_cases(
        "i_treat_it_as_is_the_final_outcome",
        "riftbound",
        GE_COST,
        {"infraction": "general_error"},
        "Pagar a menos eu trato como Erro Geral: Advertência. Ele paga agora a runa que lhe "
        "faltava.",
        "Pagar de menos lo trato como Error general: Advertencia. Paga ahora la runa que le "
        "faltaba.",
        "Underpaying, I treat it as a General Error: Warning. He pays the missing rune now.",
    ),
    *_cases(
        "paying_the_rune_that_was_missing_now_corrects_the_cost",
        "riftbound",
        MISPAY,
        {"remedy": "correct_cost"},
        "Error de pago del coste, Advertencia. Paga ahora la runa que le faltaba.",
        "Erro de pagamento do custo, Advertência. Paga agora a runa que lhe faltava.",
    ),
    *_cases(
        "putting_the_score_right_corrects_it",
        "riftbound",
        FTS_FIX,
        {"remedy": "correct_score"},
        "Forgetting to Score, no penalty; the round isn't over, so we put the score right.",
        "Forgetting to Score, no penalty. Set the points straight.",
    ),
    *_cases(
        "moving_the_card_to_its_zone_returns_it",
        "mtg",
        GRV_ZONE,
        {"remedy": "return_to_correct_zone"},
        "GRV, Warning. Partial fix: move it to the graveyard.",
        "VRJ, Advertência. Correção parcial: move para o cemitério.",
        "VRJ, Advertencia. Arreglo parcial: se mueve al cementerio.",
    ),
    *_cases(
        "a_delayed_trigger_that_undoes_a_zone_change_names_its_remedy_not_a_backup",
        "mtg",
        DELAYED,
        {"remedy": "resolve_now_or_next_phase"},
        "MT, Warning. It's a delayed trigger that undoes the token's creation: the opponent "
        "picks now or at the start of the next phase.",
        "HDE, Advertência. É uma habilidade diferida que desfaz a criação da ficha: resolve "
        "na próxima vez que alguém for receber prioridade ou no início da próxima fase.",
        "HDO, Advertencia. Es un disparo retrasado que deshace un cambio de zona: se "
        "resuelve la próxima vez que alguien vaya a recibir prioridad.",
    ),
    *_cases(
        "the_head_judge_rewinding_is_the_longer_rewind",
        "riftbound",
        GE_LONG,
        {"remedy": "rewind"},
        "General Error, Warning. The head judge should rewind back to the spell.",
        "Erro Geral, Advertência. O juiz principal deve retroceder até o feitiço.",
        "Error general, Advertencia. El juez principal tiene que rebobinar hasta el hechizo.",
    ),
    *_cases(
        "a_rewind_only_if_it_were_possible_is_no_rewind",
        "riftbound",
        GE_PLAY_ON,
        {"remedy": "continue_play"},
        "Erro Geral, Advertência. Se desse pra voltar, faríamos o retrocesso; como ninguém "
        "lembra o estado, o jogo continua como está.",
        "Error general, Advertencia. Si se pudiera volver, haríamos el retroceso; como "
        "nadie recuerda el estado, el juego sigue como está.",
    ),
    *_cases(
        "a_name_inside_a_reason_opens_no_other_players_ruling",
        "mtg",
        GRV_DISCARD,
        {"infraction": "game_rule_violation"},
        "Esto no es HDO, porque Dolores sí anunció la habilidad: es VRJ, Advertencia. "
        "Arreglo parcial: Bruno descarta ahora. Además Bruno se lleva FMEJ, Advertencia.",
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


def test_a_citation_labelling_the_infraction_still_names_its_procedure_alone() -> None:
    grade = grade_answer("Forgetting to Draw Cards (702.4), no penalty.", FTD, game="riftbound")
    assert grade.parts["remedy"].found == "apply_section_procedure"
    drawn = grade_answer(
        "Forgetting to Draw Cards (702.4), no penalty; he draws the missing card now.",
        FTD,
        game="riftbound",
    )
    assert drawn.parts["remedy"].correct


MT_SKIP = Expected(
    infraction="missed_trigger", penalty="warning", remedy="opponent_chooses_resolve_or_skip"
)


@pytest.mark.parametrize(
    "answer",
    [
        "Missed trigger, Warning. We rewind until before he played the other unit.",
        "Gatilho esquecido, Advertência: faz o retrocesso até antes do segundo feitiço.",
        "Disparo olvidado, Advertencia: un rebobinado hasta antes de que jugara la otra carta.",
    ],
)
def test_a_rewind_back_to_a_named_point_is_read_as_the_longer_one_and_goes_to_a_mentor(
    answer: str,
) -> None:
    # 2026.12.01.5: reported as the longer rewind, as blind4-9's writers label it
    grade = grade_answer(answer, MT_SKIP, game="riftbound")
    assert grade.parts["remedy"].found == "rewind"
    assert grade.needs_review
    assert any("rewind back to a point" in r for r in grade.review_reasons)


@pytest.mark.parametrize(
    "answer",
    [
        "Forgetting to Draw Cards (702.4), no penalty; the draw phase is long gone, so play "
        "continues without the draw.",
        "Esquecer de Comprar Cartas (702.4), sem penalidade; já passou a fase, o jogo "
        "continua sem a compra.",
        "Olvidar robar cartas (702.4), sin penalización; ya pasó la fase, el juego sigue "
        "sin robar.",
    ],
)
def test_a_citation_labelling_the_infraction_is_no_remedy_beside_one_in_words(
    answer: str,
) -> None:
    grade = grade_answer(answer, FTD, game="riftbound")
    assert grade.parts["remedy"].found == "continue_play"
    # the section it cites prescribes the expected fix: a mentor confirms the wrong answer
    assert grade.review_reasons == (
        "remedy: graded wrong, but the answer also names the expected id",
    )


@pytest.mark.parametrize(
    "answer",
    [
        "General Error, Warning. The head judge should rewind back to the spell.",
        "Erro Geral, Advertência. O juiz principal deve retroceder até o feitiço.",
        "Error general, Advertencia. El juez principal tiene que rebobinar hasta el hechizo.",
    ],
)
def test_the_head_judge_rewinding_is_the_longer_rewind_where_play_should_go_on(
    answer: str,
) -> None:
    grade = grade_answer(answer, GE_PLAY_ON, game="riftbound")
    assert grade.parts["remedy"].found == "rewind"


FACEDOWN_GL = Expected(
    infraction="facedown_card_error", penalty="game_loss", remedy="apply_section_procedure"
)


def test_a_cue_word_before_a_colon_is_no_players_name() -> None:
    grade = grade_answer(
        "Facedown Card Error, base Warning. Prior Warnings: 2+1+1, this is the fifth, so "
        "upgrade -> Game Loss. Then apply the 702.13 procedure.",
        FACEDOWN_GL,
        game="riftbound",
    )
    assert grade.parts["penalty"].found == "game_loss"


NO_INF_MTG = Expected(infraction="no_infraction", penalty="no_penalty", remedy="none")


@pytest.mark.parametrize(
    "answer",
    [
        "No infraction: the trigger is still on the stack and the opponent chooses when it "
        "resolves. No penalty, nothing to fix.",
        "Sem infração. A habilidade ainda está na pilha e quem escolhe é o oponente quando "
        "ela resolver. Sem pen, nada a corrigir.",
        "Sin infracción. La habilidad sigue en la pila y el oponente elige cuando se "
        "resuelva. Sin penalización, nada que corregir.",
    ],
)
def test_nothing_to_fix_beside_a_fix_the_explanation_names_goes_to_a_mentor(answer: str) -> None:
    grade = grade_answer(answer, NO_INF_MTG, game="mtg")
    remedy = grade.parts["remedy"]
    assert remedy.found == "none" or grade.needs_review


GE_PENDING = Expected(infraction="general_error", penalty="warning", remedy="none")


@pytest.mark.parametrize(
    "answer",
    [
        "General Error for Rafael, Warning. The trigger is still pending and just resolves now.",
        "Erro Geral, Advertência. A habilidade ainda está pendente e o Caio a resolve agora.",
        "Error general para Rafael, Advertencia. Odile resuelve su habilidad ahora.",
        "No hay infracción del rival; la habilidad sigue pendiente, así que Jonas la resuelve "
        "ahora y se sigue. Error general, Advertencia.",
    ],
)
def test_a_pending_trigger_that_simply_resolves_now_is_nothing_to_fix(answer: str) -> None:
    grade = grade_answer(answer, GE_PENDING, game="riftbound")
    assert grade.parts["remedy"].correct, grade.review_reasons


def test_a_fix_named_beside_a_trigger_resolving_now_is_the_fix() -> None:
    grade = grade_answer(
        "Missed trigger, no penalty: the opponent chooses whether it resolves now or not.",
        Expected("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        game="riftbound",
    )
    assert grade.parts["remedy"].found == "opponent_chooses_resolve_or_skip"


@pytest.mark.parametrize(
    "answer",
    [
        "Nothing. He acknowledged the trigger before moving on. No infraction, no penalty.",
        "Nada. Ele reconheceu a habilidade antes de seguir. Sem infração, sem penalidade.",
        "Nada. Reconoció la habilidad antes de seguir. Sin infracción, sin penalización.",
    ],
)
def test_a_description_right_after_before_is_a_time_not_the_fix(answer: str) -> None:
    grade = grade_answer(answer, NO_INF, game="riftbound")
    assert grade.parts["remedy"].found == "none", grade.review_reasons


LEC_W = Expected(
    infraction="looking_at_extra_cards", penalty="warning", remedy="apply_section_procedure"
)


@pytest.mark.parametrize(
    "answer",
    [
        "Olhar Cartas Extras, Advertência. Perda de Jogo não: é só a segunda. Correção da seção.",
        "Olhar Cartas Extras. Subiria? Só com o juiz principal, então Perda de Jogo não. "
        "Advertência, correção da seção.",
        "Mirar cartas de más, Advertencia. Pérdida de juego no: es solo la segunda. "
        "Corrección de la sección.",
    ],
)
def test_a_bare_denial_right_after_a_term_rejects_it(answer: str) -> None:
    grade = grade_answer(answer, LEC_W, game="riftbound")
    assert grade.parts["penalty"].found == "warning"
    assert not grade.needs_review, grade.review_reasons


@pytest.mark.parametrize(
    ("game", "expected", "answer"),
    [
        (
            "mtg",
            MT_STACK,
            "HDE, sem penalidade. O oponente escolhe se coloca na pilha ou não.",
        ),
        (
            "mtg",
            MT_STACK,
            "HDO, sin penalización. El oponente elige si lo pone en la pila o no.",
        ),
    ],
)
def test_a_bare_denial_after_or_rejects_nothing(game: str, expected: Expected, answer: str) -> None:
    grade = grade_answer(answer, expected, game=game)
    assert grade.parts["remedy"].found == "opponent_chooses_put_on_stack"


@pytest.mark.parametrize(
    "answer",
    [
        "Cheating? No. He ignored it on purpose, but his only creature already flies, so the "
        "trigger would change nothing. No infraction, no penalty.",
        "Trapaça? Não. Ele ignorou de propósito, mas a criatura dele já voa, então nada "
        "mudaria. Sem infração, sem penalidade.",
        "¿Trampa? No. Lo ignoró a propósito, pero su criatura ya vuela, así que no cambiaría "
        "nada. Sin infracción, sin penalización.",
    ],
)
def test_an_id_rejected_by_name_is_not_claimed_again_by_its_paraphrase(answer: str) -> None:
    grade = grade_answer(answer, NO_INF, game="mtg")
    assert grade.parts["infraction"].found == "no_infraction", grade.review_reasons
    assert grade.parts["remedy"].found == "none"
