"""No test sentence of the grader copies or trims an answer of a blind batch.

Blind batches measure the grader on answers nobody tuned it on; a test holding one of them
(or a trimmed one) makes it a tuning target. A test sentence counts as a copy when runs of
RUN words it shares with one blind answer (case, accents and punctuation aside) cover
COVER or more of its words: a trimmed or lightly edited answer does, while a stock phrase
inside a sentence of one's own ("the opponent chooses whether it goes on the stack") does
not."""

from __future__ import annotations

import ast
import json
import re
import tomllib
import unicodedata
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

from rulings.grading_eval import BLIND_DIR

RUN = 6
COVER = 0.75
TESTS = Path(__file__).resolve().parents[1]
CHECKED = (TESTS / "core" / "grading", TESTS / "grading_eval")
GOLDEN = TESTS / "core" / "grading" / "golden.toml"


def words(text: str) -> list[str]:
    plain = unicodedata.normalize("NFKD", text.casefold())
    return re.findall(r"\w+", "".join(c for c in plain if not unicodedata.combining(c)))


def index(answers: dict[str, str]) -> dict[tuple[str, ...], set[str]]:
    """Every run of RUN words of these answers (by id), with the ids holding it."""
    out: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for ident, answer in answers.items():
        found = words(answer)
        for start in range(len(found) - RUN + 1):
            out[tuple(found[start : start + RUN])].add(ident)
    return out


def blind_runs() -> dict[tuple[str, ...], set[str]]:
    answers: dict[str, str] = {}
    for path in sorted(BLIND_DIR.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                item = json.loads(line)
                answers[item["id"]] = item["answer"]
    return index(answers)


def copied_from(text: str, blind: dict[tuple[str, ...], set[str]]) -> tuple[str, float] | None:
    """The blind answer whose shared runs cover the most of `text`, if COVER or more."""
    found = words(text)
    covered: dict[str, set[int]] = defaultdict(set)
    for start in range(len(found) - RUN + 1):
        for ident in blind.get(tuple(found[start : start + RUN]), ()):
            covered[ident].update(range(start, start + RUN))
    if not covered:
        return None
    ident, places = max(covered.items(), key=lambda pair: (len(pair[1]), pair[0]))
    share = len(places) / len(found)
    return (ident, share) if share >= COVER else None


def sentences_of_tests() -> Iterator[tuple[str, str]]:
    """(where, text) of every string in the grader's test modules and golden corpus."""
    for folder in CHECKED:
        for path in sorted(folder.glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    yield f"{path.name}:{node.lineno}", node.value
    for n, case in enumerate(tomllib.loads(GOLDEN.read_text(encoding="utf-8"))["case"]):
        yield f"golden.toml case {n + 1}", case["answer"]


# Short stock answers a test held before a blind batch was written, which one of its writers
# (who never saw the tests) happened to write too: the test sentence is older than the batch,
# so it was not copied from it. Keyed by the sentence and the blind answer it meets, so any
# other sentence meeting that answer still fails.
WRITTEN_BEFORE_THE_BATCH = {
    # blind48 (2026-12-08, written 23:45 on 2026-12-07): stock answers the tests held since
    # 2026-11-30 or earlier sessions (git log -S shows each).
    ("Missed trigger, no penalty, opponent chooses.", "blind48-en-hw-057"),
    ("Final answer: missed trigger. No penalty. Opponent chooses.", "blind48-en-hw-057"),
    (
        "Missed trigger, sem penalidade; o oponente escolhe se vai pra stack.",
        "blind48-pt-BR-hw-057",
    ),
    # blind47 (2026-12-07, written 23:16): stock answers the tests held since 2026-11-30,
    # 2026-12-01 or 2026-12-07 01:35-09:57 (git log -S shows each).
    ("HDE, sem penalidade. O oponente escolhe se coloca na pilha ou não.", "blind47-pt-BR-hw-054"),
    ("Se le olvidó sumar el punto. Sin penalización.", "blind47-es-riftbound-018"),
    ("FMEJ, advertência, e o oponente escolhe se a habilidade resolve.", "blind47-pt-BR-mtg-022"),
    ("Sabia da regra e ignorou de propósito = trapaça, desclassificação.", "blind47-pt-BR-hw-058"),
    (
        "Missed trigger, no penalty: the opponent chooses whether it resolves now or not.",
        "blind47-en-hw-020",
    ),
    ("No infraction? The trigger can still be remembered.", "blind47-en-mtg-031"),
    (
        "Missed trigger, no penalty; the opponent chooses whether it resolves or is skipped.",
        "blind47-en-hw-020",
    ),
    # blind46 (2026-12-07, written 22:05): the same stock answers as blind45's, held since
    # 2026-11-30.
    ("Missed trigger, no penalty, opponent chooses.", "blind46-en-mtg-032"),
    ("Final answer: missed trigger. No penalty. Opponent chooses.", "blind46-en-mtg-032"),
    # blind45 (2026-12-07, written 20:00): stock answers the tests held since 2026-11-30 or
    # 01:35 on 2026-12-07 (the GRV sentence, d5eaad6b).
    ("Missed trigger, no penalty, opponent chooses.", "blind45-en-hw-063"),
    ("Final answer: missed trigger. No penalty. Opponent chooses.", "blind45-en-hw-063"),
    ("GRV, Warning; then her opponent chooses whether it goes on the stack.", "blind45-en-hw-041"),
    ("HDE, sem penalidade, o oponente escolhe se vai para a pilha.", "blind45-pt-BR-hw-068"),
    # blind44 (2026-12-07, written 18:55): stock answers the tests held since 2026-12-01 (the
    # "We rewind to the attack" sentence) or 2026-12-01/07 (the HDE sentence, 28ea05fa).
    ("HDE, sem penalidade. O oponente escolhe se coloca na pilha ou não.", "blind44-pt-BR-mtg-011"),
    ("GRV, Warning. We rewind to the attack.", "blind44-en-hw-002"),
    # blind43 (2026-12-07, written 17:05): stock answers the tests held since 2026-11-30 or
    # 2026-12-01 (the golden pt-BR case since 28ea05fa, 01:35 on 2026-12-07).
    ("HDE, sem penalidade. O oponente escolhe se coloca na pilha ou não.", "blind43-pt-BR-hw-063"),
    ("HDO, sin penalización. El oponente elige si lo pone en la pila o no.", "blind43-es-mtg-015"),
    (
        "Missed trigger, no penalty - it would only be a Warning if the miss had helped Kai.",
        "blind43-en-mtg-004",
    ),
    (
        "Missed trigger, no penalty: the opponent chooses whether it resolves now or not.",
        "blind43-en-riftbound-017",
    ),
    (
        "Missed Trigger, no penalty, the opponent chooses whether it resolves now or is missed.",
        "blind43-en-riftbound-017",
    ),
    (
        "Missed trigger, sem penalidade; o oponente escolhe se vai pra stack.",
        "blind43-pt-BR-hw-058",
    ),
    # blind42 (2026-12-07, written 15:55): stock answers the tests held before it (the golden
    # pt-BR case since 28ea05fa, 01:35 the same day; the others since 2026-11-30).
    ("Missed trigger, no penalty, opponent chooses.", "blind42-en-hw-059"),
    ("Final answer: missed trigger. No penalty. Opponent chooses.", "blind42-en-hw-059"),
    ("Pago incorrecto, Advertencia, que pague las runas restantes.", "blind42-es-riftbound-020"),
    (
        "Missed trigger, sem penalidade; o oponente escolhe se vai pra stack.",
        "blind42-pt-BR-hw-059",
    ),
    # blind41 (2026-12-07, written 14:10): stock answers the tests held before it (the golden
    # HDE case since 16fb13ed, 13:02 the same day; the others since 2026-11-30).
    ("Missed trigger, no penalty, opponent chooses.", "blind41-en-hw-062"),
    ("Final answer: missed trigger. No penalty. Opponent chooses.", "blind41-en-hw-062"),
    ("Hmm, probably a General Error? Warning and a simple rewind.", "blind41-en-hw-024"),
    (
        "DISPARO OLVIDADO. SIN PENALIZACIÓN. EL OPONENTE ELIGE SI SE RESUELVE O NO.",
        "blind41-es-hw-060",
    ),
    ("Evento de disparo olvidado, sin penalización, el oponente elige.", "blind41-es-hw-060"),
    ("Disparo olvidado, sin penalización, el oponente elige.", "blind41-es-hw-060"),
    (
        "HDE, Advertência. O oponente escolhe se a ficha é sacrificada agora ou no começo da "
        "próxima fase.",
        "blind41-pt-BR-hw-036",
    ),
    # blind40 (2026-12-07): three stock answers the tests held since earlier sessions.
    ("Missed trigger, no penalty, opponent chooses.", "blind40-en-hw-069"),
    ("Final answer: missed trigger. No penalty. Opponent chooses.", "blind40-en-hw-069"),
    ("Disparo olvidado, sin penalización; el rival elige si va a la pila.", "blind40-es-hw-068"),
    # blind39 (2026-12-07): three stock answers the tests held since earlier sessions.
    ("Missed trigger, no penalty, opponent chooses.", "blind39-en-hw-063"),
    ("Final answer: missed trigger. No penalty. Opponent chooses.", "blind39-en-hw-063"),
    ("FMEJ, advertência, e o oponente escolhe se a habilidade resolve.", "blind39-pt-BR-hw-040"),
    # blind38 (2026-12-07): four stock answers the tests held since 2026-11-30 or earlier.
    ("Missed trigger, no penalty, opponent chooses.", "blind38-en-hw-063"),
    ("Final answer: missed trigger. No penalty. Opponent chooses.", "blind38-en-hw-063"),
    ("Forgetting to ready, no penalty: ready the units.", "blind38-en-hw-026"),
    ("Forgetting to ready, no penalty; ready the units now.", "blind38-en-hw-026"),
    # blind37 (2026-12-07): five stock answers the tests held since earlier sessions.
    ("Missed trigger, no penalty, opponent chooses.", "blind37-en-hw-066"),
    ("Final answer: missed trigger. No penalty. Opponent chooses.", "blind37-en-hw-066"),
    ("Channeled too few runes, no penalty; channel the missing rune.", "blind37-en-hw-021"),
    ("HDE, sem penalidade, o oponente escolhe se vai para a pilha.", "blind37-pt-BR-hw-055"),
    (
        "Habilidade esquecida, sem penalidade; o oponente escolhe se ela vai para a pilha.",
        "blind37-pt-BR-hw-057",
    ),
    # blind36 (2026-12-07): three stock answers the tests held since earlier sessions.
    ("Missed trigger, no penalty, opponent chooses.", "blind36-en-hw-064"),
    ("Final answer: missed trigger. No penalty. Opponent chooses.", "blind36-en-hw-064"),
    ("Disparo olvidado, sin penalización; el rival elige si va a la pila.", "blind36-es-hw-066"),
    # blind35 (2026-12-07): four stock answers the tests held since earlier sessions.
    ("Missed trigger, no penalty, opponent chooses.", "blind35-en-hw-056"),
    ("Final answer: missed trigger. No penalty. Opponent chooses.", "blind35-en-hw-056"),
    ("HDE, sem penalidade. O oponente escolhe se coloca na pilha ou não.", "blind35-pt-BR-hw-068"),
    (
        "El oponente vio el error y no dijo nada: fallo al mantener el estado de juego, "
        "advertencia.",
        "blind35-es-hw-019",
    ),
    (
        "DISPARO OLVIDADO. SIN PENALIZACIÓN. EL OPONENTE ELIGE SI SE RESUELVE O NO.",
        "blind33-es-mtg-026",
    ),
    ("Missed trigger, no penalty, opponent chooses.", "blind33-en-hw-065"),
    ("Final answer: missed trigger. No penalty. Opponent chooses.", "blind33-en-hw-065"),
    (
        "Sin infracción; la habilidad se resuelve ahora y seguimos jugando.",
        "blind33-es-riftbound-017",
    ),
    ("Hmm, probably a General Error? Warning and a simple rewind.", "blind33-en-riftbound-006"),
    ("Evento de disparo olvidado, sin penalización, el oponente elige.", "blind33-es-mtg-026"),
    ("Disparo olvidado, sin penalización, el oponente elige.", "blind33-es-mtg-026"),
    (
        "Habilidade esquecida, no penalty, and the opponent chooses whether it goes on the stack.",
        "blind33-en-hw-054",
    ),
    ("Disparo olvidado, sin penalización; el rival elige si va a la pila.", "blind33-es-hw-053"),
    (
        "Habilidade esquecida, no penalty, and the opponent chooses whether it goes on the stack.",
        "blind34-en-hw-063",
    ),
    (
        "Habilidade esquecida, sem penalidade; o oponente escolhe se ela resolve agora ou se "
        "perde.",
        "blind34-pt-BR-hw-044",
    ),
}


def test_no_test_sentence_copies_or_trims_a_blind_answer() -> None:
    blind = blind_runs()
    assert blind, "no blind batches read"
    copies = [
        f"{where} ~ {hit[0]} ({hit[1]:.0%}): {text[:80]!r}"
        for where, text in sentences_of_tests()
        if (hit := copied_from(text, blind)) and (text, hit[0]) not in WRITTEN_BEFORE_THE_BATCH
    ]
    assert not copies, "\n".join(copies)


def test_a_trimmed_answer_is_a_copy_and_a_stock_phrase_is_not() -> None:
    # made up for this test
    blind = index(
        {
            "b-1": "Ilse forgot her trigger; no penalty, and her opponent picks whether "
            "it goes on the stack at once, then the game moves on."
        }
    )
    assert copied_from("No penalty, and her opponent picks whether it goes on the stack.", blind)
    own = "A trigger missed by Tomé. No penalty; his opponent picks whether it goes on the stack."
    assert copied_from(own, blind) is None
