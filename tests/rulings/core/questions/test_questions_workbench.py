"""Workbench stories: typed facts told with the phrase banks and keyed by the engine."""

from __future__ import annotations

from typing import Any

import pytest

from rulings.core import Situation, SituationError, evaluate
from rulings.core.policy import load_policy, policy_versions
from rulings.core.questions.pools import Pools, using_pools
from rulings.core.questions.workbench import (
    GAME_ERRORS,
    game_errors,
    pooled_names,
    subjects,
    with_names,
    workbench_question,
)

LANGS = ("en", "pt-BR", "es")


def _trigger_story(**changes: Any) -> dict[str, Any]:
    story: dict[str, Any] = {
        "game": "riftbound",
        "players": ["Ana", "Ben"],
        "turn_player": "Ana",
        "trigger": {"kind": "board_change", "controller": "Ana"},
        "events": [{"by": "Ana", "action": "new_game_action"}, {"by": "Ben", "action": "noticed"}],
    }
    story.update(changes)
    return story


@pytest.mark.parametrize("lang", LANGS)
def test_it_keys_a_typed_trigger_story_with_the_engines_ruling(lang: str) -> None:
    story = _trigger_story()
    question = workbench_question(story, lang=lang, trigger_name="Treasure Hunter")
    ruling = evaluate(Situation.from_dict(story))
    assert question.template_id == "workbench"
    assert question.kind == "free_form"
    assert question.key.infraction == ruling.infraction == "missed_trigger"
    assert question.ruling == ruling.to_dict()
    assert "Treasure Hunter" in question.stem
    assert "{" not in question.stem


def test_the_key_follows_the_facts_not_the_words() -> None:
    acknowledged = _trigger_story(
        events=[{"by": "Ana", "action": "acknowledge"}, {"by": "Ana", "action": "new_game_action"}]
    )
    question = workbench_question(acknowledged, lang="en")
    assert question.key.infraction == "no_infraction"


@pytest.mark.parametrize("lang", LANGS)
def test_a_later_turn_is_told_before_its_events(lang: str) -> None:
    story = _trigger_story(
        events=[
            {"by": "Ana", "action": "new_game_action"},
            {"by": "Ben", "action": "noticed", "turn": 2},
        ]
    )
    en = workbench_question(story, lang=lang).stem
    assert "2" in en


@pytest.mark.parametrize("lang", LANGS)
def test_payment_score_and_every_game_error_can_be_told(lang: str) -> None:
    stories: list[dict[str, Any]] = []
    for version in policy_versions():
        game = load_policy(version).game
        base = {"game": game, "policy_version": version, "players": ["Ana", "Ben"]}
        base["turn_player"] = "Ana"
        covered = subjects(version)
        if "payment" in covered:
            stories.append({**base, "payment": {"player": "Ana", "cost": 3, "paid": 4}})
        if "score" in covered:
            stories.append({**base, "score": {"player": "Ana", "source": "hold"}})
        for kind in game_errors(version):
            stories.append({**base, "game_error": {"kind": kind, "player": "Ana"}})
    assert {s["game_error"]["kind"] for s in stories if "game_error" in s} == set(GAME_ERRORS)
    for story in stories:
        question = workbench_question(story, lang=lang)
        assert "{" not in question.stem


def test_an_invalid_story_names_the_field() -> None:
    with pytest.raises(SituationError) as raised:
        workbench_question(_trigger_story(turn_player="Cleo"), lang="en")
    assert raised.value.path == "turn_player"


def test_earlier_warnings_are_told_with_their_count() -> None:
    story = _trigger_story(history={"warnings": {"missed_trigger": 2}})
    question = workbench_question(story, lang="en")
    assert "2 Warnings" in question.stem
    assert "repeated_warnings" in question.topics


def test_exam_stories_take_their_names_from_the_private_pools() -> None:
    story = _trigger_story()
    pools = Pools.from_dict({"people": {"riftbound": ["Zed", "Yara", "Xia", "Wim"]}})
    with using_pools(pools):
        names = pooled_names(story, seed=7)
    assert set(names) == {"Ana", "Ben"}
    assert set(names.values()) <= {"Zed", "Yara", "Xia", "Wim"}
    renamed = with_names(story, names)
    assert renamed["trigger"]["controller"] == names["Ana"]
    assert renamed["events"][1]["by"] == names["Ben"]
    assert renamed["trigger"]["kind"] == "board_change"
    question = workbench_question(renamed, lang="en")
    assert "Ana" not in question.stem
