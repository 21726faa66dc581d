"""Neighbouring remedies, and rulings that state a remedy without naming it.

Judges confuse a few remedies with their neighbours: Magic's default action with the
opponent choosing whether the trigger goes on the stack, no fix with play continuing, a
section's concrete fix with the section's procedure, a simple rewind with a longer one. When
the answer's words do not settle which of two neighbours it means, a wrong grading goes to
a mentor. An infraction with no fix of its own (FtMGS, Cheating) states the whole ruling:
"FtMGS, Warning" claims no fix. The answers were written for these tests, not taken from
any batch.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulings.core.explain import labels
from rulings.core.grading import Expected, grade_answer
from rulings.core.grading.lexicon import load_lexicon
from tests.rulings.core.grading_cases import CHEAT, FTS, GE_LONG, MISPAY, NO_INF
from tests.rulings.core.grading_cases import cases as _cases

FTMGS = Expected(infraction="failure_to_maintain_game_state", penalty="warning", remedy="none")
FTS_ONLY = Expected(infraction="forgetting_to_score", penalty="no_penalty")
HDO = Expected(
    infraction="missed_trigger",
    penalty="no_penalty",
    remedy="opponent_chooses_default_action",
)
GE = Expected(infraction="general_error", penalty="warning")
FTD = Expected(
    infraction="forgetting_to_draw_cards", penalty="no_penalty", remedy="apply_section_procedure"
)
RESOLVE_NOW = Expected(
    infraction="missed_trigger", penalty="no_penalty", remedy="resolve_now_or_next_phase"
)
MT_RB = Expected(
    infraction="missed_trigger", penalty="no_penalty", remedy="opponent_chooses_resolve_or_skip"
)


READ: list[Any] = [
    *_cases(
        "a_remedy_the_answer_states_or_doubts_is_not_overridden_by_the_infraction",
        "riftbound",
        FTMGS,
        {"remedy": "simple_rewind"},
        "FtMGS, Warning, and back up to the missed trigger.",
        "FtMGS, Warning; maybe a rewind, maybe not.",
    ),
    *_cases(
        "a_remedy_the_answer_names_is_not_overridden_by_the_infraction",
        "riftbound",
        FTMGS,
        {"remedy": "opponent_chooses_resolve_or_skip"},
        "FMEJ, advertência, e o oponente escolhe se a habilidade resolve.",
    ),
    *_cases(
        "an_infraction_that_has_a_fix_implies_none",
        "mtg",
        Expected(infraction="game_rule_violation", penalty="warning", remedy="simple_backup"),
        {"remedy": None},
        "GRV, Warning.",
    ),
    *_cases(
        "a_conflicting_infraction_implies_no_remedy",
        "mtg",
        FTMGS,
        {"remedy": None},
        "FtMGS or GRV, Warning.",
    ),
    *_cases(
        "a_conclusion_ends_a_denial_before_it",
        "riftbound",
        FTS,
        {"remedy": "continue_play", "infraction": "forgetting_to_score"},
        "Forgetting to score, no penalty. We can't work out the score, so play continues.",
        "Esquecer de marcar, sem penalidade. Não dá para saber o placar, então o jogo segue.",
        "Olvidar anotar, sin penalización. No se sabe el marcador, así que se sigue jugando.",
    ),
    *_cases(
        "an_option_that_makes_no_sense_is_rejected",
        "mtg",
        Expected(infraction="missed_trigger", penalty="no_penalty", remedy="continue_play"),
        {"remedy": "continue_play"},
        "Missed trigger, no penalty. Putting it on the stack doesn't make sense now, "
        "so play continues.",
        "HDE, sem penalidade. Colocar na pilha não faz sentido agora, então segue o jogo.",
        "HDO, sin penalización. Ponerlo en la pila no tiene sentido ahora, "
        "así que se sigue jugando.",
    ),
    *_cases(
        "could_with_a_condition_is_no_claim",
        "riftbound",
        FTS,
        {"remedy": "continue_play"},
        "Forgetting to score. We could correct the score if anyone remembered it; "
        "nobody does, so play continues.",
        "Esquecer de pontuar. Poderia corrigir o placar se alguém lembrasse; "
        "ninguém lembra, então o jogo segue.",
        "Olvidar anotar. Podríamos corregir el marcador si alguien lo recordara; "
        "nadie lo recuerda, así que se sigue jugando.",
    ),
    *_cases(
        "its_not_enough_to_rejects_the_option",
        "riftbound",
        Expected(infraction="forgetting_to_score", penalty="no_penalty", remedy="correct_score"),
        {"remedy": "correct_score"},
        "It's not enough to just play on: the score gets corrected. "
        "Forgetting to score, no penalty.",
    ),
    *_cases(
        "the_opponent_choosing_the_sacrifice_is_the_default_action",
        "mtg",
        HDO,
        {"remedy": "opponent_chooses_default_action"},
        "MT, no penalty: Nadia may choose that the creature is sacrificed.",
        "The opponent chooses that it gets sacrificed now. Missed trigger, no penalty.",
        "HDE, sem penalidade, o oponente pode escolher que ela seja sacrificada.",
        "Habilidade esquecida, sem penalidade; Nadia escolhe que a criatura seja sacrificada.",
        "HDO, sin penalización: Nadia puede elegir que se sacrifique.",
        "Disparo olvidado, sin penalización; el oponente elige que la criatura sea sacrificada.",
    ),
    *_cases(
        "choosing_whether_the_discard_trigger_goes_on_the_stack_is_no_default_action",
        "mtg",
        HDO,
        {"remedy": "opponent_chooses_put_on_stack"},
        "Missed trigger, no penalty; Nadia chooses whether the discard trigger goes on the stack.",
    ),
    *_cases(
        "a_rewind_handed_to_the_head_judge_is_a_full_rewind",
        "riftbound",
        GE_LONG,
        {"remedy": "rewind"},
        "GE, Warning; that rewind is for the head judge, several actions have passed.",
        "Erro geral, advertência; o retrocesso fica com o juiz principal.",
        "Error de juego, advertencia; rebobinado a cargo del juez principal.",
    ),
    *_cases(
        "forgetting_to_mark_the_point_in_portuguese",
        "riftbound",
        FTS,
        {"infraction": "forgetting_to_score"},
        "Esquecer de marcar, sem penalidade.",
        "O Tomé esquece de marcar o ponto dele: sem penalidade.",
    ),
    *_cases(
        "a_bare_section_names_its_procedure_not_one_concrete_fix",
        "riftbound",
        FTD,
        {"remedy": "apply_section_procedure"},
        "Forgetting to draw cards, no penalty, apply TR 702.4.",
        "Esqueceu de comprar, sem penalidade, aplica o TR 702.4.",
        "Olvidó robar, sin penalización, se aplica el TR 702.4.",
    ),
    *_cases(
        "not_enough_inside_a_clause_is_no_opening_rejection",
        "mtg",
        Expected(infraction="game_rule_violation", penalty="game_loss"),
        {"penalty": "game_loss"},
        "VRJ. Una advertencia no basta con cinco advertencias: pérdida de juego.",
        "VRJ. Uma advertência não basta com cinco advertências: perda de jogo.",
    ),
    *_cases(
        "702_2_b_names_the_general_error_after_a_missed_trigger",
        "riftbound",
        GE,
        {"infraction": "general_error"},
        "Per 702.2.b this is on the player: Warning.",
    ),
    *_cases(
        "the_sections_own_fix_is_its_procedure",
        "riftbound",
        Expected(
            infraction="looking_at_extra_cards",
            penalty="warning",
            remedy="apply_section_procedure",
        ),
        {"remedy": "apply_section_procedure"},
        "Looking at extra cards, Warning; remedy: the section's own fix.",
        "LEC, Warning, the section's usual remedy.",
        "Looking at extra cards, Warning, then the section's standard procedure.",
    ),
]


@pytest.mark.parametrize(("game", "expected", "answer", "found"), READ)
def test_it_reads_what_the_answer_states(
    game: str, expected: Expected, answer: str, found: dict[str, str | None]
) -> None:
    grade = grade_answer(answer, expected, game=game)
    assert {part: grade.parts[part].found for part in found} == found


FIRM: list[Any] = [
    *_cases(
        "a_neighbour_named_plainly_is_a_firm_wrong_answer",
        "mtg",
        HDO,
        {"remedy": "opponent_chooses_put_on_stack"},
        "Missed trigger by Tomé, no penalty; Ilse chooses whether it goes on the stack.",
        "HDE, sem penalidade, o oponente escolhe se vai para a pilha.",
        "HDO del Tomé, sin penalización; Ilse elige si va a la pila.",
    ),
    *_cases(
        "a_description_standing_alone_is_a_firm_wrong_answer",
        "riftbound",
        FTS_ONLY,
        {"infraction": "missed_trigger"},
        "He played on without it, so he missed it. No penalty.",
        "Jogou outra carta sem ela, então esqueceu. Sem penalidade.",
        "Jugó otra carta sin ella, o sea que lo olvidó. Sin penalización.",
    ),
    *_cases(
        "a_named_chooser_is_no_typo",
        "riftbound",
        Expected(infraction="missed_trigger", penalty="warning", remedy="continue_play"),
        {"remedy": "opponent_chooses_resolve_or_skip"},
        "Missed trigger with a Warning. Then Tomé chooses whether it resolves.",
        "HDE, advertência. Tomás escolhe se resolve.",
        "HDO con advertencia. Luego Tomé elige si se resuelve.",
    ),
    *_cases(
        "a_clause_giving_a_named_player_a_ruling_is_that_players",
        "riftbound",
        FTS_ONLY,
        {"infraction": "forgetting_to_score", "penalty": "no_penalty"},
        "Forgetting to score, no penalty, Nadia also a Warning for FtMGS.",
        "Forgetting to score, no penalty. Nadia saw it and said nothing: FtMGS Warning for her.",
        "Esqueceu de pontuar, sem penalidade. Nadia viu e ficou calada → Advertência de FMEJ.",
        "Olvidó anotar, sin penalización, Nadia recibe FMEJ por callarse.",
        "Olvidó anotar, sin penalización. Nadia lo vio y no dijo nada: FMEJ, advertencia.",
    ),
    *_cases(
        "once_opens_a_reason_whose_term_yields_to_the_conclusion",
        "riftbound",
        GE,
        {"infraction": "general_error"},
        "Once the trigger was missed, what she did next is a General Error. Warning.",
        "Depois que a habilidade foi esquecida, o que ela fez depois é Erro Geral. Advertência.",
        "Una vez que el disparo se olvidó, lo que hizo después es Error General. Advertencia.",
    ),
    *_cases(
        "an_answer_that_leaves_the_remedy_out_is_not_sent_for_it",
        "riftbound",
        MT_RB,
        {"remedy": None},
        "Missed trigger. No penalty.",
    ),
]
DOUBTFUL: list[Any] = [
    *_cases(
        "a_description_followed_by_unread_words_goes_to_a_mentor",
        "riftbound",
        FTS_ONLY,
        {"infraction": "missed_trigger"},
        "He forgot to tally it. No penalty.",
        "Esqueceu de contabilizar. Sem penalidade.",
        "Se olvidó de contabilizar. Sin penalización.",
    ),
    *_cases(
        "a_clause_of_term_words_that_form_no_term_may_state_the_missing_part",
        "riftbound",
        MT_RB,
        {"remedy": None},
        "Missed trigger. No penalty. Opponent.",
        "Habilidade esquecida. Sem penalidade. Oponente.",
        "Disparo olvidado. Sin penalización. Oponente.",
    ),
]


@pytest.mark.parametrize(("game", "expected", "answer", "found"), FIRM)
def test_a_firm_reading_is_not_sent_to_a_mentor(
    game: str, expected: Expected, answer: str, found: dict[str, str | None]
) -> None:
    grade = grade_answer(answer, expected, game=game)
    assert {part: grade.parts[part].found for part in found} == found
    assert not grade.needs_review, grade.review_reasons


@pytest.mark.parametrize(("game", "expected", "answer", "found"), DOUBTFUL)
def test_a_doubtful_reading_goes_to_a_mentor(
    game: str, expected: Expected, answer: str, found: dict[str, str | None]
) -> None:
    grade = grade_answer(answer, expected, game=game)
    assert {part: grade.parts[part].found for part in found} == found
    assert grade.needs_review


@pytest.mark.parametrize(
    ("expected", "answer"),
    [
        (FTMGS, "FtMGS, Warning."),
        (FTMGS, "Ilse noticed and stayed silent: Failure to Maintain Game State, Warning."),
        (FTMGS, "FMEJ para o oponente, advertência; FMEJ nunca sobe."),
        (FTMGS, "Para a Ilse: falha em manter o estado do jogo, advertência."),
        (FTMGS, "Fallo al mantener el estado de juego para Ilse, advertencia, y no se sube."),
        (CHEAT, "He skipped it on purpose to get an advantage: Cheating, DQ."),
        (CHEAT, "Sabia da regra e ignorou de propósito = trapaça, desclassificação."),
        (CHEAT, "Tomé lo omitió adrede: trampa y descalificación."),
    ],
)
def test_an_infraction_with_no_fix_of_its_own_states_no_fix(
    expected: Expected, answer: str
) -> None:
    grade = grade_answer(answer, expected, game="riftbound")
    assert grade.parts["remedy"].found == "none"
    assert grade.score == 1.0
    assert not grade.needs_review, grade.review_reasons


@pytest.mark.parametrize(
    "answer",
    [
        "Mispayment, Warning; nothing can be rewound anymore, so we play on.",
        "Pagamento errado, advertência; nada pode ser retrocedido, então o jogo segue.",
        "Pago incorrecto, advertencia; nada puede ser rebobinado, así que se sigue jugando.",
    ],
)
def test_nothing_can_be_denies_what_follows(answer: str) -> None:
    grade = grade_answer(answer, MISPAY, game="riftbound")
    assert grade.parts["remedy"].found == "continue_play"
    assert not grade.parts["remedy"].conflict


@pytest.mark.parametrize(
    "answer",
    [
        "Forgetting to draw cards, no penalty; she draws the card she skipped.",
        "A Ilse esqueceu de comprar, sem penalidade; compra agora a carta que faltou.",
        "Olvidó robar, sin penalización; roba la carta que le faltó.",
    ],
)
def test_a_sections_concrete_fix_is_reported_as_claimed_and_graded_right(answer: str) -> None:
    grade = grade_answer(answer, FTD, game="riftbound")
    remedy = grade.parts["remedy"]
    assert remedy.found == "draw_missing_cards"
    assert remedy.correct
    assert grade.score == 1.0
    assert not grade.needs_review, grade.review_reasons


@pytest.mark.parametrize(
    ("answer", "expected", "found"),
    [
        pytest.param(
            "Forgetting to ready, no penalty; ready the units now.",
            Expected(
                infraction="forgetting_to_ready", penalty="no_penalty", remedy="continue_play"
            ),
            "ready_objects",
            id="a_concrete_fix_of_another_section",
        ),
    ],
)
def test_a_remedy_near_the_expected_one_is_still_wrong(
    answer: str, expected: Expected, found: str
) -> None:
    remedy = grade_answer(answer, expected, game="riftbound").parts["remedy"]
    assert remedy.found == found
    assert not remedy.correct


@pytest.mark.parametrize(
    "answer",
    [
        "No infraction and no penalty here, nothing to fix, carry on.",
        "Sem infração e sem penalidade aqui, nada a corrigir, o jogo segue.",
        "Aquí sin infracción y sin penalización, nada que corregir, se sigue jugando.",
    ],
)
def test_no_fix_and_play_continuing_said_together_count_as_either(answer: str) -> None:
    none = grade_answer(answer, NO_INF, game="riftbound")
    assert none.parts["remedy"].found == "none"
    assert none.score == 1.0
    play_on = grade_answer(
        answer,
        Expected(infraction="no_infraction", penalty="no_penalty", remedy="continue_play"),
        game="riftbound",
    )
    assert play_on.parts["remedy"].found == "continue_play"


@pytest.mark.parametrize(
    "answer",
    [
        "Missed Trigger, no penalty. Nadia may choose that the Masticore leaves.",
        "HDE, sem penalidade. Nadia pode escolher que a Mastícora vá embora.",
        "HDO, sin penalización. Nadia puede elegir que la Masticora se vaya.",
    ],
)
def test_a_neighbour_read_on_a_weak_cue_goes_to_a_mentor(answer: str) -> None:
    # the second reading doubts it (answers worded so are labelled the default action);
    # the weak cue alone is no reason since 2026.12.07.8
    grade = grade_answer(answer, HDO, game="mtg")
    remedy = grade.parts["remedy"]
    assert remedy.found == "opponent_chooses_put_on_stack"
    assert not remedy.correct
    assert grade.needs_review


def test_a_remedy_that_is_no_neighbour_is_not_sent_for_being_weak() -> None:
    grade = grade_answer(
        "Missed Trigger, no penalty. Nadia may choose that the Masticore leaves.",
        Expected(infraction="missed_trigger", penalty="no_penalty", remedy="simple_backup"),
        game="mtg",
    )
    assert not any("neighbour" in reason for reason in grade.review_reasons)


def test_on_the_stack_and_now_or_next_phase_are_neighbours() -> None:
    grade = grade_answer(
        "Disparo olvidado, sin penalización. Se pone en la pila ahora o dentro de poco.",
        RESOLVE_NOW,
        game="mtg",
    )
    assert grade.parts["remedy"].found == "opponent_chooses_put_on_stack"
    remedies = load_lexicon().ids["remedy"]
    assert "resolve_now_or_next_phase" in remedies["opponent_chooses_put_on_stack"].neighbours


def test_a_named_clause_that_repeats_the_answers_infraction_stays_the_answer() -> None:
    grade = grade_answer(
        "Forgetting to score, no penalty. Nadia saw it: forgetting to score, Warning.",
        FTS_ONLY,
        game="riftbound",
    )
    assert grade.parts["penalty"].conflict


@pytest.mark.parametrize(
    "answer",
    [
        'Not enough to "just play on": missed trigger, no penalty; it resolves now or at the '
        "start of the next phase.",
        'Não basta "seguir jogando": habilidade esquecida, sem penalidade; resolve agora ou no '
        "início da próxima fase.",
        'No basta con "seguir jugando": disparo olvidado, sin penalización; se resuelve ahora o '
        "al inicio de la próxima fase.",
    ],
)
def test_not_enough_opening_a_clause_rejects_the_option_after_it(answer: str) -> None:
    grade = grade_answer(answer, RESOLVE_NOW, game="mtg")
    assert grade.parts["remedy"].found == "resolve_now_or_next_phase"
    assert grade.score == 1.0


@pytest.mark.parametrize("lang", ["en", "pt-BR", "es"])
def test_a_concrete_fix_the_grader_reports_has_a_localised_name(lang: str) -> None:
    names = labels(lang)["id"]
    for ident in ("draw_missing_cards", "channel_missing_runes", "ready_objects"):
        assert names[ident], ident
