"""The second reading: how much it would add to the grader's flags, on answers it never saw.

Run: .venv/bin/python bench/bench_second_reader.py   (no Django, no database; about 15 s)

`rulings/core/grading/second_reader.py` reads an answer a second way (naive Bayes over the
words of labelled answers) and names the parts where it disagrees with the grader by a
wide margin. It is not wired into grade_answer yet (see docs/grading.md, *The second
reading*); this script measures what it would do.

1. Each blind batch of the development set is left out in turn: a second reader trained on
   every other devset answer reads the batch. Printed per part and margin: the grader's
   misreadings it sets aside, and the right readings it doubts.
2. Over the same answers, and over every recorded blind batch that is not in the devset (a
   model trained on the whole devset reads those): the share of answers flagged and of
   misgraded answers flagged, by the grader alone and with the second reading at the
   margins in second_reader.DOUBT_MARGIN.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

from rulings.cli import BLIND_DIR
from rulings.core.grading import grade_answer
from rulings.core.grading.evaluation import DevItem, load_devset, parse_items
from rulings.core.grading.second_reader import (
    DOUBT_MARGIN,
    SecondReader,
    answer_words,
    load_second_reader,
    train,
)

MARGINS = (0.0, 5.0, 10.0, 20.0, 30.0)
_BATCH = re.compile(r"^(blind\d+)-")
_Answer = tuple[dict[str, bool], bool, dict[str, float]]
"""(each part: misread?, flagged by the grader, the second reading's margin per part)."""


def _read(items: Iterable[DevItem], reader: SecondReader) -> list[_Answer]:
    out = []
    for item in items:
        grade = grade_answer(item.answer, item.expected, game=item.game)
        found = {part: g.found for part, g in grade.parts.items()}
        doubts = reader.doubts(found, answer_words(item.answer), margin=0.0)
        misread = {part: found[part] != item.label.get(part) for part in found}
        out.append((misread, grade.needs_review, {d.part: d.margin for d in doubts}))
    return out


def _flags(label: str, answers: list[_Answer]) -> None:
    total = len(answers)
    wrong = [any(a[0].values()) for a in answers]
    for name, use in (("grader alone", False), ("with it     ", True)):
        flagged = [
            a[1] or (use and any(m >= DOUBT_MARGIN[p] for p, m in a[2].items())) for a in answers
        ]
        caught = sum(f and w for f, w in zip(flagged, wrong, strict=True))
        print(
            f"  {label}, {name}: flagged {sum(flagged)}/{total} ({sum(flagged) / total:.1%}),"
            f" misgraded answers flagged {caught}/{sum(wrong)} ({caught / max(sum(wrong), 1):.1%})"
        )


def main() -> None:
    items = load_devset()
    batches: dict[str, list[DevItem]] = defaultdict(list)
    for item in items:
        match = _BATCH.match(item.ident)
        if match:
            batches[match.group(1)].append(item)
    words = {item.ident: answer_words(item.answer) for item in items}
    answers: list[_Answer] = []
    for held_out in batches.values():
        out = {item.ident for item in held_out}
        reader = train((words[i.ident], i.label) for i in items if i.ident not in out)
        answers += _read(held_out, reader)
    print(f"1. {len(answers)} answers of {len(batches)} blind batches in the devset, each read")
    print("   by a second reader trained on the rest of the devset")
    for part in DOUBT_MARGIN:
        rows = [(a[0][part], a[2].get(part)) for a in answers if part in a[0]]
        misread = [m for bad, m in rows if bad]
        right = [m for bad, m in rows if not bad]
        for margin in MARGINS:
            caught = sum(m is not None and m >= margin for m in misread)
            doubted = sum(m is not None and m >= margin for m in right)
            print(
                f"  {part:10} margin {margin:4.0f}: misreadings set aside {caught}/{len(misread)}"
                f" ({caught / len(misread):.0%}), right readings doubted {doubted}/{len(right)}"
                f" ({doubted / len(right):.1%})"
            )
    print(f"2. flags at the margins in use {dict(DOUBT_MARGIN)}")
    _flags("devset's blind batches, each left out", answers)
    fresh = sorted(
        (path for path in BLIND_DIR.glob("*.jsonl") if path.stem not in batches),
        key=lambda path: int(path.stem.removeprefix("blind")),
    )
    if fresh:
        new_items = [
            item for path in fresh for item in parse_items(path.read_text("utf-8"), path.name)
        ]
        names = "+".join(path.stem for path in fresh)
        _flags(f"{names}, not in the devset", _read(new_items, load_second_reader()))


if __name__ == "__main__":
    main()
