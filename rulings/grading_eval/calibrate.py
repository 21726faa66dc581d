"""grade-calibrate: fit the confidence table on labelled batches, leaving one out in turn.

The grader's confidence for a part is its bucket's track record (reading/calibration.py).
This command grades every labelled batch, prints each bucket's record and what leaving one
batch out in turn shows (the reliability of each confidence band on held-out answers, the
misgraded parts that carried firm confidence, and the review threshold chosen), and returns
writes the table with `--write`. `rulings/cli.py` registers `configure` and `run`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TextIO

import rulings.core.grading.reading
from rulings.core.grading import GradingError, grade_answer
from rulings.core.grading.reading.calibration import (
    FIRM_CONFIDENCE,
    HeldOut,
    Observation,
    calibrated,
    choose_threshold,
    fit,
    leave_one_batch_out,
    part_bucket,
    table_data,
)
from rulings.core.grading.reasons import reason_text, ruled_parts

from . import BLIND_DIR
from .cli import read_batches
from .evaluation import DevItem, read_as_labelled

CALIBRATION_PATH = Path(rulings.core.grading.reading.__file__).parent / "calibration.json"
"""The confidence table the grader reads (`grade-calibrate --write` refits it)."""


def observations(items: Iterable[DevItem]) -> list[Observation]:
    """Every graded part of the labelled answers, in its bucket, agreeing or not."""
    out: list[Observation] = []
    for item in items:
        grade = grade_answer(item.answer, item.expected, game=item.game)
        ruled = ruled_parts(grade.review_reasons)
        # the table's own flag is left out: an answer is flagged by what the rules decided
        weak = {f"{p}: {reason_text('weak_record', rule=g.rule)}" for p, g in grade.parts.items()}
        flagged = bool(set(grade.review_reasons) - weak)
        for part, graded in grade.parts.items():
            out.append(
                Observation(
                    item.ident,
                    part_bucket(
                        graded.rule, part in ruled, graded.hedged, graded.conflict, graded.doubt
                    ),
                    read_as_labelled(part, graded.found, item.label.get(part)),
                    flagged,
                )
            )
    return out


def run_grade_calibrate(
    batches: Mapping[str, Sequence[DevItem]], texts: Sequence[str], stdout: TextIO
) -> tuple[HeldOut | None, str]:
    """Print the calibration report; return the held-out figures at the chosen threshold
    (None when no threshold meets the targets) and the calibration.json text."""
    observed = {name: observations(items) for name, items in batches.items()}
    table = fit(o for obs in observed.values() for o in obs)
    write = stdout.write
    write(f"grade-calibrate: {len(batches)} batches, {sum(map(len, observed.values()))} parts\n")
    write("  bucket                              agree/graded  confidence\n")
    for key, (agreed, graded) in table.items():
        write(f"  {key:<36}{agreed:>6}/{graded:<6} {calibrated(table, key):>9.3f}\n")
    chosen = choose_threshold(observed)
    shown = chosen or leave_one_batch_out(observed, 0.5)
    write("held out (each batch scored by a table fitted on the others):\n")
    write("  band       agree/graded   share\n")
    for band, (agreed, graded) in shown.bands.items():
        share = f"{agreed / graded:.2%}" if graded else "-"
        write(f"  {band:<10} {agreed:>6}/{graded:<6} {share:>8}\n")
    write(
        f"  misgraded parts at confidence >= {FIRM_CONFIDENCE}: {shown.misgrades_firm}\n"
        f"  threshold {shown.threshold:.2f}: misgraded answers flagged "
        f"{shown.misgraded_flagged}/{shown.misgraded_answers} "
        f"({shown.misgraded_flagged_share:.2%}), answers flagged {shown.flagged}/"
        f"{shown.answers} ({shown.flagged_share:.2%})\n"
    )
    if chosen is None:
        write("  no threshold meets the targets (>= 95% caught, <= 12% flagged)\n")
    return chosen, table_data(table, texts)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--write", action="store_true", help="write the fitted table for the grader to read"
    )
    parser.add_argument(
        "--blind-dir", metavar="DIR", default=str(BLIND_DIR), help=argparse.SUPPRESS
    )


def run(args: argparse.Namespace) -> int:
    """Fit the confidence table on the blind batches, leaving one out in turn to show it;
    exit 1 when no review threshold meets the targets, 2 on bad input."""
    try:
        directory = Path(args.blind_dir)
        paths = sorted(directory.glob("*.jsonl"))
        batches = read_batches(directory)
        if not batches:
            raise GradingError(f"no blind batches (*.jsonl) in {directory}")
        texts = [path.read_text(encoding="utf-8") for path in paths]
        chosen, table = run_grade_calibrate(batches, texts, sys.stdout)
        if args.write:
            CALIBRATION_PATH.write_text(table, encoding="utf-8")
            sys.stdout.write(f"wrote {CALIBRATION_PATH}\n")
    except (GradingError, OSError) as exc:
        sys.stderr.write(f"grade-calibrate: {exc}\n")
        return 2
    return 0 if chosen is not None else 1
