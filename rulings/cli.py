"""Command line: `python -m rulings <command> ...`.

Commands live in COMMANDS; adding one is one line there plus a small function that takes
the parsed arguments and returns an exit code.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulings.core import (
    LANGS,
    RulingsError,
    Situation,
    evaluate,
    explain,
    policy_versions,
    situation_schema,
)
from rulings.core.grading import GradingError
from rulings.core.grading.calibrate import run_grade_calibrate
from rulings.core.grading.cli import run_grade
from rulings.core.grading.evaluation import (
    DevItem,
    parse_items,
    parse_record,
    record_batch,
    render_record,
    run_blind_eval,
    run_grade_eval,
)
from rulings.core.questions import run_coverage, run_generate

EXIT_OK = 0
EXIT_INVALID = 2


@dataclass(frozen=True)
class Command:
    help: str
    run: Callable[[argparse.Namespace], int]
    configure: Callable[[argparse.ArgumentParser], None] = lambda parser: None
    # Commands that parse their own arguments get them unparsed (generate, coverage).
    raw: Callable[[list[str]], int] | None = None


def _add_file(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="situation JSON file, or - for standard input")


def _add_explain(parser: argparse.ArgumentParser) -> None:
    _add_file(parser)
    parser.add_argument("--lang", choices=LANGS, default="en", help="language of the text")


def read_json(path: str) -> Any:
    """JSON from a file or stdin; a fixture envelope {"situation": {...}} is unwrapped."""
    try:
        text = sys.stdin.read() if path == "-" else _read(path)
        data = json.loads(text)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise RulingsError(f"cannot read JSON from {path}: {exc}") from exc
    if isinstance(data, dict) and "situation" in data and "game" not in data:
        return data["situation"]
    return data


def _read(path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def cmd_evaluate(args: argparse.Namespace) -> int:
    ruling = evaluate(Situation.from_dict(read_json(args.file)))
    _print_json(ruling.to_dict())
    return EXIT_OK


def cmd_explain(args: argparse.Namespace) -> int:
    ruling = evaluate(Situation.from_dict(read_json(args.file)))
    sys.stdout.write(explain(ruling, args.lang))
    return EXIT_OK


def cmd_schema(args: argparse.Namespace) -> int:
    _print_json(situation_schema())
    return EXIT_OK


def cmd_policies(args: argparse.Namespace) -> int:
    _print_json(list(policy_versions()))
    return EXIT_OK


def cmd_grade(args: argparse.Namespace) -> int:
    # Every line is answered either way; the status says whether any line was an error.
    return 1 if run_grade(sys.stdin, sys.stdout) else EXIT_OK


BLIND_DIR = Path(__file__).resolve().parent / "core" / "grading" / "data" / "blind"
"""Blind batches, one `<batch-id>.jsonl` each, and their recorded figures (RECORD.toml)."""


RECORD_HEADER = """\
# Figures of each blind batch, measured by `grade-eval --blind --record BATCH` BEFORE any
# fix was made for it. Appended by that command, which refuses to overwrite a batch; never
# edit a batch's figures by hand.
"""


def _add_grade_eval(parser: argparse.ArgumentParser) -> None:
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
        help="with --blind: read and pool only these batches (comma-separated, e.g. the"
        " batches of one declared measure)",
    )
    parser.add_argument(
        "--blind-dir", metavar="DIR", default=str(BLIND_DIR), help=argparse.SUPPRESS
    )


def cmd_grade_eval(args: argparse.Namespace) -> int:
    try:
        if args.record and not args.blind:
            raise GradingError("--record needs --blind")
        if args.batches is not None and not args.blind:
            raise GradingError("--batches needs --blind")
        if args.blind:
            only = None if args.batches is None else _batch_names(args.batches)
            return _blind(Path(args.blind_dir), args.record, only)
        if args.file:
            items = parse_items(_read_text(args.file), args.file)
            if not items:
                raise GradingError(f"{args.file}: no labelled answers")
            return EXIT_OK if run_grade_eval(sys.stdout, items, args.file).meets_targets() else 1
    except GradingError as exc:
        sys.stderr.write(f"grade-eval: {exc}\n")
        return EXIT_INVALID
    return EXIT_OK if run_grade_eval(sys.stdout).meets_targets() else 1


def _read_text(path: str | Path) -> str:
    try:
        return _read(str(path))
    except (OSError, UnicodeDecodeError) as exc:
        raise GradingError(f"cannot read {path}: {exc}") from None


def _batch_names(text: str) -> tuple[str, ...]:
    names = tuple(dict.fromkeys(name.strip() for name in text.split(",") if name.strip()))
    if not names:
        raise GradingError("--batches names no batch")
    return names


def _blind(directory: Path, record_name: str | None, only: tuple[str, ...] | None = None) -> int:
    """Read the blind batches (all, or `only` these), record one if asked, print the report."""
    record_path = directory / "RECORD.toml"
    record = parse_record(_read_text(record_path), str(record_path)) if record_path.exists() else {}
    paths = sorted(directory.glob("*.jsonl")) if directory.is_dir() else []
    if only is not None:
        missing = [name for name in only if not (directory / f"{name}.jsonl").is_file()]
        if missing:
            raise GradingError(f"no batch file for {', '.join(missing)} in {directory}")
        if record_name is not None and record_name not in only:
            raise GradingError(f"--record {record_name} is not among --batches")
        paths = [path for path in paths if path.stem in only]
    batches: dict[str, tuple[DevItem, ...]] = {}
    for path in paths:
        batches[path.stem] = parse_items(_read_text(path), str(path))
    if record_name is not None:
        if record_name not in batches:
            raise GradingError(f"no batch file {directory / (record_name + '.jsonl')}")
        today = datetime.datetime.now(datetime.UTC).date().isoformat()
        recorded = record_batch(record_name, batches[record_name], record, today)
        try:
            with record_path.open("a", encoding="utf-8") as handle:
                if handle.tell() == 0:
                    handle.write(RECORD_HEADER)
                handle.write(render_record(recorded))
        except OSError as exc:
            raise GradingError(f"cannot write {record_path}: {exc}") from None
        record = {**record, record_name: recorded}
        sys.stdout.write(f"recorded batch {record_name} in {record_path}\n")
    if not batches:
        raise GradingError(f"no blind batches (*.jsonl) in {directory}")
    if only is not None:  # the other batches' records are not missing, only left out
        record = {name: kept for name, kept in record.items() if name in only}
    report = run_blind_eval(batches, record, sys.stdout)
    return EXIT_OK if report.pooled.meets_blind_targets() else 1


CALIBRATION_PATH = (
    Path(__file__).resolve().parent / "core" / "grading" / "reading" / "calibration.json"
)
"""The confidence table the grader reads (`grade-calibrate --write` refits it)."""


def _add_grade_calibrate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--write", action="store_true", help="write the fitted table for the grader to read"
    )
    parser.add_argument(
        "--blind-dir", metavar="DIR", default=str(BLIND_DIR), help=argparse.SUPPRESS
    )


def cmd_grade_calibrate(args: argparse.Namespace) -> int:
    """Fit the confidence table on the blind batches, leaving one out in turn to show it."""
    try:
        paths = sorted(Path(args.blind_dir).glob("*.jsonl"))
        texts = [_read_text(path) for path in paths]
        batches = {
            path.stem: parse_items(text, str(path)) for path, text in zip(paths, texts, strict=True)
        }
        if not batches:
            raise GradingError(f"no blind batches (*.jsonl) in {args.blind_dir}")
        chosen, table = run_grade_calibrate(batches, texts, sys.stdout)
        if args.write:
            CALIBRATION_PATH.write_text(table, encoding="utf-8")
            sys.stdout.write(f"wrote {CALIBRATION_PATH}\n")
    except (GradingError, OSError) as exc:
        sys.stderr.write(f"grade-calibrate: {exc}\n")
        return EXIT_INVALID
    return EXIT_OK if chosen is not None else 1


def _raw_only(args: argparse.Namespace) -> int:
    raise AssertionError("raw commands are dispatched before parsing")  # pragma: no cover


def _raw_generate(argv: list[str]) -> int:
    return run_generate(argv, sys.stdout)


def _raw_coverage(argv: list[str]) -> int:
    return run_coverage(argv, sys.stdout)


def _add_raw(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("options", nargs=argparse.REMAINDER, help="see the command's --help")


COMMANDS: dict[str, Command] = {
    "evaluate": Command("rule a situation (JSON in, JSON out)", cmd_evaluate, _add_file),
    "explain": Command("explain the ruling in words", cmd_explain, _add_explain),
    "schema": Command("print the situation JSON Schema", cmd_schema),
    "policies": Command("list the policy versions", cmd_policies),
    "grade": Command("grade answers: JSONL on stdin, one grade per line out", cmd_grade),
    "grade-eval": Command(
        "grade labelled answers (devset, --file, --blind); exit 1 below target",
        cmd_grade_eval,
        _add_grade_eval,
    ),
    "grade-calibrate": Command(
        "fit the grader's confidence table on the blind batches (leave one batch out)",
        cmd_grade_calibrate,
        _add_grade_calibrate,
    ),
    "generate": Command("write keyed questions as JSONL", _raw_only, _add_raw, _raw_generate),
    "coverage": Command(
        "policy statements each template exercises", _raw_only, _add_raw, _raw_coverage
    ),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m rulings", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True, metavar="command")
    for name, command in COMMANDS.items():
        sub = commands.add_parser(name, help=command.help)
        command.configure(sub)
        sub.set_defaults(run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    raw = COMMANDS[given[0]].raw if given and given[0] in COMMANDS else None
    if raw is not None:
        return raw(given[1:])
    args = build_parser().parse_args(given)
    try:
        code: int = args.run(args)
    except RulingsError as exc:
        _print_json({"error": str(exc), "field": getattr(exc, "path", None)}, sys.stderr)
        return EXIT_INVALID
    return code


def _print_json(data: object, stream: Any = None) -> None:
    out = stream or sys.stdout
    out.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
