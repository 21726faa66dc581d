"""Every template, registered on import; `templates()` filters them by game and topic."""

from __future__ import annotations

from collections.abc import Iterable

from rulings.core.questions import (  # noqa: F401  (imported to register their templates)
    templates_mtg_2024,
    templates_mtg_other,
    templates_mtg_triggers,
    templates_rb_other,
    templates_rb_triggers,
)
from rulings.core.questions.errors import QuestionError
from rulings.core.questions.template import REGISTRY, Template

GAMES = ("riftbound", "mtg")


def all_templates() -> tuple[Template, ...]:
    return tuple(REGISTRY[k] for k in sorted(REGISTRY))


def all_topics() -> tuple[str, ...]:
    return tuple(sorted({t for tpl in REGISTRY.values() for t in tpl.topics}))


def templates(game: str | None = None, topics: Iterable[str] | None = None) -> tuple[Template, ...]:
    """Templates of `game` (all games if None) having any of `topics` (all if None)."""
    if game is not None and game not in GAMES:
        raise QuestionError(f"game must be one of {', '.join(GAMES)}, not {game!r}")
    wanted = set(topics or ())
    unknown = wanted - set(all_topics())
    if unknown:
        raise QuestionError(
            f"unknown topic {', '.join(sorted(unknown))}; topics: {', '.join(all_topics())}"
        )
    found = tuple(
        tpl
        for tpl in all_templates()
        if (game is None or tpl.game == game) and (not wanted or wanted & set(tpl.topics))
    )
    if not found:
        raise QuestionError("no template matches this game and these topics")
    return found
