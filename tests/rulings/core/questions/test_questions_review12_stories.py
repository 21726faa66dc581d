"""Review 12's remaining story findings, each checked over generated items (every language,
kind and template of the game that tells the story).

- fr-009, mu-014: Failure to Maintain Game State only for an opponent the story shows seeing
  the error (committee decision); no story where the committee's reading and the IPG note's
  ("an opponent who failed to notice") differ.
- fr-041, mu-025, mu-043: an out-of-order block whose sacrifice came after the draw is stopped
  before anything is sacrificed: nothing already sacrificed is left for the key to settle.
- fr-022, mu-035: a rewind beyond the last action undoes only the erring player's own actions
  (no opponent's spell, no finished showdown) and takes back a gain the error gave them.
- mu-016: a story that says nothing has happened since the error reports nothing later.
- fi-018: a story that says nobody can reconstruct the game makes "play continues" no part to
  pick as wrong.
"""

from __future__ import annotations

import pytest

from rulings.core.questions import KINDS, build_question, templates
from tests.rulings.core.questions.offered import offered

LANGS = ("en", "pt-BR", "es")
SEEDS = range(40)
UNNOTICED_BY_OPPONENTS = ("error_player", "judge", "spectator")


def items(game: str, lang: str, kinds: tuple[str, ...] = KINDS):
    for t in templates():
        if t.game != game:
            continue
        for kind in kinds:
            for seed in SEEDS:
                if offered(t.id, seed, lang, kind):
                    yield build_question(t.id, seed, lang, kind)


@pytest.mark.parametrize("lang", LANGS)
def test_ftmgs_only_for_an_opponent_shown_seeing_the_error(lang: str) -> None:
    wrong, keyed = [], 0
    for q in items("mtg", lang):
        seen = set(q.situation.get("silent_witnesses", ()))
        for player, infraction, _penalty in q.key.additional:
            if infraction == "failure_to_maintain_game_state":
                keyed += 1
                if player not in seen:
                    wrong.append((q.template_id, q.seed, q.kind, player))
        # A Game Rule Violation nobody else caught: every opponent is told as having seen it,
        # so the IPG note (failure to notice) and the committee (saw it) key the same.
        noticed = q.situation.get("noticed", {}).get("by")
        if q.key.infraction == "game_rule_violation" and noticed in UNNOTICED_BY_OPPONENTS:
            others = set(q.situation["players"]) - {q.ruling["accountable_player"]}
            if not others <= seen:
                wrong.append((q.template_id, q.seed, q.kind, "unseen"))
    assert keyed
    assert not wrong


NOT_NOTICED = {
    "en": "Neither player had noticed",
    "pt-BR": "Nenhum dos jogadores tinha percebido",
    "es": "Ningún jugador lo había notado",
}


@pytest.mark.parametrize("lang", LANGS)
def test_no_story_says_the_opponent_had_not_noticed(lang: str) -> None:
    told = [
        (q.template_id, q.seed, q.kind)
        for q in items("mtg", lang, ("free_form",))
        if NOT_NOTICED[lang].lower() in q.stem.lower()
    ]
    assert not told


SACRIFICED = {
    "en": ("then sacrifices",),
    "pt-BR": ("então sacrifica",),
    "es": ("luego sacrifica",),
}
STOPPED = {
    "en": "points at",
    "pt-BR": "aponta para",
    "es": "señala",
}


@pytest.mark.parametrize("lang", LANGS)
def test_an_out_of_order_sacrifice_is_stopped_before_it_is_made(lang: str) -> None:
    info, wrong = 0, []
    for kind in KINDS:
        for seed in SEEDS:
            if not offered("mtg-out-of-order", seed, lang, kind):
                continue
            q = build_question("mtg-out-of-order", seed, lang, kind)
            if not q.situation["play"]["out_of_order_block"]["information_gained"]:
                continue
            info += 1
            if any(w in q.stem for w in SACRIFICED[lang]) or STOPPED[lang] not in q.stem:
                wrong.append((seed, kind))
    assert info
    assert not wrong


OPPONENT_ACTED = {
    "en": ("an opponent has answered", "showdown", "runes the error left"),
    "pt-BR": ("um oponente respondeu", "confronto", "runas que o erro deixou"),
    "es": ("un oponente ha respondido", "enfrentamiento", "runas que dejó"),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("template_id", ["rb-error-after-trigger", "rb-rewind-authority"])
def test_a_long_rewind_undoes_only_the_erring_players_own_gain(lang: str, template_id: str) -> None:
    long, wrong = 0, []
    for kind in KINDS:
        for seed in SEEDS:
            if not offered(template_id, seed, lang, kind):
                continue
            q = build_question(template_id, seed, lang, kind)
            if q.situation.get("rewind") != "complex":
                continue
            long += 1
            wrong += [(seed, kind, w) for w in OPPONENT_ACTED[lang] if w in q.stem]
    assert long
    assert not wrong


LATER_FACT = {
    "en": "plays nothing else that turn",
    "pt-BR": "não joga mais nada naquele turno",
    "es": "no juega nada más en ese turno",
}


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_since_means_nothing_later_is_told(lang: str) -> None:
    simple, wrong = 0, []
    for kind in KINDS:
        for seed in SEEDS:
            if not offered("rb-overpayment", seed, lang, kind):
                continue
            q = build_question("rb-overpayment", seed, lang, kind)
            if q.situation.get("rewind") != "simple":
                continue
            simple += 1
            if LATER_FACT[lang] in q.stem:
                wrong.append((seed, kind))
    assert simple
    assert not wrong


NOBODY_CAN_RECONSTRUCT = {
    "en": "nobody can reconstruct",
    "pt-BR": "ninguém consegue reconstruir",
    "es": "nadie puede reconstruir",
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["mtg", "riftbound"])
def test_nobody_can_reconstruct_makes_play_continues_no_pick(lang: str, game: str) -> None:
    wrong = [
        (q.template_id, q.seed)
        for q in items(game, lang, ("find_the_wrong_part",))
        if NOBODY_CAN_RECONSTRUCT[lang] in q.stem
        and "continue_play" in q.key.remedy
        and q.wrong_part is not None
        and "remedy" in q.wrong_part.pickable
    ]
    assert not wrong


def test_the_overpayment_nobody_can_undo_is_still_told() -> None:
    """fi-018's story stays in the bank (free form, multiple choice); only the remedy is no
    longer a part to pick."""
    told = [
        seed
        for seed in SEEDS
        if NOBODY_CAN_RECONSTRUCT["en"]
        in build_question("rb-overpayment", seed, "en", "free_form").stem
    ]
    assert told
