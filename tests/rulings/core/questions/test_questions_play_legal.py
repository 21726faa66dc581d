"""Cards and play are legal (issue 10, point 3): only fitting cards attack, only the active
player (or the player controlling that turn) advances steps, Magic items are always
two-player (Competitive REL), and Warning histories are possible at their OPL/REL."""

from __future__ import annotations

import pytest

from rulings.core.questions import build_question, templates
from rulings.core.questions.build import scenario
from rulings.core.questions.catalog import LANGS, card, public_cards
from rulings.core.questions.render import term
from rulings.core.questions.story import can_attack
from rulings.core.questions.template import Template

TEMPLATES = tuple(templates())
SEEDS = range(150)
TOTAL_LIMIT = {"competitive": 6, "professional": 5}
EXEMPT = {"failure_to_maintain_game_state"}


def _card_by_name(name: str) -> str | None:
    return next((cid for cid, c in public_cards().items() if c["name"]["en"] == name), None)


def _trigger_card(situation: dict[str, object]) -> str | None:
    trigger = situation.get("trigger") or {}
    assert isinstance(trigger, dict)
    return _card_by_name(str(trigger.get("name", "")))


@pytest.mark.parametrize("tpl", TEMPLATES, ids=lambda t: t.id)
def test_play_told_is_legal(tpl: Template) -> None:
    for seed in SEEDS:
        sc = scenario(tpl.id, seed)
        situation = sc.situation
        if tpl.game == "mtg":
            assert len(situation["players"]) == 2, seed
        control = situation.get("turn_control") or {}
        noticed = situation.get("noticed") or {}
        # The step was advanced in the turn of the error (a later turn may be the current one).
        turn = noticed.get("error_turn_player") or situation["turn_player"]
        active = {turn, control.get("controller")}
        for line in sc.draft.sentences:
            params = dict(line.params)
            if line.key.endswith(".advance_step"):
                assert params["actor"] in active, (seed, line.key)
        card_id = _trigger_card(situation)
        attacks = (situation.get("play") or {}).get("following_action") == "declare_damage"
        if card_id and attacks:
            assert can_attack(card_id), (seed, card_id)


@pytest.mark.parametrize("tpl", TEMPLATES, ids=lambda t: t.id)
def test_warning_histories_are_possible(tpl: Template) -> None:
    for seed in SEEDS:
        situation = scenario(tpl.id, seed).situation
        warnings = (situation.get("history") or {}).get("warnings") or {}
        counted = {k: n for k, n in warnings.items() if k not in EXEMPT}
        assert all(n <= 2 for n in counted.values()), (seed, warnings)
        limit = TOTAL_LIMIT.get(situation.get("opl", "competitive"))
        if tpl.game == "riftbound" and limit:
            assert sum(counted.values()) < limit, (seed, warnings)


def test_cards_that_cannot_attack_say_why() -> None:
    assert card("nivix_cyclops").get("defender")
    assert card("primal_forcemage").get("summoning_sick")
    assert not can_attack("nivix_cyclops")
    assert can_attack("battlegrace_angel")


# --- cards carry the attributes the stories need, and stories pick cards that fit them -------

REQUIRED = ("effect", "zone_change", "symmetric", "detrimental")
CREATURE = ("defender", "haste", "summoning_sick")
ADVANTAGE_YES = {"advantage.yes", "advantage.accountable", "error.advantage.yes"}
# Facts a template sets on the trigger apart from the card: the delayed stories tell the card's
# delayed trigger (Grave Betrayal's return), and the 2024 token story tells a token's exile.
OVERRIDES = {
    "mtg-delayed-triggers": {"zone_change", "creates_only_delayed_trigger"},
    "mtg-2024-wording": {"zone_change"},
}


def test_every_card_declares_what_its_trigger_does() -> None:
    for card_id, data in public_cards().items():
        missing = [k for k in REQUIRED if k not in data]
        assert not missing, (card_id, missing)
        assert isinstance(data["effect"], str), card_id
        assert data["effect"], card_id
        if data.get("creature"):
            assert all(k in data for k in CREATURE), card_id


def test_every_advantage_or_no_impact_reason_is_in_every_phrase_bank() -> None:
    for card_id, data in public_cards().items():
        fields = (
            ("advantage_reason", "advantage_why"),
            ("advantage_reason", "advantage_now"),
            ("no_impact", "no_impact_why"),
        )
        for field, table in fields:
            if data.get(field):
                for lang in LANGS:
                    assert term(lang, f"{table}.{data[field]}"), (card_id, lang)
        if data.get("advantage_reason"):
            # Only a trigger that costs its controller something can help when it is missed.
            assert data["detrimental"], card_id
            assert not data.get("optional"), card_id


@pytest.mark.parametrize("tpl", TEMPLATES, ids=lambda t: t.id)
def test_stories_pick_cards_whose_attributes_fit_what_is_told(tpl: Template) -> None:
    for seed in range(200):
        sc = scenario(tpl.id, seed)
        situation = sc.situation
        trigger = situation.get("trigger") or {}
        card_id = _trigger_card(situation)
        keys = {line.key: dict(line.params) for line in sc.draft.sentences}
        if card_id:
            data = card(card_id)
            for fact in ("zone_change", "symmetric", "detrimental"):
                if fact in OVERRIDES.get(tpl.id, ()):
                    continue
                assert bool(trigger.get(fact)) == bool(data[fact]), (seed, card_id, fact)
            if trigger.get("affects") == "opponent":
                assert data["symmetric"], (seed, card_id)
            following = (situation.get("play") or {}).get("following_action")
            if following == "draw_card" and not (situation.get("play") or {}).get(
                "out_of_order_block"
            ):
                assert data.get("upkeep"), (seed, card_id)
            if following in ("declare_damage",) or "mtg.mimic.silent" in keys:
                assert can_attack(card_id), (seed, card_id)
            if "impact.no" in keys:
                why = keys["impact.no"]["why"]
                assert getattr(why, "key", "") == f"no_impact_why.{data.get('no_impact')}", seed
        used = [k for k in keys if k.startswith("bf.used.")]
        if used and card_id:
            # The event told is the one the card's trigger would have cost (review 9, fr-020).
            assert used == [f"bf.used.{card(card_id)['advantage_reason']}"], seed
        told_yes = ADVANTAGE_YES & set(keys)
        if told_yes and card_id:
            # When advantage decides, the story says why it helped, and the card can help.
            why = getattr(keys[told_yes.pop()]["why"], "key", "")
            reason = card(card_id)["advantage_reason"]
            assert why in (f"advantage_why.{reason}", f"advantage_now.{reason}"), seed
        elif told_yes:
            assert getattr(keys[told_yes.pop()].get("why"), "key", "").startswith("error_why."), (
                seed
            )
        if keys.keys() & {"advantage.no", "advantage.no_event", "advantage.nobody"} and card_id:
            assert not card(card_id).get("advantage_reason"), (seed, card_id)


@pytest.mark.parametrize("tpl", TEMPLATES, ids=lambda t: t.id)
def test_advantage_is_told_only_of_a_trigger_that_was_missed(tpl: Template) -> None:
    # An acknowledged trigger resolves, and one not yet due has not been missed: "not having it
    # resolve helped" (or did not) is no fact of either story.
    for seed in range(200):
        sc = scenario(tpl.id, seed)
        play = sc.situation.get("play") or {}
        keys = {line.key for line in sc.draft.sentences}
        rushed = play.get("following_action_by") == "other" and not sc.situation.get(
            "trigger", {}
        ).get("source")
        if (
            play.get("acknowledged") == "in_time"
            or play.get("following_action") == "none"
            or rushed
        ):
            assert not keys & {"advantage.yes", "advantage.no", "advantage.no_event"}, seed


@pytest.mark.parametrize(
    ("lang", "why"),
    [("en", "without the discard"), ("pt-BR", "sem o descarte"), ("es", "sin el descarte")],
)
def test_a_story_where_the_miss_helped_says_why_in_every_language(lang: str, why: str) -> None:
    found = False
    for seed in range(200):
        sc = scenario("rb-trigger-first-time", seed)
        if sc.situation.get("advantageous"):
            q = build_question("rb-trigger-first-time", seed, lang, "free_form")
            assert why in q.stem, (lang, seed)
            found = True
            break
    assert found


def test_earlier_warnings_are_told_in_one_sentence() -> None:
    opening = {"en": "Earlier in this event", "pt-BR": "Antes, neste evento", "es": "Antes, en"}
    for seed in range(100):
        sc = scenario("rb-repeated-warnings", seed)
        if len((sc.situation.get("history") or {}).get("warnings") or {}) < 2:
            continue
        for lang, words in opening.items():
            stem = build_question("rb-repeated-warnings", seed, lang, "free_form").stem
            assert stem.count(words) == 1, (lang, seed, stem)


@pytest.mark.parametrize("tpl", TEMPLATES, ids=lambda t: t.id)
def test_no_story_tells_the_same_sentence_twice(tpl: Template) -> None:
    # "Earlier in this event X received ... Earlier in this event X received ..." read badly:
    # a story folds repeated facts into one sentence.
    for seed in range(200):
        keys = [line.key for line in scenario(tpl.id, seed).draft.sentences]
        assert len(keys) == len(set(keys)), (seed, keys)
