"""Balanced option sets for multiple choice: no option recognisable by agreeing with the others.

When every distractor is the key with one part changed, the key is the option that shares the
most parts with the others (issue 27: 55% against 25% by chance). Here the four options are a
balanced design over the parts a candidate decides (infraction; penalty with other players'
penalties; remedy with who rewinds and the round cycle): in each part every value occurs equally
often across the options (four times, twice each, or once each). The classic case is the
half-fraction of 2 x 2 x 2: the key, and three options each with two of the three parts changed.
Then every option shares exactly as many parts with the others, and every value is exactly as
frequent, so neither strategy can tell the key.

The alternative values come from real confusions, strongest first: the answers candidates
actually give (`using_confusions`, fed by the bank's item analysis), the engine's ruling with one
fact of the story flipped (near misses), the adjacent penalty, and the other fixes and
infractions of the game. This module only combines them; `build` says which are coherent.
"""

from __future__ import annotations

import contextvars
import itertools
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from rulings.core.questions.model import KeyParts, canonical_json

CHOICES = 4
# The KeyParts fields each asked part carries: who rewinds and the round cycle go with the fix,
# other players' penalties with the penalty.
PART_FIELDS = {
    "infraction": ("infraction",),
    "penalty": ("penalty", "additional"),
    "remedy": ("remedy", "rewind_by", "cycle_passed", "cycle_ends"),
}
# How much a source of wrong values is a real confusion.
# A named confusion (distractors.py) is as strong as a near miss: a misreading candidates make.
WEIGHT = {"candidates": 5, "near_miss": 3, "confusion": 3, "ladder": 2, "other": 1}
PER_PART = 4  # alternative values kept per part (the design search grows with its cube)
EXACT_BONUS = 2  # an option that is exactly a near miss's ruling (one fact of the story flipped)
LONE_BONUS = 6  # a lone "No infraction" distractor, wherever the story allows one (`balanced`)
# An infraction a named confusion offers (distractors.py): a rare infraction shown as a wrong
# answer where the story tempts a candidate, before a lone "No infraction" (issue 27, h27i:
# otherwise Cheating, Failure to Maintain Game State and Forgetting to Score were the key in
# 92-100% of the items offering them).
CONFUSION_BONUS = 10
# A design that shows an asked clause (the round cycle, another player's penalty) the same in
# every option, where another design could vary it (review 17, finding 6).
SAME_CLAUSE_PENALTY = 4
# The infractions most items offer anyway: a named confusion offering one of them (an
# out-of-order block read as a Game Rule Violation) earns no bonus over a lone "No infraction"
# (review 17: a block that gained information was never set against "No infraction", the
# confusion its story is about, and across the bank "No infraction" was then the key in 43% of
# the items offering it, 32% by chance).
COMMON_INFRACTIONS = frozenset(
    {"missed_trigger", "no_infraction", "general_error", "game_rule_violation"}
)

Params = Mapping[str, Mapping[str, Any]]


@dataclass(frozen=True)
class Value:
    """One wrong value of one part, with what it carries and where it came from."""

    part: str
    fields: tuple[tuple[str, Any], ...]
    params: Params
    weight: int
    origin: str

    @classmethod
    def of(cls, part: str, parts: KeyParts, params: Params, weight: int, origin: str) -> Value:
        fields = tuple((name, getattr(parts, name)) for name in PART_FIELDS[part])
        return cls(part, fields, params, weight, origin)


@dataclass(frozen=True)
class Choice:
    parts: KeyParts
    params: Params
    origin: str


@dataclass(frozen=True)
class Confusions:
    """The wrong values candidates chose, by template and part, most chosen first: ids of the
    vocabulary (`missed_trigger`, `warning`, `simple_rewind`...). The bank's item analysis
    computes them from the options candidates picked (`from_choices`)."""

    by_template: Mapping[str, Mapping[str, tuple[str, ...]]] = field(compare=False, hash=False)
    digest: str = field(default="", init=False)  # equal and hashed by content (design cache)

    def __post_init__(self) -> None:
        data = {t: {p: list(v) for p, v in parts.items()} for t, parts in self.by_template.items()}
        object.__setattr__(self, "digest", canonical_json(data))

    @classmethod
    def from_choices(
        cls, choices: Mapping[str, list[tuple[KeyParts, KeyParts, int]]]
    ) -> Confusions:
        """`choices`: per template, (key, chosen option's parts, times chosen) for every wrong
        option picked; each part's wrong values ranked by how often they were picked."""
        by_template: dict[str, dict[str, tuple[str, ...]]] = {}
        for template_id, rows in choices.items():
            counts: dict[str, dict[str, int]] = {part: {} for part in PART_FIELDS}
            for key, chosen, times in rows:
                for part in PART_FIELDS:
                    mine, theirs = _first(chosen, part), _first(key, part)
                    if mine and mine != theirs:
                        counts[part][mine] = counts[part].get(mine, 0) + times
            by_template[template_id] = {
                part: tuple(sorted(seen, key=lambda v, s=seen: (-s[v], v)))  # type: ignore[misc]
                for part, seen in counts.items()
                if seen
            }
        return cls(by_template)


def _first(parts: KeyParts, part: str) -> str:
    value = getattr(parts, part)
    if isinstance(value, tuple):
        return str(value[0]) if value else ""
    return str(value)


_CONFUSIONS: contextvars.ContextVar[Confusions | None] = contextvars.ContextVar(
    "question_confusions", default=None
)


@contextmanager
def using_confusions(confusions: Confusions | None) -> Iterator[None]:
    """Inside the block, multiple-choice distractors prefer the wrong values candidates gave."""
    token = _CONFUSIONS.set(confusions)
    try:
        yield
    finally:
        _CONFUSIONS.reset(token)


def current_confusions() -> Confusions | None:
    return _CONFUSIONS.get()


def confusions_for(
    confusions: Confusions | None, template_id: str
) -> Mapping[str, tuple[str, ...]]:
    return confusions.by_template.get(template_id, {}) if confusions is not None else {}


def ranked(values: list[Value]) -> dict[str, list[Value]]:
    """Per part, distinct values (by the fields they set), strongest first, at most PER_PART."""
    best: dict[tuple[str, tuple[tuple[str, Any], ...]], Value] = {}
    order: list[tuple[str, tuple[tuple[str, Any], ...]]] = []
    for value in values:
        ident = (value.part, value.fields)
        if ident not in best:
            order.append(ident)
            best[ident] = value
        elif value.weight > best[ident].weight:
            best[ident] = value
    by_part: dict[str, list[Value]] = {part: [] for part in PART_FIELDS}
    for ident in order:
        by_part[ident[0]].append(best[ident])
    return {
        part: sorted(found, key=lambda v: -v.weight)[:PER_PART] for part, found in by_part.items()
    }


# Column patterns for one part over the options (0 = the key): which options take an alternative
# value, and which one. `None` keeps the key's value. Options 1..3 are interchangeable (their order
# is shuffled later), so one pattern per shape and pairing is enough.
_PAIRINGS = ((None, 0, 0), (0, None, 0), (0, 0, None))  # the key's partner keeps the key's value


def _columns(n: int) -> Iterator[tuple[int | None, int | None, int | None]]:
    yield (None, None, None)  # the part is the key's in every option
    for pairing in _PAIRINGS:  # two options with the key's value, two with one alternative
        for alt in range(n):
            yield tuple(alt if slot == 0 else None for slot in pairing)  # type: ignore[misc]
    for a, b, c in itertools.permutations(range(n), 3):  # four different values
        if a < b < c:
            yield (a, b, c)


_COLUMNS = [list(_columns(n)) for n in range(PER_PART + 1)]


def balanced(
    key: Choice,
    alternatives: Mapping[str, list[Value]],
    valid: Callable[[Choice], bool],
    same: Callable[[KeyParts, KeyParts], bool],
    exact: Mapping[KeyParts, str],
    rng: random.Random,
    look: Callable[[Choice], Hashable] = lambda choice: None,
    odd: Mapping[str, int] | None = None,
    clause: Callable[[Choice], tuple[Hashable, ...]] = lambda choice: (),
) -> list[Choice] | None:
    """The most plausible balanced set of CHOICES options with the key first, or None.

    `valid(choice)`: a distractor the story allows (coherent, not right as well); `same(a, b)`:
    two rulings that mean the same; `exact`: near-miss rulings and the fact each flips;
    `look(choice)`: what the text shows beyond the parts' values (an appended clause), which
    must be balanced too. `odd`: per part, an alternative that may stand alone in one
    distractor, the other three options sharing the key's value ("No infraction" beside three
    Missed Triggers): where the key is "No infraction" it is the only option of its
    infraction, so the bank must show the lone value as a distractor at least as often
    (review 9: the odd one out found the key in 8 of 8 such items); preferred when allowed.
    `clause(choice)`: the clauses the stem asks about (the round cycle, other players'
    penalties; None where the option has none); a design that shows one the same in all four
    options tests nothing of it (review 17, finding 6), so one that varies it is preferred."""
    parts = tuple(alternatives)
    lone = odd or {}
    cells = {
        index: _cell(key, parts, index, alternatives, exact, valid)
        for index in itertools.product(*((None, *range(len(alternatives[p]))) for p in parts))
    }
    columns = [
        _COLUMNS[min(len(alternatives[p]), PER_PART)]
        + ([_lone(lone[p], slot) for slot in range(3)] if p in lone else [])
        for p in parts
    ]
    lone_columns = {_lone(alt, slot) for alt in lone.values() for slot in range(3)}
    search = _Search(key, same, look, clause, frozenset(lone_columns))
    for combo in itertools.product(*columns):
        search.consider(combo, [cells[index] for index in zip(*combo, strict=True)])
    return search.pick(rng)


Column = tuple[int | None, int | None, int | None]


@dataclass
class _Search:
    """The best designs found so far, by score (see `balanced`)."""

    key: Choice
    same: Callable[[KeyParts, KeyParts], bool]
    look: Callable[[Choice], Hashable]
    clause: Callable[[Choice], tuple[Hashable, ...]]
    lone_columns: frozenset[Column]
    top: float = -1.0
    best: list[list[Choice]] = field(default_factory=list)
    distinct: dict[tuple[KeyParts, KeyParts], bool] = field(default_factory=dict)

    def consider(
        self, combo: tuple[Column, ...], chosen: list[tuple[Choice, float] | None]
    ) -> None:
        varied = sum(1 for column in combo if column != (None, None, None))
        if not varied or None in chosen:
            return
        found = [c for c in chosen if c is not None]
        score = self._score(combo, found, varied)
        if score < self.top:
            return
        options = [self.key, *(choice for choice, _weight in found)]
        if not self._acceptable(options):
            return
        if score > self.top:
            self.top, self.best = score, []
        self.best.append(options)

    def _score(
        self, combo: tuple[Column, ...], found: list[tuple[Choice, float]], varied: int
    ) -> float:
        # Slightly prefer designs that make the candidate weigh more parts.
        score = sum(weight for _choice, weight in found) + 0.1 * varied
        if any(column in self.lone_columns for column in combo):
            score += LONE_BONUS
        if any(_rare_confusion(choice) for choice, _weight in found):
            score += CONFUSION_BONUS
        return score - SAME_CLAUSE_PENALTY * self._clauses_same(found)

    def _clauses_same(self, found: list[tuple[Choice, float]]) -> int:
        """How many of the key's asked clauses every option shows the same."""
        mine = self.clause(self.key)
        theirs = [self.clause(choice) for choice, _weight in found]
        return sum(
            1
            for i, value in enumerate(mine)
            if value is not None and all(other[i] == value for other in theirs)
        )

    def _acceptable(self, options: list[Choice]) -> bool:
        if _key_told_apart(options):
            return False
        if len(set(Counter(self.look(o) for o in options).values())) > 1:
            return False
        return all(
            self.distinct.setdefault((a.parts, b.parts), not self.same(a.parts, b.parts))
            for a, b in itertools.combinations(options, 2)
        )

    def pick(self, rng: random.Random) -> list[Choice] | None:
        if not self.best:
            return None
        return self.best[rng.randrange(len(self.best))]


def _rare_confusion(choice: Choice) -> bool:
    """The option's infraction is a rare one a named confusion offers (`CONFUSION_BONUS`)."""
    return (
        "infraction=confusion:" in choice.origin
        and choice.parts.infraction not in COMMON_INFRACTIONS
    )


def _key_told_apart(options: list[Choice]) -> bool:
    """The key (first) could be found without reading the story: the odd infraction out, or
    the option sharing the most pieces with the others."""
    return odd_key_out(options) or key_found_by_agreement(options) or key_shares_nothing(options)


def odd_key_out(options: list[Choice]) -> bool:
    """The key (first) is the only option of its infraction while the three others share one:
    picking the odd infraction out would find it without reading the story (review 9)."""
    others = {choice.parts.infraction for choice in options[1:]}
    return len(others) == 1 and options[0].parts.infraction not in others


def atoms(parts: KeyParts) -> frozenset[tuple[str, Any]]:
    """The pieces a candidate sees in an option: each part's value, each step of a fix, who
    rewinds, each other player's penalty. A fix of two steps is two pieces."""
    found: set[tuple[str, Any]] = set()
    for fields in PART_FIELDS.values():
        for name in fields:
            value = getattr(parts, name)
            if isinstance(value, tuple):
                found.update((name, item) for item in value)
            elif value is not None and value != "":
                found.add((name, value))
    return frozenset(found)


def key_found_by_agreement(options: list[Choice]) -> bool:
    """The key (first) shares more of its pieces with the other options than any of them
    does: a candidate picking the option most like the rest, or the one that unites the
    others' pieces ("General Error — Warning" of one, the rewind of another, the judge's
    choice of a third), finds it without reading the story (review 14: mu-004). In a
    balanced design of one-piece parts every option shares as much; a fix of several steps
    can tip it."""
    pieces = [atoms(choice.parts) for choice in options]
    shared = [
        sum(1 for piece in mine for j, theirs in enumerate(pieces) if j != i and piece in theirs)
        for i, mine in enumerate(pieces)
    ]
    return shared[0] > max(shared[1:], default=-1)


def key_shares_nothing(options: list[Choice]) -> bool:
    """The key (first) is the only option sharing no piece with any other: the odd one out,
    the opposite tell of sharing the most (review 15: mu-021, "Cheating — Disqualification"
    beside three options that each shared an infraction or a penalty)."""
    pieces = [atoms(choice.parts) for choice in options]
    alone = [
        not any(mine & theirs for j, theirs in enumerate(pieces) if j != i)
        for i, mine in enumerate(pieces)
    ]
    return alone[0] and not any(alone[1:])


def _lone(alt: int, slot: int) -> tuple[int | None, int | None, int | None]:
    """One distractor (`slot`) takes the alternative `alt`; the other options keep the key's."""
    return tuple(alt if i == slot else None for i in range(3))  # type: ignore[return-value]


def _cell(
    key: Choice,
    parts: tuple[str, ...],
    index: tuple[int | None, ...],
    alternatives: Mapping[str, list[Value]],
    exact: Mapping[KeyParts, str],
    valid: Callable[[Choice], bool],
) -> tuple[Choice, float] | None:
    """The option taking the alternative `index[i]` for part i (None: the key's), and how
    plausible it is: its weakest value, more when it is exactly a near miss."""
    values = [alternatives[p][i] for p, i in zip(parts, index, strict=True) if i is not None]
    if not values:
        return None
    fields: dict[str, Any] = {}
    params = dict(key.params)
    for value in values:
        fields.update(value.fields)
        params.update(value.params)
    option = replace(key.parts, **fields)
    if option == key.parts:
        return None
    fact = exact.get(option)
    origin = (
        f"near_miss:{fact}"
        if fact
        else "design:" + ",".join(f"{v.part}={v.origin}" for v in values)
    )
    choice = Choice(option, params, origin)
    if not valid(choice):
        return None
    weight = min(v.weight for v in values) + (EXACT_BONUS if fact else 0)
    return choice, float(weight)
