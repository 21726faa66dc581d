"""The causes of review 10 that h27c left open, checked over generated items (h27d).

1. Find the wrong part: a missed trigger's "No penalty" part was dead where the story said what
   the miss left out ("without the trigger, X has one rune fewer").
2. fi-036: a rewind beyond the last action keyed where the story never showed, as events, that
   leaving the game as it is would be substantially worse (TR 701.5.a).
3. Multiple choice: a rare infraction offered as an option was mostly the key.
4. A third Game Rule Violation's Game Loss: "No infraction" padded the options beside the
   stated violation.
"""

from __future__ import annotations

import pytest

from rulings.core.questions import Question
from rulings.core.questions.build import build_question, offers_kind, scenario
from rulings.core.questions.catalog import public_phrases
from tests.rulings.core.questions.key_rates import offered_infractions, thousand_multiple_choice
from tests.rulings.core.questions.samples import wrong_part_items

THIRD_WARNING_SEEDS = range(400)
GAIN_TEMPLATES = (
    "rb-trigger-impact",
    "rb-battlefield-accountability",
    "rb-trigger-might-only",
    "rb-opponent-duties",
)


def test_a_stated_rules_violation_is_never_padded_with_no_infraction() -> None:
    checked = 0
    for seed in THIRD_WARNING_SEEDS:
        sc = scenario("mtg-third-warning", seed)
        if sc.key.infraction != "game_rule_violation":
            continue
        question = build_question("mtg-third-warning", seed, "en", "multiple_choice")
        checked += 1
        infractions = [o.parts.infraction for o in question.options]
        assert "no_infraction" not in infractions, (seed, [o.origin for o in question.options])
        assert len(question.options) == 4
    assert checked > 50


def test_the_opponent_who_caught_the_error_is_offered_a_warning_only_as_a_distractor() -> None:
    found = 0
    for seed in THIRD_WARNING_SEEDS:
        question = build_question("mtg-third-warning", seed, "en", "multiple_choice")
        for option in question.options:
            if option.origin == "ladder:opponent_ftmgs":
                found += 1
                assert not option.correct
                assert question.situation["noticed"]["by"] == "opponent"
                assert not question.key.additional
    assert found


def test_a_rewind_beyond_the_last_action_comes_with_what_the_error_brought() -> None:
    # Review 12 (fr-022, mu-035; h27h): a long rewind only takes back a gain the error gave its
    # maker, so only the four maker's-gain effects below tell one; about 5% of the stories
    # (15 of 300 seeds at h27h's merge, down from over 50 of 300).
    keyed = 0
    for seed in range(300):
        sc = scenario("rb-error-after-trigger", seed)
        told = [line.key for line in sc.draft.sentences]
        if "rewind" in sc.key.remedy:
            keyed += 1
            assert "rewind.worse_by" in told, (seed, told)
        else:
            assert "rewind.worse_by" not in told, (seed, told)
    assert keyed > 10


# Wrong effects that give the player who carried them out something they can use at once (a
# card, a ready rune, a ready token). Review 12 (fr-022, mu-035; h27h) left TR 701.5.a's "clearly
# worse" to judgement for any other consequence (an error that only hurt its maker, a gain for an
# opponent, an opponent's answer or a finished showdown to undo), and for a missed trigger
# applied in part: those stories never rewind beyond the last action.
MAKERS_GAINS = frozenset({"draw", "channel_rune", "exhaust_runes", "create_token"})


def test_only_a_makers_gain_has_its_consequence_told_and_in_every_language() -> None:
    for lang in ("en", "pt-BR", "es"):
        table = public_phrases(lang)["terms"]
        worse = table["rewind_worse"]
        told = {k for k, v in worse.items() if isinstance(v, str)}
        assert told == MAKERS_GAINS, lang
        assert set(table["wrong_effect"]) >= MAKERS_GAINS, lang
        assert "partly" not in worse, lang


@pytest.fixture(scope="module")
def rb_wrong_part() -> list[Question]:
    return list(wrong_part_items("riftbound"))


def _told(question: Question) -> set[str]:
    return {line.key for line in scenario(question.template_id, question.seed).draft.sentences}


def test_a_trigger_that_only_helps_leaves_no_dead_no_penalty_part() -> None:
    settled = 0
    for template_id in GAIN_TEMPLATES:
        for seed in range(60):
            told = {line.key for line in scenario(template_id, seed).draft.sentences}
            if "advantage.no_event" not in told:
                continue
            settled += 1
            if not offers_kind(template_id, seed, "find_the_wrong_part"):
                continue
            wrong = build_question(template_id, seed, "en", "find_the_wrong_part").wrong_part
            assert wrong is not None
            assert "penalty" not in wrong.pickable, (template_id, seed)
    assert settled > 20


def test_a_costly_trigger_missed_for_nothing_keeps_the_penalty_in_doubt(
    rb_wrong_part: list[Question],
) -> None:
    judged = [q for q in rb_wrong_part if "advantage.no_benefit" in _told(q)]
    assert judged
    for question in judged:
        assert question.wrong_part is not None
        assert question.key.penalty == "no_penalty"
        assert "penalty" in question.wrong_part.pickable, (question.template_id, question.seed)
    # They are the Missed Trigger items that state "No penalty — nothing to fix" with the
    # remedy wrong (test_questions_wrong_part_lookalike).
    assert any(q.wrong_part and q.wrong_part.part == "remedy" for q in judged)


# An infraction offered in at least this many of 1,000 items is judged on its own; the rarer
# ones are pooled (the TR 702 game play errors, offered 2-23 times each).
RARE_ALONE = 25
RARE_MARGIN = 0.15


@pytest.mark.xfail(
    strict=True,
    reason="review 10 item 10 still open (h27d): rare infractions are offered mostly as the key",
)
def test_a_rare_infraction_offered_is_the_key_not_much_more_often_than_chance(
    capsys: pytest.CaptureFixture[str],
) -> None:
    offered = offered_infractions(thousand_multiple_choice())
    present, keyed, chance = offered.present, offered.keyed, offered.chance
    common = {"missed_trigger", "no_infraction", "general_error", "game_rule_violation"}
    rare = [n for n in present if n not in common]
    with capsys.disabled():
        for name in sorted(rare, key=present.__getitem__):
            share, base = keyed[name] / present[name], chance[name] / present[name]
            print(f"{name}: offered {present[name]}, key {share:.0%}, base {base:.0%}")
    too_often = []
    pooled = [n for n in rare if present[n] < RARE_ALONE]
    groups = [[n] for n in rare if present[n] >= RARE_ALONE] + [pooled]
    for group in groups:
        shown = sum(present[n] for n in group)
        share = sum(keyed[n] for n in group) / shown
        base = sum(chance[n] for n in group) / shown
        if share > base + RARE_MARGIN:
            too_often.append((group, shown, round(share, 2), round(base, 2)))
    assert not too_often, too_often
