"""Patterns found by the fourth independent review (docs/reviews/questions-review-4.md), checked
over every relevant template, language and many seeds."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rulings.core.context import as_conclusions
from rulings.core.questions import build_question, templates
from rulings.core.questions.build import _same_remedy, scenario
from rulings.core.questions.catalog import LANGS, card
from rulings.core.questions.templates_rb_triggers import multi_part_cards
from tests.rulings.core.questions.offered import offered

SEEDS = range(40)


@pytest.mark.parametrize("lang", LANGS)
def test_no_wrong_option_repeats_the_keys_ruling_with_a_same_meaning_fix(lang: str) -> None:
    """Review 4, Q065: 'No infraction — No penalty — the trigger resolves now' beside 'nothing
    to fix' set a right ruling against a right ruling."""
    checked = 0
    for tpl in templates():
        for seed in SEEDS:
            q = build_question(tpl.id, seed, lang, "multiple_choice")
            key = next(o for o in q.options if o.correct)
            for o in q.options:
                if o.correct:
                    continue
                checked += 1
                same = replace(o.parts, remedy=key.parts.remedy) == key.parts
                assert not (same and _same_remedy(key.parts.remedy, o.parts.remedy)), (
                    tpl.id,
                    seed,
                    o.text,
                    key.text,
                )
                assert o.text != key.text, (tpl.id, seed, o.text)
    assert checked > 1000


@pytest.mark.parametrize("lang", LANGS)
def test_the_stated_wrong_part_never_means_the_same_as_the_keys(lang: str) -> None:
    for tpl in templates():
        for seed in SEEDS:
            if not offered(tpl.id, seed, lang, "find_the_wrong_part"):
                continue
            q = build_question(tpl.id, seed, lang, "find_the_wrong_part")
            assert q.wrong_part is not None
            part = q.wrong_part.part
            stated = getattr(q.wrong_part.stated, part)
            keyed = scenario(tpl.id, seed).key
            assert stated != getattr(keyed, part), (tpl.id, seed)
            if part == "remedy":
                assert not _same_remedy(keyed.remedy, stated), (tpl.id, seed)


@pytest.mark.parametrize("lang", LANGS)
def test_related_penalties_key_the_main_errors_own_upgraded_penalty(lang: str) -> None:
    """Review 4, Q030: a Game Loss earned only by a related error's third Warning keyed under
    the main error. The earlier Warnings are always for the main error's own kind."""
    upgraded = 0
    for seed in range(300):
        sc = scenario("rb-related-penalties", seed)
        kind = sc.situation["game_error"]["kind"]
        warnings = sc.situation.get("history", {}).get("warnings", {})
        assert set(warnings) <= {kind}, (seed, warnings)
        assert set(sc.situation["related_penalties"]) <= {"warning"}, seed
        assert sc.key.infraction == kind
        own = [
            s
            for s in sc.ruling_dict["penalty"]["steps"]
            if s["reason"] != "only_most_severe_of_related"
        ]
        if sc.situation["soften_at_low_opl"] and sc.situation["related_penalties"]:
            # The main error's penalty softened; a related error's base Warning is issued.
            assert sc.key.penalty == "warning", seed
        else:
            assert own[-1]["to_penalty"] == sc.key.penalty, seed
        if any(s["reason"] == "repeated_warnings_same_category" for s in own):
            upgraded += 1
        q = build_question("rb-related-penalties", seed, lang, "multiple_choice")
        assert any(o.correct for o in q.options)
    assert upgraded > 50


def test_applies_part_of_its_effect_is_told_only_for_multi_part_cards() -> None:
    """Review 4, Q032, Q054: 'applies part of its effect' for 'draw 1'."""
    assert multi_part_cards()
    told = 0
    for seed in range(200):
        sc = scenario("rb-error-after-trigger", seed)
        if sc.situation["play"].get("error_after_miss"):
            told += 1
            name = sc.situation["trigger"]["name"]
            ids = [c for c in multi_part_cards() if card(c)["name"]["en"] == name]
            assert ids, (seed, name)
            assert int(card(ids[0])["parts"]) >= 2
    assert told > 40


@pytest.mark.parametrize("lang", LANGS)
def test_a_rushed_trigger_is_keyed_as_resolving_now_and_never_offered_as_nothing_to_fix(
    lang: str,
) -> None:
    """Review 4, Q065: one wording for 'no infraction' after a trigger an opponent rushed past."""
    from rulings.core.questions.render import term

    now = term(lang, "remedy_variant.none_trigger_resolves_now")
    nothing = term(lang, "remedy.none")
    told = 0
    for tid in ("mtg-opponent-duties", "rb-battlefield-accountability"):
        for seed in range(60):
            q = build_question(tid, seed, lang, "multiple_choice")
            play = as_conclusions(q.situation).get("play", {})  # told as events (issue 30)
            rushed = play.get("following_action_by") == "other"
            if not rushed or q.key.infraction != "no_infraction":
                continue
            told += 1
            assert q.key_text.endswith(now), (tid, seed, q.key_text)
            for o in q.options:
                if o.parts.infraction == "no_infraction":
                    assert not o.text.endswith(nothing), (tid, seed, o.text)
    assert told > 10
