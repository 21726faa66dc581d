"""Policy documents as versioned data: loadable, cited, localised and all exercised."""

from __future__ import annotations

import re

import pytest

from rulings import (
    PolicyError,
    Situation,
    default_version,
    evaluate,
    load_policy,
    policy_versions,
    statement,
)
from rulings.core.explain import labels
from rulings.core.policy import LANGS, STATEMENT_KINDS
from tests.rulings.core.fixture_cases import fixture_paths, load_fixture

VERSIONS = policy_versions()
SECTION = re.compile(r"^(TR|CR|IPG|MTR) \d+(\.\w+)*$")
# Context statements that no rule needs to cite yet (they describe what an opponent may do).
CONTEXT_ONLY = {"ipg-2.1-opponent-asks"}


def test_there_are_two_games_and_four_versions() -> None:
    assert policy_versions("riftbound") == ("riftbound-tr-2026-seed",)
    assert len(policy_versions("mtg")) == 3


def test_default_versions_come_from_the_seeds() -> None:
    assert default_version("riftbound") == "riftbound-tr-2026-seed"
    assert default_version("mtg") == "mtg-ipg-2.1-seed"


def test_unknown_version_is_a_policy_error() -> None:
    with pytest.raises(PolicyError):
        load_policy("nope")
    with pytest.raises(PolicyError):
        default_version("chess")


def test_statement_looks_up_one_statement() -> None:
    found = statement("riftbound-tr-2026-seed", "tr-702.2.f.2")
    assert found.section == "TR 702.2.f.2"
    assert found.kind == "remedy"


@pytest.mark.parametrize("version", VERSIONS)
def test_every_statement_has_section_kind_source_and_three_languages(version: str) -> None:
    policy = load_policy(version)
    for item in policy.statements.values():
        # A numbered section, or an unnumbered passage named in every language (the study
        # note's "Common mistake" line: review 15, fr-037).
        named = all(item.section in labels(lang).get("citation", {}) for lang in LANGS)
        assert SECTION.match(item.section) or named, item.id
        assert item.kind in STATEMENT_KINDS
        assert item.source in policy.sources
        for lang in LANGS:
            assert len(item.paraphrase(lang)) > 10, (item.id, lang)


@pytest.mark.parametrize("version", VERSIONS)
def test_paraphrases_differ_between_languages(version: str) -> None:
    for item in load_policy(version).statements.values():
        assert len({item.paraphrase(lang) for lang in LANGS}) == 3, item.id


def test_gap_statements_are_marked_as_from_the_policy_notes() -> None:
    policy = load_policy("riftbound-tr-2026-seed")
    for statement_id in ("tr-205", "tr-702.2.f.1", "tr-702.16", "tr-702.1.c.1", "tr-702.15"):
        assert policy.statement(statement_id).source == "policy-notes"


def test_2024_version_drops_the_default_action_remedy() -> None:
    assert "ipg-2.1-remedy-default" in load_policy("mtg-ipg-2.1-seed").statements
    assert "ipg-2.1-remedy-default" not in load_policy("mtg-ipg-2.1-2024-09-23").statements


def _exercised() -> dict[str, set[str]]:
    used: dict[str, set[str]] = {}
    for path in fixture_paths():
        ruling = evaluate(Situation.from_dict(load_fixture(path)["situation"]))
        used.setdefault(ruling.policy_version, set()).update(
            s.statement for s in ruling.explanation
        )
    return used


def test_every_statement_is_exercised_by_a_fixture() -> None:
    used = _exercised()
    for version in VERSIONS:
        policy = load_policy(version)
        reached = used.get(version, set()) | used.get(policy.extends, set())
        missing = set(policy.statements) - reached - CONTEXT_ONLY
        assert not missing, (version, sorted(missing))
