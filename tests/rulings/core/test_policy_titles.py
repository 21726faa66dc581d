"""Policy versions carry their title in each language (UX walk 1, #36), read by
``policy.title``; a version never takes its parent's translated title."""

from __future__ import annotations

import pytest

from rulings.core import policy
from rulings.core.errors import PolicyError


@pytest.mark.parametrize("version_id", policy.policy_versions())
def test_every_version_has_its_own_title_in_each_language(version_id):
    english = policy.title(version_id, "en")
    translated = {lang: policy.title(version_id, lang) for lang in ("pt-BR", "es")}

    assert english == policy.load_policy(version_id).title
    assert all(text and text != english for text in translated.values())
    assert translated["pt-BR"] != translated["es"]


def test_a_version_does_not_inherit_its_parents_title():
    child = "mtg-ipg-2.1-2024-09-23"
    parent = policy.load_policy(child).extends

    assert parent
    for lang in policy.LANGS:
        assert policy.title(child, lang) != policy.title(parent, lang)


def test_an_unknown_version_or_language_is_refused():
    with pytest.raises(PolicyError):
        policy.title("no-such-version", "en")
    with pytest.raises(PolicyError):
        policy.title("riftbound-tr-2026-seed", "fr")
