"""Determinism and hashing: same inputs, same question; seeds vary facts; hashes dedupe."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulings.core.questions import KINDS, all_templates, build_question, generate_questions
from rulings.core.questions.build import _near_misses, scenario
from rulings.core.questions.catalog import LANGS
from rulings.core.questions.model import content_hash
from tests.rulings.core.questions.offered import offered

TEMPLATE_IDS = tuple(t.id for t in all_templates())

ROOT = Path(__file__).resolve().parents[4]


@pytest.mark.parametrize("kind", KINDS)
def test_same_inputs_give_the_same_question_even_without_caches(kind: str) -> None:
    ids = [t for t in TEMPLATE_IDS if offered(t, 5, "es", kind)]
    first = [build_question(t, 5, "es", kind).to_dict() for t in ids]
    scenario.cache_clear()
    _near_misses.cache_clear()
    again = [build_question(t, 5, "es", kind).to_dict() for t in ids]
    assert first == again


def test_output_does_not_depend_on_the_hash_seed() -> None:
    code = (
        "import sys, json; from rulings.core.questions import generate_questions as g; "
        "print(json.dumps([q.to_dict() for q in g(lang='pt-BR', kind='multiple_choice', "
        "count=12, seed=9)], sort_keys=True))"
    )
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        outputs.add(run.stdout)
    assert len(outputs) == 1


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_different_seeds_vary_the_facts(template_id: str) -> None:
    situations = {
        json.dumps(scenario(template_id, seed).situation, sort_keys=True) for seed in range(20)
    }
    assert len(situations) > 5


def test_facts_do_not_depend_on_the_language() -> None:
    for template_id in TEMPLATE_IDS:
        situations = {
            json.dumps(build_question(template_id, 17, lang, "free_form").situation)
            for lang in LANGS
        }
        assert len(situations) == 1


def test_content_hash_covers_the_content_but_not_the_seed() -> None:
    """The hash is over the story's conclusions form (the template's), whichever form the
    question carries (told as events: issue 30), so a stored question keeps its identity."""
    question = build_question("mtg-copies", 1, "en", "multiple_choice")
    assert question.situation["events"]
    content = {
        "game": question.game,
        "policy_version": question.policy_version,
        "lang": question.lang,
        "kind": question.kind,
        "stem": question.stem,
        "situation": scenario("mtg-copies", 1).situation,
        "key": question.key.to_dict(),
        "options": [[o.label, o.text, o.correct] for o in question.options],
        "wrong_part": None,
    }
    assert question.content_hash == content_hash(content)
    assert question.content_hash != content_hash({**content, "lang": "es"})
    assert (
        build_question("mtg-copies", 1, "en", "free_form").content_hash
        != build_question("mtg-copies", 1, "es", "free_form").content_hash
    )


def test_generate_questions_is_deterministic_and_deduplicated() -> None:
    first = generate_questions(lang="en", kind="free_form", count=60, seed=3)
    again = generate_questions(lang="en", kind="free_form", count=60, seed=3)
    other = generate_questions(lang="en", kind="free_form", count=60, seed=4)
    assert [q.to_dict() for q in first] == [q.to_dict() for q in again]
    assert [q.content_hash for q in first] != [q.content_hash for q in other]
    assert len({q.content_hash for q in first}) == len(first) == 60


@pytest.mark.parametrize("game", ["riftbound", "mtg"])
@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_produced_for_both_games(game: str, kind: str) -> None:
    questions = generate_questions(game=game, lang="pt-BR", kind=kind, count=8, seed=1)
    assert len(questions) == 8
    assert {q.game for q in questions} == {game}
    assert {q.kind for q in questions} == {kind}


def test_topics_filter_templates() -> None:
    questions = generate_questions(
        topics=["round_cycle"], lang="es", kind="free_form", count=5, seed=2
    )
    assert {q.template_id for q in questions} == {"rb-forgetting-to-score"}


def test_difficulty_grows_with_upgrades_and_multiplayer() -> None:
    values: dict[str, list[float]] = {}
    for seed in range(200):
        q = build_question("rb-repeated-warnings", seed, "en", "free_form")
        values.setdefault(q.key.penalty, []).append(q.difficulty)
    assert min(values["game_loss"]) > max(values["warning"])
