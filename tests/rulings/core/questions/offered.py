"""Which (template, seed) stories make an item of a kind: a find-the-wrong-part item needs two
parts a candidate could doubt, so tests that build every template in every kind skip the rest."""

from __future__ import annotations

from rulings.core.questions import offers_kind


def offered(
    template_id: str,
    seed: int,
    lang: str = "en",
    kind: str = "free_form",
    policy_version: str | None = None,
) -> bool:
    """Takes `build_question`'s arguments; the language does not matter."""
    del lang
    return offers_kind(template_id, seed, kind, policy_version)
