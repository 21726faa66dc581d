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
    evaluate,
    explain,
    policy_versions,
    situation_schema,
)

EXIT_OK = 0
EXIT_INVALID = 2


@dataclass(frozen=True)
class Command:
    help: str
    run: Callable[[argparse.Namespace], int]
    configure: Callable[[argparse.ArgumentParser], None] = lambda parser: None


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


COMMANDS: dict[str, Command] = {
    "evaluate": Command("rule a situation (JSON in, JSON out)", cmd_evaluate, _add_file),
    "explain": Command("explain the ruling in words", cmd_explain, _add_explain),
    "schema": Command("print the situation JSON Schema", cmd_schema),
    "policies": Command("list the policy versions", cmd_policies),
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
    args = build_parser().parse_args(argv)
    try:
        code: int = args.run(args)
    except RulingsError as exc:
        _print_json({"error": str(exc), "field": getattr(exc, "path", None)}, sys.stderr)
        return EXIT_INVALID
    return code


def _print_json(data: object, stream: Any = None) -> None:
    out = stream or sys.stdout
    out.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
