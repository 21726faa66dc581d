"""`grade-eval --blind --label-audit`: labels that break the writers' implied-part rules.

The labelling convention (docs/grading.md, given to every blind writer) states two
mechanical rules, the only exceptions to "unstated is null":

- when the answer's infraction is `no_infraction` and it says nothing about the penalty,
  the penalty is `no_penalty`;
- when the answer's infraction is `no_infraction`, `failure_to_maintain_game_state` or
  `cheating` and it says nothing about a fix, the remedy is `none`.

A label breaks one when its infraction is one of these and the implied part is labelled
`null` while the answer says nothing about that part: the grader found no word of it (the
part's reading is `nothing_said`, or the implied part itself). The audit lists every such
label and measures each batch twice, as labelled and with the rules applied, beside each
other. It changes no file: RECORD.toml and the batches stay as written.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TextIO

from rulings.core.grading import GradingError, grade_answer
from rulings.core.grading.lexicon import LANGUAGES

from .evaluation import DevItem, Figures, _figures_line, _in_batch_order, evaluate

IMPLIED_BY_INFRACTION: Mapping[str, Mapping[str, str]] = {
    "no_infraction": {"penalty": "no_penalty", "remedy": "none"},
    "failure_to_maintain_game_state": {"remedy": "none"},
    "cheating": {"remedy": "none"},
}
"""The writers' brief's implied parts: infraction -> part -> the id it implies."""

UNSTATED_RULES = frozenset({"nothing_said", "implied_by_infraction"})
"""The grader's readings of a part the answer says nothing about."""


@dataclass(frozen=True, slots=True)
class LabelBreak:
    """One label that breaks a written implied-part rule."""

    batch: str
    ident: str
    part: str
    infraction: str
    implied: str
    answer: str


def label_breaks(batch: str, item: DevItem) -> list[LabelBreak]:
    """The implied parts `item`'s label leaves null although the rules settle them."""
    infraction = item.label.get("infraction")
    implied = IMPLIED_BY_INFRACTION.get(infraction or "", {})
    open_parts = [
        part
        for part, ident in implied.items()
        if item.label.get(part) is None and item.expected.part(part) is not None
    ]
    if not open_parts:
        return []
    try:
        grade = grade_answer(item.answer, item.expected, game=item.game)
    except GradingError as exc:
        raise GradingError(f"{item.ident}: {exc}") from None
    return [
        LabelBreak(batch, item.ident, part, str(infraction), implied[part], item.answer)
        for part in open_parts
        if grade.parts[part].rule in UNSTATED_RULES
    ]


def with_rules_applied(item: DevItem, breaks: Iterable[LabelBreak]) -> DevItem:
    """`item` with the implied parts its label broke filled in."""
    fixed = {b.part: b.implied for b in breaks if b.ident == item.ident}
    if not fixed:
        return item
    return replace(item, label={**item.label, **fixed})


def run_label_audit(batches: Mapping[str, tuple[DevItem, ...]], stdout: TextIO) -> None:
    """Print every label breaking a written rule, then each batch's figures as labelled and
    with the rules applied."""
    write = stdout.write
    names = sorted(batches, key=_in_batch_order)
    breaks = {
        name: [b for item in batches[name] for b in label_breaks(name, item)] for name in names
    }
    total = sum(len(found) for found in breaks.values())
    write(f"label audit: {total} labels break the writers' implied-part rules\n")
    for name in names:
        for b in breaks[name]:
            write(
                f"  {name}/{b.ident} {b.part}: labelled null, the rule gives {b.implied}"
                f" (infraction {b.infraction}): {b.answer}\n"
            )
    head_langs = " ".join(f"{lang:>7}" for lang in LANGUAGES)
    write(
        f"  {'batch':<24} {'n':>5} {'agree':>7}  {head_langs}  {'wrong flagged':<15}"
        f"  {'flagged':>12}\n"
    )
    as_labelled: list[Figures] = []
    applied: list[Figures] = []
    for name in names:
        items = batches[name]
        fixed = tuple(with_rules_applied(item, breaks[name]) for item in items)
        as_labelled.append(Figures.of(evaluate(items, name)))
        applied.append(as_labelled[-1] if fixed == items else Figures.of(evaluate(fixed, name)))
        write(_figures_line(f"{name} as labelled", as_labelled[-1]))
        write(_figures_line(f"{name} rules applied", applied[-1]))
    if len(names) > 1:
        write(_figures_line("POOLED as labelled", Figures.pooled(as_labelled)))
        write(_figures_line("POOLED rules applied", Figures.pooled(applied)))
