"""Find the wrong part offers only parts a candidate could doubt (review 8: in 40 of 45 items one
stated part was right under every reading, so the item was a two-way choice). A part is
pickable when some near miss of the story sets it otherwise; the others are said to be right,
and a story with fewer than two pickable parts makes no item of this kind."""

from __future__ import annotations

import pytest

from rulings.core.questions import KindUnavailable, build_question, templates
from rulings.core.questions.build import _near_misses, _same_remedy, scenario
from rulings.core.questions.catalog import phrases
from rulings.core.questions.model import PARTS
from tests.rulings.core.questions.offered import offered

TEMPLATE_IDS = [t.id for t in templates()]
SEEDS = range(25)


def _changed_by_a_near_miss(template_id: str, seed: int, part: str) -> bool:
    key = scenario(template_id, seed).key
    for miss in _near_misses(template_id, seed, None):
        if part == "remedy" and not _same_remedy(miss.parts.remedy, key.remedy):
            return True
        if part != "remedy" and getattr(miss.parts, part) != getattr(key, part):
            return True
    return False


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_every_pickable_part_is_one_a_near_miss_changes(template_id: str) -> None:
    for seed in SEEDS:
        if not offered(template_id, seed, "en", "find_the_wrong_part"):
            continue
        wrong = build_question(template_id, seed, "en", "find_the_wrong_part").wrong_part
        assert wrong is not None
        assert len(wrong.pickable) >= 2, seed
        assert wrong.part in wrong.pickable, seed
        for part in wrong.pickable:
            assert _changed_by_a_near_miss(template_id, seed, part), (seed, part)
        # Exactly one part differs from the key; the rest is the key's own.
        differ = [
            p
            for p in PARTS
            if getattr(wrong.stated, p) != getattr(scenario(template_id, seed).key, p)
        ]
        assert differ == [wrong.part], seed


@pytest.mark.parametrize("lang", ["en", "pt-BR", "es"])
def test_a_part_no_near_miss_changes_is_said_to_be_right(lang: str) -> None:
    settled = 0
    for template_id in TEMPLATE_IDS:
        for seed in range(8):
            if not offered(template_id, seed, lang, "find_the_wrong_part"):
                continue
            q = build_question(template_id, seed, lang, "find_the_wrong_part")
            assert q.wrong_part is not None
            left = [p for p in PARTS if p not in q.wrong_part.pickable]
            if left and q.key_text.count("—") == 2:  # the remedy is asked
                settled += 1
                ask = phrases(lang)["s"][f"ask.find_the_wrong_part_settled_{left[0]}"]
                assert q.stem.endswith(ask), (template_id, seed)
    assert settled > 20


def test_a_story_with_one_doubtable_part_makes_no_item() -> None:
    # rb-rewind-authority: only who rewinds changes with the story; its infraction and penalty
    # are plain, so no find-the-wrong-part item is made, and a batch draws other templates.
    with pytest.raises(KindUnavailable):
        build_question("rb-rewind-authority", 0, "en", "find_the_wrong_part")
