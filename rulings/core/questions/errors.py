"""The question generator's own exception type."""

from __future__ import annotations

from rulings.core import RulingsError


class QuestionError(RulingsError, ValueError):
    """A generation request is invalid (unknown template, topic, language, kind...)."""
