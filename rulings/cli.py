"""Command line: `python -m rulings <command> ...`.

Commands live in COMMANDS; adding one is one line there plus a small function that takes
the parsed arguments and returns an exit code.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rulings.core import (
    LANGS,
    RulingsError,
    Situation,
    SituationError,
    as_events,
    diff_rulings,
    evaluate,
    explain,
    policy_versions,
    situation_schema,
)
from rulings.core.diff import sided
from rulings.core.grading.cli import run_grade
from rulings.core.questions import run_coverage, run_generate
from rulings.grading_eval import calibrate as grading_calibrate
from rulings.grading_eval import cli as grading_eval
from rulings.grading_eval import train as grading_train

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


def _add_diff(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("before", help="the first situation JSON file, or - for standard input")
    parser.add_argument("after", help="the second situation JSON file (same policy version)")


def _situation(path: str, label: str) -> Situation:
    """A situation from a file; an invalid field is named with the file it is in."""
    try:
        return Situation.from_dict(read_json(path))
    except SituationError as exc:
        raise SituationError(f"{label}.{exc.path}", f"{exc.problem} (in {path})") from exc


def cmd_diff(args: argparse.Namespace) -> int:
    if args.before == "-" and args.after == "-":
        raise RulingsError("only one of the two situations can come from standard input")
    before = _situation(args.before, "before")
    after = _situation(args.after, "after")
    try:
        changes = diff_rulings(before, after)
    except SituationError as exc:
        raise SituationError(sided(exc.path), exc.problem) from exc
    _print_json(changes.to_dict())
    return EXIT_OK


def cmd_events(args: argparse.Namespace) -> int:
    data = read_json(args.file)
    if not isinstance(data, dict):
        raise SituationError("(root)", "must be a JSON object")
    told = as_events(data)
    Situation.from_dict(told)  # the event form must itself be a valid situation
    _print_json(told)
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
    "diff": Command(
        "the facts and ruling steps that differ between two situations", cmd_diff, _add_diff
    ),
    "events": Command(
        "tell a situation's play conclusions as events (JSON in, JSON out)", cmd_events, _add_file
    ),
    "schema": Command("print the situation JSON Schema", cmd_schema),
    "policies": Command("list the policy versions", cmd_policies),
    "grade": Command("grade answers: JSONL on stdin, one grade per line out", cmd_grade),
    "grade-eval": Command(
        "grade labelled answers (devset, --file, --blind); exit 1 below target",
        grading_eval.run,
        grading_eval.configure,
    ),
    "grade-train": Command(
        "train the second reader into its artefact (--check: is it up to date?)",
        grading_train.run,
        grading_train.configure,
    ),
    "grade-calibrate": Command(
        "fit the grader's confidence table on the blind batches (leave one batch out)",
        grading_calibrate.run,
        grading_calibrate.configure,
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
