"""No option set lets a candidate find the key without reading the story, and no offered
choice is one nobody would make.

- A Cheating distractor carries Cheating's own penalty, a Disqualification.
- The key is never the option sharing the most pieces with the others (each part's value, each
  step of a fix, who rewinds): a key that unites the others' pieces, or the part-wise majority.
- In find the wrong part, a penalty is offered as doubtable only where a fact of the story moves
  the stated infraction's own penalty.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cache

import pytest

from rulings.core.questions import Question, build_question, templates
from rulings.core.questions.build import WRONG_PART_POOL, _near_misses, live_parts, scenario
from rulings.core.questions.options import Choice, atoms, key_found_by_agreement
from tests.rulings.core.questions.offered import offered

LANGS = ("en", "pt-BR", "es")
SEEDS = range(40)


@cache
def _items(lang: str) -> tuple[Question, ...]:
    found = []
    for tpl in templates():
        for seed in SEEDS:
            if offered(tpl.id, seed, lang, "multiple_choice"):
                found.append(build_question(tpl.id, seed, lang, "multiple_choice"))
    return tuple(found)


@pytest.mark.parametrize("lang", LANGS)
def test_a_cheating_option_carries_a_disqualification(lang: str) -> None:
    cheating = 0
    for q in _items(lang):
        for option in q.options:
            if option.parts.infraction == "cheating":
                cheating += 1
                assert option.parts.penalty == "disqualification", (q.template_id, q.seed)
    # Cheating is a distractor only: an admitted Cheating key shares no piece with any other
    # option, so its story makes no multiple-choice item (review 15: mu-021).
    assert cheating > 5


def _key_first(q: Question) -> list[Choice]:
    ordered = sorted(q.options, key=lambda o: not o.correct)
    return [Choice(o.parts, {}, o.origin) for o in ordered]


@pytest.mark.parametrize("lang", LANGS)
def test_the_key_never_shares_the_most_pieces_with_the_other_options(lang: str) -> None:
    items = _items(lang)
    several = 0
    for q in items:
        choices = _key_first(q)
        several += len(q.key.remedy) > 1
        assert not key_found_by_agreement(choices), (q.template_id, q.seed, q.stem[-300:])
    assert len(items) > 1000
    # Fewer since review 15: a padded set whose key shares the most is no item at all.
    assert several > 10


@pytest.mark.parametrize("lang", LANGS)
def test_the_key_is_never_the_only_option_holding_the_part_wise_majority(lang: str) -> None:
    for q in _items(lang):
        pieces = [atoms(c.parts) for c in _key_first(q)]
        counts = Counter(piece for mine in pieces for piece in mine)
        majority = {piece for piece, n in counts.items() if 2 * n > len(pieces)}
        holding = [i for i, mine in enumerate(pieces) if majority <= mine]
        assert holding != [0], (q.template_id, q.seed)


def test_the_agreement_check_sees_a_key_that_unites_the_others() -> None:
    key = build_question("rb-error-after-trigger", 0, "en", "free_form").key
    union = replace(
        key,
        infraction="general_error",
        penalty="warning",
        remedy=("simple_rewind", "opponent_chooses_resolve_or_skip"),
        rewind_by="any_judge",
    )
    options = [
        Choice(union, {}, "key"),
        Choice(
            replace(
                union,
                infraction="missed_trigger",
                penalty="no_penalty",
                rewind_by=None,
                remedy=("opponent_chooses_resolve_or_skip",),
            ),
            {},
            "a",
        ),
        Choice(
            replace(
                union, infraction="missed_trigger", penalty="no_penalty", remedy=("simple_rewind",)
            ),
            {},
            "b",
        ),
        Choice(
            replace(
                union, rewind_by=None, remedy=("continue_play", "opponent_chooses_resolve_or_skip")
            ),
            {},
            "d",
        ),
    ]
    assert key_found_by_agreement(options)


def test_a_penalty_settled_by_the_stated_infraction_is_not_pickable() -> None:
    """With the infraction stated right, only a fact that moves that infraction's own penalty
    (an advantage, an upgrade) makes the penalty doubtable: a General Error's Warning is not."""
    checked = 0
    for tpl in templates():
        for seed in range(40):
            sc = scenario(tpl.id, seed)
            misses = _near_misses(tpl.id, seed, None, WRONG_PART_POOL, None)
            live = live_parts(sc, misses)
            if "penalty" not in live or "infraction" in live:
                continue
            checked += 1
            assert any(
                m.parts.infraction == sc.key.infraction and m.parts.penalty != sc.key.penalty
                for m in misses
            ), (tpl.id, seed)
    assert checked > 200
