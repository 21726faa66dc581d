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
from tests.rulings.core.grading_cases import CHEAT, FTS, GE, GE_LONG, GRV_BACKUP, MT_STACK, NO_INF
from tests.rulings.core.grading_cases import cases as _cases

MT_RB = Expected(
    infraction="missed_trigger", penalty="no_penalty", remedy="opponent_chooses_resolve_or_skip"
)
MT_PENALTY = Expected(infraction="missed_trigger", penalty="no_penalty")
GRV_DISCARD = Expected(
    infraction="game_rule_violation", penalty="warning", remedy="make_up_draw_or_discard"
)
GRV_ZONE = Expected(
    infraction="game_rule_violation", penalty="warning", remedy="return_to_correct_zone"
)
FACEDOWN = Expected(
    infraction="facedown_card_error", penalty="warning", remedy="apply_section_procedure"
)
GE_NONE = Expected(infraction="general_error", penalty="warning", remedy="none")


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
        MT_STACK,
        {"remedy": "simple_backup"},
        "Missed trigger, no penalty. Simple backup of the attack, then Ana chooses whether "
        "the trigger goes on the stack.",
        "HDE, sem penalidade: backup simples do ataque e depois a Ana escolhe se vai para a pilha.",
        "HDO, sin penalización: backup simple del ataque y luego Ana elige si va a la pila.",
    ),
    *_cases(
        "more_than_a_simple_rewind_is_the_longer_rewind",
        "riftbound",
        GE,
        {"remedy": "rewind"},
        "General Error, Warning. We go back to the illegal attack; that's more than a simple "
        "rewind.",
        "Erro Geral, Advertência. Voltamos até o ataque ilegal, mais que um retrocesso simples.",
        "Error general, Advertencia. Volvemos al ataque ilegal: es más que un retroceso simple.",
    ),
    *_cases(
        "a_partial_fix_stated_by_the_discard_made_now",
        "mtg",
        GRV_DISCARD,
        {"remedy": "make_up_draw_or_discard"},
        "GRV, Warning. No backup is possible, so the partial fix: Bob discards a card now.",
        "GRV, Advertência. Sem backup possível, conserto parcial: o Bob descarta uma carta agora.",
        "VRJ, Advertencia. No se puede retroceder; arreglo parcial: Bob descarta una carta ahora.",
    ),
    *_cases(
        "an_object_moved_to_the_zone_it_belongs_in",
        "mtg",
        GRV_ZONE,
        {"remedy": "return_to_correct_zone"},
        "GRV, Warning. The creature is moved from the hand to the graveyard.",
        "VRJ, Advertência. A criatura é movida da mão para o cemitério.",
        "VRJ, Advertencia. La criatura pasa de la mano al cementerio.",
    ),
    *_cases(
        "the_sections_procedure_by_its_citation_or_verb_first",
        "riftbound",
        FACEDOWN,
        {"remedy": "apply_section_procedure"},
        "Facedown card error (702.13), Warning. Correct it as 702.13 says.",
        "Facedown card error, Warning; otherwise the fix would be the one in 702.13.",
        "Erro com carta virada para baixo, Advertência. Aplica-se o que diz a seção.",
        "Error con carta boca abajo, Advertencia. Se hace lo que indica la sección.",
    ),
    *_cases(
        "no_fix_said_without_nothing_to",
        "mtg",
        CHEAT,
        {"remedy": "none"},
        "Cheating, DQ, and nothing else needs fixing in the game.",
        "Trapaça, Desqualificação. Na partida não há o que corrigir.",
        "Trampa, Descalificación. No hay que corregir nada en la partida.",
    ),
    *_cases(
        "a_reason_after_a_conjunction_yields_to_the_ruling",
        "riftbound",
        FTS,
        {"remedy": "continue_play"},
        "Forgetting to score, no penalty. But as nobody knows the right score, play continues.",
        "Esquecer de pontuar, sem penalidade. Mas como ninguém sabe o placar certo, o jogo "
        "continua.",
        "Olvidar anotar, sin penalización. Pero como nadie sabe el marcador correcto, se sigue "
        "jugando.",
    ),
    *_cases(
        "a_named_player_after_an_article_has_a_ruling_of_their_own",
        "riftbound",
        FTS,
        {"infraction": "forgetting_to_score", "penalty": "no_penalty"},
        "Esquecer de pontuar, sem penalidade, o jogo continua. A Lena leva Advertência por "
        "FtMGS por ter ficado quieta.",
        "Olvidar anotar, sin penalización, se sigue jugando. La Lena recibe Advertencia por "
        "FMEJ por callarse.",
    ),
]


# Read right but sent to a mentor today (strict: a fix removes the entry). The second reader,
# retrained on blind35 and the generator's review-9 wordings, doubts an English backup followed
# by the opponent's choice; the part is still read as the backup.
DOUBTED: set[str] = set()
"""Answers the second reader doubts today (none since its retraining for 2026.12.07.19)."""


@pytest.mark.parametrize(("game", "expected", "answer", "found"), FIRM)
def test_the_answer_is_read_as_it_commits_without_review(
    request: pytest.FixtureRequest,
    game: str,
    expected: Expected,
    answer: str,
    found: dict[str, str | None],
) -> None:
    if answer in DOUBTED:
        request.applymarker(pytest.mark.xfail(strict=True, reason="second reader doubts it"))
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


@pytest.mark.parametrize(
    "answer",
    [
        "GRV, Warning. I'd either back up the untap step or just have Bob discard now.",
        "VRJ, Advertência. Ou fazemos backup do desvirar inteiro ou o Bob descarta agora.",
        "VRJ, Advertencia. O hacemos backup del paso de enderezar o Bob descarta ahora.",
    ],
)
def test_either_option_far_apart_commits_to_neither(answer: str) -> None:
    grade = grade_answer(answer, GRV_DISCARD, game="mtg")
    remedy = grade.parts["remedy"]
    assert remedy.found is None
    assert remedy.hedged
    assert remedy.left_open  # no commitment: graded wrong, no mentor needed
    assert not grade.needs_review


FTMGS = Expected(infraction="failure_to_maintain_game_state", penalty="warning", remedy="none")

IMPLIED: list[Any] = [
    pytest.param("mtg", NO_INF, "No infraction.", "no_penalty", "none", id="no-infraction-en"),
    pytest.param("mtg", NO_INF, "Sem infração.", "no_penalty", "none", id="no-infraction-pt"),
    pytest.param("mtg", NO_INF, "Sin infracción.", "no_penalty", "none", id="no-infraction-es"),
    pytest.param("riftbound", FTMGS, "FtMGS.", None, "none", id="ftmgs-implies-no-penalty"),
    pytest.param("mtg", CHEAT, "Trapaça.", None, "none", id="cheating-implies-no-penalty"),
    pytest.param("mtg", GRV_DISCARD, "GRV, Warning.", "warning", None, id="grv-implies-nothing"),
    pytest.param(
        "mtg", NO_INF, "Maybe no infraction, maybe GRV.", None, None, id="no-commitment-en"
    ),
    pytest.param(
        "mtg",
        NO_INF,
        "Se não houvesse infração, nada; mas é VRJ.",
        None,
        None,
        id="conditional-no-infraction-pt",
    ),
    pytest.param(
        "mtg",
        CHEAT,
        "Trampa, Descalificación; quizás un retroceso.",
        "disqualification",
        "simple_backup",
        id="a-doubted-fix-is-no-silence-es",
    ),
]


@pytest.mark.parametrize(("game", "expected", "answer", "penalty", "remedy"), IMPLIED)
def test_only_the_conventions_parts_are_implied(
    game: str, expected: Expected, answer: str, penalty: str | None, remedy: str | None
) -> None:
    """No penalty and no fix after "no infraction"; no fix after FtMGS or Cheating; nothing
    else, and nothing when the answer does not commit to the infraction or speaks of the
    part."""
    grade = grade_answer(answer, expected, game=game)
    assert grade.parts["penalty"].found == penalty, grade.review_reasons
    assert grade.parts["remedy"].found == remedy, grade.review_reasons


UNFLAGGED: list[Any] = [
    *_cases(
        "riftbounds_might_is_no_hedge",
        "riftbound",
        MT_PENALTY,
        {"infraction": "missed_trigger", "penalty": "no_penalty"},
        "Missed trigger: the +1 Might was never applied. No penalty.",
        "Gatilho esquecido: o Might do Kai ficou sem o bônus. Sem penalidade.",
        "Disparo olvidado: el Might no tenía el +1. Sin penalización.",
    ),
    *_cases(
        "an_infraction_given_to_another_named_player_is_theirs",
        "mtg",
        GRV_BACKUP,
        {"infraction": "game_rule_violation", "penalty": "warning"},
        "GRV for Bob and FtMGS for Eva, both Warnings. Simple backup.",
        "VRJ pro Bob, Advertência, e FtMGS pra Eva. Backup simples.",
        "VRJ con Advertencia para Bob y FMEJ (Advertencia) para Eva. Backup simple.",
        "VRJ pro Bob, Advertência, e Eva leva FtMGS. Backup simples.",
    ),
    *_cases(
        "a_warning_the_player_already_has_is_the_record",
        "mtg",
        GRV_BACKUP,
        {"penalty": "game_loss"},
        "GRV. He already has a Warning for this, so it upgrades to a Game Loss. Simple backup.",
        "VRJ. Ele já tem uma Advertência disso, então sobe pra Perda de Jogo. Backup simples.",
        "VRJ. Ya tiene una Advertencia por esto, así que sube a Pérdida de juego. Backup simple.",
    ),
    *_cases(
        "the_same_fix_in_other_words_is_no_new_step",
        "mtg",
        MT_STACK,
        {"remedy": "simple_backup"},
        "MT, no penalty: a simple backup (undo the attack), then Eva chooses whether it goes "
        "on the stack.",
        "HDE, sem penalidade: backup simples (desfaz o ataque) e depois a Eva escolhe se vai "
        "pra pilha.",
        "HDO, sin penalización: backup simple (deshacer el ataque) y luego Eva elige si va a la "
        "pila.",
    ),
]


@pytest.mark.parametrize(("game", "expected", "answer", "found"), UNFLAGGED)
def test_right_readings_that_were_flagged_for_nothing_are_not(
    game: str, expected: Expected, answer: str, found: dict[str, str | None]
) -> None:
    grade = grade_answer(answer, expected, game=game)
    assert {part: grade.parts[part].found for part in found} == found, grade.review_reasons
    assert not any(part in r for part in found for r in grade.review_reasons), grade.review_reasons


def test_a_capitalised_might_opening_a_sentence_still_hedges() -> None:
    grade = grade_answer("Missed trigger. Might be a Warning.", MT_PENALTY, game="riftbound")
    assert grade.parts["penalty"].hedged
    assert grade.needs_review


PLAY_ON = Expected(infraction="game_rule_violation", penalty="warning", remedy="continue_play")


@pytest.mark.parametrize(
    ("answer", "found"),
    [
        # back to a point the answer names (a step, or a game event: the attack): the
        # longer rewind (2026.12.01.5)
        ("GRV, Warning. We rewind to the attack.", "rewind"),
        ("VRJ, Advertência. Fazemos um retrocesso até o ataque.", "rewind"),
        ("VRJ, Advertencia. Toca un retroceso hasta el ataque.", "rewind"),
    ],
)
def test_a_rewind_of_unstated_length_where_play_goes_on_goes_to_a_mentor(
    answer: str, found: str
) -> None:
    grade = grade_answer(answer, PLAY_ON, game="mtg")
    assert grade.parts["remedy"].found == found
    assert any("unstated length" in r for r in grade.review_reasons)


def test_a_rewind_of_unstated_length_elsewhere_is_read_firmly() -> None:
    grade = grade_answer("GRV, Warning, rewind.", GRV_DISCARD, game="mtg")
    assert grade.parts["remedy"].found == "simple_backup"
    assert not grade.needs_review
