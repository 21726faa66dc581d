"""Review 16's findings, each checked at its cause over generated items.

- mu-012, mu-020, mu-022, mu-024, mu-037, mu-045: "No infraction — play continues without the
  trigger, which never resolves" contradicts itself; no option pairs "No infraction" with a fix
  that presumes an error, and a Magic pending trigger's fourth option is the judge reminding
  its controller (a real confusion, wrong under IPG 2.1).
- fr-035: no Casual softening of "the main error only" beside related errors.
- fr-038: Forgetting to Ready shows the player leaving the Awaken Phase.
- fi-009, fi-025, fi-029, fi-045: "No penalty" for a trigger that only helps its controller is
  no part to pick as wrong.
- mu-014: under the 2024 IPG the explanation states the ownership condition that removes the
  Warning.
"""

from __future__ import annotations

import pytest

from rulings.core import statement
from rulings.core.questions import build_question, templates
from rulings.core.questions.build import offers_kind, scenario

LANGS = ("en", "pt-BR", "es")
SEEDS = range(30)
# What a "No infraction" ruling can say about the game without presuming an error: nothing to
# fix, play continues, or (a candidate's confusion) the judge reminding a player of a trigger.
ERROR_FREE_FIXES = frozenset({"none", "continue_play", "judge_reminds"})
TEMPLATE_IDS = tuple(t.id for t in templates())
V2024 = "mtg-ipg-2.1-2024-09-23"


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_no_option_pairs_no_infraction_with_a_fix_that_presumes_an_error(
    template_id: str,
) -> None:
    found = []
    for seed in SEEDS:
        question = build_question(template_id, seed, "en", "multiple_choice")
        stated = [option.parts for option in question.options]
        if offers_kind(template_id, seed, "find_the_wrong_part"):
            wrong = build_question(template_id, seed, "en", "find_the_wrong_part").wrong_part
            assert wrong is not None
            stated.append(wrong.stated)
        for parts in stated:
            if parts.infraction == "no_infraction" and not set(parts.remedy) <= ERROR_FREE_FIXES:
                found.append((seed, parts.remedy))
    assert not found


@pytest.mark.parametrize(
    ("template_id", "seed"),
    [
        ("mtg-choices-on-stack", 772354514),  # mu-012
        ("mtg-default-action", 1926929584),  # mu-024
        ("mtg-copies", 559934395),  # mu-045
    ],
)
def test_a_magic_pending_trigger_keyed_no_infraction_offers_the_judges_reminder(
    template_id: str, seed: int
) -> None:
    assert offers_kind(template_id, seed, "multiple_choice")
    for lang in LANGS:
        question = build_question(template_id, seed, lang, "multiple_choice")
        assert question.key.infraction == "no_infraction"
        wrong = [o for o in question.options if not o.correct]
        reminders = [o for o in wrong if o.parts.remedy == ("judge_reminds",)]
        assert len(reminders) == 1, [o.text for o in question.options]
        controller = question.situation["trigger"]["controller"]
        assert controller in reminders[0].text


def test_the_judges_reminder_is_offered_only_in_magic_beside_no_infraction() -> None:
    seen = 0
    for template in templates():
        for seed in range(20):
            question = build_question(template.id, seed, "en", "multiple_choice")
            for option in question.options:
                if "judge_reminds" not in option.parts.remedy:
                    continue
                seen += 1
                assert question.game == "mtg", (template.id, seed)
                assert question.key.infraction == option.parts.infraction == "no_infraction"
    assert seen > 0


def test_a_casual_story_with_related_errors_states_penalties_as_written() -> None:
    # fr-035 (seed 1729056675 at version 15): "only the main error's penalty is softened" beside
    # errors the same mistake involved left open whether those keep their Warnings.
    told = 0
    for seed in range(200):
        sc = scenario("rb-related-penalties", seed)
        if sc.situation.get("opl") != "casual" or not sc.draft.facts["related"]:
            continue
        told += 1
        keys = {line.key for line in sc.draft.sentences}
        assert not sc.situation["soften_at_low_opl"], seed
        assert "related.no_soften" in keys, seed
    assert told > 0


READY_MOVES_ON = {"en": "Beginning Phase", "pt-BR": "Fase Inicial", "es": "Fase inicial"}


@pytest.mark.parametrize("lang", LANGS)
def test_forgetting_to_ready_shows_the_player_leaving_the_awaken_phase(lang: str) -> None:
    told = 0
    for seed in range(120):
        sc = scenario("rb-other-game-errors", seed)
        if sc.situation["game_error"]["kind"] != "forgetting_to_ready":
            continue
        told += 1
        stem = build_question("rb-other-game-errors", seed, lang, "free_form").stem
        assert READY_MOVES_ON[lang] in stem, stem
    assert told > 0


@pytest.mark.parametrize(
    ("template_id", "seed"),
    [
        ("mtg-expired-duration", 128549381),  # fi-009, Nivix Cyclops
        ("mtg-opponent-duties", 1910212645),  # fi-025, exalted
        ("mtg-copies", 1143634625),  # fi-029, storm copies
        ("mtg-invisible", 1233889008),  # fi-045, exalted
    ],
)
def test_no_penalty_for_a_trigger_that_only_helps_its_controller_is_not_pickable(
    template_id: str, seed: int
) -> None:
    if not offers_kind(template_id, seed, "find_the_wrong_part"):
        return  # only the remedy was left to doubt: no find-the-wrong-part item
    wrong = build_question(template_id, seed, "en", "find_the_wrong_part").wrong_part
    assert wrong is not None
    assert "penalty" not in wrong.pickable


@pytest.mark.parametrize("template_id", [t.id for t in templates(game="mtg")])
def test_a_magic_trigger_neither_detrimental_nor_symmetric_leaves_its_penalty_right(
    template_id: str,
) -> None:
    for seed in SEEDS:
        trigger = scenario(template_id, seed).situation.get("trigger") or {}
        if not trigger.get("name") or trigger.get("detrimental") or trigger.get("symmetric"):
            continue
        if not offers_kind(template_id, seed, "find_the_wrong_part"):
            continue
        wrong = build_question(template_id, seed, "en", "find_the_wrong_part").wrong_part
        assert wrong is not None
        assert "penalty" not in wrong.pickable, seed


@pytest.mark.parametrize("lang", LANGS)
def test_a_2024_ruling_without_a_warning_for_a_borrowed_card_states_the_ownership_step(
    lang: str,
) -> None:
    # mu-014 (Smokestack, owned by the opponent): fi-011 (Masticore) stated the step already.
    owner_step = statement(V2024, "ipg-2.1-upgrade-detrimental").paraphrase(lang)
    told = 0
    for seed in (1328368927, 91987386, *range(60)):
        sc = scenario("mtg-2024-wording", seed, V2024)
        trigger = sc.situation.get("trigger") or {}
        harmful = trigger.get("detrimental") or trigger.get("symmetric_effect") == "harmful"
        borrowed = trigger.get("owner") not in (None, trigger.get("controller"))
        if not (harmful and borrowed and sc.key.penalty == "no_penalty"):
            continue
        if trigger.get("symmetric") and trigger.get("affects", "controller") != "controller":
            continue
        told += 1
        question = build_question("mtg-2024-wording", seed, lang, "free_form", V2024)
        assert owner_step in question.explanation, (seed, question.explanation)
    assert told >= 2
