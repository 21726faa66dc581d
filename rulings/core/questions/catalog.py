"""The generator's data (cards, people, phrase banks): the repository's files (`public`)
merged with the private pools in force.

Inside `pools.using_pools(...)` the lookups below also consult the private pools: their names
replace a game's names, their cards join (or override) the catalogue and are preferred by
`cards_where`, their sentences replace the phrase bank's variants."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from rulings.core.questions.errors import QuestionError
from rulings.core.questions.pools import Pools, current_pools, note_card
from rulings.core.questions.public import LANGS, public_cards, public_people, public_phrases

__all__ = [
    "LANGS",
    "card",
    "cards",
    "cards_where",
    "lookup",
    "people",
    "phrases",
    "public_cards",
    "public_phrases",
]


def cards() -> dict[str, dict[str, Any]]:
    pools = current_pools()
    if pools is None or not pools.cards:
        return public_cards()
    return _pooled_cards(pools)


@lru_cache(maxsize=8)
def _pooled_cards(pools: Pools) -> dict[str, dict[str, Any]]:
    merged = dict(public_cards())
    for card_id, data in pools.cards.items():
        merged[card_id] = {**merged.get(card_id, {}), **data}
    return merged


def card(card_id: str) -> dict[str, Any]:
    note_card(card_id)
    try:
        return cards()[card_id]
    except KeyError:
        raise QuestionError(f"unknown card {card_id!r}") from None


def cards_where(
    game: str, where: Callable[[dict[str, Any]], bool] | None = None, **facts: object
) -> tuple[str, ...]:
    """Ids of the game's cards whose facts match (a missing fact counts as False) and that pass
    `where`; with private pools, only the pools' cards when any of them match."""
    found = []
    for card_id, data in cards().items():
        if data["game"] != game or (where is not None and not where(data)):
            continue
        if all(data.get(k, False) == v for k, v in facts.items()):
            found.append(card_id)
    pools = current_pools()
    private = [c for c in found if pools is not None and c in pools.cards]
    return tuple(sorted(private or found))


def people(game: str) -> tuple[str, ...]:
    pools = current_pools()
    if pools is not None and game in pools.people:
        return pools.people[game]
    return public_people(game)


def phrases(lang: str) -> dict[str, Any]:
    pools = current_pools()
    if pools is None or lang not in pools.phrases:
        return public_phrases(lang)
    return _pooled_phrases(lang, pools)


@lru_cache(maxsize=8)
def _pooled_phrases(lang: str, pools: Pools) -> dict[str, Any]:
    bank = public_phrases(lang)
    sentences = {**bank["s"], **{k: list(v) for k, v in pools.phrases[lang].items()}}
    return {**bank, "s": sentences}


def lookup(table: dict[str, Any], dotted: str) -> Any:
    node: Any = table
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            raise QuestionError(f"phrase bank has no entry {dotted!r}")
        node = node[part]
    return node
