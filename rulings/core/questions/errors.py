"""The question generator's own exception type."""

from __future__ import annotations

from rulings.core import RulingsError


class QuestionError(RulingsError, ValueError):
    """A generation request is invalid (unknown template, topic, language, kind...)."""


class KindUnavailable(QuestionError):
    """This story cannot make a question of the kind asked (a find-the-wrong-part item needs
    two parts a candidate could doubt); `generate_questions` draws another seed."""
