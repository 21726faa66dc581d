"""The ids the engine added beyond the shared vocabulary, and how answers state them."""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer

MT_RB = Expected("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip")
MT_MTG = Expected("missed_trigger", "no_penalty", "opponent_chooses_put_on_stack")


@pytest.mark.parametrize(
    ("text", "expected", "game"),
    [
        (
            "Missed trigger, no penalty, Dolores chooses whether it resolves now.",
            MT_RB,
            "riftbound",
        ),
        ("HDE sem penalidade; a Inês escolhe se ela resolve agora.", MT_RB, "riftbound"),
        ("Disparo olvidado, sin sanción, Ígor elige si se resuelve ahora.", MT_RB, "riftbound"),
        (
            "MT, no penalty. Sofia (next in turn order) picks: resolve it now or forget it.",
            MT_RB,
            "riftbound",
        ),
        (
            "Missed trigger, no penalty. Norville decides whether it goes on the stack.",
            MT_MTG,
            "mtg",
        ),
    ],
)
def test_a_named_player_choosing_is_the_opponent_choosing(
    text: str, expected: Expected, game: str
) -> None:
    grade = grade_answer(text, expected, game=game)
    assert grade.score == 1.0, grade.parts
    assert not grade.needs_review


def test_a_pronoun_choosing_is_not_read_as_the_opponent() -> None:
    grade = grade_answer("Missed trigger, no penalty. I choose.", MT_RB, game="riftbound")
    assert grade.parts["remedy"].found is None


@pytest.mark.parametrize(
    ("text", "remedy", "found"),
    [
        ("General error, warning, rewind.", "simple_rewind", "simple_rewind"),
        ("General error, warning, rewind.", "rewind", "rewind"),
        ("General error, warning, a simple rewind of that last action.", "rewind", "simple_rewind"),
        ("General error, warning, a full rewind by the head judge.", "simple_rewind", "rewind"),
        ("General error, warning, a full rewind by the head judge.", "rewind", "rewind"),
        ("Erro geral com advertência, e retrocesso além da última ação.", "rewind", "rewind"),
        ("Error general, advertencia, rebobinado simple.", "simple_rewind", "simple_rewind"),
    ],
)
def test_a_rewind_of_unstated_length_counts_as_the_rewind_expected(
    text: str, remedy: str, found: str
) -> None:
    grade = grade_answer(text, Expected("general_error", "warning", remedy), game="riftbound")
    assert grade.parts["remedy"].found == found


@pytest.mark.parametrize("remedy", ["simple_backup", "simple_rewind"])
@pytest.mark.parametrize(
    "text", ["GRV, Warning, simple backup.", "GRV, W, back up the last action"]
)
def test_magic_simple_backup_and_simple_rewind_are_one_fix(text: str, remedy: str) -> None:
    grade = grade_answer(text, Expected("game_rule_violation", "warning", remedy), game="mtg")
    assert grade.score == 1.0


@pytest.mark.parametrize("remedy", ["simple_backup", "opponent_chooses_put_on_stack"])
def test_remedy_steps_in_sequence_are_no_conflict(remedy: str) -> None:
    """The opponent's choice after a backup is the backup's own procedure (`then_within`):
    the answer commits to the backup, firmly, whichever remedy is expected. No rule doubts
    it; where the key is the opponent's choice, which the answer also names, the second
    reading (key-weighted) asks a mentor to confirm the wrong grading."""
    text = "MT, no penalty; simple backup, then the opponent chooses whether it goes on the stack."
    grade = grade_answer(text, Expected("missed_trigger", "no_penalty", remedy), game="mtg")
    assert grade.parts["remedy"].found == "simple_backup"
    assert grade.parts["remedy"].correct == (remedy == "simple_backup")
    if remedy == "simple_backup":
        assert not grade.needs_review
    else:
        (reason,) = grade.review_reasons
        assert reason.startswith("remedy: read as simple_backup, but a second reading of how")


def test_steps_that_are_no_procedure_of_the_first_count_as_any_of_them() -> None:
    text = "Overpaid, no penalty: simple rewind, then he pays the right cost."
    for remedy in ("simple_rewind", "correct_cost"):
        grade = grade_answer(text, Expected("overpayment", "no_penalty", remedy), game="riftbound")
        assert grade.score == 1.0, (remedy, grade.review_reasons)
        assert not grade.needs_review


def test_remedies_not_in_sequence_still_conflict() -> None:
    text = "MT, no penalty, simple backup, the opponent chooses whether it goes on the stack."
    grade = grade_answer(text, Expected(remedy="simple_backup"), game="mtg")
    assert grade.needs_review


@pytest.mark.parametrize(
    "text",
    [
        "Game Rule Violation, Warning; other player Sorin: Failure to Maintain Game State, Warning",
        "Violação de regra, Advertência; outro jogador, Sorin: Falha em Manter, Advertência",
        "Violación de regla, advertencia; otro jugador, Sorin: Fallo al mantener el estado",
    ],
)
def test_another_players_ruling_is_not_the_graded_one(text: str) -> None:
    grade = grade_answer(text, Expected("game_rule_violation", "warning"), game="mtg")
    assert grade.score == 1.0
    assert not grade.needs_review


@pytest.mark.parametrize(
    ("text", "infraction"),
    [
        ("Forgot to draw, no penalty, he draws the missing card.", "forgetting_to_draw_cards"),
        (
            "Channeled too few runes, no penalty; channel the missing rune.",
            "channeling_too_few_runes",
        ),
        ("Forgetting to ready, no penalty: ready the units.", "forgetting_to_ready"),
        ("Mulligan error, warning; apply what the section prescribes.", "mulligan_procedure_error"),
        (
            "Channeled too many runes, warning, whatever 702.6 prescribes.",
            "channeling_too_many_runes",
        ),
        (
            "Esquecer de comprar, sem penalidade, compra a carta que falta.",
            "forgetting_to_draw_cards",
        ),
        (
            "Robó cartas de más, advertencia, aplicar el procedimiento de la sección.",
            "drawing_extra_cards",
        ),
    ],
)
def test_the_section_procedure_is_stated_or_named(text: str, infraction: str) -> None:
    penalty = "warning" if "warn" in text or "advert" in text else "no_penalty"
    expected = Expected(infraction, penalty, "apply_section_procedure")
    grade = grade_answer(text, expected, game="riftbound")
    assert grade.score == 1.0, grade.parts


def test_a_concrete_fix_of_another_section_is_wrong() -> None:
    expected = Expected("looking_at_extra_cards", "warning", "apply_section_procedure")
    grade = grade_answer(
        "Looked at extra cards, warning, draw the missing card.", expected, game="riftbound"
    )
    assert grade.parts["remedy"].found == "draw_missing_cards"
    assert not grade.parts["remedy"].correct


@pytest.mark.parametrize(
    ("text", "ident"),
    [
        ("TR 702.4", "forgetting_to_draw_cards"),
        ("Looking at secret information", "looking_at_secret_information"),
        ("saw the opponent's hand", "looking_at_opponent_private_information"),
        ("O Tomé cometeu erro de carta virada para baixo", "facedown_card_error"),
        ("Olvidó preparar sus runas", "forgetting_to_ready"),
        ("canalizou runas demais", "channeling_too_many_runes"),
    ],
)
def test_the_tr_702_infractions_are_named(text: str, ident: str) -> None:
    grade = grade_answer(text, Expected(infraction=ident), game="riftbound")
    assert grade.parts["infraction"].found == ident


def test_intent_to_gain_an_advantage_overrides_the_error_it_hides() -> None:
    text = "He peeked at the opponent's hand on purpose to gain an advantage. DQ."
    expected = Expected("looking_at_opponent_private_information", "warning")
    grade = grade_answer(text, expected, game="riftbound")
    assert grade.parts["infraction"].found == "cheating"


@pytest.mark.parametrize(
    "text",
    [
        "GRV, Warning. Backing up isn't possible anymore so we let things stand.",
        "GRV, Warning. The fix here is to let things stand.",
    ],
)
def test_a_part_stated_in_unknown_words_goes_to_review(text: str) -> None:
    grade = grade_answer(
        text, Expected("game_rule_violation", "warning", "continue_play"), game="mtg"
    )
    assert grade.parts["remedy"].found is None
    assert grade.needs_review


def test_spanish_perdida_de_partida_is_a_match_loss() -> None:
    grade = grade_answer("Trampa, pérdida de partida.", Expected(penalty="match_loss"), game="mtg")
    assert grade.parts["penalty"].found == "match_loss"


def test_feedback_cites_the_section_of_the_expected_infraction() -> None:
    expected = Expected("mulligan_procedure_error", "warning", "apply_section_procedure")
    grade = grade_answer("Mulligan error, warning.", expected, game="riftbound")
    assert "TR 702.14" in grade.feedback


@pytest.mark.parametrize(
    "text",
    [
        "The other player noticed and kept quiet: Failure to Maintain Game State, Warning.",
        "Other player: FtMGS, warning.",
        "O outro jogador viu e ficou calado: falha em manter o estado de jogo, advertência.",
        "El otro jugador se dio cuenta y calló: fallo al mantener el estado de juego, advertencia.",
    ],
)
def test_the_other_players_ruling_alone_is_the_ruling_asked_for(text: str) -> None:
    expected = Expected("failure_to_maintain_game_state", "warning")
    grade = grade_answer(text, expected, game="riftbound")
    assert grade.score == 1.0
    assert not grade.needs_review


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Missed trigger, no penalty. Remedy per 702.2.f.2.", MT_RB),
        (
            "Drew extra cards, warning, fix per TR 702.12.",
            Expected("drawing_extra_cards", "warning", "apply_section_procedure"),
        ),
        (
            "Esqueceu de comprar, sem penalidade, correção pelo TR 702.4.",
            Expected("forgetting_to_draw_cards", "no_penalty", "apply_section_procedure"),
        ),
    ],
)
def test_a_remedy_stated_as_a_section_is_that_sections_remedy(
    text: str, expected: Expected
) -> None:
    grade = grade_answer(text, expected, game="riftbound")
    assert grade.score == 1.0, grade.parts
