"""`pools_check`: build every template with private pools and say what goes wrong.

It sits on top of the builder and the template registry; `pools` (the data type) stays below
the catalogue, which reads it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulings.core.questions.build import build_question
from rulings.core.questions.pools import POOL_GAMES, POOL_LANGS, Pools, recording_cards
from rulings.core.questions.templates import all_templates


@dataclass(frozen=True)
class PoolsCheck:
    errors: tuple[str, ...]  # templates that cannot be built with these pools
    warnings: tuple[str, ...]  # what stems would still take from the public data

    @property
    def ok(self) -> bool:
        return not self.errors


def pools_check(pools: Pools, *, seeds: int = 12) -> PoolsCheck:
    """Build every template with `pools` (a few seeds, every language) and report templates
    that fail and public cards or names the stems would still show."""
    errors: list[str] = []
    warnings: list[str] = []
    for game in POOL_GAMES:
        if game not in pools.people:
            warnings.append(f"{game}: stems use the public player names")
    for tpl in all_templates():
        used: set[str] = set()
        error = _first_failure(pools, tpl.id, seeds, used)
        if error is not None:
            errors.append(f"{tpl.id} {error}")
            continue
        public = sorted(used - set(pools.cards))
        if public:
            warnings.append(f"{tpl.id}: stems can still show public cards {', '.join(public)}")
    return PoolsCheck(tuple(errors), tuple(warnings))


def _first_failure(pools: Pools, template_id: str, seeds: int, used: set[str]) -> str | None:
    """Build the template with `pools` for every language and seed; collect the card ids its
    stems show into `used`; return the first failure, or None."""
    for lang in POOL_LANGS:
        for seed in range(seeds):
            with recording_cards(pools) as read:
                try:
                    build_question(template_id, seed, lang, "free_form")
                except Exception as exc:  # any failure is the committee's to see
                    return f"({lang}): {type(exc).__name__}: {exc}"
                finally:
                    used |= read
    return None
