"""Keys come from the engine; distractors are near misses, never the key."""

from __future__ import annotations

import pytest

from rulings.core import Situation, evaluate
from rulings.core.questions import all_templates, build_question
from rulings.core.questions.build import REWIND_REMEDIES, get_template, key_parts
from rulings.core.questions.catalog import LANGS
from tests.rulings.core.questions.offered import offered

TEMPLATE_IDS = tuple(t.id for t in all_templates())

SEEDS = range(40)


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_each_key_equals_evaluate_of_its_situation(template_id: str) -> None:
    for seed in range(200):
        question = build_question(template_id, seed, "en", "free_form")
        ruling = evaluate(Situation.from_dict(question.situation)).to_dict()
        assert question.ruling == ruling
        assert question.key == key_parts(get_template(template_id), ruling)
        assert question.policy_version == ruling["policy_version"]


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_no_distractor_equals_the_key(template_id: str) -> None:
    for seed in SEEDS:
        question = build_question(template_id, seed, "en", "multiple_choice")
        correct = [o for o in question.options if o.correct]
        assert len(question.options) == 4
        assert len(correct) == 1
        assert correct[0].parts == question.key
        distractors = [o.parts for o in question.options if not o.correct]
        assert question.key not in distractors
        assert len(set(distractors)) == len(distractors)


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_near_miss_distractors_are_the_engine_ruling_with_one_fact_changed(
    template_id: str,
) -> None:
    from rulings.core.context import as_conclusions
    from rulings.core.questions.mutation import MUTATIONS

    question = build_question(template_id, 3, "en", "multiple_choice")
    for option in question.options:
        if option.origin.startswith("near_miss:"):
            fact = option.origin.split(":", 1)[1]
            # A stored question tells its trigger as events; mutations change the conclusions.
            changed = MUTATIONS[fact](as_conclusions(question.situation))
            assert changed is not None
            ruling = evaluate(Situation.from_dict(changed)).to_dict()
            assert key_parts(get_template(template_id), ruling) == option.parts


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_find_the_wrong_part_changes_exactly_the_named_part(template_id: str) -> None:
    for seed in SEEDS:
        if not offered(template_id, seed, "en", "find_the_wrong_part"):
            continue
        question = build_question(template_id, seed, "en", "find_the_wrong_part")
        wrong = question.wrong_part
        assert wrong is not None
        assert not question.options
        stated, key = wrong.stated, question.key
        differs = {
            "infraction": stated.infraction != key.infraction,
            "penalty": stated.penalty != key.penalty,
            "remedy": stated.remedy != key.remedy,
        }
        assert [p for p, d in differs.items() if d] == [wrong.part]
        assert stated.additional == key.additional
        assert stated.cycle_ends == key.cycle_ends
        # Who performs a rewind belongs to the remedy: a stated fix without a rewind names nobody.
        rewinds = any(r in REWIND_REMEDIES for r in stated.remedy)
        assert stated.rewind_by == (key.rewind_by if rewinds else None)


def test_keyed_ruling_records_citations() -> None:
    question = build_question("mtg-time-bar", 7, "pt-BR", "free_form")
    assert question.ruling["explanation"]
    assert all(step["citation"] for step in question.ruling["explanation"])
    assert "[IPG 2.1]" in question.explanation


@pytest.mark.parametrize("lang", LANGS)
def test_questions_are_json_ready(lang: str) -> None:
    import json

    question = build_question("rb-forgetting-to-score", 11, lang, "multiple_choice")
    data = json.loads(json.dumps(question.to_dict()))
    assert data["template_id"] == "rb-forgetting-to-score"
    assert data["key"]["infraction"] == "forgetting_to_score"
    assert 0 <= data["difficulty"] <= 1
    assert len(data["content_hash"]) == 64
