"""Plain phrasings and abbreviations judges write, in English, Portuguese and Spanish.

Each lexicon entry added for issue 13 is exercised here in a whole answer; the answers were
written for these tests (terse and verbose, abbreviated, with and without accents).
"""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer
from rulings.core.grading.text import fold, tokenize


def E(
    infraction: str | None, penalty: str | None = None, remedy: str | None = None
) -> dict[str, str]:
    """An expected ruling as keyword arguments for Expected, leaving out absent parts."""
    parts = {"infraction": infraction, "penalty": penalty, "remedy": remedy}
    return {k: v for k, v in parts.items() if v is not None}


PHRASINGS: list[tuple[str, dict[str, str], str]] = [
    (
        "riftbound",
        E("overpayment", None, "correct_cost"),
        "Overpayment, the cost gets corrected.",
    ),
    (
        "riftbound",
        E("overpayment", None, "correct_cost"),
        "Pagamento a mais; corrige-se o custo.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", None, "correct_score"),
        "Ponto esquecido, corrige o placar.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", None, "correct_score"),
        "Punto no anotado, se corrige el marcador.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", None, "correct_score"),
        "Forgot to score. There's no reason to just play on: the point is still missing, so "
        "correct the score.",
    ),
    (
        "mtg",
        E("missed_trigger", "warning"),
        "MT, W",
    ),
    (
        "mtg",
        E("failure_to_maintain_game_state", "warning"),
        "FtMGS, W",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning"),
        "GRV + warn",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "MT, no pen",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "MT, sem pen.",
    ),
    (
        "riftbound",
        E("cheating", "disqualification"),
        "Cheating -> DQ",
    ),
    (
        "mtg",
        E("game_rule_violation", "game_loss"),
        "GRV, GL",
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Ponto esquecido. Sem pen. Corrige o placar.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Ponto não anotado, sem penalidade, soma-se o ponto.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Punto no anotado: sin penalización, se suma el punto.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Punto olvidado, sin sanción; se corrige el marcador.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Forgotten point, no pen, fix the score.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Point wasn't scored. No penalty. Just add the point.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "An unscored point: no penalty, and the score gets corrected.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Esqueceu o ponto. Nenhuma penalidade. Acerta o placar.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Se le olvidó anotar el punto. Sin penalización. Se corrige la puntuación.",
    ),
    (
        "riftbound",
        E("overpayment", "no_penalty", "correct_cost"),
        "Overpayment, no penalty, the cost gets corrected.",
    ),
    (
        "riftbound",
        E("overpayment", "no_penalty", "correct_cost"),
        "Overpaid; no pen; we correct the payment.",
    ),
    (
        "riftbound",
        E("overpayment", "no_penalty", "correct_cost"),
        "Pagamento a mais, sem penalidade; corrige-se o custo.",
    ),
    (
        "riftbound",
        E("overpayment", "no_penalty", "correct_cost"),
        "Pagou a mais. Sem penalidade. O pagamento é corrigido.",
    ),
    (
        "riftbound",
        E("overpayment", "no_penalty", "correct_cost"),
        "Pagó de más, sin penalización; se corrige el coste.",
    ),
    (
        "riftbound",
        E("overpayment", "no_penalty", "correct_cost"),
        "Sobrepago. Sin sanción. Se ajusta el pago.",
    ),
    (
        "mtg",
        E("missed_trigger", "warning"),
        "MT, W.",
    ),
    (
        "mtg",
        E("missed_trigger", "warning"),
        "HDE, Adv.",
    ),
    (
        "mtg",
        E("missed_trigger", "warning"),
        "EDO, advertencia.",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "GRV + warn, back up.",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "VRJ, adv., backup simples.",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "VRJ, advertencia, backup simple.",
    ),
    (
        "mtg",
        E("failure_to_maintain_game_state", "warning"),
        "FMEJ, advertência.",
    ),
    (
        "mtg",
        E("failure_to_maintain_game_state", "warning"),
        "Falha em manter o estado do jogo, adv. para a Ilse",
    ),
    (
        "mtg",
        E("failure_to_maintain_game_state", "warning"),
        "Para Ilse: falla al mantener el estado de juego; advertencia.",
    ),
    (
        "mtg",
        E("game_rule_violation", "game_loss"),
        "VRJ, PJ",
    ),
    (
        "mtg",
        E("game_rule_violation", "game_loss"),
        "VRJ, perda de jogo",
    ),
    (
        "mtg",
        E("game_rule_violation", "game_loss"),
        "VRJ, pérdida de juego",
    ),
    (
        "mtg",
        E("cheating", "disqualification"),
        "Trapaça, DQ.",
    ),
    (
        "mtg",
        E("cheating", "disqualification"),
        "Trampa, descalificación.",
    ),
    (
        "mtg",
        E("cheating", "disqualification"),
        "Fraude: DQ",
    ),
    (
        "mtg",
        E(None, "match_loss"),
        "Match loss",
    ),
    (
        "mtg",
        E(None, "match_loss"),
        "Perda de partida",
    ),
    (
        "mtg",
        E(None, "match_loss"),
        # "pérdida de partida" also means a Game Loss to most writers: it goes to a mentor
        # (test_grading_ambiguous_words.py)
        "Pérdida de enfrentamiento",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty"),
        "Missed trigger. I'd give no penalty, not a Warning.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Okay so the player forgot his trigger. That's a Missed Trigger, which carries no penalty "
        "in Riftbound. The opponent decides whether it resolves now or is skipped.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "He missed his own trigger. No penalty for that. His opponent gets to pick: resolve it "
        "now or ignore it.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "O jogador esqueceu a habilidade dele. Isso é habilidade desencadeada esquecida, sem "
        "penalidade. O oponente decide se ela resolve agora ou é ignorada.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Ele esqueceu o próprio gatilho. Não tem penalidade. Quem escolhe é o oponente: resolver "
        "agora ou deixar passar.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "El jugador olvidó su disparo. Es un evento de disparo olvidado, sin penalización. El "
        "oponente decide si se resuelve ahora o se ignora.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Se le pasó el disparo. No hay penalización. Elige el rival: resolverlo ahora o no.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "She held the battlefield but never took the point. Forgetting to score, no penalty; just "
        "update the score now.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Ela conquistou o campo de batalha mas não marcou o ponto. Esquecer de pontuar, sem "
        "penalidade; ajusta o placar.",
    ),
    (
        "riftbound",
        E("forgetting_to_score", "no_penalty", "correct_score"),
        "Conquistó el campo de batalla pero no anotó el punto. Olvido de puntuar, sin "
        "penalización; se ajusta el marcador.",
    ),
    (
        "riftbound",
        E("overpayment", "no_penalty", "correct_cost"),
        "He paid one rune too many. Overpayment, no penalty; he gets the extra rune back, correct "
        "the payment.",
    ),
    (
        "riftbound",
        E("overpayment", "no_penalty", "correct_cost"),
        "Ele pagou uma runa a mais. Pagamento a mais, sem penalidade; corrige o pagamento.",
    ),
    (
        "riftbound",
        E("overpayment", "no_penalty", "correct_cost"),
        "Pagó una runa de más. Sobrepago, sin penalización; se corrige el pago.",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "He cast the spell without paying the kicker but applied it anyway. GRV, Warning, simple "
        "backup.",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "Lançou a mágica sem pagar o kicker e aplicou o efeito mesmo assim. VRJ, advertência, "
        "backup simples.",
    ),
    (
        "mtg",
        E("game_rule_violation", "warning", "simple_backup"),
        "Lanzó el hechizo sin pagar el kicker pero aplicó el efecto. VRJ, advertencia, backup "
        "simple.",
    ),
    (
        "mtg",
        E("failure_to_maintain_game_state", "warning"),
        "The opponent saw the mistake and said nothing, so FtMGS, Warning for him.",
    ),
    (
        "mtg",
        E("failure_to_maintain_game_state", "warning"),
        "O oponente viu o erro e ficou quieto: falha em manter o estado do jogo, advertência.",
    ),
    (
        "mtg",
        E("failure_to_maintain_game_state", "warning"),
        "El oponente vio el error y no dijo nada: fallo al mantener el estado de juego, "
        "advertencia.",
    ),
    (
        "mtg",
        E("cheating", "disqualification"),
        "Ela sabia da regra e quebrou de propósito para ganhar. Isso é trapaça: desqualificação.",
    ),
    (
        "mtg",
        E("cheating", "disqualification"),
        "Sabía la regla y la rompió a propósito para ganar. Eso es trampa: descalificación.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "MT - no pen - opp chooses",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "HDE / s/ penalidade / oponente escolhe",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "EDO, sin pen., el oponente elige",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "I'd call it a Missed Trigger. I don't think any penalty applies. The opponent chooses if "
        "it resolves now or never.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Eu diria que é habilidade esquecida. Acho que não cabe penalidade. O oponente escolhe se "
        "resolve agora ou nunca.",
    ),
    (
        "riftbound",
        E("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip"),
        "Yo diría que es un disparo olvidado. Creo que no corresponde penalización. El oponente "
        "elige si se resuelve ahora o nunca.",
    ),
    # Walk 10, #6: "now" names Magic's resolve-immediately remedy (sentences written here).
    (
        "mtg",
        E("missed_trigger", "no_penalty", "resolve_immediately"),
        "Missed trigger on the Aura, no penalty: resolve it now.",
    ),
    (
        "mtg",
        E("missed_trigger", "no_penalty", "resolve_immediately"),
        "Gatilho esquecido da Aura, sem penalidade; resolva agora.",
    ),
    (
        "mtg",
        E("missed_trigger", "no_penalty", "resolve_immediately"),
        "Disparo olvidado del Aura, sin penalización; resuélvelo ahora.",
    ),
    (
        "mtg",
        E("missed_trigger", "no_penalty", "resolve_now_or_next_phase"),
        "Missed trigger, no penalty: resolve it now or at the start of the next phase.",
    ),
]


@pytest.mark.parametrize(("game", "expected", "answer"), PHRASINGS, ids=range(len(PHRASINGS)))
def test_it_reads_the_phrasing(game: str, expected: dict[str, str], answer: str) -> None:
    want = Expected(
        infraction=expected.get("infraction"),
        penalty=expected.get("penalty"),
        remedy=expected.get("remedy"),
    )
    grade = grade_answer(answer, want, game=game)
    found = {part: grade.parts[part].found for part in grade.parts}
    assert found == expected, grade.review_reasons
    assert not grade.needs_review, grade.review_reasons


ABBREVIATIONS = [
    ("game_loss", "GRV, PJ."),
    ("game_loss", "VRJ - PdJ"),
    ("match_loss", "Cheating? No. PP."),
    ("match_loss", "Penalty: PdP"),
    ("disqualification", "Cheating, DSQ."),
    ("warning", "GRV + warn"),
    ("warning", "VRJ, advert."),
    ("warning", "VRJ, amon."),
    ("no_penalty", "GRV, no pen"),
]


@pytest.mark.parametrize(("penalty", "answer"), ABBREVIATIONS)
def test_it_reads_penalty_abbreviations(penalty: str, answer: str) -> None:
    grade = grade_answer(answer, Expected(penalty=penalty), game="mtg")
    assert grade.parts["penalty"].found == penalty


@pytest.mark.parametrize(
    ("answer", "infraction"),
    [
        ("FtSaP, sem penalidade.", "forgetting_to_score"),
        ("Forgot the point. No penalty.", "forgetting_to_score"),
        ("The point was never recorded; no penalty.", "forgetting_to_score"),
        ("Ponto nao anotado. Sem penalidade.", "forgetting_to_score"),
        ("Pontos esquecidos, sem penalidade.", "forgetting_to_score"),
        ("Punto sin anotar, sin penalización.", "forgetting_to_score"),
        ("Los puntos no fueron sumados; sin penalización.", "forgetting_to_score"),
    ],
)
def test_it_reads_forgotten_points(answer: str, infraction: str) -> None:
    grade = grade_answer(answer, Expected(infraction=infraction), game="riftbound")
    assert grade.parts["infraction"].found == infraction


@pytest.mark.parametrize(
    ("answer", "remedy"),
    [
        ("Overpayment; he finishes paying.", "correct_cost"),
        ("Mispayment: the payment is corrected.", "correct_cost"),
        ("Pagamento errado; acerta o custo.", "correct_cost"),
        ("Pagamento errado; ele termina de pagar.", "correct_cost"),
        ("Pago incorrecto; se arregla el pago.", "correct_cost"),
        ("Pago incorrecto; termina de pagar.", "correct_cost"),
        ("Forgot to score: fix the tally.", "correct_score"),
        ("Esqueceu de pontuar: anota o ponto.", "correct_score"),
        ("Olvidó puntuar: se anota el punto.", "correct_score"),
        (
            "Habilidade esquecida, sem penalidade; decide o oponente.",
            "opponent_chooses_resolve_or_skip",
        ),
        ("Disparo olvidado; decide el adversario.", "opponent_chooses_resolve_or_skip"),
    ],
)
def test_it_reads_remedies_in_plain_words(answer: str, remedy: str) -> None:
    infraction = "missed_trigger" if remedy.startswith("opponent") else None
    grade = grade_answer(answer, Expected(infraction=infraction, remedy=remedy), game="riftbound")
    assert grade.parts["remedy"].found == remedy


def test_a_portuguese_enclitic_joins_its_verb_but_other_hyphens_still_break() -> None:
    text = fold("corrige-se o custo - GL-ML")
    toks = tokenize(text)
    assert toks.words[:2] == ["corrige", "se"]
    assert toks.breaks[1] == 0
    assert toks.breaks[toks.words.index("gl")] != 0
    assert toks.breaks[toks.words.index("ml")] != 0


@pytest.mark.parametrize(
    ("answer", "part", "ident"),
    [
        ("The trigger slipped his mind.", "infraction", "missed_trigger"),
        ("A habilidade passou batido.", "infraction", "missed_trigger"),
        ("La habilidad se le escapó.", "infraction", "missed_trigger"),
        ("MT. Nobody gets punished.", "penalty", "no_penalty"),
        ("HDE. Ninguém é punido.", "penalty", "no_penalty"),
        ("EDO. Nadie recibe castigo.", "penalty", "no_penalty"),
        ("EDO, sin pena.", "penalty", "no_penalty"),
        ("MT, nothing for the penalty.", "penalty", "no_penalty"),
        ("GRV, a slap on the wrist.", "penalty", "warning"),
        ("VRJ, um puxão de orelha.", "penalty", "warning"),
        ("VRJ, un tirón de orejas.", "penalty", "warning"),
        ("VRJ, desfazemos a jogada.", "remedy", "simple_backup"),
        ("VRJ, deshacemos la jugada.", "remedy", "simple_backup"),
        ("GRV, Warning, BU.", "remedy", "simple_backup"),
        ("VRJ, advertência, voltar ao estado anterior.", "remedy", "simple_backup"),
        ("VRJ, advertencia, volver al estado anterior.", "remedy", "simple_backup"),
        ("GE, W, game state stays as is.", "remedy", "continue_play"),
    ],
)
def test_it_reads_plain_and_informal_terms(answer: str, part: str, ident: str) -> None:
    grade = grade_answer(answer, _one(part, ident), game="mtg")
    assert grade.parts[part].found == ident


@pytest.mark.parametrize(
    ("answer", "part", "ident"),
    [
        ("The point went unclaimed.", "infraction", "forgetting_to_score"),
        ("O ponto ficou sem ser contabilizado.", "infraction", "forgetting_to_score"),
        ("El punto quedó sin contabilizar.", "infraction", "forgetting_to_score"),
        ("FtS: bump the tracker by one.", "remedy", "correct_score"),
        ("Esquecer de pontuar: sobe o contador em um.", "remedy", "correct_score"),
        ("Olvido de puntuar: se sube el contador en uno.", "remedy", "correct_score"),
    ],
)
def test_it_reads_score_terms(answer: str, part: str, ident: str) -> None:
    grade = grade_answer(answer, _one(part, ident), game="riftbound")
    assert grade.parts[part].found == ident


def _one(part: str, ident: str) -> Expected:
    """An expected ruling that grades one part only."""
    parts: dict[str, str | None] = {"infraction": None, "penalty": None, "remedy": None}
    parts[part] = ident
    return Expected(
        infraction=parts["infraction"], penalty=parts["penalty"], remedy=parts["remedy"]
    )


@pytest.mark.parametrize(
    "answer",
    [
        "MT, no penalty, the choice is the opponent's.",
        "MT, no penalty, the decision goes to the opponent.",
        "HDE do Tomé, sem penalidade, a escolha é do oponente.",
        "HDE, sem penalidade, a decisão fica com o adversário.",
        "EDO, sin penalización, la elección es del oponente.",
        "EDO, sin penalización, la decisión queda para el rival.",
    ],
)
def test_it_reads_whose_choice_it_is(answer: str) -> None:
    grade = grade_answer(
        answer, _one("remedy", "opponent_chooses_resolve_or_skip"), game="riftbound"
    )
    assert grade.parts["remedy"].found == "opponent_chooses_resolve_or_skip"


@pytest.mark.parametrize(
    "answer",
    [
        "MT. It can't be no penalty: it was beneficial. Warning.",
        "HDE. Não pode ser sem penalidade: era benéfica. Advertência.",
        "EDO. No puede ser sin penalización: era beneficioso. Advertencia.",
    ],
)
def test_it_reads_cannot_be_as_a_denial(answer: str) -> None:
    grade = grade_answer(answer, _one("penalty", "warning"), game="riftbound")
    assert grade.parts["penalty"].found == "warning"
    assert not grade.needs_review


@pytest.mark.parametrize(
    "answer",
    [
        "The active player made a GRV, but the question is about the opponent: FtMGS.",
        "O jogador ativo fez uma VRJ, mas a pergunta é sobre o oponente: FtMGS.",
        "El jugador activo hizo una VRJ, pero la pregunta es sobre el oponente: FtMGS.",
    ],
)
def test_a_term_before_the_question_is_about_is_set_aside(answer: str) -> None:
    grade = grade_answer(answer, _one("infraction", "failure_to_maintain_game_state"), game="mtg")
    assert grade.parts["infraction"].found == "failure_to_maintain_game_state"
    assert not grade.needs_review
