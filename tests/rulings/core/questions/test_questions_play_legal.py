"""Cards and play are legal (issue 10, point 3): only fitting cards attack, only the active
player (or the player controlling that turn) advances steps, Magic items are two-player unless
the template is about multiplayer, and Warning histories are possible at their OPL/REL."""

from __future__ import annotations

import pytest

from rulings.core.questions import templates
from rulings.core.questions.build import scenario
from rulings.core.questions.catalog import card
from rulings.core.questions.story import can_attack
from rulings.core.questions.template import Template

TEMPLATES = tuple(templates())
SEEDS = range(150)
TOTAL_LIMIT = {"competitive": 6, "professional": 5}
EXEMPT = {"failure_to_maintain_game_state"}


def _card_by_name(name: str) -> str | None:
    from rulings.core.questions.catalog import _load

    return next((cid for cid, c in _load("cards.toml").items() if c["name"]["en"] == name), None)


@pytest.mark.parametrize("tpl", TEMPLATES, ids=lambda t: t.id)
def test_play_told_is_legal(tpl: Template) -> None:
    for seed in SEEDS:
        sc = scenario(tpl.id, seed)
        situation = sc.situation
        if tpl.game == "mtg" and "multiplayer" not in tpl.topics:
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
        trigger = situation.get("trigger") or {}
        card_id = _card_by_name(trigger.get("name", ""))
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
