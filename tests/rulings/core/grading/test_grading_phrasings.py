"""Plain phrasings and abbreviations judges write, in English, Portuguese and Spanish.

Each lexicon entry added for issue 13 is exercised here in a whole answer; the answers were
written for these tests (terse and verbose, abbreviated, with and without accents).
"""

from __future__ import annotations

import pytest

from rulings.core.grading import Expected, grade_answer
from rulings.core.grading.text import fold, tokenize

PHRASINGS: list[tuple[str, dict[str, str], str]] = [
    ("riftbound", {"infraction": "overpayment", "remedy": "correct_cost"}, "Overpayment, the cost gets corrected."),
    ("riftbound", {"infraction": "overpayment", "remedy": "correct_cost"}, "Pagamento a mais; corrige-se o custo."),
    ("riftbound", {"infraction": "forgetting_to_score", "remedy": "correct_score"}, "Ponto esquecido, corrige o placar."),
    ("riftbound", {"infraction": "forgetting_to_score", "remedy": "correct_score"}, "Punto no anotado, se corrige el marcador."),
    ("riftbound", {"infraction": "forgetting_to_score", "remedy": "correct_score"}, "Forgot to score. There's no reason to just play on: the point is still missing, so correct the score."),
    ("mtg", {"infraction": "missed_trigger", "penalty": "warning"}, "MT, W"),
    ("mtg", {"infraction": "failure_to_maintain_game_state", "penalty": "warning"}, "FtMGS, W"),
    ("mtg", {"infraction": "game_rule_violation", "penalty": "warning"}, "GRV + warn"),
    ("riftbound", {"infraction": "missed_trigger", "penalty": "no_penalty"}, "MT, no pen"),
    ("riftbound", {"infraction": "missed_trigger", "penalty": "no_penalty"}, "MT, sem pen."),
    ("riftbound", {"infraction": "cheating", "penalty": "disqualification"}, "Cheating -> DQ"),
    ("mtg", {"infraction": "game_rule_violation", "penalty": "game_loss"}, "GRV, GL"),
    ("riftbound", {"infraction": "forgetting_to_score", "penalty": "no_penalty", "remedy": "correct_score"}, "Ponto esquecido. Sem pen. Corrige o placar."),
    ("riftbound", {"infraction": "forgetting_to_score", "penalty": "no_penalty", "remedy": "correct_score"}, "Ponto não anotado, sem penalidade, soma-se o ponto."),
    ("riftbound", {"infraction": "forgetting_to_score", "penalty": "no_penalty", "remedy": "correct_score"}, "Punto no anotado: sin penalización, se suma el punto."),
    ("riftbound", {"infraction": "forgetting_to_score", "penalty": "no_penalty", "remedy": "correct_score"}, "Punto olvidado, sin sanción; se corrige el marcador."),
    ("riftbound", {"infraction": "forgetting_to_score", "penalty": "no_penalty", "remedy": "correct_score"}, "Forgotten point, no pen, fix the score."),
    ("riftbound", {"infraction": "forgetting_to_score", "penalty": "no_penalty", "remedy": "correct_score"}, "Point wasn't scored. No penalty. Just add the point."),
    ("riftbound", {"infraction": "forgetting_to_score", "penalty": "no_penalty", "remedy": "correct_score"}, "Unscored point; no penalty; the score gets corrected."),
    ("riftbound", {"infraction": "forgetting_to_score", "penalty": "no_penalty", "remedy": "correct_score"}, "Esqueceu o ponto. Nenhuma penalidade. Acerta o placar."),
    ("riftbound", {"infraction": "forgetting_to_score", "penalty": "no_penalty", "remedy": "correct_score"}, "Se le olvidó anotar el punto. Sin penalización. Se corrige la puntuación."),
    ("riftbound", {"infraction": "overpayment", "penalty": "no_penalty", "remedy": "correct_cost"}, "Overpayment, no penalty, the cost gets corrected."),
    ("riftbound", {"infraction": "overpayment", "penalty": "no_penalty", "remedy": "correct_cost"}, "Overpaid; no pen; we correct the payment."),
    ("riftbound", {"infraction": "overpayment", "penalty": "no_penalty", "remedy": "correct_cost"}, "Pagamento a mais, sem penalidade; corrige-se o custo."),
    ("riftbound", {"infraction": "overpayment", "penalty": "no_penalty", "remedy": "correct_cost"}, "Pagou a mais. Sem penalidade. O pagamento é corrigido."),
    ("riftbound", {"infraction": "overpayment", "penalty": "no_penalty", "remedy": "correct_cost"}, "Pagó de más, sin penalización; se corrige el coste."),
    ("riftbound", {"infraction": "overpayment", "penalty": "no_penalty", "remedy": "correct_cost"}, "Sobrepago. Sin sanción. Se ajusta el pago."),
    ("mtg", {"infraction": "missed_trigger", "penalty": "warning"}, "MT, W."),
    ("mtg", {"infraction": "missed_trigger", "penalty": "warning"}, "HDE, Adv."),
    ("mtg", {"infraction": "missed_trigger", "penalty": "warning"}, "EDO, advertencia."),
    ("mtg", {"infraction": "game_rule_violation", "penalty": "warning", "remedy": "simple_backup"}, "GRV + warn, back up."),
    ("mtg", {"infraction": "game_rule_violation", "penalty": "warning", "remedy": "simple_backup"}, "VRJ, adv., backup simples."),
    ("mtg", {"infraction": "game_rule_violation", "penalty": "warning", "remedy": "simple_backup"}, "VRJ, advertencia, backup simple."),
    ("mtg", {"infraction": "failure_to_maintain_game_state", "penalty": "warning"}, "FMEJ, advertência."),
    ("mtg", {"infraction": "failure_to_maintain_game_state", "penalty": "warning"}, "Falha em manter o estado do jogo, adv."),
    ("mtg", {"infraction": "failure_to_maintain_game_state", "penalty": "warning"}, "Falla al mantener el estado de juego; advertencia."),
    ("mtg", {"infraction": "game_rule_violation", "penalty": "game_loss"}, "VRJ, PJ"),
    ("mtg", {"infraction": "game_rule_violation", "penalty": "game_loss"}, "VRJ, perda de jogo"),
    ("mtg", {"infraction": "game_rule_violation", "penalty": "game_loss"}, "VRJ, pérdida de juego"),
    ("mtg", {"infraction": "cheating", "penalty": "disqualification"}, "Trapaça, DQ."),
    ("mtg", {"infraction": "cheating", "penalty": "disqualification"}, "Trampa, descalificación."),
    ("mtg", {"infraction": "cheating", "penalty": "disqualification"}, "Fraude: DQ"),
    ("mtg", {"penalty": "match_loss"}, "Match loss"),
    ("mtg", {"penalty": "match_loss"}, "Perda de partida"),
    ("mtg", {"penalty": "match_loss"}, "Pérdida de partida"),
    ("riftbound", {"infraction": "missed_trigger", "penalty": "no_penalty"}, "Missed trigger. I'd give no penalty, not a Warning."),
    ("riftbound", {"infraction": "missed_trigger", "penalty": "no_penalty", "remedy": "opponent_chooses_resolve_or_skip"}, "Okay so the player forgot his trigger. That's a Missed Trigger, which carries no penalty in Riftbound. The opponent decides whether it resolves now or is skipped."),
    ("riftbound", {"infraction": "missed_trigger", "penalty": "no_penalty", "remedy": "opponent_chooses_resolve_or_skip"}, "He missed his own trigger. No penalty for that. His opponent gets to pick: resolve it now or ignore it."),
    ("riftbound", {"infraction": "missed_trigger", "penalty": "no_penalty", "remedy": "opponent_chooses_resolve_or_skip"}, "O jogador esqueceu a habilidade dele. Isso é habilidade desencadeada esquecida, sem penalidade. O oponente decide se ela resolve agora ou é ignorada."),
    ("riftbound", {"infraction": "missed_trigger", "penalty": "no_penalty", "remedy": "opponent_chooses_resolve_or_skip"}, "Ele esqueceu o próprio gatilho. Não tem penalidade. Quem escolhe é o oponente: resolver agora ou deixar passar."),
    ("riftbound", {"infraction": "missed_trigger", "penalty": "no_penalty", "remedy": "opponent_chooses_resolve_or_skip"}, "El jugador olvidó su disparo. Es un evento de disparo olvidado, sin penalización. El oponente decide si se resuelve ahora o se ignora."),
    ("riftbound", {"infraction": "missed_trigger", "penalty": "no_penalty", "remedy": "opponent_chooses_resolve_or_skip"}, "Se le pasó el disparo. No hay penalización. Elige el rival: resolverlo ahora o no."),
    ("riftbound", {"infraction": "forgetting_to_score", "penalty": "no_penalty", "remedy": "correct_score"}, "She held the battlefield but never took the point. Forgetting to score, no penalty; just update the score now."),
    ("riftbound", {"infraction": "forgetting_to_score", "penalty": "no_penalty", "remedy": "correct_score"}, "Ela conquistou o campo de batalha mas não marcou o ponto. Esquecer de pontuar, sem penalidade; ajusta o placar."),
    ("riftbound", {"infraction": "forgetting_to_score", "penalty": "no_penalty", "remedy": "correct_score"}, "Conquistó el campo de batalla pero no anotó el punto. Olvido de puntuar, sin penalización; se ajusta el marcador."),
    ("riftbound", {"infraction": "overpayment", "penalty": "no_penalty", "remedy": "correct_cost"}, "He paid one rune too many. Overpayment, no penalty; he gets the extra rune back, correct the payment."),
    ("riftbound", {"infraction": "overpayment", "penalty": "no_penalty", "remedy": "correct_cost"}, "Ele pagou uma runa a mais. Pagamento a mais, sem penalidade; corrige o pagamento."),
    ("riftbound", {"infraction": "overpayment", "penalty": "no_penalty", "remedy": "correct_cost"}, "Pagó una runa de más. Sobrepago, sin penalización; se corrige el pago."),
    ("mtg", {"infraction": "game_rule_violation", "penalty": "warning", "remedy": "simple_backup"}, "He cast the spell without paying the kicker but applied it anyway. GRV, Warning, simple backup."),
    ("mtg", {"infraction": "game_rule_violation", "penalty": "warning", "remedy": "simple_backup"}, "Lançou a mágica sem pagar o kicker e aplicou o efeito mesmo assim. VRJ, advertência, backup simples."),
    ("mtg", {"infraction": "game_rule_violation", "penalty": "warning", "remedy": "simple_backup"}, "Lanzó el hechizo sin pagar el kicker pero aplicó el efecto. VRJ, advertencia, backup simple."),
    ("mtg", {"infraction": "failure_to_maintain_game_state", "penalty": "warning"}, "The opponent saw the mistake and said nothing, so FtMGS, Warning for him."),
    ("mtg", {"infraction": "failure_to_maintain_game_state", "penalty": "warning"}, "O oponente viu o erro e ficou quieto: falha em manter o estado do jogo, advertência."),
    ("mtg", {"infraction": "failure_to_maintain_game_state", "penalty": "warning"}, "El oponente vio el error y no dijo nada: fallo al mantener el estado de juego, advertencia."),
    ("mtg", {"infraction": "cheating", "penalty": "disqualification"}, "Ela sabia da regra e quebrou de propósito para ganhar. Isso é trapaça: desqualificação."),
    ("mtg", {"infraction": "cheating", "penalty": "disqualification"}, "Sabía la regla y la rompió a propósito para ganar. Eso es trampa: descalificación."),
    ("riftbound", {"infraction": "missed_trigger", "penalty": "no_penalty", "remedy": "opponent_chooses_resolve_or_skip"}, "MT - no pen - opp chooses"),
    ("riftbound", {"infraction": "missed_trigger", "penalty": "no_penalty", "remedy": "opponent_chooses_resolve_or_skip"}, "HDE / s/ penalidade / oponente escolhe"),
    ("riftbound", {"infraction": "missed_trigger", "penalty": "no_penalty", "remedy": "opponent_chooses_resolve_or_skip"}, "EDO, sin pen., el oponente elige"),
    ("riftbound", {"infraction": "missed_trigger", "penalty": "no_penalty", "remedy": "opponent_chooses_resolve_or_skip"}, "I'd call it a Missed Trigger. I don't think any penalty applies. The opponent chooses if it resolves now or never."),
    ("riftbound", {"infraction": "missed_trigger", "penalty": "no_penalty", "remedy": "opponent_chooses_resolve_or_skip"}, "Eu diria que é habilidade esquecida. Acho que não cabe penalidade. O oponente escolhe se resolve agora ou nunca."),
    ("riftbound", {"infraction": "missed_trigger", "penalty": "no_penalty", "remedy": "opponent_chooses_resolve_or_skip"}, "Yo diría que es un disparo olvidado. Creo que no corresponde penalización. El oponente elige si se resuelve ahora o nunca."),]


@pytest.mark.parametrize(("game", "expected", "answer"), PHRASINGS, ids=range(len(PHRASINGS)))
def test_it_reads_the_phrasing(game: str, expected: dict[str, str], answer: str) -> None:
    grade = grade_answer(answer, Expected(**expected), game=game)
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
        ("Habilidade esquecida, sem penalidade; decide o oponente.", "opponent_chooses_resolve_or_skip"),
        ("Disparo olvidado; decide el adversario.", "opponent_chooses_resolve_or_skip"),
    ],
)
def test_it_reads_remedies_in_plain_words(answer: str, remedy: str) -> None:
    infraction = "missed_trigger" if remedy.startswith("opponent") else None
    grade = grade_answer(
        answer, Expected(infraction=infraction, remedy=remedy), game="riftbound"
    )
    assert grade.parts["remedy"].found == remedy


def test_a_portuguese_enclitic_joins_its_verb_but_other_hyphens_still_break() -> None:
    text = fold("corrige-se o custo - GL-ML")
    toks = tokenize(text)
    assert toks.words[:2] == ["corrige", "se"]
    assert toks.breaks[1] == 0
    assert toks.breaks[toks.words.index("gl")] != 0
    assert toks.breaks[toks.words.index("ml")] != 0
