"""The `grade-eval` command: `rulings/cli.py` registers `configure` and `run`."""

from __future__ import annotations

import argparse
import datetime
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from rulings.core.grading import GradingError

from . import BLIND_DIR
from .evaluation import (
    DevItem,
    EvalResult,
    Reading,
    Recorded,
    load_devset,
    parse_items,
    parse_record,
    record_batch,
    render_record,
    run_blind_eval,
    run_grade_eval,
)
from .label_audit import run_label_audit
from .lexicon_lint import KINDS, lint_lexicon, write_report
from .reliability import (
    TARGET_MISGRADES_FLAGGED,
    leave_one_batch_out,
    lowest_threshold_for,
    reliability,
    write_folds,
    write_reliability,
)

Threshold = tuple[float | Callable[[Sequence[Reading]], float], bool]
"""A review threshold (or how to choose one on the other batches), and whether the
grader's own flags count too."""

EXIT_OK = 0
EXIT_BELOW_TARGET = 1
EXIT_INVALID = 2

RECORD_HEADER = """\
# Figures of each blind batch, measured by `grade-eval --blind --record BATCH` BEFORE any
# fix was made for it. Appended by that command, which refuses to overwrite a batch; never
# edit a batch's figures by hand.
"""


def configure(parser: argparse.ArgumentParser) -> None:
    which = parser.add_mutually_exclusive_group()
    which.add_argument(
        "--file",
        metavar="PATH",
        help="evaluate this file in the development set's format (e.g. mentors' corrections)",
    )
    which.add_argument(
        "--blind",
        action="store_true",
        help="evaluate every blind batch, per batch and pooled, beside its recorded figures",
    )
    parser.add_argument(
        "--record",
        metavar="BATCH",
        help="with --blind: measure a new batch and record its figures (never overwrites)",
    )
    parser.add_argument(
        "--batches",
        metavar="NAMES",
        help="with --blind or --lint-lexicon: read only these batches (comma-separated, e.g."
        " the batches of one declared measure)",
    )
    parser.add_argument(
        "--leave-one-out",
        metavar="THRESHOLD",
        nargs="?",
        const="target",
        help="with --blind: hold each batch out in turn and report what a review threshold"
        " sends to a mentor there: THRESHOLD if given, else the lowest that flags"
        # argparse formats help with %: the share's sign is doubled.
        f" {TARGET_MISGRADES_FLAGGED:.0%}% of misgrades on the other batches",
    )
    parser.add_argument(
        "--threshold-only",
        action="store_true",
        help="with --leave-one-out: flag by the threshold alone, not the grader's own flags",
    )
    parser.add_argument(
        "--label-audit",
        action="store_true",
        help="with --blind: list the labels that break the writers' implied-part rules and"
        " print each batch's figures as labelled and with the rules applied",
    )
    parser.add_argument(
        "--lint-lexicon",
        action="store_true",
        help="leave each lexicon entry out in turn and list those that change no grade on"
        " the held-out blind batches (those not in the devset), or on --file or --batches;"
        " exit 1 when any does",
    )
    parser.add_argument(
        "--kinds",
        metavar="KINDS",
        help=f"with --lint-lexicon: only entries of these kinds ({', '.join(KINDS)})",
    )
    parser.add_argument(
        "--blind-dir", metavar="DIR", default=str(BLIND_DIR), help=argparse.SUPPRESS
    )


def run(args: argparse.Namespace) -> int:
    """Exit 0 when the targets are met, 1 when not, 2 when the input cannot be read."""
    try:
        _check_options(args)
        if args.lint_lexicon:
            return _lint(args)
        if args.label_audit:
            only = None if args.batches is None else _batch_names(args.batches)
            run_label_audit(read_batches(Path(args.blind_dir), only), sys.stdout)
            return EXIT_OK
        if args.blind:
            only = None if args.batches is None else _batch_names(args.batches)
            return _blind(Path(args.blind_dir), args.record, only, _threshold(args))
        if args.file:
            items = parse_items(_read_text(args.file), args.file)
            if not items:
                raise GradingError(f"{args.file}: no labelled answers")
            return _exit(_report(run_grade_eval(sys.stdout, items, args.file)))
        return _exit(_report(run_grade_eval(sys.stdout)))
    except GradingError as exc:
        sys.stderr.write(f"grade-eval: {exc}\n")
        return EXIT_INVALID


def _check_options(args: argparse.Namespace) -> None:
    """Refuse option combinations that would measure something other than what was asked."""
    if args.record and not args.blind:
        raise GradingError("--record needs --blind")
    if args.kinds is not None and not args.lint_lexicon:
        raise GradingError("--kinds needs --lint-lexicon")
    if args.lint_lexicon and (args.blind or args.record):
        raise GradingError("--lint-lexicon reads held-out answers; drop --blind")
    if not args.lint_lexicon:
        _check_blind_options(args)


def _check_blind_options(args: argparse.Namespace) -> None:
    """The options that only a blind run takes."""
    if args.batches is not None and not args.blind:
        raise GradingError("--batches needs --blind or --lint-lexicon")
    if (args.leave_one_out is not None or args.threshold_only) and not args.blind:
        raise GradingError("--leave-one-out and --threshold-only need --blind")
    if args.label_audit and (not args.blind or args.record or args.leave_one_out is not None):
        raise GradingError("--label-audit needs --blind, without --record or --leave-one-out")


def _report(result: EvalResult) -> bool:
    """Print the reliability table of what was graded; whether the targets are met."""
    write_reliability(reliability(result.readings), sys.stdout.write)
    return result.meets_targets()


def _threshold(args: argparse.Namespace) -> Threshold | None:
    """The review threshold of --leave-one-out: a number, or chosen per fold."""
    if args.leave_one_out is None:
        return None
    rules = not args.threshold_only
    if args.leave_one_out == "target":
        return lowest_threshold_for(TARGET_MISGRADES_FLAGGED, rules=rules), rules
    try:
        return float(args.leave_one_out), rules
    except ValueError:
        raise GradingError(f"--leave-one-out {args.leave_one_out!r} is not a number") from None


def _exit(met: bool) -> int:
    return EXIT_OK if met else EXIT_BELOW_TARGET


def _read_text(path: str | Path) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise GradingError(f"cannot read {path}: {exc}") from None


def _batch_names(text: str) -> tuple[str, ...]:
    names = tuple(dict.fromkeys(name.strip() for name in text.split(",") if name.strip()))
    if not names:
        raise GradingError("--batches names no batch")
    return names


def read_batches(
    directory: Path, only: tuple[str, ...] | None = None
) -> dict[str, tuple[DevItem, ...]]:
    """The blind batches in `directory` (all, or `only` these), by name."""
    paths = sorted(directory.glob("*.jsonl")) if directory.is_dir() else []
    if only is not None:
        missing = [name for name in only if not (directory / f"{name}.jsonl").is_file()]
        if missing:
            raise GradingError(f"no batch file for {', '.join(missing)} in {directory}")
        paths = [path for path in paths if path.stem in only]
    return {path.stem: parse_items(_read_text(path), str(path)) for path in paths}


def _record_blind_batch(
    name: str,
    batches: dict[str, tuple[DevItem, ...]],
    record: dict[str, Recorded],
    record_path: Path,
) -> dict[str, Recorded]:
    """Append batch `name`'s figures, as measured today, to RECORD.toml (its header first
    in a new file) and return the records with it."""
    if name not in batches:
        raise GradingError(f"no batch file {record_path.parent / (name + '.jsonl')}")
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    recorded = record_batch(name, batches[name], record, today)
    try:
        with record_path.open("a", encoding="utf-8") as handle:
            if handle.tell() == 0:
                handle.write(RECORD_HEADER)
            handle.write(render_record(recorded))
    except OSError as exc:
        raise GradingError(f"cannot write {record_path}: {exc}") from None
    sys.stdout.write(f"recorded batch {name} in {record_path}\n")
    return {**record, name: recorded}


def _blind(
    directory: Path,
    record_name: str | None,
    only: tuple[str, ...] | None = None,
    threshold: Threshold | None = None,
) -> int:
    """Read the blind batches (all, or `only` these), record one if asked, print the report."""
    record_path = directory / "RECORD.toml"
    record = parse_record(_read_text(record_path), str(record_path)) if record_path.exists() else {}
    batches = read_batches(directory, only)
    if only is not None and record_name is not None and record_name not in only:
        raise GradingError(f"--record {record_name} is not among --batches")
    if record_name is not None:
        record = _record_blind_batch(record_name, batches, record, record_path)
    if not batches:
        raise GradingError(f"no blind batches (*.jsonl) in {directory}")
    if only is not None:  # the other batches' records are not missing, only left out
        record = {name: kept for name, kept in record.items() if name in only}
    report = run_blind_eval(batches, record, sys.stdout)
    parts = [r for result in report.results.values() for r in result.readings]
    write_reliability(reliability(parts), sys.stdout.write)
    if threshold is not None:
        chosen, rules = threshold
        write_folds(leave_one_batch_out(parts, chosen, rules=rules), sys.stdout.write)
    return _exit(report.pooled.meets_blind_targets())


def held_out_batches(directory: Path = BLIND_DIR) -> dict[str, tuple[DevItem, ...]]:
    """The blind batches none of whose answers joined the development set."""
    tuned = {item.ident for item in load_devset()}
    batches = read_batches(directory)
    return {
        name: items
        for name, items in batches.items()
        if not any(item.ident in tuned for item in items)
    }


def _lint(args: argparse.Namespace) -> int:
    kinds = KINDS if args.kinds is None else _batch_names(args.kinds)
    unknown = sorted(set(kinds) - set(KINDS))
    if unknown:
        raise GradingError(f"unknown kinds {unknown}; use {', '.join(KINDS)}")
    if args.file:
        items = parse_items(_read_text(args.file), args.file)
        source = args.file
    else:
        directory = Path(args.blind_dir)
        if args.batches is None:
            batches = held_out_batches(directory)
        else:
            batches = read_batches(directory, _batch_names(args.batches))
        items = tuple(item for name in sorted(batches) for item in batches[name])
        source = ", ".join(sorted(batches))
    if not items:
        raise GradingError("no answers to lint the lexicon on")
    effects = lint_lexicon(items, kinds)
    write_report(effects, len(items), source, sys.stdout.write)
    return _exit(not any(effect.changes_nothing for effect in effects))
