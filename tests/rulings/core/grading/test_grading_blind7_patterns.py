"""Patterns blind7-blind16's misses showed (lexicons 2026.12.01.4-10), as general rules.

The answers were written for these tests in the three languages, not taken from any batch:
each one shows the pattern in other words than the batch's answers did.
"""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer
from tests.rulings.core.grading_cases import (
    CHEAT,
    FTS,
    FTS_FIX,
    GE_LONG,
    GRV_BACKUP,
    MISPAY,
    MISPAYMENT,
    MT_STACK,
    NO_INF,
    cases,
)

MT_CHOICE = Expected(
    infraction="missed_trigger", penalty="no_penalty", remedy="opponent_chooses_resolve_or_skip"
)
MT_DEFAULT_WARN = Expected(
    infraction="missed_trigger", penalty="warning", remedy="opponent_chooses_default_action"
)
LSI = Expected(
    infraction="looking_at_secret_information",
    penalty="game_loss",
    remedy="apply_section_procedure",
)
CTMR = Expected(
    infraction="channeling_too_many_runes", penalty="warning", remedy="apply_section_procedure"
)
MISPAY_ON = Expected(infraction="mispayment_for_cost", penalty="warning", remedy="continue_play")
GE_ON = Expected(infraction="general_error", penalty="warning", remedy="continue_play")


BLIND7_ROWS = [
    *cases(
        "riftbound-choice-now-or-lost",
        "riftbound",
        MT_CHOICE,
        {"remedy": "opponent_chooses_resolve_or_skip"},
        "MT, no pen; Rafael (next in turn order) picks whether the draw happens now or is skipped.",
        "HDE, sem pen. A Odile escolhe se a Yuki descarta agora ou se a habilidade fica perdida.",
        "HDO, sin penalización; Kai elige si Tomás roba ahora o si se pierde.",
    ),
    *cases(
        "label-slot-wins",
        "mtg",
        MT_DEFAULT_WARN,
        {"penalty": "warning"},
        "MT com 'a menos que': a Ana pode aplicar a ação padrão (o Rui perde o jogo). "
        "Penalidade: Advertência, a habilidade é prejudicial.",
        "Missed trigger. Ana may apply the default action now or at the next phase (Rui "
        "loses the game). Penalty: Warning.",
    ),
    *cases(
        "infraction-slot-wins",
        "riftbound",
        LSI,
        {"infraction": "looking_at_secret_information"},
        "The infraction is Looking at Secret Information; the same mistake also involves "
        "looking at extra cards, his third, so Game Loss. Fix per the section.",
    ),
    *cases(
        "penalty-with-denied-infraction",
        "riftbound",
        CHEAT,
        {"penalty": "disqualification"},
        "Not just a missed trigger with a Warning: she kept quiet on purpose. Cheating, DQ.",
        "Não é só uma HDE com Advertência: ele sabia e calou de propósito. Trapaça, DQ.",
        "No es un simple disparo olvidado con Advertencia: lo hizo adrede. Trampa, DQ.",
    ),
    *cases(
        "purpose-clause-and-its-citation",
        "riftbound",
        NO_INF,
        {"infraction": "no_infraction"},
        "No infraction. A player can't speed the game up to make the opponent miss a "
        "trigger (702.2.c). No penalty, nothing to fix.",
        "Sem infração. Ninguém pode apressar a partida pra fazer o outro esquecer o gatilho "
        "(702.2.c). Sem penalidade, nada a corrigir.",
        "Sin infracción: nadie puede acelerar el juego para que el rival pierda su disparo "
        "(702.2.c). Sin penalización, nada que arreglar.",
    ),
    *cases(
        "no-infraction-trigger-resolves-and-play-on",
        "mtg",
        NO_INF,
        {"remedy": "none"},
        "No infraction. The trigger resolves and we keep going.",
        "Sin infracción; se resuelve el disparo y seguimos.",
    ),
    *cases(
        "section-procedure-in-plain-words",
        "riftbound",
        CTMR,
        {"remedy": "apply_section_procedure"},
        "Canalizar demasiadas runas, Advertencia; se arregla como dice la sección.",
        "Canalizar Runas Demais, Advertência; corrige pelo que o 702.6 manda.",
    ),
    *cases(
        "cost-paid-in-plain-words",
        "riftbound",
        MISPAY,
        {"remedy": "correct_cost"},
        "Pagamento Incorreto de Custo, Advertência; ele paga a runa que ficou faltando.",
    ),
    *cases(
        "no-runes-left-to-pay-so-play-on",
        "riftbound",
        MISPAY_ON,
        {"remedy": "continue_play"},
        "Pago incorrecto, Advertencia. No se puede rebobinar y no le quedan runas para "
        "pagar lo que falta, así que no queda otra que seguir.",
        "Mispayment, Warning. No rewind, and she has no runes left to pay the rest, so no "
        "choice but to play on.",
    ),
    *cases(
        "leave-the-game-as-it-is",
        "riftbound",
        GE_ON,
        {"remedy": "continue_play"},
        "Erro Geral, Advertência; o feitiço já resolveu, mantém o jogo como está.",
        "Error general, Advertencia. Ya resolvió todo, lo dejaría así.",
    ),
    *cases(
        "complete-rewind",
        "riftbound",
        GE_LONG,
        {"remedy": "rewind"},
        "Erro Geral, Advertência. Rewind completo, feito pelo juiz principal.",
        "Error general, Advertencia, rebobinado total a cargo del juez principal.",
    ),
]


def test_default_action_words_do_not_match_in_riftbound() -> None:
    grade = grade_answer(
        "Missed trigger, no penalty; Kai chooses whether the discard happens now or is skipped.",
        MT_CHOICE,
        game="riftbound",
    )
    assert all(m != "opponent_chooses_default_action" for m in grade.parts["remedy"].candidates)
    assert grade.parts["remedy"].found == "opponent_chooses_resolve_or_skip"


# --- blind8 and blind9's misses (lexicon 2026.12.01.5), again in words of the tests' own

MULL = Expected(
    infraction="mulligan_procedure_error", penalty="warning", remedy="apply_section_procedure"
)
MT_PLAY_ON = Expected(infraction="missed_trigger", penalty="warning", remedy="continue_play")
MT_STACK_ON = Expected(infraction="missed_trigger", penalty="no_penalty", remedy="continue_play")


BLIND8_9_ROWS = [
    *cases(
        "section-fix-told-plainly",
        "riftbound",
        MULL,
        {"remedy": "apply_section_procedure"},
        "Mulligan procedure error, Warning. Fix = whatever the 702.14 section says.",
        "Mulligan procedure error, Warning, fixed per the 702.14 procedure.",
        "Erro no procedimento de mulligan, Advertência. Correção: a que a própria seção manda.",
        "Erro de mulligan, Advertência, fix da seção.",
        "Error en el mulligan, Advertencia. Remedio: el que marca la propia sección 702.14.",
        "Error de mulligan, Advertencia; se aplica el remedio de la sección 702.14.",
        "Error de mulligan, Advertencia, y el fix de esa sección.",
    ),
    *cases(
        "no-fix-then-play-on",
        "mtg",
        MT_PLAY_ON,
        {"remedy": "continue_play"},
        "MT, Warning. Missed on an earlier turn, so no fix, carry on.",
        "MT, Warning. It's from a previous turn → no fix, play continues.",
    ),
    *cases(
        "a-pointless-option-is-rejected",
        "mtg",
        MT_STACK_ON,
        {"remedy": "continue_play"},
        "Missed trigger, no penalty. The attack is over, so putting it on the stack now "
        "would do nothing; play on.",
        "MT, sem penalidade. Colocar na pilha agora não adiantaria nada, o jogo segue.",
        "MT, sin penalización. Ponerlo en la pila ahora no serviría de nada: seguimos.",
    ),
]


@pytest.mark.parametrize(
    "answer",
    [
        "General Error, Warning. Rewind back to the discard.",
        "Erro Geral, Advertência. Retrocesso até antes do feitiço.",
        "Error general, Advertencia. Rebobinado hasta antes de la carta.",
    ],
)
def test_a_rewind_back_to_a_named_point_is_the_longer_rewind(answer: str) -> None:
    grade = grade_answer(answer, GE_LONG, game="riftbound")
    assert grade.parts["remedy"].found == "rewind"
    assert grade.parts["remedy"].correct


def test_a_simple_rewind_back_to_the_last_action_stays_simple() -> None:
    expected = Expected(infraction="general_error", penalty="warning", remedy="simple_rewind")
    grade = grade_answer(
        "General Error, Warning. Simple rewind back to before the spell.",
        expected,
        game="riftbound",
    )
    assert grade.parts["remedy"].found == "simple_rewind"
    assert grade.parts["remedy"].correct


FTMGS_W = Expected(infraction="failure_to_maintain_game_state", penalty="warning", remedy="none")


@pytest.mark.parametrize(
    "answer",
    [
        "FtMGS for Nolan, Warning; his previous GRV Warning doesn't matter. Nothing to fix.",
        "FtMGS pro Nolan, Advertência; a advertência anterior por VRJ não conta. Nada a corrigir.",
        "FMEJ para Nolan, Advertencia; la advertencia anterior de VRJ no cuenta. Nada que "
        "corregir.",
        "FtMGS for Nolan, Warning, nothing to fix; the other player's GRV is handled separately.",
    ],
)
def test_an_infraction_on_the_record_or_set_aside_is_not_the_ruling(answer: str) -> None:
    grade = grade_answer(answer, FTMGS_W, game="mtg")
    assert grade.parts["infraction"].found == "failure_to_maintain_game_state"
    assert not grade.needs_review, grade.review_reasons


# --- blind10's misses and needless flags (lexicon 2026.12.01.7), in the tests' own words

FCE = Expected(
    infraction="facedown_card_error", penalty="warning", remedy="apply_section_procedure"
)
MT_DEFAULT_GL = Expected(
    infraction="missed_trigger", penalty="game_loss", remedy="opponent_chooses_default_action"
)
MT_ZONE = Expected(
    infraction="missed_trigger", penalty="warning", remedy="resolve_now_or_next_phase"
)
FTMGS_GL = Expected(infraction="failure_to_maintain_game_state", penalty="game_loss", remedy="none")


BLIND10_ROWS = [
    *cases(
        "another-player-after-a-relative-clause-or-pointer",
        "riftbound",
        FTS_FIX,
        {"infraction": "forgetting_to_score", "penalty": "no_penalty"},
        "Forgetting to Score, no penalty, the score is corrected. Bea, who saw it and kept "
        "quiet, gets FtMGS and a Warning.",
        "Forgetting to Score, no penalty, correct the score. Bea watched and said nothing, "
        "that's FtMGS, Warning for her.",
        "Esquecer de Marcar Ponto, sem penalidade, corrige o placar. A Bia, que viu e ficou "
        "quieta, leva FtMGS com Advertência.",
        "Olvidar anotar un punto, sin penalización, se corrige el marcador. Para Bea, que lo "
        "vio y se calló: FMEJ, Advertencia.",
    ),
    *cases(
        "a-denied-infraction-is-not-the-answers-first",
        "mtg",
        GRV_BACKUP,
        {"infraction": "game_rule_violation"},
        "No es disparo olvidado, Marcos lo anunció: es GRV. Advertencia y backup simple.",
    ),
    *cases(
        "on-paper-is-the-baseline",
        "riftbound",
        FCE,
        {"penalty": "warning"},
        "Facedown Card Error. On paper a Game Loss, but the head judge asked us to soften, "
        "so I'd keep it at a Warning. Fix per the section.",
    ),
    *cases(
        "nothing-to-fix-in-a-list-or-a-slot",
        "mtg",
        NO_INF,
        {"remedy": "none"},
        "No hay infracción ni nada que arreglar.",
        "Sem infração nem nada a corrigir.",
    ),
    *cases(
        "none-on-their-side",
        "riftbound",
        FTMGS_GL,
        {"remedy": "none"},
        "Infracción: FMEJ. Penalización: Pérdida de juego, es la tercera. Corrección: "
        "ninguna por su parte.",
    ),
    *cases(
        "nobody-knows-the-right-score",
        "riftbound",
        FTS,
        {"remedy": "continue_play"},
        "Esquecer de marcar ponto, sem pen. Ninguém sabe qual seria o placar certo, então "
        "não tem como corrigir: segue o jogo.",
    ),
    *cases(
        "a-quoted-if-you-dont-is-no-fallback-choice",
        "mtg",
        MT_DEFAULT_GL,
        {"remedy": "opponent_chooses_default_action"},
        "Disparo olvidado, Pérdida de juego por ser la tercera. Remedio: al ser un 'si no lo "
        "haces', Ana puede elegir que ocurra la acción por defecto.",
    ),
    *cases(
        "payment-abbreviated",
        "riftbound",
        MISPAYMENT,
        {"infraction": "mispayment_for_cost"},
        "pgto incorreto, Advertência, retrocesso simples.",
    ),
    *cases(
        "a-zone-change-undone-is-no-rewind",
        "mtg",
        MT_ZONE,
        {"remedy": "resolve_now_or_next_phase"},
        "MT, Advertencia. Es un disparo retrasado que deshace un cambio de zona: Ana elige si "
        "ahora o al comienzo de la próxima fase.",
    ),
]


# --- blind11 and blind12's misses and needless flags (lexicon 2026.12.01.8)

DEC = Expected(
    infraction="drawing_extra_cards", penalty="warning", remedy="apply_section_procedure"
)
CTMR_GL = Expected(
    infraction="channeling_too_many_runes", penalty="game_loss", remedy="apply_section_procedure"
)
MT_DEFAULT = Expected(
    infraction="missed_trigger", penalty="warning", remedy="opponent_chooses_default_action"
)
MT_SKIP_W = Expected(
    infraction="missed_trigger", penalty="warning", remedy="opponent_chooses_resolve_or_skip"
)
GRV_DISCARD_NOW = Expected(
    infraction="game_rule_violation", penalty="warning", remedy="make_up_draw_or_discard"
)


BLIND11_12_ROWS = [
    *cases(
        "fix-pointed-at-the-section",
        "riftbound",
        DEC,
        {"remedy": "apply_section_procedure"},
        "Drawing Extra Cards, Warning. Fix: as laid out in the Drawing Extra Cards section.",
        "Drawing Extra Cards, Warning, fixed the way TR 702.12 says.",
        "Comprar cartas a mais, Advertência; corrige conforme manda a seção.",
        "Robar cartas de más, Advertencia. Se arregla según dice la sección 702.12.",
    ),
    *cases(
        "quoted-card-text-opens-no-condition",
        "mtg",
        MT_DEFAULT,
        {"remedy": "opponent_chooses_default_action"},
        "Missed Trigger, Warning. For an 'if you don't' trigger the remedy is the default "
        "action: Ana can make it happen.",
        "MT, Advertencia. Como tiene acción por defecto ('a menos que'), Ana puede aplicar "
        "la acción por defecto.",
    ),
    *cases(
        "another-player-cleared",
        "riftbound",
        MT_SKIP_W,
        {"infraction": "missed_trigger", "penalty": "warning"},
        "Missed Trigger for Mateo, Warning. Sanne chooses: now or never. Sanne did nothing "
        "wrong, it isn't an infraction for her.",
        "MT by Mateo, Warning; Sanne chooses whether it resolves now or not. No penalty for "
        "Sanne, it's not her trigger.",
        "HDE do Mateo, Advertência; a Sanne escolhe se resolve agora ou se é perdida. A "
        "Sanne ter ficado quieta não é infração nenhuma.",
        "MT de Mateo, Advertencia; Sanne elige si se resuelve ahora o se pierde. Que Sanne "
        "se callara no es infracción.",
    ),
    *cases(
        "base-penalty-is-the-baseline",
        "riftbound",
        CTMR_GL,
        {"penalty": "game_loss"},
        "Channeling Too Many Runes, base Warning, but it's her third of the kind so Game "
        "Loss. Fix per the section.",
    ),
    *cases(
        "another-player-after-so",
        "mtg",
        GRV_DISCARD_NOW,
        {"infraction": "game_rule_violation"},
        "GRV para Ana, Warning. Fix parcial: Bia descarta ahora. Bia tampoco lo vio, así que "
        "FtMGS con Warning para ella.",
    ),
]


@pytest.mark.parametrize(
    ("game", "expected", "answer"),
    [
        (
            "mtg",
            GRV_DISCARD_NOW,
            "GRV, Warning. Fix: back up the untap or just have Paula discard now, either is fine.",
        ),
        (
            "riftbound",
            MISPAY_ON,
            "Pago incorrecto, Advertencia. Para arreglarlo no lo veo claro: o se corrige el coste "
            "o se deja como está.",
        ),
    ],
)
def test_a_fix_left_unclear_is_not_graded_firmly(
    game: str, expected: Expected, answer: str
) -> None:
    grade = grade_answer(answer, expected, game=game)
    remedy = grade.parts["remedy"]
    assert remedy.hedged, remedy
    assert not remedy.correct


# --- blind13 and blind14's misses (lexicon 2026.12.01.9; the closing measure was recorded
# before these were made)


BLIND13_14_ROWS = [
    *cases(
        "back-to-where-or-the-point",
        "riftbound",
        GE_LONG,
        {"remedy": "rewind"},
        "General Error, Warning. Back up to where the discard should have been made.",
        "Erro Geral, Advertência. Retrocesso até o ponto em que o descarte devia ter sido feito.",
    ),
    *cases(
        "pay-what-is-missing",
        "riftbound",
        MISPAY,
        {"remedy": "correct_cost"},
        "Pago incorrecto, Advertencia. Tiene runas, así que que pague las 3 que faltan y seguimos.",
        "Pagamento incorreto, Advertência: ela paga as 2 que faltam e o jogo segue.",
    ),
    *cases(
        "no-use-putting-it-on-the-stack",
        "mtg",
        MT_STACK_ON,
        {"remedy": "continue_play"},
        "HDE, sem penalidade. Não adianta mais pôr na pilha: segue o jogo.",
        "MT, sin penalización. Ya no sirve ponerlo en la pila, seguimos.",
    ),
    *cases(
        "a-denial-ends-at-its-object",
        "riftbound",
        MT_STACK_ON,
        {"remedy": "continue_play"},
        "MT, sin pen, y como no se puede reconstruir nada se sigue jugando.",
    ),
    *cases(
        "the-head-judge-in-charge",
        "riftbound",
        GE_LONG,
        {"remedy": "rewind"},
        "Error general, Advertencia. Rebobinado para deshacerlo, a cargo del juez principal.",
        "Erro Geral, Advertência. Retrocesso, a cargo do juiz principal.",
    ),
]


# --- after blind15 and blind16's record (lexicon 2026.12.01.10)


BLIND15_16_ROWS = [
    *cases(
        "the-default-action-no-longer-exists",
        "mtg",
        MT_STACK,
        {"remedy": "opponent_chooses_put_on_stack"},
        "MT, sin penalización. Con el IPG de 2024 ya no existe la acción por defecto: Nadia "
        "elige si va a la pila.",
        "HDE, sem penalidade. Na versão de 2024 não existe mais a ação padrão; o Joaquim "
        "escolhe se vai pra pilha.",
        "MT, no penalty. Under the 2024 IPG there no longer exists a default action fix: "
        "Oscar chooses whether it goes on the stack.",
    ),
    *cases(
        "one-by-one-is-the-longer-rewind",
        "riftbound",
        GE_LONG,
        {"remedy": "rewind"},
        "Erro Geral, Advertência. Volta as ações uma por uma; é mais que retrocesso simples.",
        "General Error, Warning: undo the actions one by one, head judge does it.",
    ),
    *cases(
        "neither-rewind-nor-runes",
        "riftbound",
        MISPAY_ON,
        {"remedy": "continue_play"},
        "Pago incorrecto, Advertencia. Ni se puede rebobinar ni le quedan runas para "
        "corregir el coste, así que se sigue jugando.",
    ),
]


@pytest.mark.parametrize(
    ("game", "expected", "answer", "remedy"),
    [
        pytest.param(
            "riftbound",
            MISPAY,
            "Pago incorrecto, Advertencia. Le quedan runas, así que paga lo que falta.",
            "correct_cost",
            id="no-runes-left-is-no-denial-with-runes-to-spare",
        ),
        pytest.param(
            "mtg",
            NO_INF,
            "No infraction, but the trigger doesn't resolve now; play continues.",
            "continue_play",
            id="a-trigger-that-does-not-resolve-is-no-pending-trigger",
        ),
        pytest.param(
            "mtg",
            MT_STACK_ON,
            "Disparo olvidado, sin penalización: no hay nada que poner en la pila, "
            "se sigue jugando.",
            "continue_play",
            id="nothing-to-put-on-the-stack-is-still-a-denial",
        ),
        pytest.param(
            "mtg",
            MT_STACK,
            "MT, sin penalización. La acción por defecto ya no existe; "
            "Nadia elige si va a la pila.",
            "opponent_chooses_put_on_stack",
            id="the-default-action-named-before-it-is-gone-is-still-rejected",
        ),
    ],
)
def test_a_remedy_is_read_as_the_answer_states_it(
    game: str, expected: Expected, answer: str, remedy: str
) -> None:
    grade = grade_answer(answer, expected, game=game)
    assert grade.parts["remedy"].found == remedy


@pytest.mark.parametrize(
    ("game", "expected", "answer", "found"),
    [
        *BLIND7_ROWS,
        *BLIND8_9_ROWS,
        *BLIND10_ROWS,
        *BLIND11_12_ROWS,
        *BLIND13_14_ROWS,
        *BLIND15_16_ROWS,
    ],
)
def test_a_blind_batch_pattern_is_read(
    game: str, expected: Expected, answer: str, found: dict[str, str | None]
) -> None:
    grade = grade_answer(answer, expected, game=game)
    for part, ident in found.items():
        assert grade.parts[part].found == ident, (part, grade.parts[part], grade.review_reasons)
        assert grade.parts[part].correct
    assert not grade.needs_review, grade.review_reasons
