"""Display names of question topics in each language (data in data/topics.toml)."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from rulings.core.questions.catalog import LANGS


@cache
def _names() -> dict[str, dict[str, str]]:
    path = resources.files("rulings.core.questions") / "data" / "topics.toml"
    data: dict[str, dict[str, str]] = tomllib.loads(path.read_text(encoding="utf-8"))
    return data


def topic_name(slug: str, lang: str = "en") -> str:
    """The topic's name in ``lang`` (falling back to English, then to the readable slug)."""
    names = _names()
    language = lang if lang in LANGS else "en"
    return names[language].get(slug) or names["en"].get(slug) or slug.replace("_", " ").capitalize()


@cache
def _summaries() -> dict[str, dict[str, str]]:
    path = resources.files("rulings.core.questions") / "data" / "summaries.toml"
    data: dict[str, dict[str, str]] = tomllib.loads(path.read_text(encoding="utf-8"))
    return data


def summary_in(template_id: str, lang: str) -> str | None:
    """What a template asks, in ``lang`` (data/summaries.toml), or None when only the
    template's own English ``summary`` says it."""
    return _summaries().get(lang, {}).get(template_id)
