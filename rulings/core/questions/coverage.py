"""Which policy statements each template exercises: `run_coverage` for `python -m rulings coverage`.

A template exercises a statement when a ruling of one of its situations (over a sample of seeds,
under every policy version of its game) cites it: the infraction, each penalty step, each remedy
step, the round cycle, other players' penalties, and every explanation step.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NoReturn, TextIO

from rulings.core import Ruling, Situation, SituationError, evaluate, load_policy, policy_versions
from rulings.core.questions.errors import QuestionError
from rulings.core.questions.template import Template, template_rng
from rulings.core.questions.templates import all_templates

DEFAULT_SAMPLES = 40

# Statements left out of the "every statement reached" check, only while no template reaches
# them. Keep tiny: a statement belongs here only if no situation the engine accepts can make a
# ruling cite it, or if every story that would reach it is one the committee's decisions keep
# out of exams.
EXCLUDED: dict[str, str] = {
    "tr-702.2.c": "the engine cites it where someone rushed a player past their own trigger, "
    "but no exam story tells a rush since review 7: the seeds forbid it without saying what "
    "the rusher commits, so such an item's key would be contested",
    "tr-702.10": "an opponent's deck card seen while cutting it could be TR 702.10 or 702.11, "
    "which the seeds give by name only and the committee has not decided (review 9: mu-032, "
    "mu-036), so no exam story tells it",
    "tr-506.3.b-own-action": "cited where another player's action left the accountable "
    "player's trigger pending; whether it does (TR 506.3 against 506.3.b) is not decided by "
    "the seeds or the committee (review 9: mu-037), so no exam story tells it",
    "tr-702.11": "the seeds give Looking at Opponent Private Information by name only; the "
    "story told (an opponent's hand seen after bumping their arm by accident) is not a clear "
    "case, and the committee has not decided it (review 11: fr-033), so no exam story tells it",
    "tr-702.8.b.1.a": "no legal overpayment gives an advantage that is not a result it caused "
    "(TR 702.8.b.1.b, a General Error): a rune recycled to the bottom of the rune deck brings "
    "no other rune up sooner (review 10: fr-008, mu-006, mu-036), so no exam story tells it",
    "tr-702.1.e-begin": "the project's reading of TR 702.1.e's 'begins their next turn' (a point "
    "noticed before that player's first game action in it is within the cycle): stories tell "
    "the boundary from the turn before (review 3: Q086) or after the player acted, so no exam "
    "story rests on a reading the seed does not state (review 13: fr-021)",
    "ipg-2.5-partial-zone": "the seeds and the policy notes name IPG 2.5's 'listed partial fixes' "
    "without listing them, so a key moving an object to its correct zone is contested (review "
    "13: mu-045): the wrong-zone story is pointed out at once, where a simple backup decides",
    "ipg-2.1-opponent-asks": "the engine's situation model has no fact for an opponent asking "
    "about a trigger, and no ruling cites this principle (reported to the engine's owner)",
}


@dataclass(frozen=True)
class VersionCoverage:
    version: str
    default: bool
    statements: dict[str, str]  # id -> section, every statement of the version
    by_template: dict[str, tuple[str, ...]]  # template id -> statement ids reached
    excluded: dict[str, str]

    @property
    def reached(self) -> set[str]:
        return {sid for ids in self.by_template.values() for sid in ids}

    @property
    def unreached(self) -> tuple[str, ...]:
        missing = set(self.statements) - self.reached - set(self.excluded)
        return tuple(sorted(missing))

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "default": self.default,
            "templates": {
                tid: [{"id": s, "section": self.statements[s]} for s in ids]
                for tid, ids in sorted(self.by_template.items())
            },
            "unreached": [{"id": s, "section": self.statements[s]} for s in self.unreached],
            "excluded": [
                {"id": s, "section": self.statements[s], "why": why}
                for s, why in sorted(self.excluded.items())
            ],
        }


def cited(ruling: Ruling) -> set[str]:
    """Every statement id a ruling cites."""
    ids = {ruling.infraction_statement}
    ids |= {step.statement for step in ruling.penalty.steps}
    ids |= {step.statement for step in ruling.remedy}
    ids |= {step.statement for step in ruling.explanation}
    ids |= {extra.statement for extra in ruling.additional_penalties}
    if ruling.round_cycle is not None:
        ids.add(ruling.round_cycle.statement)
    return {i for i in ids if i}


def _reached(tpl: Template, version: str, samples: int) -> tuple[str, ...]:
    found: set[str] = set()
    for seed in range(samples):
        draft = tpl.build(template_rng(tpl.id, tpl.version, seed))
        data = {**draft.situation, "policy_version": version}
        try:
            found |= cited(evaluate(Situation.from_dict(data)))
        except SituationError:  # this version cannot express the situation
            continue
    return tuple(sorted(found))


def coverage(samples: int = DEFAULT_SAMPLES) -> list[VersionCoverage]:
    result = []
    for version in policy_versions():
        policy = load_policy(version)
        statements = {sid: st.section for sid, st in policy.statements.items()}
        by_template = {
            tpl.id: _reached(tpl, version, samples)
            for tpl in all_templates()
            if tpl.game == policy.game
        }
        reached = {sid for ids in by_template.values() for sid in ids}
        excluded = {k: v for k, v in EXCLUDED.items() if k in statements and k not in reached}
        result.append(VersionCoverage(version, policy.default, statements, by_template, excluded))
    return result


def complete(report: Iterable[VersionCoverage]) -> bool:
    """Every statement of every default version is reached (or deliberately excluded)."""
    return all(not v.unreached for v in report if v.default)


def format_text(report: list[VersionCoverage]) -> str:
    lines = []
    for v in report:
        lines.append(
            f"policy {v.version}{' (default)' if v.default else ''}: "
            f"{len(v.reached & set(v.statements))}/{len(v.statements)} statements reached"
        )
        for tid, ids in sorted(v.by_template.items()):
            cites = ", ".join(f"{s} ({v.statements.get(s, '?')})" for s in ids)
            lines.append(f"  {tid}: {cites or '-'}")
        unreached = ", ".join(f"{s} ({v.statements[s]})" for s in v.unreached) or "none"
        lines.append(f"  unreached: {unreached}")
        for sid, why in sorted(v.excluded.items()):
            lines.append(f"  excluded: {sid} ({v.statements[sid]}): {why}")
    verdict = "complete" if complete(report) else "INCOMPLETE"
    lines.append(f"coverage of default policy versions: {verdict}")
    return "\n".join(lines) + "\n"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise QuestionError(message)


def run_coverage(argv: list[str], stdout: TextIO, stderr: TextIO | None = None) -> int:
    """`coverage [--samples N] [--json]`: exit 0 only when every statement of every default
    policy version is exercised by some template; 1 when some are not; 2 on bad arguments."""
    parser = _Parser(prog="python -m rulings coverage", add_help=False)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--json", action="store_true")
    try:
        args = parser.parse_args(argv)
        if not 1 <= args.samples <= 10_000:
            raise QuestionError("--samples must be from 1 to 10000")
    except QuestionError as exc:
        (stderr or stdout).write(f"coverage: error: {exc}\n")
        return 2
    report = coverage(args.samples)
    if args.json:
        data = {"complete": complete(report), "versions": [v.to_dict() for v in report]}
        stdout.write(json.dumps(data, indent=2, sort_keys=True) + "\n")
    else:
        stdout.write(format_text(report))
    return 0 if complete(report) else 1
