"""Properties over generated valid situations (hypothesis, modest example counts)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings import Ruling, Situation, SituationError, evaluate, load_policy, situation_schema
from rulings.core.vocabulary import INFRACTIONS, PENALTIES, REMEDIES, rung
from tests.rulings.core.strategies import json_values, situation_dicts

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _situation_error(action: Callable[[], object]) -> SituationError | None:
    """The SituationError the action raised, if any; any other exception fails the test."""
    try:
        action()
    except SituationError as exc:
        return exc
    return None


def _rule(data: dict[str, Any]) -> Ruling:
    return evaluate(Situation.from_dict(data))


@FAST
@given(situation_dicts())
def test_any_valid_situation_yields_a_ruling_in_the_vocabulary(data: dict[str, Any]) -> None:
    ruling = _rule(data)
    assert ruling.infraction in INFRACTIONS
    assert ruling.penalty.final in PENALTIES
    assert all(step.remedy in REMEDIES for step in ruling.remedy)
    assert ruling.accountable_player in data["players"]
    json.dumps(ruling.to_dict())


@FAST
@given(situation_dicts())
def test_penalty_follows_the_ladder_step_by_step(data: dict[str, Any]) -> None:
    steps = _rule(data).penalty.steps
    assert steps[0].reason == "base"
    assert steps[0].from_penalty == steps[0].to_penalty
    for before, step in itertools.pairwise(steps):
        assert step.from_penalty == before.to_penalty
    for step in steps:
        moved = rung(step.to_penalty) - rung(step.from_penalty)
        expected = {"up": moved > 0, "down": moved < 0, "none": moved == 0}
        assert expected[step.direction]


@FAST
@given(situation_dicts())
def test_failure_to_maintain_game_state_never_upgrades(data: dict[str, Any]) -> None:
    ruling = _rule(data)
    lifted = data["history"]["head_judge_instructs_upgrade"]
    if ruling.infraction == "failure_to_maintain_game_state" and not lifted:
        ups = [s for s in ruling.penalty.steps if s.direction == "up"]
        assert [s.reason for s in ups] in ([], ["only_most_severe_of_related"])
    for extra in ruling.additional_penalties:
        if extra.infraction == "failure_to_maintain_game_state":
            assert extra.penalty == "warning"


@FAST
@given(situation_dicts())
def test_every_ruling_step_cites_an_existing_statement(data: dict[str, Any]) -> None:
    ruling = _rule(data)
    policy = load_policy(ruling.policy_version)
    cited: list[Any] = [
        *ruling.explanation,
        *ruling.penalty.steps,
        *ruling.remedy,
        *ruling.additional_penalties,
    ]
    assert ruling.explanation
    for step in cited:
        assert policy.statement(step.statement).section == step.citation
    explained = {step.statement for step in ruling.explanation}
    assert {s.statement for s in ruling.penalty.steps} <= explained
    assert {s.statement for s in ruling.remedy} <= explained


@FAST
@given(situation_dicts())
def test_evaluation_is_deterministic(data: dict[str, Any]) -> None:
    assert _rule(data) == _rule(json.loads(json.dumps(data)))
    assert _rule(data).to_dict() == _rule(data).to_dict()


@FAST
@given(situation_dicts())
def test_situation_round_trips_through_to_dict(data: dict[str, Any]) -> None:
    situation = Situation.from_dict(data)
    again = Situation.from_dict(json.loads(json.dumps(situation.to_dict())))
    assert again == situation
    assert evaluate(again) == evaluate(situation)


@FAST
@given(situation_dicts())
def test_valid_situations_satisfy_the_json_schema(data: dict[str, Any]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(Situation.from_dict(data).to_dict(), situation_schema())


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_arbitrary_json_is_a_situation_or_a_situation_error(value: object) -> None:
    error = _situation_error(lambda: Situation.from_dict(value))
    assert error is None or str(error).startswith(error.path)


@settings(max_examples=80, deadline=None)
@given(situation_dicts(), st.data())
def test_corrupting_a_field_never_crashes_evaluation(
    data: dict[str, Any], draw: st.DataObject
) -> None:
    key = draw.draw(st.sampled_from(sorted(data)))
    data[key] = draw.draw(json_values)
    error = _situation_error(lambda: evaluate(Situation.from_dict(data)))
    assert error is None or str(error) == f"{error.path}: {error.problem}"
