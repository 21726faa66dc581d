"""Review 13's findings, each checked at its cause over generated items.

- fr-013, mu-013, mu-025, mu-040, fi-024, fi-040: an expired duration's test is never stated
  ("while the effect would still last"); the story tells the turn instead.
- fr-021: TR 702.1.e is not credited with the project's reading of "begins their next turn"
  where that reading decides nothing.
- fi-004, fi-006, fi-022, fi-034: a player who admits skipping a trigger on purpose, knowing the
  rule, leaves Cheating beyond doubt: the infraction is no part to pick as wrong.
- mu-022: a silent witness's story says the question is about the witness: the opponent's error
  is not offered as the witness's infraction.
- mu-035: no rewind beyond the last action where the error is the last action.
- fr-041: a delayed trigger's creation story tells the judge called before the end step.
- mu-021, mu-032: a TR 702 error's advantage names the card the player controls and what it did.
- mu-005: no Casual softening beside earlier Warnings that make an upgrade.
- mu-045: no key rests on a partial fix the seeds and policy notes do not describe.
"""

from __future__ import annotations

import pytest

from rulings.core.questions import KINDS, build_question, templates
from rulings.core.questions.build import offers_kind, scenario
from rulings.core.questions.catalog import public_phrases
from tests.rulings.core.questions.offered import offered

LANGS = ("en", "pt-BR", "es")
SEEDS = range(60)

DURATION_TEST = {
    "en": ("would still last", "would have lasted", "until end of turn"),
    "pt-BR": ("ainda duraria", "teria durado", "até o final do turno"),
    "es": ("todavía duraría", "habría durado", "hasta el final del turno"),
}


def _story_after_card(stem: str) -> str:
    """The stem after the card's quoted text (which may itself say "until end of turn")."""
    for close in ("”)", "»)"):
        if close in stem:
            return stem.split(close, 1)[1]
    return stem


@pytest.mark.parametrize("lang", LANGS)
def test_an_expired_duration_story_tells_the_turn_not_the_test(lang: str) -> None:
    checked = 0
    for kind in KINDS:
        for seed in SEEDS:
            if not offered("mtg-expired-duration", seed, lang, kind):
                continue
            q = build_question("mtg-expired-duration", seed, lang, kind)
            story = _story_after_card(q.stem)
            assert not any(p in story for p in DURATION_TEST[lang]), (seed, kind, q.stem)
            now = q.situation["turn_player"]
            assert now in story, (seed, kind, q.stem)
            checked += 1
    assert checked > 60


def _statements(template_id: str, seed: int) -> set[str]:
    q = build_question(template_id, seed, "en", "free_form")
    return {step["statement"] for step in q.ruling["explanation"]}


def test_the_round_cycle_reading_is_cited_only_where_it_decides() -> None:
    after_action = 0
    for seed in range(200):
        sc = scenario("rb-forgetting-to-score", seed)
        noticed = sc.situation["noticed"]
        at_scorers_turn = noticed["turns_elapsed"] == len(sc.situation["players"])
        cited = "tr-702.1.e-begin" in _statements("rb-forgetting-to-score", seed)
        if at_scorers_turn and not noticed.get("at_start_of_turn"):
            after_action += 1
            assert not cited, seed
        assert not cited or noticed.get("at_start_of_turn"), seed
    assert after_action > 10


def test_an_admitted_deliberate_skip_makes_no_find_the_wrong_part_item() -> None:
    admitted = 0
    for seed in range(200):
        sc = scenario("rb-trigger-intent", seed)
        if sc.key.infraction != "cheating" or sc.situation.get("intent") != "intentional":
            continue
        admitted += 1
        # Cheating is beyond doubt and the Disqualification takes no remedy: one part is left.
        assert not offers_kind("rb-trigger-intent", seed, "find_the_wrong_part"), seed
    assert admitted > 50


@pytest.mark.parametrize("lang", LANGS)
def test_a_silent_witness_is_offered_only_infractions_a_witness_could_commit(lang: str) -> None:
    for seed in SEEDS:
        q = build_question("rb-ftmgs-exemption", seed, lang, "multiple_choice")
        offered_infractions = {o.parts.infraction for o in q.options}
        assert "drawing_extra_cards" not in offered_infractions, (seed, q.stem)


def test_no_rewind_beyond_the_last_action_where_the_error_is_the_last_action() -> None:
    told = 0
    for tpl in templates():
        for seed in range(40):
            if not offered(tpl.id, seed, "en", "multiple_choice"):
                continue
            q = build_question(tpl.id, seed, "en", "multiple_choice")
            if q.situation.get("rewind") != "simple":
                continue
            told += 1
            for option in q.options:
                assert "rewind" not in option.parts.remedy, (tpl.id, seed, option.text)
    assert told > 20


def test_a_delayed_trigger_creation_story_calls_the_judge_before_the_end_step() -> None:
    creations = 0
    for seed in range(120):
        sc = scenario("mtg-delayed-triggers", seed)
        keys = [line.key for line in sc.draft.sentences]
        if "mtg.delayed.creation" not in keys:
            continue
        creations += 1
        assert "mtg.delayed.creation_called" in keys, (seed, keys)
        assert "noticed.same_turn" not in keys, (seed, keys)
    assert creations > 10


# The player's own card (or unit) and what it did, never "it delayed running out of cards".
CONTROLLED = {"en": "they control", "pt-BR": "que controla", "es": "que controla"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_errors_advantage_names_the_card_the_player_controls(lang: str) -> None:
    why = public_phrases(lang)["terms"]["error_why"]
    for kind in ("channeling_too_few_runes", "forgetting_to_draw_cards"):
        assert CONTROLLED[lang] in why[kind], (kind, why[kind])


def test_no_casual_softening_beside_an_upgrade() -> None:
    softened = 0
    for seed in range(300):
        situation = scenario("rb-related-penalties", seed).situation
        if not situation.get("soften_at_low_opl"):
            continue
        softened += 1
        assert not (situation.get("history") or {}).get("warnings"), seed
    assert softened > 20


def test_no_key_rests_on_a_partial_fix_found_after_later_actions() -> None:
    zones = 0
    for seed in range(300):
        sc = scenario("mtg-third-warning", seed)
        if sc.situation.get("partial_fix") != "object_in_wrong_zone":
            continue
        zones += 1
        assert sc.situation["rewind"] == "simple", seed
        assert "return_to_correct_zone" not in sc.key.remedy, seed
    assert zones > 10
