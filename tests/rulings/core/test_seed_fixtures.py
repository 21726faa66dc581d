"""Every worked example and rule statement of the seeds, ruled from its JSON fixture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulings import Ruling, Situation, evaluate
from tests.rulings.core.fixture_cases import fixture_paths, load_fixture

PATHS = fixture_paths()


def _rule(path: Path) -> tuple[Ruling, dict[str, Any]]:
    data = load_fixture(path)
    return evaluate(Situation.from_dict(data["situation"])), data["expected"]


def test_there_is_a_fixture_for_each_seed_case() -> None:
    assert len(PATHS) >= 90


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_fixture_has_citation_source_and_expectation(path: Path) -> None:
    data = load_fixture(path)
    assert data["citation"]
    assert data["source"] in {"seed-riftbound-en", "seed-ipg-pt", "seed-article-es", "policy-notes"}
    assert {"infraction", "penalty", "remedy"} <= set(data["expected"])


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_fixture_is_ruled_as_expected(path: Path) -> None:
    ruling, expected = _rule(path)
    assert ruling.infraction == expected["infraction"]
    assert ruling.penalty.final == expected["penalty"]
    assert [step.remedy for step in ruling.remedy] == expected["remedy"]


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_fixture_details_match(path: Path) -> None:
    ruling, expected = _rule(path)
    if "penalty_reasons" in expected:
        assert [s.reason for s in ruling.penalty.steps] == expected["penalty_reasons"]
    if "accountable_player" in expected:
        assert ruling.accountable_player == expected["accountable_player"]
    if "rewind_by" in expected:
        assert ruling.rewind_by == expected["rewind_by"]
    if "round_cycle_passed" in expected:
        assert ruling.round_cycle is not None
        assert ruling.round_cycle.passed is expected["round_cycle_passed"]


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_fixture_remedy_parameters_match(path: Path) -> None:
    ruling, expected = _rule(path)
    for step, wanted in zip(ruling.remedy, expected.get("remedy_params", []), strict=False):
        params = ruling.to_dict()["remedy"][ruling.remedy.index(step)]["params"]
        assert {k: params.get(k) for k in wanted} == wanted


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_fixture_additional_penalties_match(path: Path) -> None:
    ruling, expected = _rule(path)
    got = [
        {"player": p.player, "infraction": p.infraction, "penalty": p.penalty}
        for p in ruling.additional_penalties
    ]
    assert got == expected.get("additional_penalties", [])


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_fixture_explanation_cites_the_sections(path: Path) -> None:
    ruling, expected = _rule(path)
    cited = {step.citation for step in ruling.explanation}
    assert set(expected.get("cites", [])) <= cited
