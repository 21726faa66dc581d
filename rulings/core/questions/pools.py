"""Private pools: names, cards and phrasing kept out of the repository.

The generator is public, so anyone can sample it and match a stem to a generated twin with the
same facts, whose key is then known. Stems built under private pools name people and cards and
use wording that no public sample contains. A `Pools` value is applied with `using_pools`:
inside the block the catalogue's lookups (`people`, `card`, `cards_where`, `phrases`) consult it.

    pools = Pools.from_toml(text)          # or Pools.from_dict(data), merge_pools(a, b)
    with using_pools(pools):
        questions = generate_questions(...)

The data has the shape of the repository's data files:

    [people]
    mtg = ["Aurelio", "Brisa", ...]               # replaces the game's public names

    [cards.glimmer_scout]                          # a new card: every field
    game = "mtg"
    kind = "draw_or_discard"
    upkeep = true                                  # facts, as in cards.toml
    name = { en = "...", pt-BR = "...", es = "..." }
    text = { en = "...", pt-BR = "...", es = "..." }

    [cards.dark_confidant]                         # a public card's id: overrides its fields
    name = { en = "...", pt-BR = "...", es = "..." }
    text = { en = "...", pt-BR = "...", es = "..." }

    [phrases.en]                                   # replaces a stem sentence's variants
    "setup.mtg" = ["...{opl}...{count}...{order}..."]

A story choosing among cards of a kind (`cards_where`) takes the pool's cards when the pool has
any that fit, else the public ones; `pool_check.pools_check` lists which templates still show
public cards or names, and which cannot be built with the pool at all.
"""

from __future__ import annotations

import contextvars
import hashlib
import string
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from rulings.core.questions.errors import QuestionError
from rulings.core.questions.model import canonical_json
from rulings.core.questions.public import public_cards, public_phrases

POOL_LANGS = ("en", "pt-BR", "es")
POOL_GAMES = ("riftbound", "mtg")
MIN_PEOPLE = 4  # the largest table a story seats
MAX_TEXT = 400
CARD_TEXTS = ("name", "text")
CARD_REQUIRED = ("game", "kind", *CARD_TEXTS)


@dataclass(frozen=True)
class Pools:
    """Private names (by game), cards (by id) and stem sentences (by language and key).

    Equal and hashed by `digest`, the sha256 of its canonical JSON, so caches can key on it and
    a stored digest names exactly the pools a question was built with."""

    people: Mapping[str, tuple[str, ...]] = field(compare=False, hash=False)
    cards: Mapping[str, Mapping[str, Any]] = field(compare=False, hash=False)
    phrases: Mapping[str, Mapping[str, tuple[str, ...]]] = field(compare=False, hash=False)
    digest: str

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Pools:
        """Validated pools; a `QuestionError` names the first problem found."""
        if not isinstance(data, Mapping):
            raise QuestionError("pools must be a table with people, cards and phrases")
        unknown = set(data) - {"people", "cards", "phrases"}
        if unknown:
            raise QuestionError(f"pools: unknown section {', '.join(sorted(unknown))}")
        people = _people(data.get("people", {}))
        cards = _cards(data.get("cards", {}))
        phrases = _phrases(data.get("phrases", {}))
        plain = {
            "people": {g: list(n) for g, n in people.items()},
            "cards": cards,
            "phrases": {lang: {k: list(v) for k, v in t.items()} for lang, t in phrases.items()},
        }
        digest = hashlib.sha256(canonical_json(plain).encode("utf-8")).hexdigest()
        return cls(
            MappingProxyType(people),
            MappingProxyType({k: MappingProxyType(v) for k, v in cards.items()}),
            MappingProxyType({k: MappingProxyType(v) for k, v in phrases.items()}),
            digest,
        )

    @classmethod
    def from_toml(cls, text: str) -> Pools:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise QuestionError(f"pools: not valid TOML: {exc}") from None
        return cls.from_dict(data)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; `Pools.from_dict(p.to_dict()) == p`."""
        return {
            "people": {game: list(names) for game, names in self.people.items()},
            "cards": {cid: _plain(data) for cid, data in self.cards.items()},
            "phrases": {
                lang: {key: list(v) for key, v in table.items()}
                for lang, table in self.phrases.items()
            },
        }

    @property
    def empty(self) -> bool:
        return not (self.people or self.cards or self.phrases)


def merge_pools(*pools: Pools) -> Pools:
    """One value from several: names and sentence variants pooled, cards by id (later wins)."""
    people: dict[str, list[str]] = {}
    cards: dict[str, Any] = {}
    phrases: dict[str, dict[str, list[str]]] = {}
    for one in pools:
        for game, names in one.people.items():
            _extend_new(people.setdefault(game, []), names)
        for card_id, data in one.cards.items():
            cards[card_id] = {**cards.get(card_id, {}), **_plain(data)}
        for lang, table in one.phrases.items():
            for key, variants in table.items():
                _extend_new(phrases.setdefault(lang, {}).setdefault(key, []), variants)
    return Pools.from_dict({"people": people, "cards": cards, "phrases": phrases})


def _extend_new(items: list[str], more: Iterable[str]) -> None:
    items.extend(item for item in dict.fromkeys(more) if item not in items)


# --- applying ------------------------------------------------------------------------------


@dataclass
class _Active:
    pools: Pools
    looked_up: set[str] = field(default_factory=set)  # card ids read, for `pools_check`


_ACTIVE: contextvars.ContextVar[_Active | None] = contextvars.ContextVar(
    "question_pools", default=None
)


@contextmanager
def using_pools(pools: Pools | None) -> Iterator[None]:
    """Build questions with `pools` inside the block (None or empty pools: the public data)."""
    token = _ACTIVE.set(_Active(pools) if pools is not None and not pools.empty else None)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def current_pools() -> Pools | None:
    active = _ACTIVE.get()
    return active.pools if active is not None else None


def note_card(card_id: str) -> None:
    """Record that a story read this card (the catalogue calls it)."""
    active = _ACTIVE.get()
    if active is not None:
        active.looked_up.add(card_id)


@contextmanager
def recording_cards(pools: Pools) -> Iterator[set[str]]:
    """Apply `pools` (even empty ones) inside the block and yield the set of card ids the
    stories read there (`pool_check` uses it)."""
    active = _Active(pools)
    token = _ACTIVE.set(active)
    try:
        yield active.looked_up
    finally:
        _ACTIVE.reset(token)


# --- validation ----------------------------------------------------------------------------


def _plain(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: dict(v) if isinstance(v, Mapping) else v for k, v in data.items()}


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise QuestionError(f"pools: {where} must be a non-empty string")
    if len(value) > MAX_TEXT:
        raise QuestionError(f"pools: {where} is longer than {MAX_TEXT} characters")
    if any(ch in value for ch in "{}") or "\x00" in value:
        raise QuestionError(f"pools: {where} must not contain braces or NUL characters")
    return value.strip()


def _people(data: Any) -> dict[str, tuple[str, ...]]:
    if not isinstance(data, Mapping):
        raise QuestionError("pools: people must be a table of games")
    people: dict[str, tuple[str, ...]] = {}
    for game, names in data.items():
        if game not in POOL_GAMES:
            raise QuestionError(f"pools: people: game must be one of {', '.join(POOL_GAMES)}")
        if not isinstance(names, list | tuple):
            raise QuestionError(f"pools: people.{game} must be a list of names")
        cleaned = [_text(n, f"a name in people.{game}") for n in names]
        if len(set(cleaned)) != len(cleaned):
            raise QuestionError(f"pools: people.{game} lists a name twice")
        if len(cleaned) < MIN_PEOPLE:
            raise QuestionError(f"pools: people.{game} needs at least {MIN_PEOPLE} names")
        people[game] = tuple(cleaned)
    return people


def _cards(data: Any) -> dict[str, dict[str, Any]]:
    if not isinstance(data, Mapping):
        raise QuestionError("pools: cards must be a table of cards by id")
    public = public_cards()
    facts = {k for card in public.values() for k in card} - {"source", *CARD_REQUIRED}
    return {card_id: _card(card_id, card, public, facts) for card_id, card in data.items()}


def _card(
    card_id: str, card: Any, public: Mapping[str, Mapping[str, Any]], facts: set[str]
) -> dict[str, Any]:
    """One pool card, checked: a new card has every required field, a public card's id only
    overrides, and every field is one cards.toml knows."""
    where = f"cards.{card_id}"
    if not isinstance(card, Mapping):
        raise QuestionError(f"pools: {where} must be a table")
    base = public.get(card_id)
    missing = [k for k in CARD_REQUIRED if k not in card] if base is None else []
    if missing:
        raise QuestionError(f"pools: new card {where} needs {', '.join(missing)}")
    unknown = set(card) - facts - set(CARD_REQUIRED) - {"source"}
    if unknown:
        raise QuestionError(f"pools: {where}: unknown field {', '.join(sorted(unknown))}")
    return {key: _card_field(key, value, card, base, public, where) for key, value in card.items()}


def _card_field(
    key: str,
    value: Any,
    card: Mapping[str, Any],
    base: Mapping[str, Any] | None,
    public: Mapping[str, Mapping[str, Any]],
    where: str,
) -> Any:
    if key in CARD_TEXTS:
        return _localised(value, f"{where}.{key}")
    if key == "game":
        if value not in POOL_GAMES or (base is not None and value != base["game"]):
            raise QuestionError(f"pools: {where}.game must be the card's game")
        return value
    if key == "kind":
        kinds = {c["kind"] for c in public.values() if c["game"] == card.get("game")}
        if base is None and value not in kinds:
            raise QuestionError(f"pools: {where}.kind must be one of {', '.join(sorted(kinds))}")
        return value
    if isinstance(value, bool | str | int):
        return value
    raise QuestionError(f"pools: {where}.{key} must be true/false, text or a number")


def _localised(value: Any, where: str) -> dict[str, str]:
    if not isinstance(value, Mapping) or set(value) != set(POOL_LANGS):
        raise QuestionError(f"pools: {where} needs exactly {', '.join(POOL_LANGS)}")
    return {lang: _text(value[lang], f"{where}.{lang}") for lang in POOL_LANGS}


def _phrases(data: Any) -> dict[str, dict[str, tuple[str, ...]]]:
    if not isinstance(data, Mapping):
        raise QuestionError("pools: phrases must be a table of languages")
    phrases: dict[str, dict[str, tuple[str, ...]]] = {}
    for lang, table in data.items():
        if lang not in POOL_LANGS:
            raise QuestionError(f"pools: phrases: language must be one of {', '.join(POOL_LANGS)}")
        if not isinstance(table, Mapping):
            raise QuestionError(f"pools: phrases.{lang} must be a table of sentences")
        bank = public_phrases(lang)["s"]
        phrases[lang] = {
            key: _variants(variants, bank, f"phrases.{lang}.{key!r}", key)
            for key, variants in table.items()
        }
    return phrases


def _variants(variants: Any, bank: Mapping[str, Any], where: str, key: str) -> tuple[str, ...]:
    """A pool sentence's variants, checked against the public sentence's placeholders."""
    if key not in bank:
        raise QuestionError(f"pools: {where}: the phrase bank has no such sentence")
    if isinstance(variants, str):
        variants = [variants]
    if not isinstance(variants, list | tuple) or not variants:
        raise QuestionError(f"pools: {where} must be a sentence or a list of them")
    allowed = _fields(bank[key], where)
    return tuple(_variant(variant, allowed, where) for variant in variants)


def _variant(variant: Any, allowed: set[str], where: str) -> str:
    if not isinstance(variant, str) or not variant.strip() or len(variant) > MAX_TEXT:
        raise QuestionError(f"pools: {where}: each variant is non-empty text")
    extra = _fields(variant, where) - allowed
    if extra:
        raise QuestionError(
            f"pools: {where}: unknown placeholder {', '.join(sorted(extra))}; "
            f"this sentence has {', '.join(sorted(allowed)) or 'none'}"
        )
    return variant.strip()


def _fields(phrase: Any, where: str) -> set[str]:
    """Placeholder names of a sentence (or of every variant of a public one)."""
    found: set[str] = set()
    for text in phrase if isinstance(phrase, list) else [phrase]:
        try:
            parsed = list(string.Formatter().parse(str(text)))
        except ValueError as exc:
            raise QuestionError(f"pools: {where}: {exc}") from None
        for _literal, name, spec, conversion in parsed:
            if name is None:
                continue
            if not name.isidentifier() or spec or conversion:
                raise QuestionError(f"pools: {where}: placeholders are plain {{name}} only")
            found.add(name)
    return found
