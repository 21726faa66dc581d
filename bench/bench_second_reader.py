"""The second reading: what it adds to the grader's flags, on answers it never learnt from.

Run: .venv/bin/python bench/bench_second_reader.py   (no Django, no database; about a minute)

`rulings/core/grading/second_reader.py` reads an answer a second way (naive Bayes over the
words of labelled answers and of the question generator's wordings, weighted toward the
key's id) and, inside grade_answer, sends to a mentor the parts where it firmly disagrees
with the rules' reading and settles a rule's doubt about the words where it firmly agrees.

1. Each blind batch of the development set is left out in turn: grade_answer reads it with
   a second reader trained on every other devset answer and the generator's wordings, and
   with no second reading (the rules alone). Printed, pooled over blind1-16 and over the
   batches from blind17 on (the closing measures 3-6): the share of answers flagged and of
   misgraded answers flagged. The margins in second_reader.py were chosen on these figures
   (blind1-18).
2. Every recorded blind batch that is not in the devset, read by the shipped reader.
3. For the doubt margin of each part, at a few margins (the rest as shipped): the
   misreadings set aside and the right readings doubted, over the answers of part 1.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping

from rulings.core.grading import grade_answer
from rulings.core.grading.second_reader import (
    DOUBT_MARGIN,
    NO_SECOND_READING,
    SecondReader,
    answer_words,
    load_second_reader,
    train,
    using_second_reader,
)
from rulings.grading_eval import BLIND_DIR
from rulings.grading_eval.evaluation import (
    DevItem,
    EvalResult,
    Figures,
    evaluate,
    load_devset,
    parse_items,
)
from rulings.grading_eval.train import generated_wordings

MARGINS = (0.0, 3.0, 6.0, 10.0, 20.0, 30.0)
_BATCH = re.compile(r"^(blind\d+)-")


def _evaluated(items: list[DevItem], reader: SecondReader) -> EvalResult:
    with using_second_reader(reader):
        return evaluate(tuple(items))


def _line(label: str, results: list[EvalResult]) -> str:
    pool = Figures.pooled(map(Figures.of, results))
    return (
        f"  {label}: flagged {pool.flagged}/{pool.answers} ({pool.flagged_share:.1%}),"
        f" misgraded answers flagged {pool.wrong_flagged}/{pool.wrong}"
        f" ({pool.wrong_flagged_share:.1%})"
    )


def _leads(items: list[DevItem], reader: SecondReader) -> list[tuple[str, bool, float | None]]:
    """(part, misread by the rules, the second reading's doubt margin or None) per part."""
    out: list[tuple[str, bool, float | None]] = []
    for item in items:
        with using_second_reader(NO_SECOND_READING):
            grade = grade_answer(item.answer, item.expected, game=item.game)
        found: Mapping[str, str | None] = {p: g.found for p, g in grade.parts.items()}
        key = {p: g.expected for p, g in grade.parts.items()}
        for lead in reader.leads(found, answer_words(item.answer), key):
            misread = found[lead.part] != item.label.get(lead.part)
            out.append((lead.part, misread, None if lead.agrees else lead.margin))
    return out


def main() -> None:
    items = load_devset()
    batches: dict[str, list[DevItem]] = defaultdict(list)
    for item in items:
        match = _BATCH.match(item.ident)
        if match:
            batches[match.group(1)].append(item)
    generated = generated_wordings()
    words = {item.ident: answer_words(item.answer) for item in items}
    alone: dict[str, list[EvalResult]] = defaultdict(list)
    both: dict[str, list[EvalResult]] = defaultdict(list)
    leads: list[tuple[str, bool, float | None]] = []
    for name, held_out in batches.items():
        out = {item.ident for item in held_out}
        rest = [(words[i.ident], i.label) for i in items if i.ident not in out]
        reader = train([*rest, *generated])
        group = "blind17 on" if int(name.removeprefix("blind")) >= 17 else "blind1-16 "
        alone[group].append(_evaluated(held_out, NO_SECOND_READING))
        both[group].append(_evaluated(held_out, reader))
        leads += _leads(held_out, reader)
    print("1. each blind batch of the devset left out in turn")
    for group in alone:
        print(_line(f"{group}, rules alone       ", alone[group]))
        print(_line(f"{group}, with second reading", both[group]))
    fresh = sorted(
        (path for path in BLIND_DIR.glob("*.jsonl") if path.stem not in batches),
        key=lambda path: int(path.stem.removeprefix("blind")),
    )
    if fresh:
        new_items = [
            item for path in fresh for item in parse_items(path.read_text("utf-8"), path.name)
        ]
        names = "+".join(path.stem for path in fresh)
        print(f"2. {names}, not in the devset (the shipped reader)")
        print(_line("rules alone        ", [_evaluated(new_items, NO_SECOND_READING)]))
        print(_line("with second reading", [_evaluated(new_items, load_second_reader())]))
    print(f"3. doubt margins (in use: {dict(DOUBT_MARGIN)}), over the answers of part 1")
    for part in DOUBT_MARGIN:
        rows = [(bad, m) for p, bad, m in leads if p == part]
        misread = [m for bad, m in rows if bad]
        right = [m for bad, m in rows if not bad]
        for margin in MARGINS:
            caught = sum(m is not None and m >= margin for m in misread)
            doubted = sum(m is not None and m >= margin for m in right)
            print(
                f"  {part:10} margin {margin:4.0f}: misreadings set aside {caught}/{len(misread)}"
                f" ({caught / max(len(misread), 1):.0%}), right readings doubted"
                f" {doubted}/{len(right)} ({doubted / max(len(right), 1):.1%})"
            )


if __name__ == "__main__":
    main()
